"""Content-Length framing for the benchmark scripts that time `bracket lsp` over pipes.

The reader hands over raw bodies with their arrival times, so a script decodes only what it
needs (a 78 MB preview payload is timed, not parsed).
"""
import json
import time


def frame(message):
    body = json.dumps(message, separators=(",", ":")).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_frames(stream, handle):
    """Calls handle(body, first, last) for every message on `stream` until it ends: `first` is
    when the first byte of its header arrived, `last` when its body was complete
    (time.perf_counter)."""
    while True:
        length, first = None, None
        while True:
            line = stream.readline()
            if first is None:
                first = time.perf_counter()
            if not line:
                return
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        if length is None:
            return
        body = stream.read(length)
        handle(body, first, time.perf_counter())
