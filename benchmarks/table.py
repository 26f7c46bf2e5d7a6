#!/usr/bin/env python3
"""Turns one `bracket-bench` run (its JSON lines, on stdin) into the tables of docs/performance.md,
"Current figures": the pipeline stages, the edits, page faults, growth, and the in-process
targets checked against that run.

    swift build -c release -j 1 --product bracket-bench
    .build/release/bracket-bench > bench.jsonl
    python3 benchmarks/table.py < bench.jsonl                              # print the tables
    python3 benchmarks/table.py --write docs/performance.md < bench.jsonl  # replace them there

With `--write FILE` the text between the lines `<!-- table.py: begin -->` and
`<!-- table.py: end -->` of FILE is replaced; nothing else in the file changes. The tables are
never edited by hand: a run that lacks a file or a stage gives `–` in its cells.
"""
import json
import sys

BEGIN = "<!-- table.py: begin -->"
END = "<!-- table.py: end -->"


def load(lines):
    return [json.loads(line) for line in lines if line.startswith("{")]


class Run:
    def __init__(self, rows):
        self.rows = rows
        self.files = []
        for r in rows:
            key = (r["shape"], r["nodes"], r["bytes"])
            if key not in self.files:
                self.files.append(key)

    def find(self, bench, shape, nodes, **extra):
        for r in self.rows:
            if r["bench"] == bench and r["shape"] == shape and r["nodes"] == nodes and all(r.get(k) == v for k, v in extra.items()):
                return r
        return None

    def edits(self, shape=None, nodes=None):
        return [r for r in self.rows if r["bench"] == "edit" and shape in (None, r["shape"]) and nodes in (None, r["nodes"])]


def g(value):
    """Three significant digits, as the run's own four-digit figures rounded once more."""
    return "–" if value is None else f"{value:.3g}"


def ms(r):
    return "–" if r is None else f'{g(r["min_ms"])} / {g(r["median_ms"])}'


