#!/usr/bin/env python3
"""Bounded input (docs/language.md, "Limits"): every way a document reaches the `bracket`
binary stops reading at the 64 MiB document limit plus one byte, and nothing at a path that is
not a regular file makes it block, grow or crash.

The command line, each run under an address-space cap (`prlimit --as`) far below what reading
the input whole would take: a character device as a path, a FIFO with and without a writer, a
socket, a directory, endless standard input from a pipe and from /dev/zero, a 1 GB sparse file,
a file just past the limit, and a file that grows while it is read. Each must end with one line
on stderr and status 2 (the grown file: a refusal or a read of what was there), never a signal.

`bracket preview`, the real binary under the same kind of cap, read through its event stream
(no browser): the watched path replaced by a FIFO (no writer, then fed by an endless writer), a
symbolic link to /dev/zero, a directory, a 1 GB sparse file and a file past the limit; after
each a normal save must reach both the open stream and a newly opened one, and each refusal is
said once on stderr. Then memory, for `bracket preview` and for the language server
(`bracket lsp`, a whole-text `didChange`): resident memory after a big document is replaced by
a small one must come back to within 2x of what the small one alone needs.

Prints the peak memory of each input, one line per check and `N passed, N failed` last.
"""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from checks import check  # noqa: E402
BINARY = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))

LIMIT = 64 * 1024 * 1024
# Address space for a `bracket check`: the binary and its libraries take ~100 MB of it, so
# 400 MB leaves room for one copy of the limit but not for reading a gigabyte.
CHECK_CAP = 400 * 1024 * 1024
# `bracket preview` has threads (each with a stack and an allocator arena reserved): 1 GiB,
# a fifth of what a stalled reader reached before reads were bounded.
PREVIEW_CAP = 1024 * 1024 * 1024
# The big document of the memory checks: enough cards to take several times the memory of a
# small one, few enough to stay quick in a debug build.
BIG_CARDS = 60_000


def capped(command, cap):
    return ["prlimit", f"--as={cap}", "--"] + command


def peak_kb(command, **kwargs):
    """Runs `command` under /usr/bin/time -v; (returncode, stderr without time's lines, peak KB)."""
    try:
        result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, timeout=20, **kwargs)
    except subprocess.TimeoutExpired:
        return -2, "timed out after 20 s (blocked or reading without end)", None
    text = result.stderr.decode("utf-8", "replace")
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
    own = text.split("\tCommand being timed:")[0]
    exit_match = re.search(r"Exit status: (\d+)", text)
    signalled = "Command terminated by signal" in text
    status = -1 if signalled else int(exit_match.group(1)) if exit_match else result.returncode
    return status, own, int(match.group(1)) if match else None


def one_message(stderr, *words):
    lines = [line for line in stderr.splitlines() if line.strip() and not line.startswith("Command exited")]
    return len(lines) == 1 and lines[0].startswith("bracket: ") and all(word in lines[0] for word in words), lines


