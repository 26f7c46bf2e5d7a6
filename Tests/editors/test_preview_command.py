#!/usr/bin/env python3
"""End-to-end check of `bracket preview FILE`: the real binary watching a real file, the real
page in headless Chromium (Playwright for Python driving Debian's chromium over the DevTools
protocol, no downloaded browser).

Checks: the printed URL (127.0.0.1, token) and the loopback server's refusals; the first
picture; saves in place and saves by rename showing in the page, with the time from the write
to the new card in the page measured (median and worst of several saves, required under 100 ms);
a broken file keeping the last good picture with the error badge; the file deleted (reported on
stderr, the preview waits) and back; --port, a port in use, --open with a stand-in opener;
SIGINT and SIGTERM ending the process cleanly with the port released.
Prints one line per check and `N passed, N failed` last; exits 1 on any failure.
"""
import http.client
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from checks import check, watch_page  # noqa: E402
BINARY = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))
# A save must show in the page within this (issue 17).
BUDGET_MS = 100

class Preview:
    """`bracket preview` as a child process, with its stderr collected line by line."""

    def __init__(self, path, *flags, env=None):
        self.process = subprocess.Popen([BINARY, "preview", *flags, path], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=env)
        self.stderr_lines = []
        self.url = None
        self._reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._reader.start()

    def _read_stderr(self):
        for line in self.process.stderr:
            self.stderr_lines.append(line.rstrip("\n"))

    def read_url(self, timeout=10):
        deadline = time.time() + timeout
        line = ""
        while time.time() < deadline and self.process.poll() is None:
            line = self.process.stdout.readline()
            if line:
                break
        self.url = line.strip() or None
        return self.url

    def wait_stderr(self, pattern, timeout=5):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if any(re.search(pattern, line) for line in self.stderr_lines):
                return True
            time.sleep(0.02)
        return False

    def stop(self, sig=signal.SIGINT, timeout=5):
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None


