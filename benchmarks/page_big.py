#!/usr/bin/env python3
"""The live preview page with big trees, end to end (docs/performance.md, "The preview page at
scale"): the real `bracket lsp`, `bracket/openPreview`, the loopback page, headless Chromium
driven through the DevTools protocol (Playwright).

For each size (a complete binary tree of N nodes, one per line) it measures:
  first_ms     page.goto → the first picture painted (the page reports the frame it painted in)
  heap_mb      the page's JS heap after a garbage collection (CDP Performance.getMetrics)
  dom_cards    card elements in the DOM (bounded by the page's MAX_DOM_CARDS)
  label_ms     a label edit in the middle, at 100 % on that card: didChange sent → that version
               painted (p50 / p99); label_page_ms the page's share (payload received → painted)
  id_ms        a character of the same card's ID changed back and forth (the card is re-keyed)
  subtree_deleted_ms  a small subtree in the middle deleted (then typed back, not timed)
  insert_ms    a leaf inserted in the middle; insert_page_ms the page's share
               (each *_page_ms is payload received → painted; event_chars the largest event of
               each kind, in characters: a delta with runs and renames is kilobytes)
  frame_ms     pan and zoom (wheel events over the fitted and zoomed-in picture): each frame's
               draw, from frame start to painted (p50 / p99 / max); frame_overview_ms and
               frame_cards_ms the two halves (far out: the canvas; at 100 %: card elements);
               draw_ms the page's own script time in those frames (the rest is the browser's
               style, layout, paint and compositing, and waiting for a loaded CPU)

`PAGE_PROFILE=KIND` (label, id, insert or subtree_deleted; a comma-separated list for
several) records a CPU profile of the page around each edit of that kind (200 µs samples, from
didChange sent to that version painted; a subtree deletion's undo is profiled with it) and
prints to stderr the functions by self time over all of them, then the slowest edit's alone
(an occasional long task shows there: the garbage collector, a pass over every card).
`--synthetic-edits` profiles the same way.
`PAGE_TRACE=FILE` records a Chromium trace (CDP Tracing) from the last ID edit to the first
subtree deletion painted, writes it to FILE and prints to stderr the renderer main thread's
tasks from the last ID edit painted to the deletion painted, on the page's clock, with the
deletion's didChange sent, its event received and painted marked: what the page was doing
while the first deletion waited (the summary alone: `page_big.py --trace-summary FILE`).
`PAGE_LISTEN=1` reads the event stream in a second subscriber too and prints the first
deletion's split: sent → the event read here (the server's share), → the page's stream, →
painted, with the server's minor page faults and CPU meanwhile. `SERVER_PERF=FILE` records the
server with perf over the edits (CLOCK_MONOTONIC; the first deletion's window printed for
`perf script --time`): `SERVER_PERF_FREQ` samples a second (2999; a low rate disturbs the
server less), or `SERVER_PERF_EVENT=page-faults` every page fault with its address instead.
`FIRST_PAUSE=S` and `DELETE_PAUSE=S` wait before the first edit and the first deletion.
`FRAME_DETAIL=MS` prints each pan or zoom frame longer than MS with its script time and work.
`CHROMIUM_ARGS="..."` adds switches to Chromium's command line (e.g.
`--disable-accelerated-2d-canvas`: canvases drawn by Skia on the CPU instead of through the
emulated GPU that headless Chromium has here).
`--page-dir DIR` serves the page's scripts and style from DIR instead of the binary's copies
(Playwright routing; index.html still comes from the binary): a page change, or a copy of the
page that times its own steps (reported as `painted().steps`), measured against the real server
without a release build. After the edits it prints to stderr, for each kind, the p50 and the
largest of each delta's patch and view update (and of each step the page reported).
`--no-frames` skips the pan and zoom frames. `--synthetic-edits N,...` sends the page alone the
same four keystrokes as deltas with renames, runs and splices computed here
(Tests/editors/delta_model.py, the server's layout of the tree): the page's share of each, the
delta's size and each delta's `applied` times ([patch, view update, frame script] ms);
`--synthetic-full` sends instead what the server sent before runs (deltas without renames or
runs, the whole picture past half the cards), e.g. to the page before this work (`--page-dir`).

With `--synthetic N,...` it also runs each of those sizes through the page alone
(Tests/editors/synthetic_preview.py: the server's layout of the same tree, generated, served as
the loopback server would; for sizes the server does not preview): first_ms, heap_mb and the
frames, as above.

    python3 benchmarks/page_big.py [--sizes 10000,131071] [--edits 20] [--synthetic 1000000]
                                   [--bin .build/release/bracket]

Prints one JSON line per size. Needs chromium and `pip install playwright`.
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "schema"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "editors"))
from lsp_client import LSPClient  # noqa: E402

URI = "file:///bench/page-big.bracket"


def complete_tree(n):
    """Lines of a complete binary tree of n nodes (heap numbering), in pre-order, no recursion."""
    lines = []
    stack = [(1, 0, False)]
    while stack:
        i, depth, closing = stack.pop()
        pad = "  " * depth
        if closing:
            lines.append(pad + "}")
            continue
        kids = [c for c in (2 * i, 2 * i + 1) if c <= n]
        if kids:
            lines.append(f'{pad}n{i} "Node {i}" {{')
            stack.append((i, depth, True))
            stack.extend((c, depth + 1, False) for c in reversed(kids))
        else:
            lines.append(f'{pad}n{i} "Node {i}"')
    return lines


def attributed_tree(lines, attributes):
    """`lines` of `complete_tree` with attributes on every node but the root, as a model's or
    a tournament's export writes them:
      edge    `[edge=yes]` / `[edge=no]` (a decision tree: the answer on each connector)
      scores  a knockout: every competitor `[score=…]` (the second of two siblings wins), each
              parent without a label of its own (it shows its winner's name)
      ""      the lines unchanged."""
    if not attributes:
        return lines
    if attributes not in ("edge", "scores"):
        raise SystemExit(f"attributes: edge or scores, not {attributes!r}")
    out = []
    for line in lines:
        body = line.lstrip()
        if not body.startswith("n") or body.startswith("n1 "):
            # A knockout's final shows its winner: no label of its own.
            out.append("n1 {" if attributes == "scores" and body.startswith("n1 ") and body.endswith("{") else line)
            continue
        pad = line[:len(line) - len(body)]
        node = int(body[1:body.index(" ")])
        opens = body.endswith("{")
        head = body[:-2] if opens else body
        if attributes == "edge":
            head += " [edge=yes]" if node % 2 == 0 else " [edge=no]"
        else:
            if opens:
                head = head[:head.index(" ")]
            head += f" [score={1 + node % 2}]"
        out.append(pad + head + (" {" if opens else ""))
    return out


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else None


def now_ms():
    return time.time() * 1000


def wait_painted(page, version, timeout=300000):
    page.wait_for_function(f"() => window.bracketPreview.painted().version === {version}", timeout=timeout,
                           polling="raf")
    return page.evaluate("() => window.bracketPreview.painted().at")


EVENT_BYTES = {}
APPLIED = {}


def print_applied():
    """The p50 of each kind's patch and view update, and of each step the page timed, to stderr."""
    for kind, rows in APPLIED.items():
        parts = {"patch": [r[0] for r in rows], "view": [r[1] for r in rows]}
        for row in rows:
            for name, ms in row[-1].items():
                parts.setdefault(name, []).append(ms)
        print(f"{kind} p50 / max ms: " + ", ".join(f"{name} {percentile(v, 50):.2f} / {max(v):.2f}"
                                                  for name, v in parts.items()), file=sys.stderr)
    APPLIED.clear()


def page_side(page, kind=None):
    """The page's own share: the payload received (before parsing) → painted; with `kind`, the
    largest event of that kind is kept in EVENT_BYTES (characters, as the page read them)."""
    painted = page.evaluate("() => window.bracketPreview.painted()")
    if kind is not None and painted.get("bytes"):
        EVENT_BYTES[kind] = max(EVENT_BYTES.get(kind, 0), painted["bytes"])
    if kind is not None and painted.get("applied"):
        # [patch, view update] ms, and named steps when the page reports them (a copy of the
        # page timing its own steps, served with --page-dir): printed by print_applied.
        APPLIED.setdefault(kind, []).append(list(painted["applied"]) + [painted.get("steps") or {}])
    return painted["at"] - painted["received"]


class EditProfiles:
    """PAGE_PROFILE=KIND[,KIND]: a CPU profile of the page around each edit of those kinds."""

    def __init__(self, cdp):
        self.cdp = cdp
        self.kinds = set(filter(None, os.environ.get("PAGE_PROFILE", "").split(",")))
        self.profiles = {}  # kind → [(page ms, profile)]
        self.on = None
        if self.kinds:
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 200})

    def start(self, kind):
        if kind in self.kinds:
            self.cdp.send("Profiler.start")
            self.on = kind

    def stop(self, page_ms=None):
        """Ends the edit's profile; `page_ms` its page share (None: an undo, kept without one)."""
        if self.on is None:
            return
        profile = self.cdp.send("Profiler.stop")["profile"]
        self.profiles.setdefault(self.on, []).append((page_ms, profile))
        self.on = None

    def report(self):
        for kind, runs in self.profiles.items():
            shares = [ms for ms, _ in runs if ms is not None]
            print_profiles([p for _, p in runs], f"{kind}: {len(runs)} edits (page share p50 "
                           f"{percentile(shares, 50):.1f} ms, max {max(shares):.1f})")
            slowest = max((r for r in runs if r[0] is not None), key=lambda r: r[0])
            print_profiles([slowest[1]], f"{kind}: the slowest edit alone (page share {slowest[0]:.1f} ms)", top=12)