def cli_checks(directory):
    def expect_refusal(name, command, *words, stdin=subprocess.DEVNULL, cap=CHECK_CAP):
        status, stderr, peak = peak_kb(capped(command, cap), stdin=stdin)
        ok, lines = one_message(stderr, *words)
        print(f"     peak memory, {name}: {peak} KB")
        check(f"{name}: one line and status 2 under a {cap >> 20} MiB address-space cap", status == 2 and ok,
              (status, lines))
        return peak

    expect_refusal("check /dev/zero (a character device)", [BINARY, "check", "/dev/zero"], "character device")
    fifo = os.path.join(directory, "pipe.bracket")
    os.mkfifo(fifo)
    expect_refusal("check on a FIFO with no writer", [BINARY, "check", fifo], "FIFO")
    writer = subprocess.Popen(["sh", "-c", f"exec yes 'r {{ a }}' > '{fifo}'"], stderr=subprocess.DEVNULL)
    expect_refusal("check on a FIFO fed by yes", [BINARY, "check", fifo], "FIFO")
    writer.kill()
    writer.wait()
    sock_path = os.path.join(directory, "s.bracket")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(sock_path)
    expect_refusal("check on a socket", [BINARY, "check", sock_path], "socket")
    listener.close()
    expect_refusal("check on a directory", [BINARY, "check", directory], "directory")
    expect_refusal("render on /dev/zero", [BINARY, "render", "/dev/zero"], "character device")

    sparse = os.path.join(directory, "sparse.bracket")
    with open(sparse, "wb") as f:
        f.truncate(1 << 30)
    expect_refusal("check on a 1 GB sparse file", [BINARY, "check", sparse], "limit-exceeded")
    link = os.path.join(directory, "zero-link.bracket")
    os.symlink("/dev/zero", link)
    expect_refusal("check on a symbolic link to /dev/zero", [BINARY, "check", link], "character device")

    over = os.path.join(directory, "over.bracket")
    with open(over, "wb") as f:
        line = b"r { a }\n"
        f.write(line * (LIMIT // len(line)) + b"x")
    expect_refusal("check on a file one byte past the limit", [BINARY, "check", over], "limit-exceeded")

    with open("/dev/zero", "rb") as zero:
        expect_refusal("check - from /dev/zero", [BINARY, "check", "-"], "limit-exceeded", stdin=zero)
    yes = subprocess.Popen(["yes", "r { a }"], stdout=subprocess.PIPE)
    expect_refusal("check - from an endless pipe (yes)", [BINARY, "check", "-"], "limit-exceeded", stdin=yes.stdout)
    yes.stdout.close()
    yes.kill()
    yes.wait()

    # A file that grows while it is read: either what was there is read (a bounded prefix, any
    # status from the diagnostics) or the read passes the limit and is refused; never a crash.
    growing = os.path.join(directory, "growing.bracket")
    open(growing, "wb").close()
    stop = threading.Event()

    def grow():
        # At most 96 MiB, in 1 MiB appends, until the check is over.
        block = b"r { a }\n" * (1 << 17)
        with open(growing, "ab") as f:
            for _ in range(96):
                if stop.is_set():
                    return
                f.write(block)
                f.flush()
    grower = threading.Thread(target=grow, daemon=True)
    grower.start()
    time.sleep(0.05)
    status, stderr, peak = peak_kb(capped([BINARY, "check", growing], CHECK_CAP * 3))
    stop.set()
    grower.join()
    print(f"     peak memory, check on a growing file: {peak} KB")
    check("check on a file that grows while read ends normally (no signal)", status in (0, 1, 2), (status, stderr[:300]))
    if status == 2:
        check("a grown file past the limit is refused in one line", one_message(stderr, "limit-exceeded")[0], stderr[:300])

    small = subprocess.run(capped([BINARY, "check", "-"], CHECK_CAP), input=b"r { a b }\n", capture_output=True)
    check("a small document on stdin is still checked under the cap", small.returncode == 0, small.stderr)


class EventStream:
    """The preview's event stream on a raw socket; `wait_for(text)` waits for a `preview` event
    whose data holds `text`."""

    def __init__(self, url):
        parts = urllib.parse.urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
        self.sock.sendall(f"GET {parts.path}events HTTP/1.1\r\nHost: 127.0.0.1:{parts.port}\r\n\r\n".encode())
        self.buffer = b""
        self.lock = threading.Lock()
        # Texts to look for in every chunk as it arrives: a big payload is not kept whole.
        self.expected = set()
        self.found = set()
        threading.Thread(target=self._read, daemon=True).start()

    def expect(self, text):
        """Looks for `text` in what arrives from now on (call before the save that sends it)."""
        with self.lock:
            self.expected.add(text.encode())

    def _read(self):
        self.sock.settimeout(None)
        while True:
            try:
                chunk = self.sock.recv(1 << 16)
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                window = self.buffer[-64:] + chunk
                self.found.update(needle for needle in self.expected if needle in window)
                # Only the newest events matter: keep the tail.
                self.buffer = (self.buffer + chunk)[-(1 << 20):]

    def wait_for(self, text, timeout=5):
        deadline = time.time() + timeout
        needle = text.encode()
        while time.time() < deadline:
            with self.lock:
                if needle in self.buffer or needle in self.found:
                    return True
            time.sleep(0.02)
        return False

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


def resident_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def peak_resident_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return None


def replace_with(path, make):
    """Removes whatever is at `path` and lets `make(path)` put something else there."""
    if os.path.isdir(path) and not os.path.islink(path):
        os.rmdir(path)
    elif os.path.lexists(path):
        os.remove(path)
    make(path)


def save(path, text):
    temporary = path + ".tmp~"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(text)
    replace_with(path, lambda p: os.replace(temporary, p))


def preview_checks(directory):
    path = os.path.join(directory, "watched.bracket")
    save(path, "first { a b }\n")
    process = subprocess.Popen(capped([BINARY, "preview", path], PREVIEW_CAP), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    stderr_lines = []
    threading.Thread(target=lambda: stderr_lines.extend(line.rstrip("\n") for line in process.stderr),
                     daemon=True).start()
    url = process.stdout.readline().strip()
    check("preview prints its URL under the cap", url.startswith("http://127.0.0.1:"), url)
    if not url.startswith("http://"):
        process.kill()
        return
    stream = EventStream(url)
    check("the first picture reaches the event stream", stream.wait_for('"first"'))

    feeders = []

    def fifo(p):
        os.mkfifo(p)

    def fed_fifo(p):
        os.mkfifo(p)
        feeders.append(subprocess.Popen(["sh", "-c", f"exec yes 'r {{ a }}' > '{p}'"], stderr=subprocess.DEVNULL))

    def sparse(p):
        with open(p, "wb") as f:
            f.truncate(1 << 30)

    def past_limit(p):
        with open(p, "wb") as f:
            f.truncate(LIMIT + 1)

    replacements = [
        ("a FIFO with no writer", fifo, "FIFO"),
        ("a FIFO fed by an endless writer", fed_fifo, "FIFO"),
        ("a symbolic link to /dev/zero", lambda p: os.symlink("/dev/zero", p), "character device"),
        ("a directory", os.mkdir, "directory"),
        ("a 1 GB sparse file", sparse, "limit-exceeded"),
        ("a file one byte past the limit", past_limit, "limit-exceeded"),
    ]
    for number, (name, make, word) in enumerate(replacements, start=1):
        before = len(stderr_lines)
        replace_with(path, make)
        time.sleep(0.4)  # several polls: the refusal must be said once, not at each
        said = [line for line in stderr_lines[before:] if word in line]
        check(f"preview: {name} at the path is said once on stderr", len(said) == 1, stderr_lines[before:])
        for feeder in feeders:
            feeder.kill()
            feeder.wait()
        feeders.clear()
        marker = f"saved{number}"
        save(path, f"{marker} {{ a b }}\n")
        check(f"preview: after {name}, a normal save reaches the open stream", stream.wait_for(f'"{marker}"'))
        fresh = EventStream(url)
        check(f"preview: after {name}, a new stream shows the save", fresh.wait_for(f'"{marker}"'))
        fresh.close()
    check("preview is still running under the cap", process.poll() is None, process.poll())

    # Memory: a big document, then a small one. "What the small one needs" is the resident
    # memory of a fresh preview of it with one stream open.
    big = "root {\n" + "".join(f"  n{i} \"Card {i}\"\n" for i in range(BIG_CARDS)) + "}\n"
    stream.expect(f'"n{BIG_CARDS - 1}"')
    save(path, big)
    check(f"preview: a big document ({BIG_CARDS:,} cards) shows", stream.wait_for(f'"n{BIG_CARDS - 1}"', timeout=60))
    big_peak = peak_resident_kb(process.pid)
    save(path, "small { a b }\n")
    check("preview: the small document after it shows", stream.wait_for('"small"', timeout=10))
    time.sleep(0.5)
    after = resident_kb(process.pid)
    stream.close()
    process.send_signal(signal.SIGINT)
    process.wait(timeout=10)

    alone_path = os.path.join(directory, "alone.bracket")
    save(alone_path, "small { a b }\n")
    alone = subprocess.Popen([BINARY, "preview", alone_path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True)
    alone_url = alone.stdout.readline().strip()
    alone_stream = EventStream(alone_url)
    alone_stream.wait_for('"small"')
    time.sleep(0.5)
    needs = resident_kb(alone.pid)
    alone_stream.close()
    alone.send_signal(signal.SIGINT)
    alone.wait(timeout=10)
    print(f"     preview memory: peak with the big document {big_peak} KB, after the small save {after} KB, "
          f"the small document alone {needs} KB")
    check("preview gives memory back: after the small save within 2x of the small document alone",
          after is not None and needs is not None and after <= 2 * needs, (after, needs))


def server_memory_checks():
    """The language server: a big document replaced by a small one (a whole-text change), then
    resident memory against a fresh server with the small document alone."""
    sys.path.insert(0, os.path.join(ROOT, "Tests", "schema"))
    from lsp_client import LSPClient
    uri = "file:///memory.bracket"
    big = "root {\n" + "".join(f"  n{i} \"Card {i}\"\n" for i in range(BIG_CARDS)) + "}\n"
    small = "small { a b }\n"

    def settled(client, version):
        client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}, timeout=60)
        client.collect_notifications("textDocument/publishDiagnostics",
                                     lambda ps: any(p.get("version") == version for p in ps), 60)
        time.sleep(0.3)
        return resident_kb(client.process.pid)

    def started():
        client = LSPClient([BINARY, "lsp"])
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        return client

    with started() as client:
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "bracket", "version": 1,
                                                                "text": big}})
        big_rss = settled(client, 1)
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                                 "contentChanges": [{"text": small}]})
        after = settled(client, 2)
    with started() as client:
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "bracket", "version": 1,
                                                                "text": small}})
        needs = settled(client, 1)
    print(f"     server memory: with the big document {big_rss} KB, after the small change {after} KB, "
          f"the small document alone {needs} KB")
    check("the server gives memory back: after the small change within 2x of the small document alone",
          None not in (after, needs) and after <= 2 * needs, (big_rss, after, needs))


def timed(name, step, *arguments):
    started = time.time()
    step(*arguments)
    print(f"     {name}: {time.time() - started:.1f} s")


def main():
    if shutil.which("prlimit") is None:
        check("prlimit is on PATH (util-linux)", False)
        return check.summary()
    if not os.access(BINARY, os.X_OK):
        check(f"the bracket binary is at {BINARY} (set BRACKET_BIN)", False)
        return check.summary()
    with tempfile.TemporaryDirectory() as directory:
        timed("command line", cli_checks, directory)
        timed("preview", preview_checks, directory)
    timed("server memory", server_memory_checks)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
