"""A minimal LSP client over pipes, enough to drive `bracket lsp` from the schema tests.

A reader thread parses Content-Length frames from the server's stdout into a queue, so the
test never blocks on a read it cannot time out. Requests the server sends to us
(workspace/configuration, client/registerCapability, ...) get an empty answer so the server
never waits on the client.
"""
import json
import queue
import subprocess
import threading
import time


class LSPError(Exception):
    pass


class LSPClient:
    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.messages = queue.Queue()
        self.next_id = 1
        self.notifications = []
        threading.Thread(target=self._read, daemon=True).start()
        # Drain stderr so a chatty server never blocks on a full pipe.
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        return False

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            if length is None:
                self.messages.put(None)
                return
            self.messages.put(json.loads(stream.read(length)))

    def _send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)

    def _next(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("server did not answer in time")
        try:
            message = self.messages.get(timeout=remaining)
        except queue.Empty:
            raise TimeoutError("server did not answer in time") from None
        if message is None:
            raise LSPError(f"server closed its output (exit {self.process.poll()})")
        if "method" in message and "id" in message:  # a request from the server
            self._send({"jsonrpc": "2.0", "id": message["id"], "result": self.answer(message)})
        elif "method" in message:
            self.notifications.append(message)
        return message

    def answer(self, request):
        """The result to send back for a request the server makes of us (subclasses override)."""
        if request["method"] == "workspace/configuration":
            return [None] * len(request.get("params", {}).get("items", []))
        return None

    def request(self, method, params, timeout=10):
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)
        deadline = time.monotonic() + timeout
        while True:
            reply = self._next(deadline)
            if reply.get("id") == request_id and "method" not in reply:
                if "error" in reply:
                    raise LSPError(f"{method}: {reply['error']}")
                return reply.get("result")

    def collect_notifications(self, method, done, timeout):
        """Params of every `method` notification so far and until `done(params list)` holds,
        then a short quiet period so a late duplicate is caught too."""
        deadline = time.monotonic() + timeout
        while not done([m.get("params") for m in self.notifications if m["method"] == method]):
            try:
                self._next(deadline)
            except TimeoutError:
                break
        quiet = time.monotonic() + 0.2
        while True:
            try:
                self._next(quiet)
            except TimeoutError:
                break
        return [m.get("params") for m in self.notifications if m["method"] == method]

    def wait(self, timeout):
        self.process.stdin.close()
        return self.process.wait(timeout=timeout)
