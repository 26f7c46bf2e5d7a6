#!/usr/bin/env python3
"""End-to-end check of the browser live preview: `bracket lsp` + its loopback preview server.

Drives the real binary over LSP (Tests/schema/lsp_client.py), asks for `bracket/openPreview`,
then talks HTTP to the URL it returns: the page, the token and method rules, the SSE stream
(`preview` on connect and after an edit, `highlight` after `bracket/cursorMoved`), `reveal`
turning into a `window/showDocument` request (or the `bracket/reveal` notification for a client
without showDocument), and headless Chromium (through Playwright) rendering the real page from
the real stream. Python stdlib only, plus `chromium` and Playwright for the browser part.
Prints one line per check and `N passed, N failed` last; exits 1 on any failure.
"""
import http.client
import json
import os
import queue
import re
import shutil
import socket
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "schema"))
from lsp_client import LSPClient  # noqa: E402
from checks import check, watch_page  # noqa: E402
from preview_columns import decode_columns  # noqa: E402
import page_assets  # noqa: E402  (the page's list of assets: index.html's own)

BINARY = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))
URI = "file:///tmp/bracket-live-preview/tutorial.bracket"
TUTORIAL = "1 { 2 { 4 5 } 3 { 6 7 } }\n"

class RecordingClient(LSPClient):
    """Keeps the requests the server sends us, and answers `window/showDocument` as an editor
    that showed the document would ({"success": true})."""

    def __init__(self, command):
        super().__init__(command)
        self.server_requests = []

    def answer(self, request):
        self.server_requests.append(request)
        if request["method"] == "window/showDocument":
            return {"success": True}
        return super().answer(request)

    def wait_for_request(self, method, timeout):
        deadline = time.monotonic() + timeout
        while True:
            found = [r for r in self.server_requests if r["method"] == method]
            if found:
                return found[0]
            try:
                self._next(deadline)
            except TimeoutError:
                return None


class EventStream:
    """An SSE connection over a raw socket; a thread parses events into a queue of
    (name, data) so the test can wait with a timeout."""

    def __init__(self, host, port, path):
        self.sock = socket.create_connection((host, port), timeout=10)
        request = (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                   "Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n")
        self.sock.sendall(request.encode())
        self.sock.settimeout(None)
        self.events = queue.Queue()
        self.head = None
        self.head_ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        try:
            while b"\r\n\r\n" not in buffer:
                chunk = self.sock.recv(4096)
                if not chunk:
                    return
                buffer += chunk
            self.head, _, buffer = buffer.partition(b"\r\n\r\n")
            self.head_ready.set()
            name, data = None, []
            while True:
                while b"\n" not in buffer:
                    chunk = self.sock.recv(65536)
                    if not chunk:
                        self.events.put(None)
                        return
                    buffer += chunk
                line, _, buffer = buffer.partition(b"\n")
                line = line.rstrip(b"\r").decode("utf-8")
                if line == "":
                    if data:
                        self.events.put((name or "message", "\n".join(data)))
                    name, data = None, []
                elif line.startswith(":"):
                    continue
                elif line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:][1:] if line[5:].startswith(" ") else line[5:])
        except OSError:
            self.events.put(None)
        finally:
            self.head_ready.set()

    def next_event(self, name, timeout, accept=lambda data: True):
        """The next event called `name` whose data passes `accept`, or None after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            try:
                event = self.events.get(timeout=remaining)
            except queue.Empty:
                return None
            if event is None:
                return None
            if event[0] == name and accept(event[1]):
                return event[1]

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


def http_request(url, method="GET", body=None, headers=None):
    """(status, headers, body) without raising on 4xx/5xx."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def raw_status(host, port, request_bytes):
    """Status code of a hand-written request (for Host headers urllib would not send)."""
    with socket.create_connection((host, port), timeout=10) as sock:
        sock.sendall(request_bytes)
        data = b""
        while b"\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    parts = data.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


def parse_json(data):
    try:
        return json.loads(data)
    except (TypeError, ValueError):
        return None


