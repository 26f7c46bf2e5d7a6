"""The preview page fed a generated picture, without the language server: for trees larger
than the server previews (or than a test can afford to lay out), and for timing the page alone.

`complete_tree_columns(n)` lays out a complete binary tree of n nodes (heap numbering, in
pre-order, as benchmarks/page_big.py's `complete_tree` writes it) exactly as the server's
default layout does (root on the right, 132×44 cards, level gap 64, leaf gap 28, margin 24:
the tutorial's numbers), as a columns payload (docs/protocol.md, "Geometry-only payloads").
`PageServer` serves editors/preview's files as the loopback server does (placeholders filled
by page_assets.py's rule) and that payload as the page's event stream; it records what the page
posts back (reveal, resync).

    with PageServer(payload) as server:
        page.goto(server.url)
"""
import http.server
import json
import os
import struct
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PAGE_DIR = os.path.join(ROOT, "editors", "preview")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "schema"))
import page_assets  # noqa: E402
from preview_columns import NUMERIC  # noqa: E402  (the schema's list of numeric columns)

CARD_W, CARD_H, LEVEL_GAP, LEAF_GAP, MARGIN, FONT = 132, 44, 64, 28, 24, 13
SETTINGS = {"cardWidth": CARD_W, "cardHeight": CARD_H, "levelGap": LEVEL_GAP, "leafGap": LEAF_GAP,
            "margin": MARGIN, "root": "right", "align": "depth", "maxCardWidth": 240, "maxLines": 3,
            "fit": "auto", "titleVisible": True, "labelAlign": "center"}


