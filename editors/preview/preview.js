// Bracket preview page: shows the SVG of a `bracket/preview` payload, keeps zoom and scroll
// across updates, and talks to its host (a VS Code webview or the loopback HTTP server).
// No libraries, no eval, no innerHTML: SVG text is parsed with DOMParser, filtered against an
// allow-list and imported, so a document can never make this page run script.
(function () {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";
  // The least zoom the − button, the wheel and the `-` key reach for a picture that fits at
  // more than this; a larger picture can always be zoomed out until it fits (Fit fits any
  // tree: a 10,000-leaf column needs about 0.1 %).
  var MIN_SCALE = 0.05;
  var SMALLEST_SCALE = 1e-6; // below this a card is far less than a pixel in any viewport
  var MAX_SCALE = 8;
  var ZOOM_STEP = 1.25;
  var DRAG_THRESHOLD = 4; // pixels a pointer must move before a press counts as a pan

  // Only these SVG elements survive; everything else (script, foreignObject, a, image,
  // animate/set that could rewrite attributes, …) is dropped with its subtree.
  var ALLOWED_ELEMENTS = new Set([
    "svg", "g", "rect", "text", "tspan", "title", "desc", "path", "polyline", "polygon",
    "line", "circle", "ellipse", "style", "defs", "marker", "lineargradient",
    "radialgradient", "stop", "clippath", "symbol", "use", "metadata",
  ]);

  var viewport = document.getElementById("viewport");
  var canvas = document.getElementById("canvas");
  var stage = document.getElementById("stage");
  var placeholder = document.getElementById("placeholder");
  var statusBadge = document.getElementById("status");
  var zoomLabel = document.getElementById("zoom-level");

  var state = {
    scale: 1,
    width: 0, // unscaled picture size in CSS pixels
    height: 0,
    uri: null,
    version: null,
    geometry: null,
    hasPicture: false,
    highlightId: null,
    sequence: null, // the `sequence` of the payload shown (delta clients only)
    resyncRequested: false,
  };

  // A stylesheet object rather than a <style> element: the page's CSP forbids inline styles,
  // and the constructed sheet carries the picture's own rules (fonts, dark-mode fallbacks).
  var pictureSheet = null;
  try {
    pictureSheet = new CSSStyleSheet();
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([pictureSheet]);
  } catch (e) {
    pictureSheet = null; // older engines: the page CSS alone styles the cards
  }

  // ---------------------------------------------------------------- transport

  var vscode = typeof acquireVsCodeApi === "function" ? acquireVsCodeApi() : null;
  document.body.setAttribute("data-transport", vscode ? "vscode" : "browser");

  // To the extension (webview) or the loopback server (browser), whose endpoint is named
  // after the message type ("reveal", "resync").
  function post(message) {
    if (vscode) {
      vscode.postMessage(message);
      return;
    }
    if (typeof fetch === "function") {
      fetch(message.type === "resync" ? "resync" : "reveal", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(message),
      }).catch(function () { /* the server went away; nothing useful to do */ });
    }
  }

  function highlightIdFrom(data) {
    if (data && typeof data === "object" && "id" in data) return data.id;
    return data;
  }

  function parseJSON(text) {
    try { return JSON.parse(text); } catch (e) { return undefined; }
  }

  function connect() {
    if (vscode) {
      window.addEventListener("message", function (event) {
        var message = event.data;
        if (!message || typeof message !== "object") return;
        if (message.type === "preview") applyPayload(message.payload);
        else if (message.type === "highlight") highlight(message.id);
        else if (message.type === "notice" && typeof message.text === "string") notify(message.text);
      });
      post({ type: "ready" });
      return;
    }
    if (typeof EventSource !== "function") return;
    var source = new EventSource("events");
    source.addEventListener("preview", function (event) {
      var payload = parseJSON(event.data);
      if (payload !== undefined) applyPayload(payload);
    });
    source.addEventListener("highlight", function (event) {
      var data = parseJSON(event.data);
      if (data !== undefined) highlight(highlightIdFrom(data));
    });
  }

  // ---------------------------------------------------------------- SVG intake

  // Filters the parsed tree in place with an explicit stack (documents can nest deeply).
  // Returns the text of its <style> elements, which are replaced by inert <metadata> slots.
  function sanitize(root) {
    var css = [];
    var stack = [root];
    while (stack.length > 0) {
      var element = stack.pop();
      var attributes = Array.prototype.slice.call(element.attributes);
      for (var i = 0; i < attributes.length; i++) {
        var attribute = attributes[i];
        var name = attribute.localName.toLowerCase();
        if (name.indexOf("on") === 0) {
          element.removeAttributeNode(attribute);
        } else if (name === "href" && attribute.value.trim().charAt(0) !== "#") {
          element.removeAttributeNode(attribute); // only same-document references
        } else if (name === "style") {
          // Inline style attributes are blocked by the CSP; re-applied through CSSOM below.
          element.setAttribute("data-bracket-style", attribute.value);
          element.removeAttributeNode(attribute);
        }
      }
      var children = Array.prototype.slice.call(element.children);
      for (var j = 0; j < children.length; j++) {
        var child = children[j];
        var local = child.localName.toLowerCase();
        if (child.namespaceURI !== SVG_NS || !ALLOWED_ELEMENTS.has(local)) {
          child.remove();
        } else if (local === "style") {
          // The CSP forbids inline <style>: its rules go to a constructed sheet, and a
          // <metadata> slot keeps the text in place, so an export can put it back.
          css.push(child.textContent || "");
          var slot = child.ownerDocument.createElementNS(SVG_NS, "metadata");
          slot.setAttribute("data-bracket-stylesheet", "");
          slot.textContent = child.textContent || "";
          child.replaceWith(slot);
        } else {
          stack.push(child);
        }
      }
    }
    return css.join("\n");
  }

  function parseLength(value) {
    if (!value) return NaN;
    var match = /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/.exec(value);
    return match ? parseFloat(match[1]) : NaN;
  }

  // Returns { svg, css, width, height } or null when the text is not a usable SVG.
  function parseSvg(text) {
    if (typeof text !== "string" || text.trim() === "") return null;
    var doc = new DOMParser().parseFromString(text, "image/svg+xml");
    var root = doc.documentElement;
    if (!root || root.namespaceURI !== SVG_NS || root.localName !== "svg") return null;
    if (doc.getElementsByTagName("parsererror").length > 0) return null;
    var css = sanitize(root);
    var width = parseLength(root.getAttribute("width"));
    var height = parseLength(root.getAttribute("height"));
    var viewBox = (root.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(parseFloat);
    if (!(width > 0) && viewBox.length === 4) width = viewBox[2];
    if (!(height > 0) && viewBox.length === 4) height = viewBox[3];
    if (!(width > 0) || !(height > 0)) { width = 300; height = 150; }
    var svg = document.importNode(root, true);
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    finishImported(svg);
    return { svg: svg, css: css, width: width, height: height };
  }

  // After import: styles through CSSOM (the CSP blocks style attributes), every card focusable.
  function finishImported(element) {
    var styled = Array.prototype.slice.call(element.querySelectorAll("[data-bracket-style]"));
    if (element.hasAttribute("data-bracket-style")) styled.push(element);
    for (var i = 0; i < styled.length; i++) {
      styled[i].style.cssText = styled[i].getAttribute("data-bracket-style");
      styled[i].removeAttribute("data-bracket-style");
    }
    var cards = Array.prototype.slice.call(element.querySelectorAll("[data-node-id]"));
    if (element.hasAttribute("data-node-id")) cards.push(element);
    for (var k = 0; k < cards.length; k++) {
      if (!cards[k].hasAttribute("tabindex")) cards[k].setAttribute("tabindex", "0");
    }
  }

  // ---------------------------------------------------------------- payloads

  function count(value) {
    return typeof value === "number" && isFinite(value) && value > 0 ? Math.floor(value) : 0;
  }

  function plural(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }

  function showDiagnostics(errors, warnings) {
    statusBadge.classList.remove("has-errors", "has-warnings");
    document.body.setAttribute("data-errors", String(errors));
    if (errors > 0) {
      statusBadge.textContent = "\u26A0 " + plural(errors, "error") +
        (warnings > 0 ? ", " + plural(warnings, "warning") : "");
      statusBadge.title = "The document has errors; the picture is the server's best layout.";
      statusBadge.classList.add("has-errors");
      statusBadge.hidden = false;
    } else if (warnings > 0) {
      statusBadge.textContent = plural(warnings, "warning");
      statusBadge.title = "";
      statusBadge.classList.add("has-warnings");
      statusBadge.hidden = false;
    } else {
      statusBadge.textContent = "";
      statusBadge.hidden = true;
    }
  }

  function isNewer(payload) {
    if (payload.uri !== state.uri) return true;
    if (typeof payload.version !== "number" || typeof state.version !== "number") return true;
    return payload.version >= state.version; // an equal version may carry new settings
  }

  function applyPayload(payload) {
    if (!payload || typeof payload !== "object") return;
    if (payload.delta !== undefined) { applyDelta(payload); return; }
    if (!isNewer(payload)) return;
    var sameDocument = payload.uri === state.uri;
    state.uri = payload.uri;
    state.version = payload.version;
    state.sequence = typeof payload.sequence === "number" ? payload.sequence : null;
    state.resyncRequested = false;
    var diagnostics = payload.diagnostics && typeof payload.diagnostics === "object" ? payload.diagnostics : {};
    var errors = count(diagnostics.errors);
    showDiagnostics(errors, count(diagnostics.warnings));

    // Past the server's size limit the payload has counts instead of a picture
    // (docs/protocol.md, "Diagrams too large to preview").
    if (payload.tooLarge && typeof payload.tooLarge === "object") {
      stage.replaceChildren();
      state.geometry = null;
      state.hasPicture = false;
      state.width = 0;
      state.height = 0;
      placeholder.textContent = "This diagram has " + plural(count(payload.tooLarge.cards), "card") +
        ", more than the preview draws (" + count(payload.tooLarge.limit) + "). " +
        "Use bracket render to draw it as SVG.";
      placeholder.hidden = false;
      return;
    }

    var picture = parseSvg(payload.svg);
    var empty = !picture || picture.svg.querySelector("[data-node-id]") === null;
    // While the user is typing, a broken document may lay out to nothing; the last good
    // picture (with the error badge) is more useful than a blank page.
    if (empty && errors > 0 && state.hasPicture && sameDocument) return;

    state.geometry = payload.geometry && typeof payload.geometry === "object" ? payload.geometry : null;
    var scrollLeft = viewport.scrollLeft;
    var scrollTop = viewport.scrollTop;
    var first = !state.hasPicture;
    if (picture) {
      if (pictureSheet) {
        try { pictureSheet.replaceSync(picture.css); } catch (e) { pictureSheet.replaceSync(""); }
      }
      stage.replaceChildren(picture.svg);
      state.width = picture.width;
      state.height = picture.height;
    } else {
      stage.replaceChildren();
      state.width = 0;
      state.height = 0;
    }
    state.hasPicture = !empty;
    placeholder.textContent = empty ? (errors > 0 ? "The document has errors and nothing to show yet." : "The diagram is empty.") : "";
    placeholder.hidden = !empty;

    if (first && state.hasPicture) {
      var saved = vscode && vscode.getState ? vscode.getState() : null;
      if (saved && typeof saved.scale === "number") {
        setScale(saved.scale);
        viewport.scrollLeft = saved.scrollLeft || 0;
        viewport.scrollTop = saved.scrollTop || 0;
      } else {
        setScale(Math.min(1, fitScale()));
      }
    } else {
      setScale(state.scale);
      viewport.scrollLeft = scrollLeft;
      viewport.scrollTop = scrollTop;
    }
    highlight(state.highlightId, { scroll: false });
  }

  // ---------------------------------------------------------------- delta payloads

  // A delta (docs/protocol.md, "Delta payloads") patches the picture in place: it applies only
  // to the payload numbered `base`. preview-delta.js checks everything before the first change
  // to the DOM; on any mismatch the page shows what it has and asks the host for a full payload.
  var deltaTools = window.bracketPreviewDelta || null;
  // What the delta code needs from the intake above, so fragments are filtered exactly like a
  // whole picture.
  var intake = Object.freeze({ sanitize: sanitize, finishImported: finishImported });

  function applyDelta(payload) {
    var delta = payload.delta;
    var svg = stage.firstElementChild;
    var patch = null;
    try {
      patch = deltaTools && payload.uri === state.uri && typeof payload.base === "number" &&
        payload.base === state.sequence && state.hasPicture && svg && state.geometry &&
        delta && typeof delta === "object" ? deltaTools.prepare(svg, state.geometry, delta, intake) : null;
    } catch (e) {
      patch = null; // a malformed delta: ask for the whole picture
    }
    if (!patch) { requestResync(payload.uri); return; }

    var scrollLeft = viewport.scrollLeft;
    var scrollTop = viewport.scrollTop;
    try {
      var patched = deltaTools.commit(svg, patch);
      state.geometry = patched.geometry;
      state.width = patched.width;
      state.height = patched.height;
    } catch (e) {
      // Checked beforehand, so this is a bug or a DOM surprise: the full payload repairs it.
      state.sequence = null;
      requestResync(payload.uri);
      return;
    }
    state.version = payload.version;
    state.sequence = typeof payload.sequence === "number" ? payload.sequence : null;
    var diagnostics = payload.diagnostics && typeof payload.diagnostics === "object" ? payload.diagnostics : {};
    showDiagnostics(count(diagnostics.errors), count(diagnostics.warnings));
    setScale(state.scale);
    viewport.scrollLeft = scrollLeft;
    viewport.scrollTop = scrollTop;
    highlight(state.highlightId, { scroll: false });
  }

  function requestResync(uri) {
    if (state.resyncRequested) return;
    state.resyncRequested = true;
    // The extension answers with bracket/preview; the loopback server publishes a full payload.
    post({ type: "resync", uri: typeof uri === "string" ? uri : state.uri });
  }

  // ---------------------------------------------------------------- cards

  function cardsWithId(id) {
    var result = [];
    var cards = stage.querySelectorAll("[data-node-id]");
    for (var i = 0; i < cards.length; i++) {
      // Compared as strings, not through a selector: IDs may contain '.' and '-'.
      if (cards[i].getAttribute("data-node-id") === id) result.push(cards[i]);
    }
    return result;
  }

  // Duplicate IDs are a diagnostic, not a crash: the n-th card with an ID maps to the n-th
  // geometry node with it (both are in pre-order).
  function rangeFor(card) {
    var id = card.getAttribute("data-node-id");
    var nodes = state.geometry && Array.isArray(state.geometry.nodes) ? state.geometry.nodes : [];
    var occurrence = cardsWithId(id).indexOf(card);
    for (var i = 0; i < nodes.length; i++) {
      if (nodes[i] && nodes[i].id === id) {
        if (occurrence <= 0) return nodes[i].range || null;
        occurrence--;
      }
    }
    return null;
  }

  function reveal(card) {
    post({ type: "reveal", id: card.getAttribute("data-node-id"), range: rangeFor(card) });
  }

  function highlight(id, options) {
    state.highlightId = typeof id === "string" ? id : null;
    var previous = stage.querySelectorAll(".bracket-highlight");
    for (var i = 0; i < previous.length; i++) previous[i].classList.remove("bracket-highlight");
    if (state.highlightId === null) return;
    var cards = cardsWithId(state.highlightId);
    for (var j = 0; j < cards.length; j++) cards[j].classList.add("bracket-highlight");
    if (cards.length > 0 && !(options && options.scroll === false)) scrollIntoViewIfNeeded(cards[0]);
  }

  function scrollIntoViewIfNeeded(card) {
    var box = card.getBoundingClientRect();
    var view = viewport.getBoundingClientRect();
    var inside = box.left >= view.left && box.right <= view.right &&
      box.top >= view.top && box.bottom <= view.bottom;
    if (inside) return;
    viewport.scrollLeft += (box.left + box.right) / 2 - (view.left + view.right) / 2;
    viewport.scrollTop += (box.top + box.bottom) / 2 - (view.top + view.bottom) / 2;
  }

  // ---------------------------------------------------------------- zoom and pan

  function clamp(value, low, high) {
    return Math.min(high, Math.max(low, value));
  }

  function fitScale() {
    if (!(state.width > 0) || !(state.height > 0)) return 1;
    // Measure the viewport without the scrollbars the current zoom may have caused; at the
    // fitted size they disappear.
    canvas.style.width = "0px";
    canvas.style.height = "0px";
    var sx = viewport.clientWidth / state.width;
    var sy = viewport.clientHeight / state.height;
    var s = Math.min(sx, sy);
    return s > 0 && isFinite(s) ? s : 1;
  }

  function saveView() {
    if (vscode && vscode.setState) {
      vscode.setState({ scale: state.scale, scrollLeft: viewport.scrollLeft, scrollTop: viewport.scrollTop });
    }
  }

  // Sets the scale and keeps the picture point under (anchorX, anchorY) — viewport
  // coordinates, default its centre — where it was.
  function setScale(scale, anchorX, anchorY) {
    var old = state.scale;
    var ax = typeof anchorX === "number" ? anchorX : viewport.clientWidth / 2;
    var ay = typeof anchorY === "number" ? anchorY : viewport.clientHeight / 2;
    var left = viewport.scrollLeft;
    var top = viewport.scrollTop;
    var px = (left + ax) / old;
    var py = (top + ay) / old;
    var least = MIN_SCALE;
    // Measured only when asked for less than MIN_SCALE: fitScale resets the canvas size (and
    // so the scroll position, read above), which the lines below set again.
    if (scale < MIN_SCALE) least = Math.max(SMALLEST_SCALE, Math.min(MIN_SCALE, fitScale()));
    var next = clamp(scale, least, MAX_SCALE);
    state.scale = next;
    stage.style.transform = "scale(" + next + ")";
    canvas.style.width = Math.ceil(state.width * next) + "px";
    canvas.style.height = Math.ceil(state.height * next) + "px";
    zoomLabel.textContent = percent(next);
    document.body.setAttribute("data-scale", String(next));
    viewport.scrollLeft = next !== old ? px * next - ax : left;
    viewport.scrollTop = next !== old ? py * next - ay : top;
    saveView();
  }

  // "195 %", "5.2 %", "0.097 %": a fitted large tree still reads as a number.
  function percent(scale) {
    var value = scale * 100;
    var text = value >= 10 ? String(Math.round(value)) : value >= 1 ? value.toFixed(1) : value.toPrecision(2);
    return text + " %";
  }

  function zoomBy(factor, anchorX, anchorY) {
    setScale(state.scale * factor, anchorX, anchorY);
  }

  function fit() {
    setScale(fitScale());
    viewport.scrollLeft = 0;
    viewport.scrollTop = 0;
    saveView();
  }

  document.getElementById("zoom-in").addEventListener("click", function () { zoomBy(ZOOM_STEP); });
  document.getElementById("zoom-out").addEventListener("click", function () { zoomBy(1 / ZOOM_STEP); });
  document.getElementById("zoom-fit").addEventListener("click", fit);
  document.getElementById("zoom-reset").addEventListener("click", function () { setScale(1); });

  // Ctrl/Cmd + wheel zooms around the pointer; trackpad pinches arrive as ctrl + wheel in
  // Chromium. A plain wheel scrolls natively.
  viewport.addEventListener("wheel", function (event) {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    var delta = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
    var box = viewport.getBoundingClientRect();
    zoomBy(Math.exp(-delta * 0.002), event.clientX - box.left, event.clientY - box.top);
  }, { passive: false });

  viewport.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if ((event.key === "Enter" || event.key === " ") && target && target.closest) {
      var card = target.closest("[data-node-id]");
      if (card) { event.preventDefault(); reveal(card); return; }
    }
    if (event.key === "+" || event.key === "=") zoomBy(ZOOM_STEP);
    else if (event.key === "-") zoomBy(1 / ZOOM_STEP);
    else if (event.key === "0") setScale(1);
    else if (event.key === "f" || event.key === "F") fit();
    else return;
    event.preventDefault();
  });

  var drag = null;
  var suppressClick = false;

  viewport.addEventListener("pointerdown", function (event) {
    suppressClick = false;
    if (event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, left: viewport.scrollLeft, top: viewport.scrollTop, moved: false, pointer: event.pointerId };
  });
  viewport.addEventListener("pointermove", function (event) {
    if (!drag || event.pointerId !== drag.pointer) return;
    var dx = event.clientX - drag.x;
    var dy = event.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) < DRAG_THRESHOLD) return;
    if (!drag.moved) {
      drag.moved = true;
      viewport.classList.add("dragging");
      try { viewport.setPointerCapture(event.pointerId); } catch (e) { /* pointer already gone */ }
    }
    viewport.scrollLeft = drag.left - dx;
    viewport.scrollTop = drag.top - dy;
  });
  function endDrag(event) {
    if (!drag || event.pointerId !== drag.pointer) return;
    suppressClick = drag.moved; // a pan must not also count as a click on a card
    drag = null;
    viewport.classList.remove("dragging");
    saveView();
  }
  viewport.addEventListener("pointerup", endDrag);
  viewport.addEventListener("pointercancel", endDrag);
  viewport.addEventListener("scroll", function () { if (!drag) saveView(); });

  stage.addEventListener("click", function (event) {
    if (suppressClick) { suppressClick = false; return; }
    var card = event.target && event.target.closest ? event.target.closest("[data-node-id]") : null;
    if (card) reveal(card);
  });

  // ---------------------------------------------------------------- export

  // What the Save and Copy buttons make: the picture as a standalone SVG (the server's markup,
  // with the deltas applied and the page's own marks taken off), and a PNG drawn from that SVG
  // on a canvas at 2× for sharp screens. In VS Code the bytes go to the extension, which asks
  // where to save them; in a browser they are downloaded.
  var PNG_SCALE = 2;
  var MAX_CANVAS_SIDE = 16384; // what every current browser can allocate, per side
  var MAX_CANVAS_AREA = 16384 * 16384 / 2;
  var noticeBadge = document.getElementById("notice");
  var noticeTimer = null;

  function notify(text) {
    noticeBadge.textContent = text;
    noticeBadge.hidden = false;
    if (noticeTimer) clearTimeout(noticeTimer);
    noticeTimer = setTimeout(function () { noticeBadge.hidden = true; noticeTimer = null; }, 6000);
  }

  function pictureMarkup() {
    var svg = stage.firstElementChild;
    if (!svg || !state.hasPicture) return null;
    var copy = svg.cloneNode(true);
    var marked = copy.querySelectorAll(".bracket-highlight");
    for (var i = 0; i < marked.length; i++) {
      marked[i].classList.remove("bracket-highlight");
      if (marked[i].getAttribute("class") === "") marked[i].removeAttribute("class");
    }
    var slots = copy.querySelectorAll("metadata[data-bracket-stylesheet]");
    for (var j = 0; j < slots.length; j++) {
      var style = document.createElementNS(SVG_NS, "style");
      style.textContent = slots[j].textContent;
      slots[j].replaceWith(style);
    }
    return new XMLSerializer().serializeToString(copy) + "\n";
  }

  function baseName() {
    var uri = typeof state.uri === "string" ? state.uri : "";
    var name = uri.split(/[\\/]/).pop() || "";
    try { name = decodeURIComponent(name); } catch (e) { /* keep it encoded */ }
    name = name.replace(/\.bracket$/i, "");
    return name || "diagram";
  }

  // The scale of the PNG: 2×, less when a large tree would exceed the canvas limits.
  function pngScale() {
    var w = state.width, h = state.height;
    return Math.min(PNG_SCALE, MAX_CANVAS_SIDE / w, MAX_CANVAS_SIDE / h, Math.sqrt(MAX_CANVAS_AREA / (w * h)));
  }

  function pngBlob(markup) {
    return new Promise(function (resolve, reject) {
      var scale = pngScale();
      var image = new Image();
      image.onload = function () {
        var canvas = document.createElement("canvas");
        canvas.width = Math.max(1, Math.round(state.width * scale));
        canvas.height = Math.max(1, Math.round(state.height * scale));
        var context = canvas.getContext("2d");
        if (!context) { reject(new Error("no 2D canvas")); return; }
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(function (blob) {
          if (blob) resolve(blob); else reject(new Error("the picture is too large for a PNG"));
        }, "image/png");
      };
      image.onerror = function () { reject(new Error("the picture could not be drawn")); };
      image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(markup);
    });
  }

  function scaleNote() {
    var scale = pngScale();
    return scale < PNG_SCALE ? " at " + percent(scale).replace(" %", "") + " % (the canvas size limit)" : "";
  }

  function download(blob, name) {
    var link = document.createElement("a");
    var url = URL.createObjectURL(blob);
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
  }

  function blobBase64(blob) {
    return new Promise(function (resolve, reject) {
      var reader = new FileReader();
      reader.onload = function () { resolve(String(reader.result).replace(/^data:[^,]*,/, "")); };
      reader.onerror = function () { reject(reader.error); };
      reader.readAsDataURL(blob);
    });
  }

  function saveSvg() {
    var markup = pictureMarkup();
    if (markup === null) { notify("Nothing to save yet."); return; }
    if (vscode) { post({ type: "export", format: "svg", name: baseName() + ".svg", data: markup }); return; }
    download(new Blob([markup], { type: "image/svg+xml" }), baseName() + ".svg");
    notify("Saved " + baseName() + ".svg");
  }

  function savePng() {
    var markup = pictureMarkup();
    if (markup === null) { notify("Nothing to save yet."); return; }
    var note = scaleNote();
    pngBlob(markup).then(function (blob) {
      if (vscode) {
        return blobBase64(blob).then(function (data) {
          post({ type: "export", format: "png", name: baseName() + ".png", data: data });
        });
      }
      download(blob, baseName() + ".png");
      notify("Saved " + baseName() + ".png" + note);
    }).catch(function (error) { notify("Could not make the PNG: " + error.message); });
  }

  function copyImage() {
    var markup = pictureMarkup();
    if (markup === null) { notify("Nothing to copy yet."); return; }
    if (!navigator.clipboard || typeof navigator.clipboard.write !== "function" || typeof ClipboardItem !== "function") {
      notify("Copying images is not allowed here: use Save PNG.");
      return;
    }
    var note = scaleNote();
    // The item takes the promise, so the copy keeps the click's permission while the PNG is drawn.
    navigator.clipboard.write([new ClipboardItem({ "image/png": pngBlob(markup) })]).then(function () {
      notify("Copied the diagram as an image" + note);
    }, function (error) {
      notify("Copying images is not allowed here (" + (error && error.name || "refused") + "): use Save PNG.");
    });
  }

  document.getElementById("save-svg").addEventListener("click", saveSvg);
  document.getElementById("save-png").addEventListener("click", savePng);
  document.getElementById("copy-image").addEventListener("click", copyImage);

  // Read-only view of the state, for hosts and tests that want to inspect the page.
  window.bracketPreview = Object.freeze({
    scale: function () { return state.scale; },
    version: function () { return state.version; },
    sequence: function () { return state.sequence; },
    geometry: function () { return state.geometry ? JSON.parse(JSON.stringify(state.geometry)) : null; },
  });

  connect();
})();