def check_http_rules(base, host, port, token):
    status, headers, body = http_request(base)
    check("page with the right token is 200 HTML",
          status == 200 and headers.get("Content-Type", "").startswith("text/html") and b"<html" in body.lower(),
          (status, headers.get("Content-Type")))
    names = page_assets.assets()
    check("page references every asset index.html loads",
          all(f'"{name}"'.encode() in body for name in names) and "preview.js" in names and "preview.css" in names, names)
    for resource in names:
        kind = page_assets.content_type(resource)
        status, headers, body = http_request(base + resource)
        check(f"{resource} is served as {kind}",
              status == 200 and headers.get("Content-Type", "").startswith(kind) and len(body) > 100, status)

    wrong = "0" * len(token) if token != "0" * len(token) else "1" * len(token)
    status, _, _ = http_request(f"http://{host}:{port}/{wrong}/")
    check("same path with a wrong token is 404", status == 404, status)
    status, _, _ = http_request(f"http://{host}:{port}/{wrong}/events")
    check("events with a wrong token is 404", status == 404, status)
    for path in ("/", "/favicon.ico", f"/{token}", f"/{token}x/", f"/{token}/nope", f"/{token}/../{token}/"):
        status, _, _ = http_request(f"http://{host}:{port}{path}")
        check(f"GET {path.replace(token, 'TOKEN')} is 404", status == 404, status)
    status, headers, _ = http_request(base, method="POST", body=b"{}", headers={"Content-Type": "application/json"})
    check("POST to the page is 405 with Allow: GET", status == 405 and headers.get("Allow") == "GET", status)
    status, _, _ = http_request(base + "events", method="DELETE")
    check("DELETE events is 405", status == 405, status)
    status, headers, _ = http_request(base + "reveal")
    check("GET reveal is 405 with Allow: POST", status == 405 and headers.get("Allow") == "POST", status)
    status, _, _ = http_request(base + "reveal", method="POST", body=b'{"id":"4"}', headers={"Content-Type": "text/plain"})
    check("reveal without a JSON content type is 415", status == 415, status)
    status, _, _ = http_request(base + "reveal", method="POST", body=b'{"id":4}', headers={"Content-Type": "application/json"})
    check("reveal with a non-string id is 400", status == 400, status)
    status, _, _ = http_request(base + "reveal", method="POST", body=b'{"id":"4"}',
                                headers={"Content-Type": "application/json", "Origin": "http://evil.example"})
    check("reveal from a foreign Origin is 403", status == 403, status)
    status, headers, _ = http_request(base + "resync")
    check("GET resync is 405 with Allow: POST", status == 405 and headers.get("Allow") == "POST", status)
    status, _, _ = http_request(base + "resync", method="POST", body=b"{}", headers={"Content-Type": "text/plain"})
    check("resync without a JSON content type is 415", status == 415, status)
    status, _, _ = http_request(base + "resync", method="POST", body=b"{}",
                                headers={"Content-Type": "application/json", "Origin": "http://evil.example"})
    check("resync from a foreign Origin is 403", status == 403, status)
    status = raw_status(host, port, f"GET /{token}/ HTTP/1.1\r\nHost: evil.example:{port}\r\n\r\n".encode())
    check("foreign Host header is 403 (DNS rebinding)", status == 403, status)
    status = raw_status(host, port, f"GET /{token}/ HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n".encode())
    check("Host localhost:PORT is accepted", status == 200, status)


def column_nodes(payload):
    """The cards of a loopback payload (geometry as columns, docs/protocol.md "Geometry-only
    payloads") as geometry-node dicts: id, label, x, y, depth, parent ID (from the depths), range."""
    columns = decode_columns((payload or {}).get("columns") or {})
    nodes, stack = [], []
    for i in range(columns.get("count", 0)):
        depth = columns["depths"][i]
        del stack[depth:]
        r = columns["ranges"][4 * i:4 * i + 4]
        nodes.append({"id": columns["ids"][i], "label": columns["labels"][i], "x": columns["x"][i],
                      "y": columns["y"][i], "depth": depth, "parent": stack[-1] if stack else None,
                      "range": {"start": {"line": r[0], "character": r[1]}, "end": {"line": r[2], "character": r[3]}}})
        stack.append(columns["ids"][i])
    return nodes