def complete_tree_columns(n):
    """The geometry columns of the complete binary tree of n nodes (n ≥ 1), without recursion."""
    order, depth_of, line_of = [], {}, {}
    stack, line = [(1, 0, False)], 0  # (node, depth, its closing brace)
    while stack:
        i, depth, close = stack.pop()
        if close:
            line += 1
            continue
        order.append(i)
        depth_of[i] = depth
        line_of[i] = line
        line += 1
        kids = [c for c in (2 * i, 2 * i + 1) if c <= n]
        if kids:
            stack.append((i, depth, True))
            stack.extend((c, depth + 1, False) for c in reversed(kids))
    top = max(depth_of.values())
    position = {node: k for k, node in enumerate(order)}
    ys = [0.0] * len(order)
    leaf = 0
    for k, node in enumerate(order):
        if 2 * node > n:
            ys[k] = CARD_H / 2 + leaf * (CARD_H + LEAF_GAP)
            leaf += 1
    for k in range(len(order) - 1, -1, -1):
        node = order[k]
        if 2 * node <= n:
            first = ys[position[2 * node]]
            last = ys[position[2 * node + 1]] if 2 * node + 1 <= n else first
            ys[k] = (first + last) / 2
    xs = [CARD_W / 2 + (top - depth_of[node]) * (CARD_W + LEVEL_GAP) for node in order]
    ids = [f"n{node}" for node in order]
    labels = [f"Node {node}" for node in order]
    ranges = []
    for node in order:
        pad = 2 * depth_of[node]
        ranges += [line_of[node], pad, line_of[node], pad + len(f"n{node}")]
    children, points = [], []
    half = LEVEL_GAP / 2
    for k, node in enumerate(order):
        if node == 1:
            continue
        p = position[node // 2]
        children.append(k)
        start = xs[k] + CARD_W / 2
        points += [start, ys[k], start + half, ys[k], start + half, ys[p], xs[p] - CARD_W / 2, ys[p]]
    width = CARD_W + top * (CARD_W + LEVEL_GAP)
    height = leaf * (CARD_H + LEAF_GAP) - LEAF_GAP
    return {"width": width, "height": height, "margin": MARGIN, "fontSize": FONT, "settings": SETTINGS,
            "count": len(order), "ids": ids, "labels": labels, "x": xs, "y": ys,
            "depths": [depth_of[node] for node in order], "widths": [CARD_W] * len(order),
            "heights": [CARD_H] * len(order), "lines": [[label] for label in labels], "ranges": ranges,
            "edgeChildren": children, "edgePoints": points}


def payload(columns, picture=None, uri="file:///synthetic/big.bracket", version=1):
    """A full columns payload, numbered for delta clients (`sequence`); `picture` (svgWidth and
    svgHeight are filled in) from a real server payload when the test has one, so the page gets
    the server's own style."""
    picture = dict(picture or {"title": "Bracket diagram", "desc": "", "style": ""})
    picture["svgWidth"] = columns["width"] + 2 * columns["margin"]
    picture["svgHeight"] = columns["height"] + 2 * columns["margin"]
    return {"uri": uri, "version": version, "sequence": version, "columns": columns, "picture": picture,
            "diagnostics": {"errors": 0, "warnings": 0}}


def _number(value):
    return int(value) if float(value).is_integer() else value


def encode(message):
    """The payload as the server's event: compact JSON, whole numbers without a fraction."""
    columns = message.get("columns")
    for key in ("x", "y", "edgePoints") if columns else ():
        columns[key] = [_number(v) for v in columns[key]]
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def encode_body(message):
    """The payload as a binary body (docs/protocol.md, "The payload as a binary body"), written
    here apart from the server: every numeric column in the first of i32, f32, f64 that holds it
    exactly, the IDs and labels as UTF-8 blocks with UTF-16 ends, the head last."""
    out = bytearray()
    head = json.loads(json.dumps(message))
    columns = head.get("columns") or {}

    def align():
        out.extend(b"\0" * (-len(out) % 8))

    def kind(values):
        if all(float(v).is_integer() and -2**31 <= v < 2**31 and not (v == 0 and str(float(v)).startswith("-")) for v in values):
            return "i32", "i"
        if all(struct.unpack("<f", struct.pack("<f", v))[0] == v for v in values):
            return "f32", "f"
        return "f64", "d"

    for key in ("ids", "labels"):
        if not isinstance(columns.get(key), list):
            continue
        texts = [str(t) for t in columns[key]]
        align()
        at = len(out)
        ends, units = [], 0
        for text in texts:
            encoded = text.encode("utf-8")
            out.extend(encoded)
            units += len(text.encode("utf-16-le")) // 2
            ends.append(units)
        size = len(out) - at
        align()
        ends_at = len(out)
        out.extend(struct.pack(f"<{len(ends)}I", *ends))
        columns[key] = {"utf8": [at, size], "ends": [ends_at, len(ends)]}
    for key in NUMERIC:
        values = columns.get(key)
        if not isinstance(values, list):
            continue
        name, code = kind(values)
        align()
        at = len(out)
        out.extend(struct.pack(f"<{len(values)}{code}", *values))
        columns[key] = {name: [at, len(values)]}
    text = json.dumps(head, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    out.extend(text)
    out.extend(struct.pack("<I", len(text)) + b"BKC1")
    return bytes(out)


def announcement(message, path="payload/1", size=0):
    """The small event that names a full payload's body."""
    note = {key: message[key] for key in ("uri", "version", "sequence") if key in message}
    note.update({"payload": path, "bytes": size})
    return json.dumps(note, separators=(",", ":")).encode("utf-8")


class PageServer:
    """editors/preview's page on 127.0.0.1 with one payload on its event stream. With `binary`
    the first payload goes out as the server sends it to pages that fetch: an event naming its
    binary body (`encode_body`, or the bytes given as `body_bytes`), served at `payload/1`;
    any other payload path is 410, as a superseded one is."""

    def __init__(self, message, page_dir=PAGE_DIR, binary=False, body_bytes=None):
        self.body = encode(message)
        self.payload_body = body_bytes if body_bytes is not None else encode_body(message) if binary else None
        if self.payload_body is not None:
            self.body = announcement(message, size=len(self.payload_body))
        self.fetches = []
        self.posts = []
        self._stop = threading.Event()
        self._events = []  # later payloads (push), sent on every open stream in order
        self._changed = threading.Condition()
        outer = self
        with open(os.path.join(page_dir, "index.html"), encoding="utf-8") as handle:
            assets = page_assets.assets(handle.read())  # the page's own list of what it loads

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def send(self, status, kind, body):
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                name = self.path.lstrip("/").split("?")[0]
                if name == "":
                    with open(os.path.join(page_dir, "index.html"), encoding="utf-8") as handle:
                        self.send(200, "text/html; charset=utf-8", page_assets.browser_html(handle.read()).encode("utf-8"))
                elif name in assets and os.path.exists(os.path.join(page_dir, name)):
                    kind = page_assets.content_type(name)
                    with open(os.path.join(page_dir, name), "rb") as handle:
                        self.send(200, kind + "; charset=utf-8", handle.read())
                elif name.startswith("payload/") and outer.payload_body is not None:
                    outer.fetches.append(name)
                    if name == "payload/1":
                        self.send(200, "application/octet-stream", outer.payload_body)
                    else:
                        self.send(410, "text/plain", b"Gone")
                elif name == "events":
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Cache-Control", "no-store")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    try:
                        self.wfile.write(b"event: preview\ndata: " + outer.body + b"\n\n")
                        self.wfile.flush()
                        sent = 0
                        while not outer._stop.is_set():
                            with outer._changed:
                                outer._changed.wait_for(lambda: outer._stop.is_set() or len(outer._events) > sent, timeout=1)
                                pending = outer._events[sent:]
                            for body in pending:
                                self.wfile.write(b"event: preview\ndata: " + body + b"\n\n")
                            self.wfile.flush()
                            sent += len(pending)
                    except (BrokenPipeError, ConnectionResetError):
                        pass
                    self.close_connection = True
                else:
                    self.send(404, "text/plain", b"Not Found")

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                try:
                    outer.posts.append((self.path.lstrip("/"), json.loads(body)))
                except ValueError:
                    outer.posts.append((self.path.lstrip("/"), None))
                self.send(204, "text/plain", b"")

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def push(self, message):
        """Sends another payload (a delta, say) on the page's event stream."""
        body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        with self._changed:
            self._events.append(body)
            self._changed.notify_all()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        with self._changed:
            self._changed.notify_all()
        self.httpd.shutdown()
        self.httpd.server_close()


def server_picture(binary):
    """The `picture` (style, text metrics) of a real loopback payload for a small document, so
    a generated picture is drawn with the server's own style."""
    import urllib.request
    sys.path.insert(0, os.path.join(ROOT, "Tests", "schema"))
    from lsp_client import LSPClient
    uri = "file:///synthetic/small.bracket"
    with LSPClient([binary, "lsp"]) as client:
        client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "bracket", "version": 1,
                                                                "text": "n1 \"Node 1\" {\n  n2 \"Node 2\"\n}\n"}})
        url = client.request("bracket/openPreview", {"textDocument": {"uri": uri}}, timeout=60)["url"]
        with urllib.request.urlopen(url + "events", timeout=30) as stream:
            data = b""
            while b"\n\n" not in data:
                chunk = stream.read1(65536)
                if not chunk:
                    break
                data += chunk
        client.request("shutdown", None)
        client.notify("exit", None)
        client.wait(30)
    event = data.split(b"\n\n", 1)[0].decode("utf-8")
    body = "\n".join(line[5:].lstrip() for line in event.split("\n") if line.startswith("data:"))
    picture = json.loads(body)["picture"]
    picture.pop("desc", None)
    return picture
