#!/usr/bin/env python3
"""Turns bracket-bench's JSON lines (stdin) into the Markdown tables of docs/performance.md."""
import json
import sys

rows = [json.loads(line) for line in sys.stdin if line.startswith("{")]
files = []
for r in rows:
    key = (r["shape"], r["nodes"], r["bytes"])
    if key not in files:
        files.append(key)


def find(bench, shape, nodes, **extra):
    for r in rows:
        if r["bench"] == bench and r["shape"] == shape and r["nodes"] == nodes and all(r.get(k) == v for k, v in extra.items()):
            return r
    return None


def ms(r):
    return "–" if r is None else f'{r["min_ms"]:.3g} / {r["median_ms"]:.3g}'


print("| file | bytes | parse | document (parse + diagnostics) | diagram | layout | SVG | preview JSON | JSON ÷ SVG | parse MB/s (÷ memchr) | RSS B/node (kept) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for shape, nodes, size in files:
    ratio = find("json-vs-svg", shape, nodes)
    scan = find("parse-vs-memchr", shape, nodes)
    mem = find("memory", shape, nodes)
    print(f"| {shape} {nodes:,} | {size:,} | {ms(find('parse', shape, nodes))} | {ms(find('document', shape, nodes))} "
          f"| {ms(find('diagram', shape, nodes))} | {ms(find('layout', shape, nodes))} | {ms(find('svg', shape, nodes))} "
          f"| {ms(find('preview-json', shape, nodes))} | {ratio['ratio']:.2f} "
          f"| {scan['parse_mb_s']:.0f} ({scan['ratio'] * 100:.1f} %) "
          f"| {mem['bytes_per_node']:.0f} ({mem['kept_bytes_per_node']:.0f}) |" if mem else "| – |")

print()
print("| file | edit at | scopes | incremental p50 / p99 (ms) | full p50 / p99 (ms) | speed-up p50 / p99 | matches full parse |")
print("|---|---|---|---:|---:|---:|---|")
for r in rows:
    if r["bench"] == "edit":
        print(f'| {r["shape"]} {r["nodes"]:,} | {r["place"]} | {r["scopes"]} '
              f'| {r["incremental_p50_ms"]:.3g} / {r["incremental_p99_ms"]:.3g} '
              f'| {r["full_p50_ms"]:.3g} / {r["full_p99_ms"]:.3g} '
              f'| {r["speedup_p50"]:,.0f}× / {r["speedup_p99"]:,.0f}× | {r["consistent"]} |')

print()
print("| file | page faults per run: layout | SVG | preview JSON |")
print("|---|---:|---:|---:|")
for shape, nodes, size in files:
    cells = [find(bench, shape, nodes) for bench in ("layout", "svg", "preview-json")]
    if all(c is not None and "page_faults_per_run" in c for c in cells):
        print(f"| {shape} {nodes:,} | " + " | ".join(f'{c["page_faults_per_run"]:,}' for c in cells) + " |")

print()
print("| growth 16,383 → 131,071 nodes (8× nodes) | parse | layout | SVG | preview JSON |")
print("|---|---:|---:|---:|---:|")
small, large = ("binary", 16383), ("binary", 131071)
if find("parse", *small) and find("parse", *large):
    cells = []
    for bench in ("parse", "layout", "svg", "preview-json"):
        cells.append(f'{find(bench, *large)["min_ms"] / find(bench, *small)["min_ms"]:.1f}× (min), '
                     f'{find(bench, *large)["median_ms"] / find(bench, *small)["median_ms"]:.1f}× (median)')
    print("| binary | " + " | ".join(cells) + " |")