def http_get(url, host=None):
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
    headers = {"Host": host} if host else {}
    connection.request("GET", parts.path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_open(port):
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


def write_in_place(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def write_by_rename(path, text):
    """As Vim (backupcopy=no), Emacs and most IDEs save: a new file renamed over the old one."""
    temporary = path + ".tmp~"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(temporary, path)


def tree(count):
    """A root with `count` leaves; the last leaf is `n{count}`."""
    return "root {\n" + "".join(f"  n{i} \"Card {i}\"\n" for i in range(1, count + 1)) + "}\n"


# In the page: note when a card with this ID first appears (Date.now(), the clock Python shares)
# in window.__cardShownAt; returns at once. The page draws only the cards in view, so "appears"
# means the page holds the card (checked every frame, the frame that draws it).
WATCH_CARD = """(id) => {
  window.__cardShownAt = null;
  const seen = () => { const g = window.bracketPreview.geometry(); return !!g && g.nodes.some(n => n.id === id); };
  const poll = () => { if (seen()) window.__cardShownAt = Date.now(); else requestAnimationFrame(poll); };
  poll();
}"""


def card_shown_at(page, timeout_ms=5_000):
    """When the watched card appeared (ms since the epoch); raises if it did not."""
    page.wait_for_function("() => window.__cardShownAt !== null", timeout=timeout_ms)
    return page.evaluate("window.__cardShownAt")


def browser_checks(directory):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        check("playwright for Python is installed (pip install playwright)", False)
        return
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        check("chromium is on PATH (apt install chromium)", False)
        return

    path = os.path.join(directory, "live.bracket")
    write_in_place(path, tree(2))
    preview = Preview(path)
    url = preview.read_url()
    check("preview prints its URL on stdout", url is not None and url.startswith("http://127.0.0.1:"), url)
    if not url:
        preview.stop()
        return
    parts = urllib.parse.urlsplit(url)
    token = parts.path.strip("/")
    check("the URL carries an unguessable token", re.fullmatch(r"[0-9a-f]{64}", token) is not None, token)
    status, _ = http_get(url)
    check("the page is served at the URL", status == 200, status)
    status, _ = http_get(f"http://127.0.0.1:{parts.port}/{'0' * 64}/")
    check("a wrong token gets 404", status == 404, status)
    status, _ = http_get(url, host=f"evil.example:{parts.port}")
    check("a foreign Host gets 403 (DNS rebinding)", status == 403, status)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page()
        errors = watch_page(page, [])
        page.goto(url)
        try:
            page.wait_for_selector('#stage [data-node-id="n2"]', timeout=10_000)
            check("the first picture shows in the page", True)
        except Exception as error:  # noqa: BLE001 - reported as a failed check
            check("the first picture shows in the page", False, str(error))

        delays = []
        for round_number in range(3, 15):
            write = write_by_rename if round_number % 2 else write_in_place
            page.evaluate(WATCH_CARD, f"n{round_number}")
            started = time.time() * 1000
            write(path, tree(round_number))
            try:
                delays.append(card_shown_at(page) - started)
            except Exception as error:  # noqa: BLE001
                check(f"save {round_number} shows in the page", False, str(error))
                break
        if delays:
            median, worst = statistics.median(delays), max(delays)
            print(f"     time from save to new card in the page over {len(delays)} saves "
                  f"(in place and by rename): median {median:.0f} ms, worst {worst:.0f} ms")
            check("every save shows a new card (in place and by rename)", len(delays) == 12, len(delays))
            check(f"a save shows in the page within {BUDGET_MS} ms (median)", median < BUDGET_MS, f"{median:.0f} ms")

        # A broken file still shows what parsed, with the error badge.
        write_in_place(path, tree(3).rstrip("}\n") + "\n  broken {\n")
        page.wait_for_function("() => document.body.getAttribute('data-errors') !== '0'", timeout=5_000)
        badge = page.inner_text("#status")
        check("errors show the error badge", "error" in badge, badge)
        check("the picture of what parsed stays", page.query_selector('#stage [data-node-id="n3"]') is not None)
        # A file that lays out to nothing keeps the last good picture.
        write_in_place(path, '"only a label"\n')
        time.sleep(0.4)
        check("a file with nothing to draw keeps the last good picture",
              page.query_selector('#stage [data-node-id="n3"]') is not None
              and page.get_attribute("body", "data-errors") not in (None, "0"))

        # Deleted: said on stderr, the page keeps its picture, and the file coming back shows.
        os.remove(path)
        check("a deleted file is reported on stderr", preview.wait_stderr(r"live\.bracket is gone"), preview.stderr_lines)
        check("the preview keeps running while the file is gone", preview.process.poll() is None)
        page.evaluate(WATCH_CARD, "back")
        write_by_rename(path, "back { again }\n")
        try:
            card_shown_at(page)
            check("the file coming back shows in the page", True)
        except Exception as error:  # noqa: BLE001
            check("the file coming back shows in the page", False, str(error))
        check("the file coming back is reported", preview.wait_stderr(r"live\.bracket is back"), preview.stderr_lines)
        check("the page logged no script errors or console errors", errors == [], errors[:3])
        browser.close()

    status = preview.stop(signal.SIGINT)
    check("Ctrl-C (SIGINT) ends the preview with status 0", status == 0, status)
    check("the port is released after Ctrl-C", not port_open(parts.port))


def option_checks(directory):
    path = os.path.join(directory, "options.bracket")
    write_in_place(path, tree(2))

    port = free_port()
    first = Preview(path, "--port", str(port))
    url = first.read_url()
    check("--port N serves on that port", url is not None and url.startswith(f"http://127.0.0.1:{port}/"), url)
    second = Preview(path, "--port", str(port))
    try:
        code = second.process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        code = None
    second.stop()
    check("a port in use: status 2", code == 2, code)
    check("a port in use: the system's reason on stderr",
          second.wait_stderr(r"cannot listen on 127\.0\.0\.1:\d+: Address already in use"), second.stderr_lines)
    status = first.stop(signal.SIGTERM)
    check("SIGTERM ends the preview with status 0", status == 0, status)

    # --open runs the platform's opener with the URL; a stand-in records what it was given.
    bin_dir = os.path.join(directory, "bin")
    os.makedirs(bin_dir, exist_ok=True)
    record = os.path.join(directory, "opened.txt")
    opener = os.path.join(bin_dir, "xdg-open")
    with open(opener, "w") as f:
        f.write(f"#!/bin/sh\nprintf '%s' \"$1\" > '{record}'\n")
    os.chmod(opener, 0o755)
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))
    opened = Preview(path, "--open", env=env)
    url = opened.read_url()
    deadline = time.time() + 5
    while time.time() < deadline and not os.path.exists(record):
        time.sleep(0.05)
    text = open(record).read() if os.path.exists(record) else None
    check("--open hands the URL to xdg-open", url is not None and text == url, (url, text))
    opened.stop()

    missing = subprocess.run([BINARY, "preview", os.path.join(directory, "nope.bracket")],
                             capture_output=True, text=True, timeout=10)
    check("a missing FILE: status 2 and the system's reason",
          missing.returncode == 2 and "No such file or directory" in missing.stderr, missing.stderr)
    stdin = subprocess.run([BINARY, "preview", "-"], capture_output=True, text=True, timeout=10)
    check("stdin cannot be previewed: status 2", stdin.returncode == 2, stdin.stderr)


def main():
    if not os.path.exists(BINARY):
        print(f"FAIL binary not found at {BINARY} (build first)")
        return 1
    with tempfile.TemporaryDirectory(prefix="bracket-preview-cmd-") as directory:
        option_checks(directory)
        browser_checks(directory)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