def geometry_of(data, version):
    payload = parse_json(data)
    if not isinstance(payload, dict) or payload.get("version") != version:
        return None
    return payload


def check_sse_and_edits(client, base, host, port, token):
    stream = EventStream(host, port, f"/{token}/events")
    stream.head_ready.wait(10)
    head = (stream.head or b"").decode("latin-1")
    check("events answers 200 text/event-stream",
          head.startswith("HTTP/1.1 200") and "text/event-stream" in head.lower(), head[:200])

    data = stream.next_event("preview", 10)
    payload = parse_json(data)
    nodes = column_nodes(payload)
    check("SSE delivers the current preview on connect (version 1, 7 nodes)",
          isinstance(payload, dict) and payload.get("uri") == URI and payload.get("version") == 1 and len(nodes) == 7,
          (data or "")[:200])
    check("connect payload has the tutorial's geometry as columns (524x260, root at 458,130)",
          payload is not None and payload["columns"].get("width") == 524 and payload["columns"].get("height") == 260
          and any(n["id"] == "1" and n["x"] == 458 and n["y"] == 130 for n in nodes))
    check("the page gets no SVG, only the picture's parts (572x308, style sheet, desc)",
          payload is not None and "svg" not in payload and payload["picture"]["svgWidth"] == 572
          and payload["picture"]["svgHeight"] == 308 and ".bracket-card" in payload["picture"]["style"]
          and payload["picture"]["desc"].startswith('<desc id="bracket-desc">Tree diagram with 7 cards'),
          (payload or {}).get("picture"))
    # Theme contract: every colour variable the SVG reads must be set by the page's stylesheet,
    # or the picture keeps the SVG's own colours (a lighter box on a dark page, cards that ignore
    # the VS Code theme). This caught the renderer and the page using different names.
    used = set(re.findall(r"var\((--bracket-[a-z-]+)", (payload or {}).get("picture", {}).get("style", "")))
    _, _, css = http_request(base + "preview.css")
    css = css.decode("utf-8", "replace")
    unset = sorted(name for name in used if not re.search(re.escape(name) + r"\s*:", css))
    check("the page's stylesheet sets every colour variable the SVG reads", used and not unset, unset or used)

    # Incremental edit: insert " 8" after "7" (line 0, character 21).
    seven = TUTORIAL.index("7") + 1
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": seven}, "end": {"line": 0, "character": seven}},
                            "text": " 8"}]})
    data = stream.next_event("preview", 10, accept=lambda d: geometry_of(d, 2) is not None)
    payload = geometry_of(data, 2)
    nodes = column_nodes(payload)
    check("didChange makes SSE deliver version 2 with 8 nodes",
          payload is not None and len(nodes) == 8 and any(n["id"] == "8" and n["parent"] == "3" for n in nodes),
          [n.get("id") for n in nodes])
    check("the new node's range is where the edit put it",
          any(n["id"] == "8" and n["range"]["start"] == {"line": 0, "character": seven + 1} for n in nodes))

    # A label edit moves no card: the pages get a delta on the payload they have.
    previous = (payload or {}).get("sequence")
    label_edit(client, 3, TUTORIAL.index("4") + 1, ' "Four"')
    data = stream.next_event("preview", 10, accept=lambda d: (parse_json(d) or {}).get("version") == 3)
    delta = parse_json(data) or {}
    changed = delta.get("delta", {}).get("cards", {}).get("changed", [])
    check("a label edit reaches the pages as a delta on the payload before it",
          "svg" not in delta and isinstance(previous, int) and delta.get("base") == previous
          and delta.get("sequence") == previous + 1, (data or "")[:300])
    redrawn = [c for c in changed if "svg" in c]
    # The pages take runs (docs/protocol.md, "Runs and renames"): the cards after 4 on the line
    # only moved their ID ranges by the label's 7 characters, one run of 5 cards from 5.
    check("the delta redraws card 4 only, with its new label (later cards are one run of ID ranges)",
          [c.get("id") for c in redrawn] == ["4"] and "Four" in redrawn[0]["svg"]
          and not [c for c in changed if "svg" not in c]
          and delta.get("delta", {}).get("runs") == [{"first": "5", "count": 5, "characters": 7}], delta.get("delta"))
    # A page that cannot apply a delta (it missed one, or connected after it) asks again.
    status, _, _ = http_request(base + "resync", method="POST", body=b"{}",
                                headers={"Content-Type": "application/json", "Origin": f"http://{host}:{port}"})
    check("POST resync is 204", status == 204, status)
    data = stream.next_event("preview", 10, accept=lambda d: "columns" in (parse_json(d) or {}))
    full = parse_json(data) or {}
    check("resync publishes the whole picture as the next payload",
          full.get("version") == 3 and full.get("sequence") == delta.get("sequence", 0) + 1
          and "Four" in full.get("columns", {}).get("labels", []), (data or "")[:200])

    # Cursor on the "4": highlight 4. Character 3 sits between "{" and a space, touching no ID
    # (character 1 would touch the end of "1", which counts as on it): highlight null.
    four = TUTORIAL.index("4")
    client.notify("bracket/cursorMoved", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": four}})
    data = stream.next_event("highlight", 10)
    check("bracket/cursorMoved on 4 sends SSE highlight {id: 4}", parse_json(data) == {"id": "4"}, data)
    client.notify("bracket/cursorMoved", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 3}})
    data = stream.next_event("highlight", 10)
    check("cursor off any ID sends highlight {id: null}", parse_json(data) == {"id": None}, data)

    # Reveal: the page posts the clicked card's ID; the server asks the editor to show it.
    status, _, _ = http_request(base + "reveal", method="POST", body=json.dumps({"id": "4"}).encode(),
                                headers={"Content-Type": "application/json", "Origin": f"http://{host}:{port}"})
    check("POST reveal {id: 4} is 204", status == 204, status)
    request = client.wait_for_request("window/showDocument", 10)
    params = (request or {}).get("params", {})
    check("reveal makes the server send window/showDocument for the document",
          request is not None and params.get("uri") == URI and params.get("takeFocus") is True, request)
    check("showDocument selects ID 4's range",
          params.get("selection") == {"start": {"line": 0, "character": four}, "end": {"line": 0, "character": four + 1}},
          params.get("selection"))
    count = len(client.server_requests)
    http_request(base + "reveal", method="POST", body=b'{"id":"nope"}', headers={"Content-Type": "application/json"})
    client.wait_for_request("never/sent", 0.5)
    check("reveal of an unknown ID sends no showDocument",
          len([r for r in client.server_requests[count:] if r["method"] == "window/showDocument"]) == 0)
    # The server must still be alive and answering after all of the above.
    try:
        alive = client.request("bracket/preview", {"textDocument": {"uri": URI}}, timeout=10)
    except Exception as error:  # noqa: BLE001 - any failure here is the finding
        alive = error
    check("server still answers after the HTTP traffic", isinstance(alive, dict) and alive.get("version") == 3, alive)

    # Leave a delta as the newest payload: a page loaded now (Chromium, below) receives it
    # first, cannot apply it, and must resync to draw anything.
    label_edit(client, 4, TUTORIAL.index("4") + 1 + len(' "Four'), "s")
    data = stream.next_event("preview", 10, accept=lambda d: (parse_json(d) or {}).get("version") == 4)
    check("a second label edit is a delta too", "delta" in (parse_json(data) or {}), (data or "")[:200])
    stream.close()


