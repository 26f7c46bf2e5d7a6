#!/usr/bin/env python3
"""Whole-file `textDocument/codeAction` through `bracket lsp` on documents full of duplicate IDs,
at doubling sizes: the request used to rebuild the diagram per duplicate (20,000 duplicates took
131 s). Linear work shows as a ratio near 2 between one size and the next.

    python3 benchmarks/lsp_code_actions.py [--sizes 2500,5000,10000,20000] [--repeats 3]
        [--bin .build/release/bracket]

Shapes: `lines` (one duplicate per line), `one-line` (all on one line, so every position is on
the same long line), `taken` (`a`, `a_2` … `a_N` and then N more `a`: every `_N` the fix could
propose is taken), `numbers` (N copies of `1` among 1 … N). Prints one JSON object per shape and
size: the best of the repeats, in milliseconds, the number of actions, and the ratio to the
previous size. A hover is sent right after each request and its answer timed too.
"""
import argparse
import json
import sys
import threading
import time

from lsp_frames import frame, read_frames


def document(shape, count):
    if shape == "lines":
        return "r {\n" + "".join("  a\n" for _ in range(count + 1)) + "}\n"
    if shape == "one-line":
        return "r { " + "a " * (count + 1) + "}\n"
    if shape == "taken":
        names = ["a"] + [f"a_{i}" for i in range(2, count + 1)] + ["a"] * count
        return "r {\n" + "".join(f"  {name}\n" for name in names) + "}\n"
    if shape == "numbers":
        names = [str(i) for i in range(1, count + 1)] + ["1"] * count
        return "0 {\n" + "".join(f"  {name}\n" for name in names) + "}\n"
    raise ValueError(shape)


class Server:
    def __init__(self, binary):
        import subprocess
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.lock = threading.Condition()
        self.answers = {}
        threading.Thread(target=read_frames, args=(self.process.stdout, self._received), daemon=True).start()

    def _received(self, body, first, last):
        # Responses start {"jsonrpc":"2.0","id":N,"result"…: read the id without parsing a
        # multi-megabyte body here, which would hold up the answers queued behind it.
        prefix = b'{"jsonrpc":"2.0","id":'
        if not body.startswith(prefix):
            return
        request_id = int(body[len(prefix):body.index(b",", len(prefix))])
        with self.lock:
            self.answers[request_id] = (body, last)
            self.lock.notify_all()

    def send(self, message):
        self.process.stdin.write(frame(message))
        self.process.stdin.flush()

    def answer(self, request_id, timeout=600):
        deadline = time.perf_counter() + timeout
        with self.lock:
            while request_id not in self.answers:
                if not self.lock.wait(deadline - time.perf_counter()):
                    raise TimeoutError(f"no answer to {request_id}")
            return self.answers.pop(request_id)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="2500,5000,10000,20000")
    parser.add_argument("--shapes", default="lines,one-line,taken,numbers")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--bin", default=".build/release/bracket")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    server = Server(args.bin)
    capabilities = {"textDocument": {"codeAction": {"codeActionLiteralSupport": {
        "codeActionKind": {"valueSet": ["quickfix"]}}}}}
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"processId": None, "rootUri": None, "capabilities": capabilities}})
    server.answer(1)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    next_id = 10
    for shape in args.shapes.split(","):
        previous = None
        for count in sizes:
            text = document(shape, count)
            uri = f"file:///bench/{shape}-{count}.bracket"
            server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri, "languageId": "bracket", "version": 1, "text": text}}})
            lines = text.count("\n")
            whole = {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}}
            best, best_hover, actions = None, None, 0
            for _ in range(args.repeats):
                next_id += 2
                started = time.perf_counter()
                server.send({"jsonrpc": "2.0", "id": next_id, "method": "textDocument/codeAction", "params": {
                    "textDocument": {"uri": uri}, "range": whole, "context": {"diagnostics": []}}})
                server.send({"jsonrpc": "2.0", "id": next_id + 1, "method": "textDocument/hover", "params": {
                    "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}})
                message, answered = server.answer(next_id)
                _, hovered = server.answer(next_id + 1)
                actions = len(json.loads(message).get("result") or [])
                elapsed, hover_wait = answered - started, hovered - started
                best = elapsed if best is None else min(best, elapsed)
                best_hover = hover_wait if best_hover is None else min(best_hover, hover_wait)
            server.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}})
            print(json.dumps({"bench": "lsp-code-actions", "shape": shape, "duplicates": count,
                              "bytes": len(text.encode()), "actions": actions,
                              "code_action_ms": round(best * 1e3, 1), "hover_answered_ms": round(best_hover * 1e3, 1),
                              "ratio_to_previous": round(best / previous, 2) if previous else None}), flush=True)
            previous = best
    server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    server.answer(2)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.process.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
