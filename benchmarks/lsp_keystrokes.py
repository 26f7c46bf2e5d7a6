#!/usr/bin/env python3
"""Every kind of keystroke through `bracket lsp` over pipes (issue 18): didChange sent → its
publishDiagnostics received, p50 / p99 per edit kind, each against re-opening the same file
(didClose + didOpen of the whole text → publishDiagnostics) measured in the same run.

Files: the `binary N` benchmark tree one node per line, the same tree written entirely on one
line, and the `chain 10,000` file (an edit at its deepest node, 10,000 levels down); with
`--files scored` (not in the default set) the tree as a knockout with a score on every card. No preview
is subscribed. With `--files dups`, the tree whose last 40,000 nodes are 20,000 duplicated pairs
with empty labels (60,000 diagnostics in every publish). Messages are encoded before the clock
starts.

    python3 benchmarks/lsp_keystrokes.py [--nodes 131071] [--edits 100] [--reopens 50]
        [--bin .build/release/bracket] [--bench .build/release/bracket-bench] [--only KIND,...]

Prints one JSON object per row; `benchmarks/lsp_keystrokes.py --table` reads those objects on
stdin and prints them as a Markdown table.
"""
import argparse
import json
import os
import re
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
        self.published = {}  # (uri, version) -> (arrival time, diagnostic count)
        threading.Thread(target=read_frames, args=(self.process.stdout, self._received), daemon=True).start()

    def _received(self, body, first, last):
        if b"publishDiagnostics" not in body[:200]:
            return
        message = json.loads(body)
        if message.get("method") == "textDocument/publishDiagnostics":
            params = message["params"]
            with self.lock:
                self.published[(params["uri"], params.get("version"))] = (last, len(params["diagnostics"]))
                self.lock.notify_all()

    def send(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def wait_for(self, uri, version, timeout=300):
        deadline = time.perf_counter() + timeout
        with self.lock:
            while (uri, version) not in self.published:
                if not self.lock.wait(deadline - time.perf_counter()):
                    raise TimeoutError(f"no diagnostics for {uri} version {version}")
            return self.published.pop((uri, version))

    def stop(self):
        self.send(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
        self.send(frame({"jsonrpc": "2.0", "method": "exit"}))
        self.process.wait(timeout=60)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


class Text:
    """The document as the benchmark edits it, so every edit's LSP positions are exact."""

    def __init__(self, text):
        self.text = text

    def position(self, offset):
        line = self.text.count("\n", 0, offset)
        start = self.text.rfind("\n", 0, offset) + 1
        return {"line": line, "character": offset - start}  # ASCII: UTF-16 units are bytes

    def change(self, start, end, new):
        """An LSP content change replacing [start, end) with `new`, applied to the text."""
        change = {"range": {"start": self.position(start), "end": self.position(end)}, "text": new}
        self.text = self.text[:start] + new + self.text[end:]
        return change


def labelled(text):
    """Every node gets the label `"Node <ID>"`."""
    return re.sub(r"^( *)(n[0-9]+)", r'\1\2 "Node \2"', text, flags=re.M)


def scored(text):
    """A knockout on the labelled tree: every node but the root `[score=…]` (of two siblings the
    odd-numbered one scores higher and wins), every parent without a label (it shows its
    winner's), as `page_big.attributed_tree` writes `scores`. The keystrokes meet leaves."""
    def node(match):
        pad, number, rest = match.group(1), int(match.group(2)), match.group(3)
        score = "" if not pad else f" [score={1 + number % 2}]"  # the root (unindented) has none
        if rest.endswith("{"):
            return f"{pad}n{number}{score} {{"
        return f"{pad}n{number}{rest}{score}"
    return re.sub(r'^( *)n([0-9]+)( "Node n[0-9]+"(?: \{)?)$', node, text, flags=re.M)


def duplicates(text, pairs=20000):
    """The labelled tree whose last `2 * pairs` nodes in the text share IDs `d0`, `d1`, … in pairs
    and have empty labels (`bracket-bench --stage duplicates`' file): 20,000 `duplicate-id`
    errors and 40,000 `empty-label` warnings by default, every one after the middle node, so
    that each publish carries 60,000 diagnostics the keystroke did not change."""
    lines = text.split("\n")
    nodes = [index for index, line in enumerate(lines) if re.match(r' *n[0-9]+ "Node n[0-9]+"', line)]
    for k, index in enumerate(nodes[max(0, len(nodes) - 2 * pairs):]):
        lines[index] = re.sub(r'^( *)n[0-9]+ "Node n[0-9]+"', lambda m: f'{m.group(1)}d{k // 2} ""', lines[index])
    return "\n".join(lines)


def one_line(text):
    """The same tree written on one line: every line break and indentation becomes one space."""
    return " ".join(line.strip() for line in text.split("\n") if line.strip()) + "\n"


def subtree_end(text, start):
    """The offset just after the node starting at `start` (ID, label, and its `{ … }` if any)."""
    index = start
    depth = 0
    in_string = False
    while index < len(text):
        char = text[index]
        if in_string:
            if char == "\\":
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index + 1
        elif char == "\n" and depth == 0:
            return index
        index += 1
    return index


NODE = re.compile(r'(?<=[\s{])n[0-9]+(?= ")|^n[0-9]+(?= ")')


def node_at(text, near):
    """Offset of the first node ID at or after offset `near` (every node has a label)."""
    return NODE.search(text, near).start()


def last_node(text):
    """Offset of the last node ID: in the chain, the deepest node."""
    last = None
    for last in NODE.finditer(text):
        pass
    return last.start()


def id_at(text, offset):
    end = offset
    while text[end] not in ' \n"{':
        end += 1
    return text[offset:end]


def edit_kinds(doc, shape):
    """(name, undo name or None, edit, undo) for each kind: `edit` and `undo` make the content
    changes of one didChange each from the current text, so the document returns to where it
    started after each pair. With an undo name, the two steps are separate rows."""
    text = doc.text
    # The chain's deepest node is its last; in the tree, the node nearest the middle byte.
    middle = last_node(text) if shape == "chain" else node_at(text, len(text) // 2)
    kinds = []

    def typed(offset):
        return (lambda: [doc.change(offset + 1, offset + 1, "x")], lambda: [doc.change(offset + 1, offset + 2, "")])

    label = text.index('"', middle) + 1
    kinds.append(("label: one character typed", None, *typed(label)))
    kinds.append(("ID: one character typed", None, *typed(middle)))
    if shape in ("chain", "dups"):
        # The duplicates file keeps its keystrokes in front of its 60,000 diagnostics.
        return kinds
    if shape == "scored":
        # The middle node's score: a digit typed after it (`score=1` to `score=17`, which changes
        # who wins its match and so the labels up its chain), and a `winner` flag written into its
        # list (a contradiction when its sibling scored higher); each undone.
        close = text.index("]", text.index("[score=", middle))
        kinds.append(("score: one digit typed", None,
                      lambda: [doc.change(close, close, "7")], lambda: [doc.change(close, close + 1, "")]))
        kinds.append(("winner flag written (and taken out)", None,
                      lambda: [doc.change(close, close, ", winner")], lambda: [doc.change(close, close + 8, "")]))
    far = node_at(text, len(text) - len(text) // 50)
    middle_id, far_id = id_at(text, middle), id_at(text, far)
    kinds.append(("ID made a duplicate of one far away", "… and undone",
                  lambda: [doc.change(middle, middle + len(middle_id), far_id)],
                  lambda: [doc.change(middle, middle + len(far_id), middle_id)]))
    root = node_at(text, 0)
    root_id = id_at(text, root)
    kinds.append(("root's ID renamed (and back)", None,
                  lambda: [doc.change(root, root + len(root_id), root_id + "r")],
                  lambda: [doc.change(root, root + len(root_id) + 1, root_id)]))
    # A subtree (a few hundred nodes) gets a new parent: one didChange with two changes, the later
    # one first so the earlier one's position holds, as an editor's surround or code action sends.
    wrapped = node_at(text, len(text) // 2 - len(text) // 300)
    end = subtree_end(text, wrapped)
    kinds.append(("subtree wrapped in a new { … }", "… and unwrapped",
                  lambda: [doc.change(end, end, " }"), doc.change(wrapped, wrapped, "wrap { ")],
                  lambda: [doc.change(end + 7, end + 9, ""), doc.change(wrapped, wrapped + 7, "")]))
    # 1,000 new leaves, one a line, pasted before the middle node; then undone.
    if shape in ("lines", "scored"):
        indent = text[text.rfind("\n", 0, middle) + 1:middle]
        pasted = "".join(f'p{k} "Pasted {k}"\n{indent}' for k in range(1000))
    else:
        pasted = "\n".join(f'p{k} "Pasted {k}"' for k in range(1000)) + " "
    kinds.append(("1,000 lines pasted in the middle", "… and undone",
                  lambda: [doc.change(middle, middle, pasted)],
                  lambda: [doc.change(middle, middle + len(pasted), "")]))
    return kinds


def run_file(server, uri, text, shape, args, results):
    version = 1
    server.send(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "bracket", "version": version, "text": text}}}))
    server.wait_for(uri, version)
    reopen = []
    for _ in range(args.reopens):
        version += 1
        data = (frame({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}})
                + frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                    "uri": uri, "languageId": "bracket", "version": version, "text": text}}}))
        started = time.perf_counter()
        server.send(data)
        arrived, _ = server.wait_for(uri, version)
        reopen.append(arrived - started)
        server.wait_for(uri, None)  # the close's empty set, sent before the open's
    open50, open99 = percentile(reopen, 0.5), percentile(reopen, 0.99)
    doc = Text(text)
    for name, undo_name, edit, undo in edit_kinds(doc, shape):
        if args.only and not any(word in name for word in args.only):
            continue
        times = ([], [])
        counts = (set(), set())
        for _ in range(args.edits):
            for index, step in enumerate((edit, undo)):
                version += 1
                data = frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": uri, "version": version}, "contentChanges": step()}})
                started = time.perf_counter()
                server.send(data)
                arrived, count = server.wait_for(uri, version)
                times[index].append(arrived - started)
                counts[index].add(count)
        assert doc.text == text, name
        rows = [(name, times[0], counts[0]), (undo_name, times[1], counts[1])] if undo_name else \
            [(name, times[0] + times[1], counts[0] | counts[1])]
        for row_name, values, diagnostics in rows:
            p50, p99 = percentile(values, 0.5), percentile(values, 0.99)
            row = {"bench": "lsp-keystroke", "file": shape, "bytes": len(text.encode()), "edit": row_name,
                   "runs": len(values), "edit_p50_ms": round(p50 * 1e3, 3), "edit_p99_ms": round(p99 * 1e3, 3),
                   "reopen_p50_ms": round(open50 * 1e3, 3), "reopen_p99_ms": round(open99 * 1e3, 3),
                   "ratio_p50": round(open50 / p50, 1), "ratio_p99": round(open99 / p99, 1),
                   "diagnostics": sorted(diagnostics), "load": round(os.getloadavg()[0], 2)}
            results.append(row)
            print(json.dumps(row), flush=True)
    server.send(frame({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}}))
    server.wait_for(uri, None)


