#!/usr/bin/env python3
"""The server's share of a loopback preview push (docs/performance.md, "Preview pushes"): the
release `bracket lsp`, `bracket/openPreview`, and a raw SSE reader in place of the page, on a
complete binary tree of N nodes (one node per line). For each binary given, prints the server's
RSS, openPreview's time, then for each kind of keystroke in the middle of the document
didChange sent -> the preview event's last byte (p50 / max), the event's bytes, and whether it
was a delta:

  label     a character typed into a label (alternately replaced)
  id        a character typed into an ID, then deleted (both counted)
  insert    a leaf inserted in the middle (each one removed again before the next, not counted)
  delete    a parent of two leaves deleted (4 lines; put back before the next, not counted)
  score     (ATTRIBUTES=scores) a digit typed after a leaf's score, then deleted (both counted)
  pscore    (ATTRIBUTES=scores) the same in the score of that leaf's parent (a match's entrant)

    python3 benchmarks/preview_loopback.py N [EDITS] [BINARY ...]
    (a BINARY may be NAME=PATH to name it in the table; default .build/release/bracket)
    PERF=1 ... records a perf profile of the edits of the last binary in
    /tmp/preview-loopback.perf.data (PERF_FREQ samples a second, default 499) and prints the
    CPU of each stage of the push from it (STAGES); KINDS=label,insert picks kinds. ATTRIBUTES=edge puts an
    edge label on every connector (a decision tree), ATTRIBUTES=scores a score on every card but
    the root and no label on the parents (a knockout: each match's winner shown above it), as
    page_big.attributed_tree writes them; the keystrokes are the same. RECORD=PATH writes every
    preview event each binary's server sent, in order, to PATH.NAME (to diff two binaries' pushes
    byte for byte), and FAULTS=1 prints the server's minor page faults over each kind's first
    edit (from /proc/PID/stat). Each edit is sent PAUSE
    seconds (default 0.05) after the previous event arrived, so the server's 16 ms coalescing of
    renders never holds an edit back and the time is the push's own.
"""
import os, re, socket, subprocess, sys, threading, time
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Tests", "schema"))
sys.path.insert(0, HERE)
from lsp_client import LSPClient
from page_big import attributed_tree, complete_tree

URI = "file:///bench/page-big.bracket"
n = int(sys.argv[1]) if len(sys.argv) > 1 else 131071
edits = int(sys.argv[2]) if len(sys.argv) > 2 else 10
binaries = sys.argv[3:] or [os.path.join(os.path.dirname(HERE), ".build", "release", "bracket")]
kinds = os.environ.get("KINDS", "label,id,insert,delete").split(",")
pause = float(os.environ.get("PAUSE", "0.05"))
attributes = os.environ.get("ATTRIBUTES", "")
lines = attributed_tree(complete_tree(n), attributes)
text = "\n".join(lines) + "\n"


class Events:
    """The SSE stream of one page: the arrival time, size and kind of each version's event."""

    def __init__(self, url, record=None):
        self.seen = {}
        self.record = record
        self.cond = threading.Condition()
        threading.Thread(target=self.read, args=(url,), daemon=True).start()

    def read(self, url):
        m = re.match(r"http://([\d.]+):(\d+)(/.*)", url)
        s = socket.create_connection((m.group(1), int(m.group(2))))
        s.sendall(f"GET {m.group(3)}events HTTP/1.1\r\nHost: {m.group(1)}:{m.group(2)}\r\n\r\n".encode())
        buf = b""
        while b"\r\n\r\n" not in buf:
            buf += s.recv(65536)
        buf = buf.split(b"\r\n\r\n", 1)[1]
        while True:
            chunk = s.recv(1 << 20)
            if not chunk:
                return
            t = time.time() * 1000
            buf += chunk
            if b"\n\n" not in chunk and not buf.endswith(b"\n"):
                continue
            while b"\n\n" in buf:
                ev, buf = buf.split(b"\n\n", 1)
                vm = re.search(rb'"version":(\d+)', ev[:500])
                if vm and b"event: preview" in ev[:80]:
                    if self.record:
                        self.record.write(ev + b"\n\n")
                    with self.cond:
                        self.seen[int(vm.group(1))] = (t, len(ev), b'"base"' in ev[:500],
                                                       b'"runs"' in ev or b'"renamed"' in ev)
                        self.cond.notify_all()

    def wait(self, version):
        with self.cond:
            while version not in self.seen:
                self.cond.wait(600)
            return self.seen[version]


