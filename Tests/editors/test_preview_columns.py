#!/usr/bin/env python3
"""The loopback page's columns in binary (docs/protocol.md, "Geometry-only payloads") decode to
exactly the picture the same columns as JSON arrays give, in headless Chromium.

For every example, the real `bracket lsp`'s `bracket/openPreview` payload (numeric columns in
binary, `0` lines, no null edge labels) and the same payload with every column written out as
JSON arrays (Tests/schema/preview_columns.py) are each served to the page alone; the page's
store (`bracketPreview.geometry()`) and its exported SVG (`bracketPreview.markup()`) must be the
same. A third copy spells `x`, `y` and `edgePoints` as `f64`, `depths` as `f32` and the sizes as
`i32` with a `shift` (kinds the server picks only for other values), so every kind the page
reads is checked. Both payloads
must also match the schema.

The same publication is also read as the binary body a page that fetches gets (docs/protocol.md,
"The payload as a binary body": `events?payload=fetch`, then `payload/N`): served to the page as
the server serves it, its store (`bracketPreview.columns()`, field by field), geometry and SVG
must equal the inline payload's; after a resync replaced it, its path is 410 Gone, and an
unknown one 404.

Needs BRACKET_BIN (default .build/debug/bracket), chromium, `pip install playwright jsonschema`.
"""
import base64
import copy
import glob
import json
import os
import re
import socket
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "schema"))
from checks import browser_prerequisites, check, watch_page  # noqa: E402
from lsp_client import LSPClient  # noqa: E402
from preview_columns import NUMERIC, decode_columns  # noqa: E402
from synthetic_preview import PageServer  # noqa: E402

BINARY = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))
URI = "file:///tmp/bracket-preview-columns/doc.bracket"


def debug(*args):
    if os.environ.get("DEBUG_COLUMNS"):
        print(*args, file=sys.stderr, flush=True)


def read_event(sock, buffer=b""):
    """The next preview event's data from an event stream (keep-alive comments skipped), after
    what was already read (`buffer`), and what was read past it."""
    while True:
        while b"\n\n" not in buffer:
            chunk = sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("the event stream ended")
            buffer += chunk
        block, buffer = buffer.split(b"\n\n", 1)
        if b"data: " in block and b"event: preview" in block:
            return block.split(b"data: ", 1)[1], buffer


def open_stream(address, path):
    sock = socket.create_connection(address, timeout=60)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {address[0]}:{address[1]}\r\n\r\n".encode())
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        buffer += sock.recv(65536)
    return sock, buffer.split(b"\r\n\r\n", 1)[1]


def http_get(address, path):
    """(status, body) of one GET."""
    sock = socket.create_connection(address, timeout=60)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {address[0]}:{address[1]}\r\n\r\n".encode())
    data = b""
    while True:
        chunk = sock.recv(1 << 20)
        if not chunk:
            break
        data += chunk
    sock.close()
    head, body = data.split(b"\r\n\r\n", 1)
    return int(head.split(b" ")[1]), body


def server_payload(text):
    """The real loopback preview of `text` in both forms the server sends it, from one
    publication: inline (the JSON event a stream without `payload=fetch` gets) and as the binary
    body a page that fetches is pointed to; and the status of that body's path after the server
    replaced it (a stale token)."""
    with LSPClient([BINARY, "lsp"]) as client:
        client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "bracket", "version": 1, "text": text}})
        url = client.request("bracket/openPreview", {"textDocument": {"uri": URI}}, timeout=60)["url"]
        match = re.match(r"http://([\d.]+):(\d+)(/.*)", url)
        address, base = (match.group(1), int(match.group(2))), match.group(3)
        # The inline stream makes the server write the payload inline too (its first picture
        # was written only as a body), and then both forms go out together.
        inline_sock, rest = open_stream(address, base + "events")
        inline, rest = read_event(inline_sock, rest)
        while b'"columns"' not in inline[:4096] and b'"tooLarge"' not in inline[:4096]:
            inline, rest = read_event(inline_sock, rest)
        debug("inline", len(inline))
        fetch_sock, rest = open_stream(address, base + "events?payload=fetch")
        data, rest = read_event(fetch_sock, rest)
        note = json.loads(data)
        debug("note", note)
        status, body = http_get(address, base + note["payload"])
        debug("body", status, len(body))
        check("the announced body is served (200)", status == 200, status)
        check("the announcement gives the body's size", note.get("bytes") == len(body), (note.get("bytes"), len(body)))
        inline_message = json.loads(inline)
        check("the announcement and the inline payload are one publication",
              (note.get("version"), note.get("sequence")) == (inline_message.get("version"), inline_message.get("sequence")),
              (note, inline_message.get("sequence")))
        # A resync publishes the picture again: the old body's path is then gone (410).
        post = socket.create_connection(address, timeout=60)
        post.sendall((f"POST {base}resync HTTP/1.1\r\nHost: {address[0]}:{address[1]}\r\n"
                      "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}").encode())
        post.recv(4096)
        post.close()
        debug("resync posted")
        newer = json.loads(read_event(fetch_sock, rest)[0])
        debug("newer", newer)
        stale, _ = http_get(address, base + note["payload"])
        unknown, _ = http_get(address, base + "payload/999999")
        for sock in (inline_sock, fetch_sock):
            sock.close()
        client.request("shutdown", None)
        client.notify("exit", None)
        client.wait(10)
    return inline, body, (newer.get("payload"), stale, unknown)