def table(rows):
    print("| file | edit | runs | edit p50 / p99 (ms) | re-open p50 / p99 (ms) | ratio p50 / p99 | target met |")
    print("|---|---|---:|---:|---:|---:|---|")
    names = {"lines": "one node per line", "one-line": "one line", "chain": "chain 10,000 (deepest node)",
             "scored": "a knockout, one node per line (`scored`)",
             "dups": "20,000 duplicates and 40,000 empty labels after the middle (`dups`)"}
    for row in rows:
        met = "yes" if row["edit_p50_ms"] <= 1 and row["edit_p99_ms"] <= 5 else "**no**"
        print(f"| {names.get(row['file'], row['file'])} | {row['edit']} | {row['runs']} | "
              f"{row['edit_p50_ms']:g} / {row['edit_p99_ms']:g} | {row['reopen_p50_ms']:g} / {row['reopen_p99_ms']:g} | "
              f"{row['ratio_p50']:,.0f}× / {row['ratio_p99']:,.0f}× | {met} |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=131071)
    parser.add_argument("--edits", type=int, default=100, help="repetitions of each edit and its undo")
    parser.add_argument("--reopens", type=int, default=50)
    parser.add_argument("--bin", default=".build/release/bracket")
    parser.add_argument("--bench", default=".build/release/bracket-bench")
    parser.add_argument("--files", default="lines,one-line,chain")
    parser.add_argument("--only", default="", help="comma-separated words: only edit kinds naming one")
    parser.add_argument("--table", action="store_true", help="print the Markdown table of JSON rows on stdin")
    args = parser.parse_args()
    if args.table:
        table([json.loads(line) for line in sys.stdin if line.strip()])
        return 0
    args.only = [word for word in args.only.split(",") if word]

    with tempfile.TemporaryDirectory() as folder:
        tree_path, chain_path = os.path.join(folder, "tree.bracket"), os.path.join(folder, "chain.bracket")
        subprocess.run([args.bench, "--emit", str(args.nodes), tree_path, "binary"], check=True)
        subprocess.run([args.bench, "--emit", "10000", chain_path, "chain"], check=True)
        with open(tree_path, encoding="utf-8") as file:
            tree = file.read()
        with open(chain_path, encoding="utf-8") as file:
            chain = file.read()
    # The generated files have no labels; every node gets one, as real trees have.
    tree, chain = labelled(tree), labelled(chain)
    files = {"lines": tree, "one-line": one_line(tree), "chain": chain, "scored": scored(tree),
             "dups": duplicates(tree)}
    print(json.dumps({"bench": "lsp-keystroke-start", "load": os.getloadavg()}), file=sys.stderr)
    server = Server(args.bin)
    server.send(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"processId": None, "rootUri": None, "capabilities": {}}}))
    server.send(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    results = []
    for shape in args.files.split(","):
        run_file(server, f"file:///bench/{shape}.bracket", files[shape], shape, args, results)
    server.stop()
    print(json.dumps({"bench": "lsp-keystroke-end", "load": os.getloadavg()}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
