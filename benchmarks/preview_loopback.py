#!/usr/bin/env python3
"""The server's share of a loopback preview push (docs/performance.md, "Keystrokes end to end"):
the release `bracket lsp`, `bracket/openPreview`, and a raw SSE reader in place of the page, on
a complete binary tree of N nodes. Prints the server's RSS, openPreview's time, then label edits
and leaves inserted in the middle: didChange sent → the preview event's last byte, p50 / max.

    python3 benchmarks/preview_loopback.py N [EDITS] [BINARY]
    PERF=1 ... records a perf profile of the edits in /tmp/preview-loopback.perf.data; NOINSERT=1 skips inserts.
"""
import json, os, socket, sys, threading, time, re
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Tests", "schema"))
sys.path.insert(0, HERE)
from lsp_client import LSPClient
from page_big import complete_tree
URI = "file:///bench/page-big.bracket"
n = int(sys.argv[1]); edits = int(sys.argv[2]) if len(sys.argv) > 2 else 10
binary = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(HERE), ".build", "release", "bracket")
lines = complete_tree(n); text = "\n".join(lines) + "\n"
events = {}; cond = threading.Condition()
def reader(url):
    m = re.match(r"http://([\d.]+):(\d+)(/.*)", url)
    s = socket.create_connection((m.group(1), int(m.group(2))))
    s.sendall(f"GET {m.group(3)}events HTTP/1.1\r\nHost: {m.group(1)}:{m.group(2)}\r\n\r\n".encode())
    buf = b""
    while b"\r\n\r\n" not in buf: buf += s.recv(65536)
    buf = buf.split(b"\r\n\r\n", 1)[1]
    while True:
        chunk = s.recv(1 << 20)
        if not chunk: return
        t = time.time() * 1000
        buf += chunk
        if b"\n\n" not in chunk and not buf.endswith(b"\n"): continue
        while b"\n\n" in buf:
            ev, buf = buf.split(b"\n\n", 1)
            vm = re.search(rb'"version":(\d+)', ev[:500])
            if vm and b"event: preview" in ev[:80]:
                with cond:
                    events[int(vm.group(1))] = (t, len(ev), b'"base"' in ev[:500]); cond.notify_all()
def wait(v):
    with cond:
        while v not in events: cond.wait(600)
        return events[v]
with LSPClient([binary, "lsp"]) as c:
    c.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "bracket", "version": 1, "text": text}})
    t0 = time.time() * 1000
    url = c.request("bracket/openPreview", {"textDocument": {"uri": URI}}, timeout=600)["url"]
    t1 = time.time() * 1000
    threading.Thread(target=reader, args=(url,), daemon=True).start()
    e = wait(1)
    def mem():
        st = open(f"/proc/{c.process.pid}/status").read()
        get = lambda k: int(re.search(k + r":\s+(\d+)", st).group(1)) // 1024
        return f"RSS {get('VmRSS')} MB, peak {get('VmHWM')} MB"
    print(mem())
    print("openPreview", round(t1 - t0), "ms; first event at", round(e[0] - t0), "ms, bytes", e[1])
    if os.environ.get("PERF"):
        import subprocess
        perf = subprocess.Popen(["perf", "record", "-F", "499", "-g", "-o", "/tmp/preview-loopback.perf.data", "-p", str(c.process.pid)], stderr=subprocess.DEVNULL)
        time.sleep(2)
    middle = next(i for i in range(len(lines)//2, len(lines)) if lines[i].strip().endswith('"') and "{" not in lines[i])
    v = 1
    def run(kind, change):
        global v
        times = []
        for k in range(edits):
            v += 1
            payload = {"textDocument": {"uri": URI, "version": v}, "contentChanges": [change(k)]}
            sent = time.time() * 1000
            c.notify("textDocument/didChange", payload)
            e = wait(v); times.append(e[0] - sent)
            sizes = e[1]; isdelta = e[2]
        times.sort()
        print(kind, "p50", round(times[len(times)//2], 1), "max", round(times[-1], 1), "bytes", sizes, "delta" if isdelta else "full")
    col = lines[middle].index('"') + 1
    run("label", lambda k: {"range": {"start": {"line": middle, "character": col}, "end": {"line": middle, "character": col + 1}}, "text": "NM"[k % 2]})
    if not os.environ.get("NOINSERT"): run("insert", lambda k: {"range": {"start": {"line": middle + 1, "character": 0}, "end": {"line": middle + 1, "character": 0}}, "text": f"    ins{k}\n"})
    print(mem())
    if os.environ.get("PERF"):
        perf.send_signal(2); perf.wait()
    c.request("shutdown", None); c.notify("exit", None)
