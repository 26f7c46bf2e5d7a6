#!/usr/bin/env python3
"""Opening the preview, end to end (docs/performance.md, "The preview page at scale", "First
picture"): the release `bracket lsp` with a complete binary tree of N nodes open, then
`bracket/openPreview`, split into the server's part and the page's.

For each size, two fresh servers (so neither phase waits behind the other):
  server   a raw SSE reader instead of the page:
             answer_ms      openPreview sent → its answer (the URL)
             first_byte_ms  openPreview sent → the preview event's first byte at the reader
                            (which connects as soon as the answer is in)
             last_byte_ms   → the event's last byte (or the body's, when the event only
                            names the payload's binary body, fetched at once); payload_mb its size
             rss_mb / peak_mb  the server's RSS after the event, and its peak while opening
                            the preview (the peak is reset after didOpen: /proc/PID/clear_refs)
  page     headless Chromium (Playwright, the DevTools protocol) loading the URL at once:
             first_ms       openPreview sent → the first picture painted (the page reports the
                            frame it painted in, after the frame is on screen)
             page_ms        the page's share: the whole event received → painted (decode,
                            store, grid, first frame)
             marks          the page's start-up marks, ms after the payload was in hand
                            (painted().marks: decoded, store, links, the levels of detail it
                            built, drawn, painted; a moment later what it deferred past the
                            first frame: grid, levels; before it, negative: script, stream,
                            announced — the page's script started, its event stream answered,
                            the event naming the body came), when the page has them

    python3 benchmarks/preview_open.py [--sizes 131071,1000000] [--runs 1] [--scored]
                                       [--perf DIR] [--page-profile] [--bin .build/release/bracket]
                                       [--page-dir DIR]

`--scored` gives every leaf pair a score (a results tree: the diagram's results columns and
result diagnostics). `--perf DIR` records `perf record -g` of the server while it opens the
preview in the server phase (DIR/open-N.perf.data); `--page-profile` adds the page's own CPU
profile (DevTools Profiler, top functions by self time) to the first run. `--page-dir DIR`
serves the page's scripts and style from DIR instead of those built into the binary (another
version of editors/preview, to compare two pages against one server in one run). Prints one
JSON line per size and run, with the load average. Needs chromium and `pip install playwright` for the page phase.
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "schema"))
sys.path.insert(0, HERE)
from lsp_client import LSPClient  # noqa: E402
from page_big import complete_tree  # noqa: E402

URI = "file:///bench/preview-open.bracket"


def now_ms():
    return time.time() * 1000


def scored(lines):
    """A knockout: every leaf of a complete tree gets a score (`n8 "Node 8" [score=3]`) and the
    parents lose their labels, so each shows its match's winner."""
    out = []
    for k, line in enumerate(lines):
        stripped = line.strip()
        if stripped.endswith('"') and "{" not in stripped:
            out.append(f"{line} [score={k % 7}]")
        elif stripped.endswith("{"):
            out.append(line[:len(line) - len(stripped)] + stripped.split()[0] + " {")
        else:
            out.append(line)
    return out


def memory(pid):
    status = open(f"/proc/{pid}/status").read()

    def get(key):
        return int(re.search(key + r":\s+(\d+)", status).group(1)) // 1024
    return get("VmRSS"), get("VmHWM")


def reset_peak(pid):
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def opened(binary, text):
    """A server with the document open and its diagnostics published (didOpen's work done)."""
    client = LSPClient([binary, "lsp"])
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "bracket",
                                                            "version": 1, "text": text}})
    client.collect_notifications("textDocument/publishDiagnostics", lambda seen: len(seen) > 0, 600)
    return client


def close(client):
    try:
        client.request("shutdown", None, timeout=60)
        client.notify("exit", None)
        client.wait(30)
    finally:
        client.__exit__(None, None, None)