def pipeline(run):
    out = ["| file | bytes | parse | document (parse + diagnostics) | diagram | layout | SVG | preview JSON "
           "| JSON ÷ SVG | parse MB/s (÷ memchr) | RSS B/node (kept) |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for shape, nodes, size in run.files:
        ratio = run.find("json-vs-svg", shape, nodes)
        scan = run.find("parse-vs-memchr", shape, nodes)
        mem = run.find("memory", shape, nodes)
        cells = [f"{shape} {nodes:,}", f"{size:,}"]
        cells += [ms(run.find(bench, shape, nodes)) for bench in ("parse", "document", "diagram", "layout", "svg", "preview-json")]
        cells.append("–" if ratio is None else f'{ratio["ratio"]:.2f}')
        cells.append("–" if scan is None else f'{scan["parse_mb_s"]:,.0f} ({scan["ratio"] * 100:.1f} %)')
        cells.append("–" if mem is None else f'{mem["bytes_per_node"]:.0f} ({mem["kept_bytes_per_node"]:.0f})')
        out.append("| " + " | ".join(cells) + " |")
    return out


def edits(run):
    out = ["| file | edit at | scopes | incremental p50 / p99 (ms) | full p50 / p99 (ms) | speed-up p50 / p99 | matches full parse |",
           "|---|---|---|---:|---:|---:|---|"]
    for r in run.edits():
        out.append(f'| {r["shape"]} {r["nodes"]:,} | {r["place"]} | {r["scopes"]} '
                   f'| {g(r["incremental_p50_ms"])} / {g(r["incremental_p99_ms"])} '
                   f'| {g(r["full_p50_ms"])} / {g(r["full_p99_ms"])} '
                   f'| {r["speedup_p50"]:,.0f}× / {r["speedup_p99"]:,.0f}× | {r["consistent"]} |')
    return out


def faults(run):
    out = ["| file | page faults per run: layout | SVG | preview JSON |", "|---|---:|---:|---:|"]
    for shape, nodes, _ in run.files:
        cells = [run.find(bench, shape, nodes) for bench in ("layout", "svg", "preview-json")]
        if all(c is not None and "page_faults_per_run" in c for c in cells):
            out.append(f"| {shape} {nodes:,} | " + " | ".join(f'{c["page_faults_per_run"]:,}' for c in cells) + " |")
    return out


SMALL, LARGE = ("binary", 16383), ("binary", 131071)


def growth(run, bench):
    small, large = run.find(bench, *SMALL), run.find(bench, *LARGE)
    if small is None or large is None:
        return None, None
    return large["min_ms"] / small["min_ms"], large["median_ms"] / small["median_ms"]


def growths(run):
    out = ["| growth 16,383 → 131,071 nodes (8× nodes) | parse | layout | SVG | preview JSON |", "|---|---:|---:|---:|---:|"]
    cells = []
    for bench in ("parse", "layout", "svg", "preview-json"):
        low, mid = growth(run, bench)
        cells.append("–" if low is None else f"{low:.1f}× (min), {mid:.1f}× (median)")
    out.append("| binary | " + " | ".join(cells) + " |")
    return out


def verdict(values, holds):
    if not values:
        return "not in this run"
    return "yes" if all(holds(v) for v in values) else "**no**"


def targets(run):
    """The in-process targets (docs/performance.md, "Targets"), checked against this run."""
    out = ["| target | this run | met? |", "|---|---|---|"]
    typed = [r for r in run.edits(*LARGE) if "duplicate" not in r["place"]]
    p50 = [r["speedup_p50"] for r in typed]
    p99 = [r["speedup_p99"] for r in typed]
    out.append(f"| a one-character edit at 131,071 nodes, p50 ≥ 100× a full parse with diagnostics "
               f"| {', '.join(f'{v:,.0f}×' for v in p50) or '–'} | {verdict(p50, lambda v: v >= 100)} |")
    out.append(f"| the same, p99 ≥ 20× | {', '.join(f'{v:,.0f}×' for v in p99) or '–'} | {verdict(p99, lambda v: v >= 20)} |")
    scans = [(shape, nodes, run.find("parse-vs-memchr", shape, nodes)) for shape, nodes, _ in run.files]
    scans = [(shape, nodes, r["ratio"]) for shape, nodes, r in scans if r is not None]
    least = min(scans, key=lambda scan: scan[2], default=None)
    shown = "–" if least is None else f"{least[2] * 100:.1f} % at the least ({least[0]} {least[1]:,})"
    out.append("| the parse ≥ 30 % of a memchr newline scan's throughput, every file "
               f"| {shown} | {verdict([v for _, _, v in scans], lambda v: v >= 0.3)} |")
    grown = {bench: growth(run, bench)[0] for bench in ("parse", "layout", "svg")}
    present = [v for v in grown.values() if v is not None]
    out.append("| parse, layout and SVG grow ≤ 10× from 16,383 to 131,071 nodes (min) "
               f"| {', '.join(f'{b} {v:.1f}×' for b, v in grown.items() if v is not None) or '–'} "
               f"| {verdict(present, lambda v: v <= 10)} |")
    memory = [(shape, nodes, run.find("memory", shape, nodes)) for shape, nodes in (LARGE, ("random", 100000))]
    memory = [(shape, r["bytes_per_node"]) for shape, nodes, r in memory if r is not None]
    out.append("| ≤ 256 resident bytes a node for an open, diagnosed document (131,071 and 100,000 nodes) "
               f"| {', '.join(f'{shape} {v:.0f}' for shape, v in memory) or '–'} | {verdict([v for _, v in memory], lambda v: v <= 256)} |")
    ratio = run.find("json-vs-svg", "random", 100000)
    values = [] if ratio is None else [ratio["ratio"]]
    out.append(f"| preview JSON ≤ 2× the SVG's time at 100,000 nodes (random) "
               f"| {', '.join(f'{v:.2f}×' for v in values) or '–'} | {verdict(values, lambda v: v <= 2)} |")
    return out


def tables(rows):
    run = Run(rows)
    parts = [pipeline(run), edits(run), faults(run), growths(run), targets(run)]
    return "\n\n".join("\n".join(part) for part in parts) + "\n"


def write(path, text):
    with open(path, encoding="utf-8") as f:
        doc = f.read()
    start, end = doc.find(BEGIN), doc.find(END)
    if start < 0 or end < start:
        sys.exit(f"table.py: {path} has no '{BEGIN}' … '{END}' block")
    start += len(BEGIN)
    with open(path, "w", encoding="utf-8") as f:
        f.write(doc[:start] + "\n" + text + doc[end:])


def main():
    text = tables(load(sys.stdin))
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        write(sys.argv[2], text)
    elif len(sys.argv) == 1:
        sys.stdout.write(text)
    else:
        sys.exit("usage: table.py [--write FILE] < bench.jsonl")


if __name__ == "__main__":
    main()
