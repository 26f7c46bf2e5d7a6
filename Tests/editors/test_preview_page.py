#!/usr/bin/env python3
"""Drives editors/preview/ in headless Chromium with recorded payloads.

Two set-ups, both served from a loopback HTTP server started here:
  * VS Code transport: a copy of the page with harness.js loaded first; it fakes
    acquireVsCodeApi, plays Tests/editors/fixtures/*.json as window messages and writes a JSON
    verdict into the DOM, which the test reads from headless Chromium through Playwright.
  * Browser transport: the page exactly as the `bracket` binary serves it (page_assets.py's
    browserHTML) at /TOKEN/, fed by a small `events` stream; a second load clicks a card and
    the POST to `reveal` is recorded here.
Prints one line per check and `N passed, N failed` last; exits 1 on any failure.
"""
import html
import json
import os
import re
import shutil
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PREVIEW = os.path.join(ROOT, "editors", "preview")
FIXTURES = os.path.join(HERE, "fixtures")
TOKEN = "t0ken"

import page_assets  # noqa: E402  (the same substitution the binary's server uses)
from checks import check, watch_page  # noqa: E402  (this folder is on sys.path: it holds the script)


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def load_fixtures():
    fixtures = {}
    for name in sorted(os.listdir(FIXTURES)):
        if name.endswith(".json"):
            fixtures[name[:-5]] = json.loads(read(os.path.join(FIXTURES, name)))
    return fixtures


def inject_before_preview_script(page, scripts):
    """Adds script tags just before the page's own preview.js tag."""
    marker = re.search(r'<script src="[^"]*preview\.js"></script>', page)
    if not marker:
        raise SystemExit("cannot find the preview.js script tag in index.html")
    tags = "".join(f'<script src="{src}"></script>' for src in scripts)
    return page[:marker.start()] + tags + page[marker.start():]


class Site:
    def __init__(self):
        fixtures = load_fixtures()
        template = read(os.path.join(PREVIEW, "index.html"))
        browser = page_assets.browser_html(template)
        vscode_page = template.replace("{{cspSource}}", "'self'").replace("{{assetBase}}", "/page/")
        self.reveals = []
        # The page's scripts and stylesheet: the list is index.html's own (page_assets.assets).
        self.files = {f"/page/{name}": (page_assets.content_type(name), read(os.path.join(PREVIEW, name))) for name in page_assets.assets(template)}
        self.files.update({
            "/vscode/": ("text/html", inject_before_preview_script(
                vscode_page, ["/test/harness.js", "/test/fixtures.js"])),
            "/test/harness.js": ("text/javascript", read(os.path.join(HERE, "harness.js"))),
            "/test/fixtures.js": ("text/javascript",
                                  "window.BRACKET_FIXTURES = " + json.dumps(fixtures) + ";\n"),
            "/test/click.js": ("text/javascript", CLICK_SCRIPT),
        })
        for token, page in ((TOKEN, browser),
                            (TOKEN + "-click", inject_before_preview_script(browser, ["/test/click.js"]))):
            self.files[f"/{token}/"] = ("text/html", page)
            for name in page_assets.assets(template):
                self.files[f"/{token}/{name}"] = self.files[f"/page/{name}"]
        self.events = (
            "retry: 600000\n\n"
            + "event: preview\ndata: " + json.dumps(fixtures["tutorial-v1"]) + "\n\n"
            + "event: highlight\ndata: " + json.dumps({"id": "3"}) + "\n\n"
        )


# Loaded into the browser-transport page: clicks card 4 once the picture is there.
CLICK_SCRIPT = """
(function poll() {
  var card = document.querySelector('[data-node-id="4"]');
  if (card) card.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  else setTimeout(poll, 20);
})();
"""


def make_handler(site):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def send_body(self, status, content_type, body):
            data = body.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", content_type + "; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            # The page asks for `events?payload=fetch`; this site answers every stream with
            # the inline form (full payloads in the event), which such a page also takes.
            if self.path.split("?")[0].endswith("/events"):
                # One burst of events, then the stream ends; the long retry keeps
                # EventSource from reconnecting within the test.
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(site.events.encode("utf-8"))
                return
            entry = site.files.get(self.path)
            if entry is None:
                self.send_body(404, "text/plain", "not found")
            else:
                self.send_body(200, *entry)

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length).decode("utf-8")
            if self.path.endswith("/reveal"):
                site.reveals.append((self.path, json.loads(body)))
                self.send_body(200, "text/plain", "")
            else:
                self.send_body(404, "text/plain", "not found")

    return Handler


def find_chromium():
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def load(browser, url, ready):
    """The page's DOM once the JavaScript condition `ready` holds (or after 30 s), and the
    console errors it logged, from headless Chromium through the DevTools protocol."""
    page = browser.new_page(viewport={"width": 640, "height": 400})
    errors = []
    watch_page(page, errors)
    try:
        page.goto(url)
        try:
            page.wait_for_function(ready, timeout=30000)
        except Exception as error:  # noqa: BLE001 - the checks report what the page shows
            errors.append(f"{type(error).__name__}: {error}")
        return page.content(), "\n".join(errors)
    finally:
        page.close()


def main():
    chromium = find_chromium()
    if chromium is None:
        check("chromium is installed (apt-get install chromium)", False)
        return check.summary()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        check("playwright is installed (pip install playwright)", False)
        return check.summary()
    site = Site()
    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(site))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
    try:
        # VS Code transport, the full scenario.
        dom, stderr = load(browser, base + "/vscode/", "() => document.getElementById('bracket-test-verdict')")
        match = re.search(r'<pre id="bracket-test-verdict">(.*?)</pre>', dom, re.S)
        check("harness wrote a verdict", match is not None, stderr[-2000:])
        if match:
            for entry in json.loads(html.unescape(match.group(1))):
                check("vscode: " + entry["name"], entry["ok"], entry["detail"])

        # Browser transport: the page as served by the binary, fed over `events`.
        dom, stderr = load(browser, f"{base}/{TOKEN}/",
                           "() => document.querySelectorAll('#stage .bracket-highlight').length > 0")
        check("browser: page chose the browser transport",
                      'data-transport="browser"' in dom, stderr[-2000:])
        found = re.findall(r'data-node-id="([^"]*)"', dom)
        check("browser: preview event shows the cards", found == list("1245367"), found)
        marked = [re.search(r'data-node-id="([^"]*)"', g).group(1)
                  for g in re.findall(r'<g [^>]*class="bracket-card bracket-highlight"[^>]*>', dom)]
        check("browser: highlight event marks card 3", marked == ["3"], marked)

        load(browser, f"{base}/{TOKEN}-click/", "() => document.querySelector('#stage [data-node-id]') !== null")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any(p == f"/{TOKEN}-click/reveal" for p, _ in site.reveals):
            time.sleep(0.05)
        posted = [body for path, body in site.reveals if path == f"/{TOKEN}-click/reveal"]
        node4 = next(n for n in load_fixtures()["tutorial-v1"]["geometry"]["nodes"] if n["id"] == "4")
        check("browser: clicking a card POSTs reveal with id and range",
                      len(posted) >= 1 and posted[0] == {"type": "reveal", "id": "4", "range": node4["range"]},
                      posted)
    finally:
        browser.close()
        playwright.stop()
        server.shutdown()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
