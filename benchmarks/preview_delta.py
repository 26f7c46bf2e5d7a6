#!/usr/bin/env python3
"""Preview push after an edit of a large diagram, full payload vs delta (docs/performance.md,
"Preview pushes: full, delta and runs"). One `bracket lsp` per mode: `full` (preview.push) and `delta`
(preview.push + preview.delta). For each edit kind the edit is sent and the push for its
version timed: `edit_ms` until its publishDiagnostics (applying the edit, which comes
first and is the same in both modes), `server_ms` until the first byte of the notification arrives (the server's
work: reparse, diagnostics, layout, diff or render), `total_ms` until its last byte (plus the
pipe), and its size. Edits are encoded before the clock starts; the best of `--runs` counts.

    python3 benchmarks/preview_delta.py [--file /tmp/r.bracket] [--runs 3] [--bin .build/release/bracket]
        [--modes full,delta]

Make the file with `.build/release/bracket-bench --emit 100000 /tmp/r.bracket random`.
"""
import argparse
import json
import re
import subprocess
import threading
import time

from lsp_frames import frame, read_frames

URI = "file:///bench/preview-delta.bracket"
VERSION = re.compile(rb'"version":(\d+)')


class Server:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.lock = threading.Condition()
        self.pushes = {}  # version -> (first byte time, last byte time, size, kind)
        self.diagnostics = {}  # version -> arrival time of publishDiagnostics
        threading.Thread(target=read_frames, args=(self.process.stdout, self._received), daemon=True).start()

    def _received(self, body, first, last):
        head = body[:400]
        if b'"textDocument/publishDiagnostics"' in head and VERSION.search(head):
            with self.lock:
                self.diagnostics[int(VERSION.search(head).group(1))] = last
        if b'"bracket/didChangePreview"' in head:
            version = int(VERSION.search(head).group(1))
            kind = "delta" if b'"base":' in head else "full"
            with self.lock:
                self.pushes[version] = (first, last, len(body), kind)
                self.lock.notify_all()

    def send(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def wait_push(self, version, timeout=300):
        deadline = time.perf_counter() + timeout
        with self.lock:
            while version not in self.pushes:
                if not self.lock.wait(deadline - time.perf_counter()):
                    raise TimeoutError(f"no push for version {version}")
            return self.pushes[version]

    def close(self):
        self.send(frame({"jsonrpc": "2.0", "id": 99, "method": "shutdown"}))
        self.send(frame({"jsonrpc": "2.0", "method": "exit"}))
        self.process.wait(timeout=60)


def change(version, line, character, text):
    at = {"line": line, "character": character}
    return frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": version},
        "contentChanges": [{"range": {"start": at, "end": at}, "text": text}]}})


def leaf_lines(lines):
    """Indices of lines that are leaves (an ID alone on its line)."""
    return [i for i, line in enumerate(lines) if line.strip() and line.strip() not in ("}",) and not line.rstrip().endswith("{")]


def run_mode(binary, text, delta, runs):
    lines = text.split("\n")
    leaves = leaf_lines(lines)
    middle, last = leaves[len(leaves) // 2], leaves[-1]
    server = Server(binary)
    server.send(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": None, "rootUri": None, "capabilities": {},
        "initializationOptions": {"preview": {"push": True, "delta": delta}}}}))
    server.send(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    server.send(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": URI, "languageId": "bracket", "version": 1, "text": text}}}))
    server.wait_push(1)
    version = 1
    # Setup (not timed): a label on the middle leaf, edited one character at a time below.
    label_at = len(lines[middle])
    version += 1
    server.send(change(version, middle, label_at, ' "Label"'))
    server.wait_push(version)
    results = {}

    def timed(name, data):
        nonlocal version
        start = time.perf_counter()
        server.send(data)
        first, last_byte, size, kind = server.wait_push(version)
        best = results.get(name)
        sample = {"edit_ms": (server.diagnostics.get(version, first) - start) * 1000,
                  "server_ms": (first - start) * 1000, "total_ms": (last_byte - start) * 1000, "bytes": size, "kind": kind}
        if best is None or sample["total_ms"] < best["total_ms"]:
            results[name] = sample

    for run in range(runs):
        version += 1
        timed("label edit (1 char)", change(version, middle, label_at + 2, "x"))
        # Inserted after the last leaf, at its indentation: lines above keep their numbers.
        indent = lines[last][:len(lines[last]) - len(lines[last].lstrip())]
        version += 1
        timed("insert leaf near the end", change(version, last + 1 + run, 0, f"{indent}end{run}\n"))
        indent = lines[middle][:len(lines[middle]) - len(lines[middle].lstrip())]
        version += 1
        timed("insert leaf in the middle", change(version, middle + 1, 0, f"{indent}mid{run}\n"))
        # The middle insertion pushed the later lines down; `last` moves with them.
        last += 1
    server.close()
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", default="/tmp/r.bracket")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--bin", default=".build/release/bracket")
    parser.add_argument("--modes", default="full,delta", help="which sessions to run")
    args = parser.parse_args()
    text = open(args.file, encoding="utf-8").read()
    for mode, delta in (("full", False), ("delta", True)):
        if mode not in args.modes.split(","):
            continue
        for edit, sample in run_mode(args.bin, text, delta, args.runs).items():
            print(json.dumps({"mode": mode, "edit": edit, **{k: round(v, 1) if isinstance(v, float) else v
                                                              for k, v in sample.items()}}))


if __name__ == "__main__":
    main()
