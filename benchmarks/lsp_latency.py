#!/usr/bin/env python3
"""End-to-end edit latency through `bracket lsp` over pipes: a single-character didChange sent
→ its publishDiagnostics received, against re-opening the same text (didClose + didOpen with the
whole file) → publishDiagnostics received. Messages are encoded before the clock starts, so the
figures are the server's work plus the pipe, not Python's JSON encoding.

    python3 benchmarks/lsp_latency.py [--nodes 131071] [--edits 200] [--reopens 20]
        [--bin .build/release/bracket] [--bench .build/release/bracket-bench]

Prints one JSON object per place (start, middle, end) with p50/p99 of both and their ratio.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

from lsp_frames import frame, read_frames


class Server:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.lock = threading.Condition()
        self.published = {}  # version -> arrival time
        threading.Thread(target=read_frames, args=(self.process.stdout, self._received), daemon=True).start()

    def _received(self, body, first, last):
        message = json.loads(body)
        if message.get("method") == "textDocument/publishDiagnostics":
            with self.lock:
                self.published[message["params"].get("version")] = last
                self.lock.notify_all()

    def send(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def wait_for(self, version, timeout=120):
        deadline = time.perf_counter() + timeout
        with self.lock:
            while version not in self.published:
                if not self.lock.wait(deadline - time.perf_counter()):
                    raise TimeoutError(f"no diagnostics for version {version}")
            return self.published.pop(version)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=131071)
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--reopens", type=int, default=20)
    parser.add_argument("--bin", default=".build/release/bracket")
    parser.add_argument("--bench", default=".build/release/bracket-bench")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "tree.bracket")
        subprocess.run([args.bench, "--emit", str(args.nodes), path, "binary"], check=True)
        with open(path, encoding="utf-8") as file:
            text = file.read()
    lines = text.split("\n")
    uri = "file:///bench/tree.bracket"
    server = Server(args.bin)
    server.send(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"processId": None, "rootUri": None, "capabilities": {}}}))
    server.send(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    version = 1
    server.send(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "bracket", "version": version, "text": text}}}))
    server.wait_for(version)

    def reopen_messages(v):
        return (frame({"jsonrpc": "2.0", "method": "textDocument/didClose",
                       "params": {"textDocument": {"uri": uri}}})
                + frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                    "uri": uri, "languageId": "bracket", "version": v, "text": text}}}))

    reopen_times = []
    for _ in range(args.reopens):
        version += 1
        data = reopen_messages(version)
        started = time.perf_counter()
        server.send(data)
        reopen_times.append(server.wait_for(version) - started)

    def id_line(index, step):
        # The nearest line, from `index` in direction `step`, that starts with a node's ID.
        while not lines[index].strip() or lines[index].strip().startswith("}"):
            index += step
        return index

    places = {"start": id_line(0, 1), "middle": id_line(len(lines) // 2, 1), "end": id_line(len(lines) - 1, -1)}
    for place, line in places.items():
        column = len(lines[line]) - len(lines[line].lstrip())
        times = []
        for edit in range(args.edits):
            version += 1
            if edit % 2 == 0:
                change = {"range": {"start": {"line": line, "character": column + 1},
                                    "end": {"line": line, "character": column + 1}}, "text": "x"}
            else:
                change = {"range": {"start": {"line": line, "character": column + 1},
                                    "end": {"line": line, "character": column + 2}}, "text": ""}
            data = frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
            started = time.perf_counter()
            server.send(data)
            times.append(server.wait_for(version) - started)
        edit50, edit99 = percentile(times, 0.5), percentile(times, 0.99)
        open50, open99 = percentile(reopen_times, 0.5), percentile(reopen_times, 0.99)
        print(json.dumps({"bench": "lsp-edit", "nodes": args.nodes, "bytes": len(text.encode()),
                          "place": place, "edit_p50_ms": round(edit50 * 1e3, 3),
                          "edit_p99_ms": round(edit99 * 1e3, 3), "reopen_p50_ms": round(open50 * 1e3, 3),
                          "reopen_p99_ms": round(open99 * 1e3, 3), "ratio_p50": round(open50 / edit50, 1),
                          "ratio_p99": round(open99 / edit99, 1)}))
    server.send(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    server.process.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