def print_profiles(profiles, what, top=20):
    """Several CPU profiles' functions by self time, summed, to stderr."""
    by_name = {}
    for profile in profiles:
        for name, ms in self_times(profile).items():
            by_name[name] = by_name.get(name, 0) + ms
    total = sum(by_name.values()) or 1
    print(f"profile of {what}: {total:.0f} ms sampled", file=sys.stderr)
    for name, ms in sorted(by_name.items(), key=lambda item: -item[1])[:top]:
        print(f"  {ms:8.1f} ms {100 * ms / total:5.1f} %  {name}", file=sys.stderr)


def self_times(profile):
    nodes = {node["id"]: node for node in profile["nodes"]}
    interval = {}
    deltas = profile.get("timeDeltas", [])
    for sample, delta in zip(profile.get("samples", []), deltas[1:] + [0]):
        interval[sample] = interval.get(sample, 0) + delta / 1000.0
    by_name = {}
    for node_id, ms in interval.items():
        frame = nodes[node_id]["callFrame"]
        name = f'{frame["functionName"] or "(anonymous)"} {frame["url"].rsplit("/", 1)[-1]}:{frame["lineNumber"] + 1}'
        by_name[name] = by_name.get(name, 0) + ms
    return by_name


class StreamListener:
    """PAGE_TRACE also listens to the loopback server's event stream itself (a second
    subscriber, as a second browser tab would be): when each version's event arrived in this
    process, so the first deletion's wait splits into the server and loopback's share and the
    browser's (the page's stream read, its main thread)."""

    def __init__(self, url):
        import threading
        self.arrived = {}  # version -> epoch ms its event's last byte was read here
        self.url = url.split("?", 1)[0].rstrip("/") + "/events?payload=fetch"
        threading.Thread(target=self.run, daemon=True).start()

    def run(self):
        import urllib.request
        try:
            with urllib.request.urlopen(urllib.request.Request(self.url, headers={"Accept": "text/event-stream"})) as stream:
                data = []
                for raw in stream:
                    line = raw.decode("utf-8").rstrip("\r\n")
                    if line.startswith("data:"):
                        data.append(line[5:].lstrip())
                    elif line == "" and data:
                        at = now_ms()
                        try:
                            version = json.loads("\n".join(data)).get("version")
                        except ValueError:
                            version = None
                        if isinstance(version, int):
                            self.arrived.setdefault(version, at)
                        data = []
        except OSError:
            pass


