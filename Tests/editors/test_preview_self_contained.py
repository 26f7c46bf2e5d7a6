#!/usr/bin/env python3
"""The `bracket` binary carries its preview page: copied alone into an empty folder and run
from there, `bracket preview FILE` serves the page and every file index.html loads, each byte
for byte as editors/preview holds it (the page with its placeholders filled as
page_assets.browser_html fills them), with its content type. The build embeds the page
(Plugins/EmbedPreviewPage); this checks that the embedded copy is complete and current.
Prints one line per check and `N passed, N failed` last; exits 1 on any failure.
"""
import http.client
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from checks import check  # noqa: E402
import page_assets  # noqa: E402

BINARY = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))


def get(url):
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", parts.path)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, response.getheader("Content-Type", ""), body


def check_served(base):
    template = page_assets.read("index.html")
    status, kind, body = get(base)
    check("the page is index.html filled for the loopback server",
          status == 200 and kind.startswith("text/html") and body == page_assets.browser_html(template).encode("utf-8"),
          (status, kind, len(body)))
    names = page_assets.assets(template)
    check("index.html loads preview.js and preview.css", "preview.js" in names and "preview.css" in names, names)
    for name in names:
        status, kind, body = get(base + name)
        wanted = page_assets.read(name).encode("utf-8")
        check(f"{name} is served byte for byte as {page_assets.content_type(name)}",
              status == 200 and kind == page_assets.content_type(name) + "; charset=utf-8" and body == wanted,
              (status, kind, len(body), len(wanted)))


def main():
    if not os.access(BINARY, os.X_OK):
        check(f"the bracket binary is at {BINARY} (set BRACKET_BIN)", False)
        return check.summary()
    with tempfile.TemporaryDirectory() as folder:
        binary = os.path.join(folder, "bracket")
        shutil.copy2(BINARY, binary)
        diagram = os.path.join(folder, "tree.bracket")
        with open(diagram, "w", encoding="utf-8") as handle:
            handle.write("1 { 2 3 }\n")
        process = subprocess.Popen([binary, "preview", diagram], cwd=folder,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            url = process.stdout.readline().strip()
            check("the copied binary prints the preview's URL", url.startswith("http://127.0.0.1:"), url)
            if url.startswith("http://127.0.0.1:"):
                check_served(url if url.endswith("/") else url + "/")
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
