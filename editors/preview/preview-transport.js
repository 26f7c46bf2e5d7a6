// Bracket preview page, the transport: how the page talks to its host. In a VS Code webview
// it is the webview's messages (`acquireVsCodeApi`); in a browser it is the loopback server's
// event stream (read with fetch, or EventSource where there is no fetch), the binary bodies the
// stream announces (docs/protocol.md, "The payload as a binary body") and POSTs of `reveal` and
// `resync` (editors/preview/README.md, "Transports"). Payloads are handed on in order through
// `applyPayload`, the editor's cursor through `highlight`, the host's notices through `notify`.
// Loaded before preview.js, which makes the modules and owns the picture; this file only offers
// `window.bracketPreviewTransport.create(deps)` (deps: the page's functions it calls, and
// `painted`, the page's record of what it painted and when, which it stamps).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewTransport = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var mark = deps.mark, painted = deps.painted, startMarks = deps.startMarks,
      applyPayload = deps.applyPayload, highlight = deps.highlight, notify = deps.notify,
      payloadOfBody = deps.payloadOfBody, requestResync = deps.requestResync;

    var vscode = typeof acquireVsCodeApi === "function" ? acquireVsCodeApi() : null;
    // When this script started and the event stream answered (painted().marks).
    var scriptStarted = performance.timeOrigin + performance.now(), streamOpened = 0;
    document.body.setAttribute("data-transport", vscode ? "vscode" : "browser");

    function post(message) {
      if (vscode) { vscode.postMessage(message); return; }
      if (typeof fetch === "function") {
        fetch(message.type === "resync" ? "resync" : "reveal", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(message),
        }).catch(function () { /* the server went away; nothing useful to do */ });
      }
    }

    function parseJSON(text) {
      try { return JSON.parse(text); } catch (e) { return undefined; }
    }

    function connect() {
      if (vscode) {
        window.addEventListener("message", function (event) {
          var message = event.data;
          if (!message || typeof message !== "object") return;
          if (message.type === "preview") { painted.received = performance.timeOrigin + performance.now(); applyPayload(message.payload); }
          else if (message.type === "highlight") highlight(message.id);
          else if (message.type === "notice" && typeof message.text === "string") notify(message.text);
        });
        post({ type: "ready" });
        return;
      }
      if (typeof fetch === "function" && typeof TextDecoder === "function" && typeof ReadableStream === "function") {
        streamEvents(0);
        return;
      }
      // No fetch: the event stream carries full payloads inline, as it always did.
      if (typeof EventSource !== "function") return;
      var source = new EventSource("events");
      source.addEventListener("preview", function (event) { onEvent("preview", event.data); });
      source.addEventListener("highlight", function (event) { onEvent("highlight", event.data); });
    }

    function onEvent(name, text) {
      var data = parseJSON(text);
      if (data === undefined) return;
      if (name === "preview") receivePreview(data, text.length);
      else if (name === "highlight") highlight(data && typeof data === "object" && "id" in data ? data.id : data);
    }

    // Preview events in order. A full payload the stream only announces (`payload`: the path of
    // its binary body, docs/protocol.md "The payload as a binary body") is fetched before the
    // events after it are applied (a delta after it has it as its base); an announcement with a
    // newer one queued behind it is skipped, and so is everything queued before that one.
    var intake = { busy: false, queue: [] };
    function isAnnouncement(data) {
      return data && typeof data === "object" && typeof data.payload === "string" && data.columns === undefined && data.delta === undefined;
    }
    function receivePreview(data, size) {
      intake.queue.push({ data: data, size: size, at: performance.timeOrigin + performance.now() });
      drainPreviews();
    }
    function drainPreviews() {
      while (!intake.busy && intake.queue.length > 0) {
        var last = -1;
        for (var k = intake.queue.length - 1; k > 0 && last < 0; k--) if (isAnnouncement(intake.queue[k].data)) last = k;
        if (last > 0) intake.queue.splice(0, last);
        var next = intake.queue.shift();
        if (isAnnouncement(next.data)) { fetchPayload(next.data, next.at); return; }
        painted.received = next.at;
        painted.bytes = next.size;
        if (next.data && typeof next.data === "object" && next.data.delta === undefined) startMarks(next.at);
        applyPayload(next.data);
      }
    }
    // An exception the page raised while handling what the host sent, on the console with its
    // stack (what it then does, a resync or a reconnect, stays as it was).
    function pageFailed(what, error) {
      console.error("bracket preview: handling " + what + " failed; asking the host again", error && error.stack ? error.stack : error);
    }

    function fetchPayload(note, announced) {
      var pageStep = false;
      intake.busy = true;
      var path = note.payload;
      fetch(path, { cache: "no-store" }).then(function (response) {
        // Gone (410) or unknown (404): a newer payload replaced it, and its event is on its way.
        if (!response.ok) return response.status === 410 || response.status === 404 ? null : Promise.reject(response.status);
        return response.arrayBuffer();
      }).then(function (buffer) {
        if (buffer === null) return;
        painted.received = performance.timeOrigin + performance.now();
        painted.bytes = buffer.byteLength;
        startMarks(painted.received);
        painted.marks.announced = announced;
        painted.marks.script = scriptStarted;
        if (streamOpened) painted.marks.stream = streamOpened;
        pageStep = true; // from here an exception is the page's, not the network's
        var payload = payloadOfBody(buffer);
        mark("decoded");
        if (payload) applyPayload(payload); else requestResync(note.uri);
      }).catch(function (error) {
        // The server went away or the body was cut: ask again. An exception of the page's own
        // (decoding or drawing the payload) is asked again too, but said on the console with its
        // stack: before, it became a silent resync, and a bug in the page looked like a slow one.
        if (pageStep) pageFailed("a full payload", error);
        requestResync(note.uri);
      }).then(function () {
        intake.busy = false;
        drainPreviews();
      });
    }

    // The server-sent events read with fetch: Chromium's EventSource takes about 3 s to hand over
    // one 40 MB event (131,071 cards), a streamed read and one TextDecoder pass a tenth of that.
    // Chunks are kept in a list and joined once an event is complete, so a large event is never
    // rescanned. Reconnects after a second when the stream ends, as EventSource would.
    function streamEvents(attempt) {
      var decoder = new TextDecoder();
      var pending = [];
      var tail = ""; // the last character seen, for a blank line split across chunks
      function dispatch(block) {
        var name = "message", data = [];
        var lines = block.split("\n");
        for (var i = 0; i < lines.length; i++) {
          var line = lines[i];
          if (line === "" || line.charAt(0) === ":") continue;
          var colon = line.indexOf(":");
          var field = colon < 0 ? line : line.slice(0, colon);
          var value = colon < 0 ? "" : line.slice(colon + 1);
          if (value.charAt(0) === " ") value = value.slice(1);
          if (field === "event") name = value;
          else if (field === "data") data.push(value);
        }
        if (data.length === 0) return;
        try { onEvent(name, data.join("\n")); } catch (error) { pageFailed("a " + name + " event", error); throw error; }
      }
      function complete(last) {
        pending.push(last);
        var block = pending.join("");
        pending = [];
        tail = "";
        dispatch(block);
      }
      function take(text) {
        text = text.replace(/\r\n?/g, "\n");
        var from = 0;
        if (tail === "\n" && text.charAt(0) === "\n") { complete(""); from = 1; }
        for (;;) {
          var end = text.indexOf("\n\n", from);
          if (end < 0) break;
          complete(text.slice(from, end));
          from = end + 2;
        }
        if (from < text.length) {
          pending.push(text.slice(from));
          tail = text.charAt(text.length - 1);
        }
      }
      function retry() { setTimeout(function () { streamEvents(attempt + 1); }, Math.min(5000, 1000 * (attempt + 1))); }
      // `payload=fetch`: full payloads come as a small event naming their binary body.
      var url = typeof ArrayBuffer === "function" && typeof DataView === "function" ? "events?payload=fetch" : "events";
      fetch(url, { headers: { Accept: "text/event-stream" }, cache: "no-store" }).then(function (response) {
        if (!response.ok || !response.body) { retry(); return; }
        attempt = 0;
        streamOpened = performance.timeOrigin + performance.now();
        var reader = response.body.getReader();
        function pump() {
          return reader.read().then(function (result) {
            if (result.done) { take(decoder.decode()); retry(); return; }
            take(decoder.decode(result.value, { stream: true }));
            return pump();
          });
        }
        return pump();
      }).catch(retry);
    }

    return {
      vscode: vscode,
      post: post,
      parseJSON: parseJSON,
      connect: connect,
    };
  }

  return { create: create };
});