def as_kind(values, kind, shift=0):
    code = {"i32": "i", "f32": "f", "f64": "d"}[kind]
    if shift:
        values = [int(v * (1 << shift)) for v in values]
    column = {kind: base64.b64encode(struct.pack(f"<{len(values)}{code}", *values)).decode("ascii")}
    if shift:
        column["shift"] = shift
    return column


def shown(browser, body, binary=None):
    """The page's store and exported SVG for one payload (raw bytes), or for a binary body the
    page fetches (`binary`; `body` is then the same payload inline, for the announcement)."""
    message = json.loads(body)
    with PageServer(copy.deepcopy({**message, "columns": decode_columns(message["columns"])}), body_bytes=binary) as server:
        if binary is None:
            server.body = body
        page = browser.new_page(viewport={"width": 900, "height": 600})
        errors = []
        watch_page(page, errors)
        page.goto(server.url)
        page.wait_for_function("() => window.bracketPreview.painted().version === 1", timeout=30000)
        result = page.evaluate("() => ({ geometry: window.bracketPreview.geometry(), markup: window.bracketPreview.markup(), "
                               "columns: window.bracketPreview.columns() })")
        page.close()
        result["fetches"] = list(server.fetches)
    result["errors"] = errors
    return result


def main():
    chromium = browser_prerequisites(BINARY)
    if chromium is None:
        return check.summary()
    from playwright.sync_api import sync_playwright
    try:
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource
        schemas = {}
        for name in ("geometry", "preview", "settings", "diagnostics"):
            with open(os.path.join(ROOT, "schema", f"{name}.schema.json"), encoding="utf-8") as handle:
                schemas[name] = json.load(handle)
        registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
        validator = Draft202012Validator({"$ref": schemas["preview"]["$id"] + "#/$defs/columns"}, registry=registry)
    except ImportError:
        validator = None
        check("jsonschema is installed (pip install jsonschema)", False)
    files = sorted(glob.glob(os.path.join(ROOT, "examples", "*.bracket")))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            for path in files:
                name = os.path.basename(path)
                with open(path, encoding="utf-8") as handle:
                    body, binary_body, (newer, stale, unknown) = server_payload(handle.read())
                check(f"{name}: a replaced body's path is 410 Gone, an unknown one 404",
                      newer is not None and (stale, unknown) == (410, 404), (newer, stale, unknown))
                message = json.loads(body)
                columns = message.get("columns")
                if not check(f"{name}: the loopback payload has columns", isinstance(columns, dict), sorted(message)):
                    continue
                binary = [key for key in NUMERIC if isinstance(columns.get(key), dict)]
                check(f"{name}: every numeric column is in binary", binary == list(NUMERIC), binary)
                plain = dict(message, columns=decode_columns(columns))
                widened = copy.deepcopy(plain)
                for key in ("x", "y", "edgePoints"):
                    widened["columns"][key] = as_kind(widened["columns"][key], "f64")
                widened["columns"]["depths"] = as_kind(widened["columns"]["depths"], "f32")
                widened["columns"]["widths"] = as_kind(widened["columns"]["widths"], "i32", 4)
                widened["columns"]["heights"] = as_kind(widened["columns"]["heights"], "i32", 1)
                if validator:
                    for label, value in (("binary", message), ("arrays", plain), ("f64 / f32 / shift", widened)):
                        problems = [e.message for e in validator.iter_errors(value)][:3]
                        check(f"{name}: the {label} payload matches the schema", problems == [], problems)
                expected = shown(browser, json.dumps(plain, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
                check(f"{name}: the JSON arrays draw without script errors", expected["errors"] == [], expected["errors"])
                fetched = shown(browser, body, binary=binary_body)
                check(f"{name}: the page fetched the body", fetched["fetches"] == ["payload/1"], fetched["fetches"])
                inline = shown(browser, body)
                check(f"{name}: the binary body gives the inline payload's store, field by field",
                      fetched["columns"] == inline["columns"], first_difference(fetched["columns"], inline["columns"]))
                for label, got in (("binary body", fetched),):
                    check(f"{name}: {label} decodes to the same store", got["geometry"] == expected["geometry"],
                          first_difference(got["geometry"], expected["geometry"]))
                    check(f"{name}: {label} gives the same SVG", got["markup"] == expected["markup"],
                          first_difference(got["markup"], expected["markup"]))
                    check(f"{name}: {label} draws without script errors", got["errors"] == [], got["errors"])
                for label, value in (("binary", body), ("f64 / f32 / shift", json.dumps(widened).encode("utf-8"))):
                    got = shown(browser, value)
                    check(f"{name}: {label} columns decode to the same store", got["geometry"] == expected["geometry"],
                          first_difference(got["geometry"], expected["geometry"]))
                    check(f"{name}: {label} columns give the same SVG", got["markup"] == expected["markup"],
                          first_difference(got["markup"], expected["markup"]))
                    check(f"{name}: {label} columns draw without script errors", got["errors"] == [], got["errors"])
        finally:
            browser.close()
    return check.summary()


def first_difference(a, b):
    a, b = json.dumps(a, sort_keys=True), json.dumps(b, sort_keys=True)
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at {at}: {a[max(0, at - 80):at + 80]!r} vs {b[max(0, at - 80):at + 80]!r}"


if __name__ == "__main__":
    sys.exit(main())