def fetch_body(host, port, path):
    """GET path: (first byte, last byte, body size), times in ms."""
    sock = socket.create_connection((host, port))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
    first, size, head = None, 0, b""
    while True:
        chunk = sock.recv(1 << 20)
        if not chunk:
            break
        if first is None:
            first = now_ms()
        if b"\r\n\r\n" not in head:
            head += chunk
            if b"\r\n\r\n" in head:
                size = len(head.split(b"\r\n\r\n", 1)[1])
            continue
        size += len(chunk)
    last = now_ms()
    sock.close()
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError("the payload's body was refused: " + repr(head[:80]))
    return first, last, size


def read_event(url, connected):
    """Connects to the page's event stream as the page does and returns (first byte, last byte,
    bytes) of the first full payload, times in ms: the preview event's, or, when the server
    announces the payload (`payload`: a binary body, docs/protocol.md "The payload as a binary
    body"; a server before that sends it inline), the announcement's first byte and the body's
    last, fetched at once."""
    match = re.match(r"http://([\d.]+):(\d+)(/.*)", url)
    host, port, base = match.group(1), int(match.group(2)), match.group(3)
    sock = socket.create_connection((host, port))
    connected.append(now_ms())
    sock.sendall(f"GET {base}events?payload=fetch HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        buffer += sock.recv(65536)
    buffer = buffer.split(b"\r\n\r\n", 1)[1]
    chunks, first, size = [buffer], None, len(buffer)
    if buffer:
        first = now_ms()
    tail = buffer[-2:]
    while True:
        chunk = sock.recv(1 << 20)
        if not chunk:
            break
        if first is None:
            first = now_ms()
        size += len(chunk)
        chunks.append(chunk)
        if (tail + chunk[:2]).find(b"\n\n") >= 0 or b"\n\n" in chunk:
            joined = b"".join(chunks)
            if b"event: preview" in joined[:200] and b"\n\n" in joined:
                last = now_ms()
                sock.close()
                event = joined[:joined.index(b"\n\n")]
                data = event.split(b"data: ", 1)[1] if b"data: " in event else b""
                if len(data) < 4096:
                    note = json.loads(data)
                    if isinstance(note.get("payload"), str):
                        _, last, size = fetch_body(host, port, base + note["payload"])
                        return first, last, size
                return first, last, joined.index(b"\n\n") + 2
            chunks = [joined]
        tail = chunk[-2:]
    sock.close()
    raise RuntimeError("the event stream ended before a preview event: " + repr(b"".join(chunks)[:200]))


def server_phase(binary, text, n, perf_dir):
    client = opened(binary, text)
    pid = client.process.pid
    result = {}
    try:
        rss_open, peak_open = memory(pid)
        result["rss_after_open_mb"], result["peak_open_mb"] = rss_open, peak_open
        can_reset = reset_peak(pid)
        perf = None
        if perf_dir:
            os.makedirs(perf_dir, exist_ok=True)
            perf = subprocess.Popen(["perf", "record", "-F", "999", "-g", "-o",
                                     os.path.join(perf_dir, f"open-{n}.perf.data"), "-p", str(pid)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.0)
        sent = now_ms()
        url = client.request("bracket/openPreview", {"textDocument": {"uri": URI}}, timeout=900)["url"]
        answered = now_ms()
        connected = []
        first, last, size = read_event(url, connected)
        if perf:
            perf.send_signal(2)
            perf.wait(60)
        rss, peak = memory(pid)
        result.update({"answer_ms": round(answered - sent), "first_byte_ms": round(first - sent),
                       "last_byte_ms": round(last - sent), "payload_mb": round(size / 1e6, 1),
                       "rss_mb": rss, "peak_mb": peak if can_reset else None})
    finally:
        close(client)
    return result


def top_functions(profile, count=15):
    """The functions with the most self time in a CDP CPU profile: [(ms, name, line)]."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    self_us = {}
    deltas = profile.get("timeDeltas", [])
    for sample, delta in zip(profile.get("samples", []), deltas[1:] + [0]):
        frame = nodes[sample]["callFrame"]
        key = (frame["functionName"] or "(anonymous)", frame.get("lineNumber", -1) + 1, frame.get("url", "").split("/")[-1])
        self_us[key] = self_us.get(key, 0) + delta
    ranked = sorted(self_us.items(), key=lambda item: -item[1])[:count]
    return [[round(us / 1000, 1), f"{name} {url}:{line}"] for (name, line, url), us in ranked]


def page_phase(browser, binary, text, profile=False, page_dir=None):
    client = opened(binary, text)
    result = {}
    try:
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        if page_dir:
            def from_dir(route):
                name = route.request.url.rsplit("/", 1)[-1].split("?")[0]
                kind = "text/css" if name.endswith(".css") else "text/javascript"
                with open(os.path.join(page_dir, name), "rb") as handle:
                    route.fulfill(status=200, body=handle.read(), headers={"Content-Type": kind + "; charset=utf-8"})
            page.route(re.compile(r".*/preview(-[a-z]+)?\.(js|css)(\?.*)?$"), from_dir)
        if profile:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            cdp.send("Profiler.start")
        sent = now_ms()
        url = client.request("bracket/openPreview", {"textDocument": {"uri": URI}}, timeout=900)["url"]
        page.goto(url)
        page.wait_for_function("() => window.bracketPreview.painted().version === 1", timeout=900000,
                               polling="raf")
        painted = page.evaluate("() => window.bracketPreview.painted()")
        cards = page.evaluate("() => window.bracketPreview.cardCount ? window.bracketPreview.cardCount() : null")
        timing = page.evaluate("""() => {
            const events = performance.getEntriesByType("resource").find(e => e.name.endsWith("/events"));
            const nav = performance.getEntriesByType("navigation")[0];
            return {origin: performance.timeOrigin, loaded: nav ? nav.domContentLoadedEventEnd : null,
                    events: events ? events.startTime : null};
        }""")
        result.update({"first_ms": round(painted["at"] - sent), "page_ms": round(painted["at"] - painted["received"]),
                       "received_ms": round(painted["received"] - sent)})
        if painted.get("marks"):
            page.wait_for_timeout(3000)  # what the page deferred past the first frame
            marks = page.evaluate("() => window.bracketPreview.painted().marks") or {}
            base = marks.get("received", painted["received"])
            result["marks"] = {name: round(at - base) for name, at in sorted(marks.items(), key=lambda item: item[1])
                               if name != "received"}
        if timing["loaded"] is not None:
            result["page_loaded_ms"] = round(timing["origin"] + timing["loaded"] - sent)
        if cards is not None:
            result["cards"] = cards
        if profile:
            result["page_profile"] = top_functions(cdp.send("Profiler.stop")["profile"])
        page.close()
    finally:
        close(client)
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="131071,1000000")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--scored", action="store_true")
    parser.add_argument("--no-page", action="store_true", help="the server phase only")
    parser.add_argument("--perf", default=None, help="record a perf profile of the server phase here")
    parser.add_argument("--page-profile", action="store_true", help="the page's CPU profile: top functions by self time")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "bracket"))
    parser.add_argument("--page-dir", default=None, help="serve the page's scripts and style from this folder")
    args = parser.parse_args()
    browser = None
    playwright = None
    if not args.no_page:
        from playwright.sync_api import sync_playwright
        playwright = sync_playwright().start()
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
    try:
        for size in filter(None, args.sizes.split(",")):
            n = int(size.replace("_", ""))
            lines = complete_tree(n)
            if args.scored:
                lines = scored(lines)
            text = "\n".join(lines) + "\n"
            for run in range(args.runs):
                result = {"nodes": n, "scored": args.scored, "run": run, "load": round(os.getloadavg()[0], 1)}
                result.update(server_phase(args.bin, text, n, args.perf if run == 0 else None))
                if browser:
                    result.update(page_phase(browser, args.bin, text, args.page_profile and run == 0, args.page_dir))
                print(json.dumps(result), flush=True)
    finally:
        if browser:
            browser.close()
            playwright.stop()


if __name__ == "__main__":
    main()