def label_edit(client, version, character, text):
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": version},
        "contentChanges": [{"range": {"start": {"line": 0, "character": character},
                                      "end": {"line": 0, "character": character}}, "text": text}]})


def check_chromium(url):
    """The real page rendering the real stream in headless Chromium, through Playwright. The
    newest payload is a delta the page cannot apply (it connected after it), so it must resync."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        check("chromium is installed (needed for the rendering check)", False)
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        check("playwright is installed (pip install playwright)", False)
        return
    wanted = list("12345678")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            errors = watch_page(page, [])
            page.goto(url)
            try:
                page.wait_for_function(
                    "n => document.querySelectorAll('#stage [data-node-id]').length === n", arg=len(wanted),
                    timeout=15000)
            except Exception:  # noqa: BLE001 - the check below reports what is there
                pass
            shown = page.eval_on_selector_all("#stage [data-node-id]", "cards => cards.map(c => c.getAttribute('data-node-id'))")
            text = page.text_content("#stage") or ""
        finally:
            browser.close()
    check("headless Chromium renders every card of the live document (8, after the edits; "
          "the newest payload was a delta, so the page had to resync)", sorted(shown) == wanted, shown)
    check("rendered page shows the labels", "Fours" in text and "Node 8" in text, text[:300])
    check("the live page logged no script errors or console errors", errors == [], errors[:3])


def check_reveal_without_show_document():
    """A client that does not advertise window.showDocument (Neovim 0.7, eglot 1.9) gets the
    reveal as the bracket/reveal notification instead, and no request it cannot answer."""
    with RecordingClient([BINARY, "lsp"]) as client:
        client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": URI, "languageId": "bracket", "version": 1, "text": TUTORIAL}})
        url = client.request("bracket/openPreview", {"textDocument": {"uri": URI}})["url"]
        host = urllib.parse.urlparse(url)
        status, _, _ = http_request(url + "reveal", method="POST", body=json.dumps({"id": "6"}).encode(),
                                    headers={"Content-Type": "application/json",
                                             "Origin": f"http://{host.hostname}:{host.port}"})
        reveals = client.collect_notifications("bracket/reveal", lambda found: len(found) > 0, 10)
        six = TUTORIAL.index("6")
        check("without showDocument support, reveal sends the bracket/reveal notification",
              status == 204 and reveals == [{"uri": URI, "id": "6", "takeFocus": True, "selection": {
                  "start": {"line": 0, "character": six}, "end": {"line": 0, "character": six + 1}}}], reveals)
        check("... and no window/showDocument request",
              not [r for r in client.server_requests if r["method"] == "window/showDocument"], client.server_requests)
        client.request("shutdown", None)
        client.notify("exit", None)
        client.wait(10)


def main():
    if not os.access(BINARY, os.X_OK):
        print(f"bracket binary not found at {BINARY} (set BRACKET_BIN)")
        print("0 passed, 1 failed")
        return 1
    with RecordingClient([BINARY, "lsp"]) as client:
        try:
            client.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                          "capabilities": {"window": {"showDocument": {"support": True}}}})
            client.notify("initialized", {})
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": URI, "languageId": "bracket", "version": 1, "text": TUTORIAL}})
            result = client.request("bracket/openPreview", {"textDocument": {"uri": URI}})
        except Exception as error:  # noqa: BLE001
            check("bracket/openPreview answers", False, error)
            result = None
        url = (result or {}).get("url", "")
        parsed = urllib.parse.urlparse(url)
        segments = parsed.path.split("/")
        token = segments[1] if len(segments) == 3 and segments[2] == "" else ""
        check("openPreview returns http://127.0.0.1:PORT/TOKEN/",
              parsed.scheme == "http" and parsed.hostname == "127.0.0.1" and parsed.port is not None
              and len(token) >= 16, url)
        if not token:
            return check.summary()
        again = client.request("bracket/openPreview", {"textDocument": {"uri": URI}})
        check("a second openPreview reuses the same server", (again or {}).get("url") == url, again)
        check_http_rules(url, parsed.hostname, parsed.port, token)
        check_sse_and_edits(client, url, parsed.hostname, parsed.port, token)
        check_chromium(url)
        try:
            client.request("shutdown", None)
            client.notify("exit", None)
            code = client.wait(10)
        except Exception as error:  # noqa: BLE001
            code = error
        check("server exits 0 after shutdown/exit with the preview server running", code == 0, code)
    check_reveal_without_show_document()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