def middle_leaf():
    return next(i for i in range(len(lines) // 2, len(lines)) if "{" not in lines[i] and "}" not in lines[i])


def middle_pair():
    """A parent of two leaves near the middle: its line index (4 lines with its `}`)."""
    return next(i for i in range(len(lines) // 2, len(lines) - 3)
                if lines[i].endswith("{") and "{" not in lines[i + 1] and "{" not in lines[i + 2]
                and lines[i + 3].strip() == "}")


def change(line, character, end_line, end_character, new_text):
    return {"range": {"start": {"line": line, "character": character},
                      "end": {"line": end_line, "character": end_character}}, "text": new_text}


# The push's stages as the profile names them (a substring of the mangled symbol), for
# print_stages: each one's samples include what it calls.
STAGES = [
    ("the push (flushPreviews)", "C13flushPreviewsyyF"),
    ("  diagram patched (label, ID)", "DocumentV7diagram8updating5after8defaults"),
    ("  diagram spliced (structural)", "DocumentV7diagram8splicing2at8defaults"),
    ("  text relayout (label, ID)", "relayout_4from8previous10maxChanged"),
    ("  structural relayout", "4from6splice"),
    ("  the diff and its payload", "publishToBrowser"),
    ("  the text's gap closed", "TextBufferV14makeContiguous"),
    ("the replaced snapshot freed (worker)", "0B8SnapshotVwxx"),
]


def print_stages(pushes):
    """The CPU of each stage over the profiled pushes, from the perf samples: a stage breakdown
    in one run (samples are PERF_FREQ a second of the server's CPU)."""
    data = "/tmp/preview-loopback.perf.data"
    tids = subprocess.run(["perf", "script", "-i", data, "-F", "tid"], capture_output=True, text=True).stdout
    total = len(tids.splitlines())
    report = subprocess.run(["perf", "report", "-i", data, "--children", "--sort", "symbol", "--stdio", "-g", "none"],
                            capture_output=True, text=True).stdout
    per_sample = 1000 / float(os.environ.get("PERF_FREQ", "499"))
    print(f"  perf: {total} samples of ~{per_sample:.2f} ms over {pushes} pushes (undos included)")
    for label, symbol in STAGES:
        line = next((l for l in report.splitlines() if symbol in l and "%" in l), None)
        samples = round(float(line.split("%")[0]) * total / 100) if line else 0
        print(f"  {label:40} {samples:6} samples, ~{samples * per_sample / max(pushes, 1):.2f} ms a push")


def session(name, binary):
    with LSPClient([binary, "lsp"]) as c:
        c.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        c.notify("initialized", {})
        c.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "bracket", "version": 1, "text": text}})
        t0 = time.time() * 1000
        url = c.request("bracket/openPreview", {"textDocument": {"uri": URI}}, timeout=600)["url"]
        t1 = time.time() * 1000
        record = open(os.environ["RECORD"] + "." + os.path.basename(name), "wb") if os.environ.get("RECORD") else None
        events = Events(url, record)
        first = events.wait(1)

        def mem():
            st = open(f"/proc/{c.process.pid}/status").read()
            get = lambda k: int(re.search(k + r":\s+(\d+)", st).group(1)) // 1024
            return f"RSS {get('VmRSS')} MB, peak {get('VmHWM')} MB"
        print(f"{name}: {mem()}; openPreview {round(t1 - t0)} ms, first event at {round(first[0] - t0)} ms, {first[1]} bytes",
              flush=True)
        perf = None
        if os.environ.get("PERF") and binary == binaries[-1].split("=", 1)[-1]:
            perf = subprocess.Popen(["perf", "record", "-F", os.environ.get("PERF_FREQ", "499"), "-g", "-o", "/tmp/preview-loopback.perf.data",
                                     "-p", str(c.process.pid)], stderr=subprocess.DEVNULL)
            time.sleep(2)
        version = [1]

        def faults():
            return int(open(f"/proc/{c.process.pid}/stat").read().rsplit(")", 1)[1].split()[7])

        def send(edit, measured):
            time.sleep(pause)
            version[0] += 1
            before = faults() if os.environ.get("FAULTS") and measured == [] else None
            sent = time.time() * 1000
            c.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": version[0]},
                                                "contentChanges": [edit]})
            arrived, size, delta, runs = events.wait(version[0])
            if before is not None:
                print(f"  (first {kinds_sent[-1]}: {faults() - before} minor faults)", flush=True)
            if measured is not None:
                measured.append((arrived - sent, size, delta, runs))

        leaf = middle_leaf()
        label_at = lines[leaf].index('"') + 1
        indent_width = len(lines[leaf]) - len(lines[leaf].lstrip())
        id_end = indent_width + lines[leaf].lstrip().index(" ")
        pair = middle_pair()
        pair_text = "\n".join(lines[pair:pair + 4]) + "\n"
        def score_end(line):
            """Where a digit typed extends the score on `line` (just before its `]`)."""
            return lines[line].index("]", lines[line].index("[score="))

        parent = next(i for i in range(leaf, -1, -1) if lines[i].endswith("{")
                      and len(lines[i]) - len(lines[i].lstrip()) < indent_width)
        rows = []
        kinds_sent = []
        for kind in kinds:
            kinds_sent.append(kind)
            measured = []
            for k in range(edits):
                if kind == "label":
                    send(change(leaf, label_at, leaf, label_at + 1, "NM"[k % 2]), measured)
                elif kind == "id":
                    send(change(leaf, id_end, leaf, id_end, "x"), measured)
                    send(change(leaf, id_end, leaf, id_end + 1, ""), measured)
                elif kind == "insert":
                    indent = lines[leaf][:indent_width]
                    send(change(leaf + 1, 0, leaf + 1, 0, f"{indent}ins{k}\n"), measured)
                    send(change(leaf + 1, 0, leaf + 2, 0, ""), None)
                elif kind in ("score", "pscore"):
                    line = leaf if kind == "score" else parent
                    at = score_end(line)
                    send(change(line, at, line, at, "9"), measured)
                    send(change(line, at, line, at + 1, ""), measured)
                elif kind == "delete":
                    send(change(pair, 0, pair + 4, 0, ""), measured)
                    send(change(pair, 0, pair, 0, pair_text), None)
            times = sorted(m[0] for m in measured)
            last = measured[-1]
            kind_name = "delta with runs/renames" if last[3] else "delta" if last[2] else "full"
            rows.append((kind, times[len(times) // 2], times[-1], last[1], kind_name))
            # The first of a kind apart: it pays whatever the server readies on first use.
            print(f"  {kind:7} p50 {times[len(times) // 2]:8.1f} ms  max {times[-1]:8.1f} ms  first {measured[0][0]:8.1f} ms"
                  f"  {last[1]:>10,} bytes  {kind_name}", flush=True)
        if perf:
            perf.send_signal(2)
            perf.wait()
            print_stages(version[0] - 1)
        print(f"  {mem()}")
        if record:
            time.sleep(0.2)
            events.record = None
            record.close()
        c.request("shutdown", None)
        c.notify("exit", None)
        return rows


results = {}
for entry in binaries:
    name, _, path = entry.rpartition("=")
    results[name or path] = session(name or path, path)
print(f"\nload average {os.getloadavg()[0]:.1f}; {n:,} nodes{', ' + attributes if attributes else ''}, {edits} edits of each kind")
names = list(results)
print("| edit | " + " | ".join(f"{name}: p50 / max (ms), bytes" for name in names) + " |")
print("|---|" + "---:|" * len(names))
for index, kind in enumerate(kinds):
    cells = [f"{results[name][index][1]:.1f} / {results[name][index][2]:.1f}, {results[name][index][3]:,} ({results[name][index][4]})"
             for name in names]
    print(f"| {kind} | " + " | ".join(cells) + " |")