def server_stat(pid):
    """The server's minor faults and CPU ticks (user + system) so far, from /proc."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[7]), int(fields[11]) + int(fields[12])


TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing",
                    "toplevel", "v8", "disabled-by-default-v8.gc", "blink"]


class FirstDeletionTrace:
    """PAGE_TRACE=FILE: a Chromium trace from before the last ID edit to the first subtree
    deletion painted (see the module's docstring)."""

    def __init__(self, browser, page):
        self.browser, self.page = browser, page
        self.path = os.environ.get("PAGE_TRACE")
        self.on = False
        self.marks = {}

    def start(self):
        if self.path and not self.on:
            self.browser.start_tracing(page=self.page, categories=TRACE_CATEGORIES)
            self.on = True

    def mark(self, name, epoch_ms):
        if self.on:
            self.marks[name] = epoch_ms

    def stop(self):
        if not self.on:
            return
        # The page's clock against the trace's: a user-timing mark whose startTime is known.
        sync = self.page.evaluate("() => { var m = performance.mark('bracket-trace-sync'); "
                                  "return [performance.timeOrigin, m.startTime]; }")
        data = self.browser.stop_tracing()
        self.on = False
        trace = json.loads(data)
        trace["bracketMarks"] = {"timeOrigin": sync[0], "syncStartTime": sync[1], "marks": self.marks}
        with open(self.path, "w") as file:
            json.dump(trace, file)
        print_trace_summary(trace)


def print_trace_summary(trace, min_us=300):
    """The renderer main thread's top-level tasks between the marks, each with the longest
    events inside it, on the page's clock (ms after the last ID edit painted), to stderr."""
    events = trace["traceEvents"]
    info = trace["bracketMarks"]
    sync = next(e for e in events if e.get("name") == "bracket-trace-sync")
    offset_us = sync["ts"] - info["syncStartTime"] * 1000  # trace µs = page ms * 1000 + offset
    to_ts = lambda epoch: (epoch - info["timeOrigin"]) * 1000 + offset_us
    marks = {name: to_ts(ms) for name, ms in info["marks"].items()}
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    main = {key for key, name in names.items() if name == "CrRendererMain"}
    start, end = marks.get("id_painted", min(marks.values())), marks["deleted_painted"]
    inner = sorted((e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in main and "dur" in e
                    and e["ts"] + e["dur"] >= start and e["ts"] <= end), key=lambda e: (e["ts"], -e["dur"]))
    tops, stop = [], -1
    for e in inner:
        if e["ts"] >= stop:
            tops.append([e, []])
            stop = e["ts"] + e["dur"]
        elif e["dur"] >= min_us:
            tops[-1][1].append(e)
    rel = lambda ts: (ts - start) / 1000
    print("first subtree deletion, renderer main thread (ms after the last ID edit painted): "
          + ", ".join(f"{name} {rel(ts):.1f}" for name, ts in sorted(marks.items(), key=lambda kv: kv[1])), file=sys.stderr)
    for top, kids in tops:
        if top["dur"] < min_us:
            continue
        def label(e):
            data = e.get("args", {}).get("data", {}) or {}
            what = data.get("functionName") or data.get("type") or ""
            url = (data.get("url") or "").rsplit("/", 1)[-1]
            return f'{e["name"]}{" " + what if what else ""}{" " + url + ":" + str(data.get("lineNumber", "")) if url else ""}'
        print(f"  {rel(top['ts']):8.1f} +{top['dur'] / 1000:6.1f}  {label(top)}", file=sys.stderr)
        for kid in sorted(kids, key=lambda e: -e["dur"])[:4]:
            print(f"           {rel(kid['ts']):8.1f} +{kid['dur'] / 1000:6.1f}  {label(kid)}", file=sys.stderr)


def heap_mb(cdp):
    """The JS heap after a collection, plus the typed arrays' backing stores (which live outside
    the heap and which JSHeapUsedSize leaves out), and the page's DOM node count."""
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    usage = cdp.send("Runtime.getHeapUsage")
    backing = usage.get("backingStorageSize", 0)
    return (metrics["JSHeapUsedSize"] + backing) / 1e6, int(metrics.get("Nodes", 0))


def serve_page_dir(page, page_dir):
    """The real server's page with its scripts and style read from `page_dir` instead of the
    copies embedded in the binary (the page's own files, as the loopback server names them):
    a page change measured against the real server without rebuilding it. index.html still
    comes from the binary, so its list of assets must be the same."""
    def fulfil(route):
        name = route.request.url.split("?", 1)[0].rsplit("/", 1)[-1]
        path = os.path.join(page_dir, name)
        if not os.path.isfile(path):
            return route.continue_()
        kind = "text/css" if name.endswith(".css") else "text/javascript"
        with open(path, "rb") as file:
            route.fulfill(status=200, body=file.read(), headers={"Content-Type": kind + "; charset=utf-8"})
    page.route("**/*.js", fulfil)
    page.route("**/*.css", fulfil)


def run_size(browser, binary, n, edits, frames=True, page_dir=None):
    lines = complete_tree(n)
    text = "\n".join(lines) + "\n"
    result = {"nodes": n, "bytes": len(text)}
    with LSPClient([binary, "lsp"]) as client:
        perf = None
        if os.environ.get("SERVER_PERF"):
            # SERVER_PERF=FILE: the server's samples (CLOCK_MONOTONIC) over the edits; the first
            # deletion's window is printed on that clock for `perf script --time`.
            import subprocess
            sampling = (["-e", os.environ["SERVER_PERF_EVENT"], "-c", "1", "-d"] if os.environ.get("SERVER_PERF_EVENT")
                        else ["-F", os.environ.get("SERVER_PERF_FREQ", "2999")])
            perf = subprocess.Popen(["perf", "record", "-k", "CLOCK_MONOTONIC", *sampling, "-g", "-o",
                                     os.environ["SERVER_PERF"], "-p", str(client.process.pid)], stderr=subprocess.DEVNULL)
            time.sleep(0.5)
        client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "bracket",
                                                                "version": 1, "text": text}})
        url = client.request("bracket/openPreview", {"textDocument": {"uri": URI}}, timeout=600)["url"]
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        if page_dir:
            serve_page_dir(page, page_dir)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        start = now_ms()
        page.goto(url)
        first = wait_painted(page, 1)
        result["first_ms"] = round(first - start)
        result["heap_mb"], result["dom_nodes"] = heap_mb(cdp)
        result["heap_mb"] = round(result["heap_mb"], 1)

        # Edits in the middle of the file, at 100 % (cards in the DOM): a label, then a leaf.
        middle = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].strip().endswith('"') and "{" not in lines[i])
        # At 100 %, centred on the card that is edited (search finds it), so the edit repaints
        # DOM cards.
        middle_id = lines[middle].split()[0]
        page.click("#zoom-reset")
        page.fill("#search", middle_id)
        page.wait_for_function(f"() => window.bracketPreview.match() === {json.dumps(middle_id)}", timeout=30000)
        page.wait_for_timeout(300)
        profiles = EditProfiles(cdp)
        trace = FirstDeletionTrace(browser, page)
        listener = StreamListener(url) if trace.path or os.environ.get("PAGE_LISTEN") else None
        time.sleep(float(os.environ.get("FIRST_PAUSE", "0")))
        version = 1
        label_times, label_page = [], []
        for k in range(edits):
            version += 1
            line = lines[middle]
            column = line.index('"') + 1
            payload = {"textDocument": {"uri": URI, "version": version},
                       "contentChanges": [{"range": {"start": {"line": middle, "character": column},
                                                     "end": {"line": middle, "character": column + 1}},
                                           "text": "NM"[k % 2]}]}
            profiles.start("label")
            sent = now_ms()
            client.notify("textDocument/didChange", payload)
            label_times.append(wait_painted(page, version) - sent)
            label_page.append(page_side(page, "label"))
            profiles.stop(label_page[-1])
        # An ID edit: one character of the same card's ID, back and forth (the card is re-keyed).
        id_times, id_page = [], []
        for k in range(edits):
            version += 1
            column = len(lines[middle]) - len(lines[middle].lstrip()) + 1
            payload = {"textDocument": {"uri": URI, "version": version},
                       "contentChanges": [{"range": {"start": {"line": middle, "character": column},
                                                     "end": {"line": middle, "character": column + 1}},
                                           "text": "x" if k % 2 == 0 else lines[middle][column]}]}
            if k == edits - 1:
                trace.start()
            profiles.start("id")
            sent = now_ms()
            client.notify("textDocument/didChange", payload)
            id_times.append(wait_painted(page, version) - sent)
            trace.mark("id_painted", page.evaluate("() => window.bracketPreview.painted().at"))
            id_page.append(page_side(page, "id"))
            profiles.stop(id_page[-1])
        # A small subtree in the middle deleted, then typed back (undo), in turns.
        parent = next(i for i in range(middle, 0, -1) if lines[i].rstrip().endswith("{"))
        depth = len(lines[parent]) - len(lines[parent].lstrip())
        close = next(i for i in range(parent + 1, len(lines)) if len(lines[i]) - len(lines[i].lstrip()) == depth)
        subtree = "\n".join(lines[parent:close + 1]) + "\n"
        delete_times, delete_page = [], []
        for k in range(max(2, edits // 2)):
            version += 1
            if k % 2 == 0:
                change = {"range": {"start": {"line": parent, "character": 0}, "end": {"line": close + 1, "character": 0}},
                          "text": ""}
            else:
                change = {"range": {"start": {"line": parent, "character": 0}, "end": {"line": parent, "character": 0}},
                          "text": subtree}
            profiles.start("subtree_deleted")
            if k == 0 and listener:
                time.sleep(float(os.environ.get("DELETE_PAUSE", "0")))
                server_before = server_stat(client.process.pid)
                sent_mono = time.monotonic()
            sent = now_ms()
            client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": version},
                                                      "contentChanges": [change]})
            (delete_times if k % 2 == 0 else []).append(wait_painted(page, version) - sent)
            if k == 0:
                painted = page.evaluate("() => window.bracketPreview.painted()")
                trace.mark("deleted_sent", sent)
            if k == 0 and listener:
                after = server_stat(client.process.pid)
                heard = listener.arrived.get(version)
                print(f"first deletion: sent → event read by a second subscriber {heard - sent if heard else -1:.1f} ms, "
                      f"→ the page's stream {painted['received'] - sent:.1f}, → painted {painted['at'] - sent:.1f}; "
                      f"the server meanwhile {after[0] - server_before[0]} minor faults, "
                      f"{(after[1] - server_before[1]) * 1000 / os.sysconf('SC_CLK_TCK'):.0f} ms CPU; the page's [patch, view] "
                      f"{painted.get('applied')} {json.dumps({k: round(v, 1) for k, v in (painted.get('steps') or {}).items()})}, its frame {painted['frames'][-1]:.1f} (script {painted['draws'][-1]:.1f})",
                      file=sys.stderr)
                if heard:
                    trace.mark("deleted_at_listener", heard)
                if perf:
                    print(f"first deletion on CLOCK_MONOTONIC: sent {sent_mono:.6f}, read by the second subscriber "
                          f"{sent_mono + ((heard or sent) - sent) / 1000:.6f}", file=sys.stderr)
                trace.mark("deleted_received", painted["received"])
                trace.mark("deleted_painted", painted["at"])
                trace.stop()
            if k % 2 == 0:
                delete_page.append(page_side(page, "subtree_deleted"))
            profiles.stop(delete_page[-1] if k % 2 == 0 else None)
        insert_times, insert_page = [], []
        for k in range(max(1, edits // 4)):
            version += 1
            payload = {"textDocument": {"uri": URI, "version": version},
                       "contentChanges": [{"range": {"start": {"line": middle + 1, "character": 0},
                                                     "end": {"line": middle + 1, "character": 0}},
                                           "text": f"{' ' * 4}inserted{k}\n"}]}
            profiles.start("insert")
            sent = now_ms()
            client.notify("textDocument/didChange", payload)
            insert_times.append(wait_painted(page, version) - sent)
            insert_page.append(page_side(page, "insert"))
            profiles.stop(insert_page[-1])
        if perf:
            perf.send_signal(2)
            perf.wait()
        profiles.report()
        print_applied()
        result["label_ms"] = [round(percentile(label_times, 50), 1), round(percentile(label_times, 99), 1)]
        result["insert_ms"] = [round(percentile(insert_times, 50), 1), round(percentile(insert_times, 99), 1)]
        result["id_ms"] = [round(percentile(id_times, 50), 1), round(percentile(id_times, 99), 1)]
        result["id_page_ms"] = [round(percentile(id_page, 50), 1), round(percentile(id_page, 99), 1)]
        result["subtree_deleted_ms"] = [round(percentile(delete_times, 50), 1), round(percentile(delete_times, 99), 1)]
        result["subtree_deleted_page_ms"] = [round(percentile(delete_page, 50), 1), round(percentile(delete_page, 99), 1)]
        # In order: with ten samples the p99 is one of them, and which one (the first?) says why.
        result["subtree_deleted_each_ms"] = [[round(t, 1), round(q, 1)] for t, q in zip(delete_times, delete_page)]
        result["subtree_lines"] = close + 1 - parent
        result["label_page_ms"] = [round(percentile(label_page, 50), 1), round(percentile(label_page, 99), 1)]
        result["insert_page_ms"] = [round(percentile(insert_page, 50), 1), round(percentile(insert_page, 99), 1)]
        result["dom_cards"] = page.evaluate("() => document.querySelectorAll('#stage [data-node-id]').length")
        result["event_chars"] = dict(EVENT_BYTES)
        if frames:
            result.update(measure_frames(page))
        result["heap_after_mb"] = round(heap_mb(cdp)[0], 1)
        page.close()
        client.request("shutdown", None)
        client.notify("exit", None)
        client.wait(30)
    return result


def frame_figures(frames):
    return [round(percentile(frames, 50), 1), round(percentile(frames, 99), 1), round(max(frames), 1)] if frames else None


def measure_frames(page):
    """Pan and zoom with the wheel, as a user would: fitted (the overview canvas; zooming in
    from Fit passes through every level of detail down to card elements), then at 100 % (card
    elements). Each frame from its start to painted; the pointer stays over the picture."""
    def frames():
        return page.evaluate("() => window.bracketPreview.painted().frames")

    def draws():  # (an older page does not report them)
        return page.evaluate("() => window.bracketPreview.painted().draws || []")

    def wheel(steps, zoom, pan):
        for step in range(steps):
            page.mouse.wheel(*pan(step))
            if zoom:
                page.keyboard.down("Control")
                page.mouse.wheel(0, zoom(step))
                page.keyboard.up("Control")
            page.wait_for_timeout(20)
        page.wait_for_timeout(200)

    start = len(frames())
    page.click("#zoom-fit")
    page.mouse.move(500, 400)
    wheel(30, lambda step: -240 if step < 20 else 240, lambda step: (0, -120 if step < 15 else 120))
    middle = len(frames())
    page.click("#zoom-reset")
    page.mouse.move(500, 400)
    wheel(30, None, lambda step: (60, 240))
    seen, scripts = frames(), draws()
    overview, cards = seen[start:middle], seen[middle:]
    if os.environ.get("FRAME_DETAIL"):
        # FRAME_DETAIL=MS: each frame longer than MS, with its script time and what it did.
        work = page.evaluate("() => window.bracketPreview.painted().work || []")
        for k in range(start, len(seen)):
            if seen[k] > float(os.environ["FRAME_DETAIL"]):
                print(f"frame {k - start}: {seen[k]:.1f} ms, script {scripts[k] if k < len(scripts) else -1:.1f}, "
                      f"{json.dumps(work[k] if k < len(work) else None)}", file=sys.stderr)
    return {"frames": len(overview) + len(cards), "frame_ms": frame_figures(overview + cards),
            "frame_overview_ms": frame_figures(overview), "frame_cards_ms": frame_figures(cards),
            "draw_ms": frame_figures(scripts[start:])}


def run_synthetic(browser, binary, n, page_dir=None):
    """The page alone with a generated picture of the same tree (no server, no cap); from
    `page_dir` instead of editors/preview when given (another version of the page, to compare)."""
    from synthetic_preview import PAGE_DIR, PageServer, complete_tree_columns, payload, server_picture
    message = payload(complete_tree_columns(n), server_picture(binary))
    result = {"nodes": n, "synthetic": True, "page": page_dir or "editors/preview"}
    with PageServer(message, page_dir or PAGE_DIR) as server:
        result["payload_mb"] = round(len(server.body) / 1e6, 1)
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        if page_dir:
            serve_page_dir(page, page_dir)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        start = now_ms()
        page.goto(server.url)
        first = wait_painted(page, 1)
        result["first_ms"] = round(first - start)
        result["first_page_ms"] = round(page_side(page))
        result["heap_mb"], result["dom_nodes"] = heap_mb(cdp)
        result["heap_mb"] = round(result["heap_mb"], 1)
        result.update(measure_frames(page))
        result["dom_cards"] = page.evaluate("() => document.querySelectorAll('#stage [data-node-id]').length")
        result["heap_after_mb"] = round(heap_mb(cdp)[0], 1)
        page.close()
    return result


def run_synthetic_edits(browser, n, edits, page_dir=None, full=False):
    """The page alone receiving keystroke deltas with renames, runs and splices, computed here
    (Tests/editors/delta_model.py, the server's layout of the tree, as its delta would be): for
    each kind, payload received → painted (the page's share of a keystroke), p50 / p99, and the
    delta's size."""
    import delta_model as model
    from synthetic_preview import PAGE_DIR, PageServer
    tree = model.complete_tree(n)
    pic = model.picture(tree)
    uri = "file:///bench/synthetic-edits.bracket"
    result = {"nodes": n, "synthetic_edits": "as before runs" if full else "deltas", "page": page_dir or "editors/preview"}
    with PageServer(model.full_payload(pic, 1, uri), page_dir or PAGE_DIR) as server:
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        page.goto(server.url)
        wait_painted(page, 1)
        middle = len(tree) // 2 + 1
        while tree[middle][2] < max(d for _, _, d in tree[middle - 3:middle + 3]):
            middle += 1
        page.click("#zoom-reset")
        page.fill("#search", tree[middle][0])
        page.wait_for_function(f"() => window.bracketPreview.match() === {json.dumps(tree[middle][0])}", timeout=30000)
        version = [1]
        applied = []
        profiles = EditProfiles(page.context.new_cdp_session(page))

        def push(new_tree, renamed, kind=None):
            nonlocal pic
            new = model.picture(new_tree)
            version[0] += 1
            legacy = full and model.delta(pic, new, {}, runs_allowed=False)
            items = legacy and sum(len(legacy[part][key]) for part in ("cards", "edges") for key in ("removed", "changed", "added"))
            if full and items * 2 <= len(new["cards"]) + len(new["edges"]):
                # What the server sent before runs: a delta without renames or runs ...
                body = {"uri": uri, "version": version[0], "sequence": version[0], "base": version[0] - 1,
                        "delta": legacy, "diagnostics": {"errors": 0, "warnings": 0}}
            elif full:  # ... or, past half the picture, the whole picture
                body = model.full_payload(new, version[0], uri)
            else:
                body = {"uri": uri, "version": version[0], "sequence": version[0], "base": version[0] - 1,
                        "delta": model.delta(pic, new, renamed), "diagnostics": {"errors": 0, "warnings": 0}}
            profiles.start(kind)
            server.push(body)
            wait_painted(page, version[0])
            pic = new
            painted = page.evaluate("() => window.bracketPreview.painted()")
            applied.append((painted.get("applied") or []) + [painted["draws"][-1]])
            share = page_side(page)
            profiles.stop(share)
            return share, len(json.dumps(body, separators=(",", ":")))

        kinds = {"label": [], "id": [], "insert": [], "subtree_deleted": []}
        sizes = {}
        for k in range(edits):
            ident, label, depth = tree[middle]
            tree[middle] = (ident, label + "x" if k % 2 == 0 else label[:-1], depth)
            t, size = push(tree, {}, "label")
            kinds["label"].append(t); sizes["label"] = size
            to = ident + "x" if k % 2 == 0 else ident[:-1]
            tree[middle] = (to, tree[middle][1], depth)
            t, size = push(tree, {ident: to}, "id")
            kinds["id"].append(t); sizes["id"] = size
            leaf = (f"inserted{k}", "New", depth)
            tree.insert(middle + 1, leaf)
            t, size = push(tree, {}, "insert")
            kinds["insert"].append(t); sizes["insert"] = size
            del tree[middle + 1]
            push(tree, {})
            parent = middle - 1
            while tree[parent][2] >= depth:
                parent -= 1
            end = model.subtree_end(tree, parent)
            removed = tree[parent:end]
            del tree[parent:end]
            t, size = push(tree, {}, "subtree_deleted")
            kinds["subtree_deleted"].append(t); sizes["subtree_deleted"] = size
            tree[parent:parent] = removed
            push(tree, {})
        for kind, times in kinds.items():
            result[kind + "_page_ms"] = [round(percentile(times, 50), 1), round(percentile(times, 99), 1)]
            result[kind + "_delta_bytes"] = sizes[kind]
        result["applied"] = [[round(v, 1) for v in a] for a in applied]
        profiles.report()
        page.close()
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10000,131071")
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--no-frames", action="store_true", help="keystrokes only, no pan and zoom frames")
    parser.add_argument("--synthetic", default="", help="sizes to run through the page alone (no server)")
    parser.add_argument("--page-dir", default=None, help="serve this copy of the page (with the real server: its scripts and style)")
    parser.add_argument("--synthetic-edits", default="",
                        help="sizes whose keystroke deltas (renames, runs, splices, computed here) go to the page alone")
    parser.add_argument("--synthetic-full", action="store_true",
                        help="with --synthetic-edits: send what the server sent before runs (deltas without renames or "
                             "runs, whole pictures past half the cards)")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "bracket"))
    parser.add_argument("--trace-summary", default=None, help="only summarise this PAGE_TRACE file")
    args = parser.parse_args()
    if args.trace_summary:
        with open(args.trace_summary) as file:
            print_trace_summary(json.load(file))
        return
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox", *os.environ.get("CHROMIUM_ARGS", "").split()])
        try:
            for size in filter(None, args.sizes.split(",")):
                print(json.dumps(run_size(browser, args.bin, int(size.replace("_", "")), args.edits, not args.no_frames, args.page_dir)),
                      flush=True)
            for size in filter(None, args.synthetic_edits.split(",")):
                print(json.dumps(run_synthetic_edits(browser, int(size.replace("_", "")), args.edits, args.page_dir,
                                                    args.synthetic_full)), flush=True)
            for size in filter(None, args.synthetic.split(",")):
                print(json.dumps(run_synthetic(browser, args.bin, int(size.replace("_", "")), args.page_dir)), flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
