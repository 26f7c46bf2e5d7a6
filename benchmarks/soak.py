#!/usr/bin/env python3
"""Soak test for `bracket lsp`: many edits and preview requests over open documents, then
didClose, watching the server's resident memory (Linux /proc).

    python3 benchmarks/soak.py [--edits 100000] [--previews 10000] [--bin .build/release/bracket]

Prints the resident set size after start-up, at its peak, and after every document is closed,
and exits non-zero if memory after closing exceeds the baseline by more than --tolerance MiB.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "schema"))
from lsp_client import LSPClient  # noqa: E402


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def binary_tree(depth):
    """A complete binary tree, one node per line, with IDs n1, n2, ... in pre-order."""
    lines, counter, stack = [], 0, [(0, False)]
    while stack:
        level, closing = stack.pop()
        indent = "  " * level
        if closing:
            lines.append(indent + "}")
            continue
        counter += 1
        if level == depth:
            lines.append(f"{indent}n{counter}")
        else:
            lines.append(f"{indent}n{counter} \"Match {counter}\" {{")
            stack.append((level, True))
            stack.append((level + 1, False))
            stack.append((level + 1, False))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=100_000)
    parser.add_argument("--previews", type=int, default=10_000)
    parser.add_argument("--documents", type=int, default=4)
    parser.add_argument("--depth", type=int, default=10, help="binary tree depth per document")
    parser.add_argument("--tolerance", type=float, default=4.0, help="MiB allowed above baseline")
    parser.add_argument("--bin", default=os.environ.get("BRACKET_BIN", ".build/release/bracket"))
    args = parser.parse_args()

    with LSPClient([args.bin, "lsp"]) as client:
        pid = client.process.pid
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        # Warm up every code path once so the baseline includes the runtime's one-time costs.
        warm = "file:///soak/warm.bracket"
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": warm, "languageId": "bracket", "version": 1, "text": binary_tree(args.depth)}})
        client.request("bracket/preview", {"textDocument": {"uri": warm}})
        client.notify("textDocument/didClose", {"textDocument": {"uri": warm}})
        time.sleep(0.5)
        client.notifications.clear()
        baseline = rss_mib(pid)

        text = binary_tree(args.depth)
        uris = [f"file:///soak/doc{i}.bracket" for i in range(args.documents)]
        for uri in uris:
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "bracket", "version": 1, "text": text}})
        versions = {uri: 1 for uri in uris}
        lines = text.split("\n")
        peak = baseline
        previews_per_edit = args.edits // max(1, args.previews)
        previews = 0
        started = time.monotonic()
        for edit in range(args.edits):
            uri = uris[edit % len(uris)]
            line = (edit * 7919) % (len(lines) - 1)
            column = len(lines[line]) - len(lines[line].lstrip())
            versions[uri] += 1
            # Insert a character into an ID, then take it out again on the next visit.
            if (edit // len(uris)) % 2 == 0:
                change = {"range": {"start": {"line": line, "character": column},
                                    "end": {"line": line, "character": column}}, "text": "x"}
            else:
                change = {"range": {"start": {"line": line, "character": column},
                                    "end": {"line": line, "character": column + 1}}, "text": ""}
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": versions[uri]}, "contentChanges": [change]})
            if previews < args.previews and edit % max(1, previews_per_edit) == 0:
                client.request("bracket/preview", {"textDocument": {"uri": uri}}, timeout=60)
                previews += 1
                client.notifications.clear()
            if edit % 5000 == 0:
                peak = max(peak, rss_mib(pid))
        peak = max(peak, rss_mib(pid))
        for uri in uris:
            client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        # A request answered after the closes proves they were processed.
        try:
            client.request("bracket/preview", {"textDocument": {"uri": uris[0]}})
        except Exception:
            pass
        time.sleep(0.5)
        after = rss_mib(pid)
        elapsed = time.monotonic() - started
        client.request("shutdown", None)
        client.notify("exit", None)

    print(f"edits {args.edits}, previews {previews}, documents {len(uris)} x {len(lines) - 1} lines, {elapsed:.1f} s")
    print(f"rss baseline {baseline:.1f} MiB, peak {peak:.1f} MiB, after close {after:.1f} MiB")
    ok = after <= baseline + args.tolerance
    print("soak: 1 passed, 0 failed" if ok else "soak: 0 passed, 1 failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
