// Bracket preview page: draws a `bracket/preview` payload from its geometry, keeps zoom and
// pan across updates, and talks to its host (a VS Code webview or the loopback HTTP server).
// This file owns payloads, the card elements, the view, the overview and the minimap; the rest
// (the store and its numeric and text columns, the ID index, the spatial index, transport,
// results, the server's markup, focus, level headers and edge labels, a competitor's path,
// search, input, export, deltas, tiles, links) are modules loaded before it (index.html), made
// in "the page's modules" below.
//
// Big trees: the page never holds the whole picture in the DOM. The geometry is copied into
// typed arrays (the "store"); only the cards and connectors in and near the viewport exist as
// SVG elements (at most MAX_DOM_CARDS, recycled as the view moves), built exactly as the
// server's SVG builds them (same classes, attributes and text). When more cards than that are in
// view, a canvas draws them as coloured rectangles instead (the overview), which stays cheap at a
// million cards. A minimap shows where the view is; search, keyboard navigation and the editor's
// cursor highlight can reach any card.
//
// No libraries, no eval, no innerHTML: fragments from the server (the `<desc>` element) are
// parsed with DOMParser and only their text is used, so a document can never make this page
// run script.
(function () {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";
  // The least zoom the − button, the wheel and the `-` key reach for a picture that fits at
  // more than this; a larger picture can always be zoomed out until it fits.
  var MIN_SCALE = 0.05;
  var SMALLEST_SCALE = 1e-7;
  var MAX_SCALE = 8;
  var ZOOM_STEP = 1.25;
  var DRAG_THRESHOLD = 4; // pixels a pointer must move before a press counts as a pan
  // More cards than this in view and the canvas draws them: the DOM stays small however big
  // the tree (a 1000×700 view holds about 700 cards at 15 %, where labels are 2 px tall).
  var MAX_DOM_CARDS = 1200;
  var OVERSCAN = 0.25; // fraction of the view drawn beyond each edge, so a small pan shows cards
  var CREATE_MS = 3, CREATE_LEAST = 8, CREATE_MOST = 24; // card elements made per frame: for about this long, at least this many, at most that many (see drawDom)
  var SMALL_PICTURE = 300; // this many cards in view are elements at any zoom
  var READABLE_SCALE = 1; // search (and keys in the overview) zoom in to this when the card would be unreadable
  var LEGIBLE_SCALE = 0.7; // below this a 13 px label is under 9 px on screen: a search match zooms in
  var MINIMAP_SIDE = 180;

  var viewport = document.getElementById("viewport");
  var stage = document.getElementById("stage");
  var overview = document.getElementById("overview");
  var placeholder = document.getElementById("placeholder");
  var statusBadge = document.getElementById("status");
  var zoomLabel = document.getElementById("zoom-level");
  var announcer = document.getElementById("announce");
  var minimap = document.getElementById("minimap");
  var minimapCanvas = document.getElementById("minimap-canvas");
  var minimapView = document.getElementById("minimap-view");
  var searchBox = document.getElementById("search");
  var searchCount = document.getElementById("search-count");

  var state = {
    scale: 1,
    x: 0, // the picture point (SVG user units, margin included) at the view's top left
    y: 0,
    uri: null,
    version: null,
    sequence: null, // the `sequence` of the payload shown (delta clients only)
    resyncRequested: false,
    store: null,
    picture: null, // { svgWidth, svgHeight, title, desc, style }
    hasPicture: false,
    highlightId: null,
    focus: -1, // the card index that has (or last had) keyboard focus
    match: -1, // the current search match
    viewSaved: null,
  };

  var pictureSheet = null;
  try {
    pictureSheet = new CSSStyleSheet();
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([pictureSheet]);
  } catch (e) {
    pictureSheet = null; // older engines: the page CSS alone styles the cards
  }

  // ---------------------------------------------------------------- payloads

  function count(value) {
    return typeof value === "number" && isFinite(value) && value > 0 ? Math.floor(value) : 0;
  }

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function showDiagnostics(errors, warnings) {
    statusBadge.classList.remove("has-errors", "has-warnings");
    document.body.setAttribute("data-errors", String(errors));
    if (errors > 0) {
      statusBadge.textContent = "\u26A0 " + plural(errors, "error") + (warnings > 0 ? ", " + plural(warnings, "warning") : "");
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

  // The text content of a `<desc>` fragment, parsed inertly.
  function descText(markup) {
    if (typeof markup !== "string" || markup === "") return "";
    var doc = new DOMParser().parseFromString('<svg xmlns="' + SVG_NS + '">' + markup + "</svg>", "image/svg+xml");
    if (doc.getElementsByTagName("parsererror").length > 0) return "";
    var desc = doc.documentElement.firstElementChild;
    return desc ? desc.textContent || "" : "";
  }

  // `picture` from a geometry-only payload, or the same parts taken from an old payload's SVG
  // (by a scan of its head: the page never builds a DOM of the whole document).
  function pictureOf(payload, geometry) {
    var p = payload.picture && typeof payload.picture === "object" ? payload.picture : null;
    if (p) {
      return {
        svgWidth: num(p.svgWidth, 0), svgHeight: num(p.svgHeight, 0),
        title: typeof p.title === "string" ? p.title : "Bracket diagram",
        descMarkup: typeof p.desc === "string" ? p.desc : "", style: typeof p.style === "string" ? p.style : "",
        text: p.text,
      };
    }
    var svg = typeof payload.svg === "string" ? payload.svg : "";
    var head = svg.slice(0, 8192);
    var style = /<style>([\s\S]*?)<\/style>/.exec(head);
    var desc = /<desc id="bracket-desc">[\s\S]*?<\/desc>/.exec(head);
    var title = /<title id="bracket-title">([\s\S]*?)<\/title>/.exec(head);
    var margin = num(geometry.margin, 0);
    return {
      svgWidth: num(geometry.width, 0) + 2 * margin, svgHeight: num(geometry.height, 0) + 2 * margin,
      title: title ? descText("<desc>" + title[1] + "</desc>") : "Bracket diagram",
      descMarkup: desc ? desc[0] : "", style: style ? style[1] : "", text: null,
    };
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

    if (payload.tooLarge && typeof payload.tooLarge === "object") {
      // The server's cap (docs/protocol.md): nothing to draw, and it says why.
      replaceStore(null, null, null);
      showPlaceholder("This diagram has " + plural(count(payload.tooLarge.cards), "card") +
        ", more than the preview draws (" + count(payload.tooLarge.limit) + "). " +
        "Use bracket render to draw it as SVG.");
      return;
    }
    var columns = payload.columns && typeof payload.columns === "object" ? payload.columns : null;
    var geometry = columns || (payload.geometry && typeof payload.geometry === "object" ? payload.geometry : {});
    var store = columns ? storeFromColumns(columns, null) : storeFromGeometry(geometry, null);
    var empty = store.n === 0;
    // While the user is typing, a broken document may lay out to nothing; the last good
    // picture (with the error badge) is more useful than a blank page.
    if (empty && errors > 0 && state.hasPicture && sameDocument) return;
    var picture = pictureOf(payload, geometry);
    store.metrics = picture.text && typeof picture.text === "object" ? picture.text : null;
    if (pictureSheet) {
      try { pictureSheet.replaceSync(picture.style); } catch (e) { pictureSheet.replaceSync(""); }
      if (coloursStale === false) coloursStale = true;
    }
    picture.desc = descText(picture.descMarkup);
    var first = !state.hasPicture;
    replaceStore(store, picture, null);
    if (empty) {
      showPlaceholder(errors > 0 ? "The document has errors and nothing to show yet." : "The diagram is empty.");
      return;
    }
    placeholder.hidden = true;
    if (first) {
      warmUp();
      var saved = vscode && vscode.getState ? vscode.getState() : null;
      if (saved && typeof saved.scale === "number" && typeof saved.x === "number") {
        setView(saved.scale, saved.x, saved.y);
      } else {
        fitTo(Math.min(1, fitScale()));
      }
    } else {
      setView(state.scale, state.x, state.y);
    }
  }

  function showPlaceholder(text) {
    placeholder.textContent = text;
    placeholder.hidden = false;
    requestDraw();
  }

  // `moves` (from a delta, else null): { map, renamed } as patchStore returns them. With it,
  // what the page holds by card index (focus, search match, shown elements, the path) follows
  // each card to its new index, a renamed card included, and the highlight follows a rename;
  // without it, by ID.
  function replaceStore(store, picture, moves) {
    var old = state.store;
    state.store = store;
    state.picture = picture;
    state.hasPicture = !!store && store.n > 0;
    stage.setAttribute("aria-label", picture ? picture.title + ". " + picture.desc : "Diagram");
    var follow = cardFollower(old, store, moves);
    if (moves && state.highlightId !== null && moves.renamed.has(state.highlightId)) state.highlightId = moves.renamed.get(state.highlightId);
    if (moves) followPath(store, follow, moves.renamed);
    rekey(old, store, follow);
    minimapDirty = true;
    // The match follows its card; the match list is brought up to date a moment later, never
    // inside a keystroke's frame (a million labels take a while to scan).
    state.match = follow(state.match);
    if (searchBox.value) search.refreshLater();
    requestDraw();
  }

  // ---------------------------------------------------------------- delta payloads

  function applyDelta(payload) {
    var patched = null, started = performance.now();
    postponeMinimap(); // this delta's frame first
    // What a delta keeps up to date (the grid) is built first if a new store deferred it.
    if (state.hasPicture && state.store.spatial) gridOf(state.store);
    try {
      patched = payload.uri === state.uri && typeof payload.base === "number" && payload.base === state.sequence &&
        state.hasPicture ? patchStore(state.store, payload.delta) : null;
    } catch (e) {
      patched = null; // a malformed delta: ask for the whole picture
    }
    if (!patched) { requestResync(payload.uri); return; }
    var frame = payload.delta.frame;
    var picture = {
      svgWidth: num(frame.svgWidth, 0), svgHeight: num(frame.svgHeight, 0), title: state.picture.title,
      descMarkup: typeof frame.desc === "string" ? frame.desc : state.picture.descMarkup,
      style: state.picture.style, text: state.picture.text,
    };
    picture.desc = descText(picture.descMarkup);
    state.version = payload.version;
    state.sequence = typeof payload.sequence === "number" ? payload.sequence : null;
    var diagnostics = payload.diagnostics && typeof payload.diagnostics === "object" ? payload.diagnostics : {};
    showDiagnostics(count(diagnostics.errors), count(diagnostics.warnings));
    var stored = performance.now();
    replaceStore(patched.store, picture, patched);
    painted.applied = [stored - started, performance.now() - stored];
  }

  function requestResync(uri) {
    if (state.resyncRequested) return;
    state.resyncRequested = true;
    post({ type: "resync", uri: typeof uri === "string" ? uri : state.uri });
  }

  // ---------------------------------------------------------------- DOM cards (virtualised)

  var world = document.createElementNS(SVG_NS, "g"); // view transform
  var content = document.createElementNS(SVG_NS, "g"); // the margin, as in the server's SVG
  var headingLayer = document.createElementNS(SVG_NS, "g");
  var connectorLayer = document.createElementNS(SVG_NS, "g");
  var cardLayer = document.createElementNS(SVG_NS, "g");
  var svgRoot = document.createElementNS(SVG_NS, "svg");
  svgRoot.setAttribute("class", "bracket-picture");
  svgRoot.setAttribute("role", "group");
  connectorLayer.setAttribute("class", "bracket-connectors");
  connectorLayer.setAttribute("aria-hidden", "true");
  headingLayer.setAttribute("aria-hidden", "true");
  cardLayer.setAttribute("role", "list");
  cardLayer.setAttribute("aria-label", "Cards");
  content.append(headingLayer, connectorLayer, cardLayer);
  world.append(content);
  svgRoot.append(world);
  stage.append(svgRoot);

  var shownCards = new Map(); // card index -> element
  var shownEdges = new Map(); // connector index -> element
  var cardPool = [];
  var edgePool = [];

  function setAttrs(element, attrs) {
    for (var k = 0; k < attrs.length; k++) {
      if (element.getAttribute(attrs[k][0]) !== attrs[k][1]) element.setAttribute(attrs[k][0], attrs[k][1]);
    }
  }

  function newCard() {
    var g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("class", "bracket-card");
    g.setAttribute("role", "listitem");
    g.setAttribute("tabindex", "0");
    var title = document.createElementNS(SVG_NS, "title");
    var rect = document.createElementNS(SVG_NS, "rect");
    var text = document.createElementNS(SVG_NS, "text");
    g.append(title, rect, text);
    return g;
  }

  // Makes `g` card i of the store, exactly as the server's markup for it parses.
  function fillCard(g, s, i) {
    g.__index = i;
    var id = cleanText(cardId(s, i)), label = cleanText(cardLabel(s, i) + nameSuffix(s, i));
    if (g.getAttribute("data-node-id") !== id) g.setAttribute("data-node-id", id);
    if (g.getAttribute("aria-label") !== label) g.setAttribute("aria-label", label);
    fillResult(g, s, i);
    fillAttributeClasses(g, s, i);
    var title = g.firstChild, rect = title.nextSibling, text = rect.nextSibling;
    if (title.textContent !== label) title.textContent = label;
    setAttrs(rect, rectAttrs(s, i, domOrigin));
    var t = textSpec(s, i, domOrigin);
    var key = t.spans ? JSON.stringify([t.attrs, t.spans]) : JSON.stringify([t.attrs, t.text]);
    if (text.__key !== key) {
      text.__key = key;
      while (text.attributes.length > 0) text.removeAttribute(text.attributes[0].name);
      setAttrs(text, t.attrs);
      if (t.spans) {
        text.replaceChildren.apply(text, t.spans.map(function (span) {
          var tspan = document.createElementNS(SVG_NS, "tspan");
          tspan.setAttribute("x", span.x);
          tspan.setAttribute("y", span.y);
          tspan.textContent = cleanText(span.text);
          return tspan;
        }));
      } else {
        text.textContent = cleanText(t.text);
      }
    }
    markCard(g, s, i);
  }

  // The card's result: its class, `data-entrant`, and the score slot's <text> (made, filled or
  // removed), as BracketSVG writes them.
  function fillResult(g, s, i) {
    var result = resultOf(s, i), className = result ? "bracket-" + result : "";
    for (var k = 0; k < RESULT_CLASSES.length; k++) {
      if (g.classList.contains(RESULT_CLASSES[k]) !== (RESULT_CLASSES[k] === className)) g.classList.toggle(RESULT_CLASSES[k]);
    }
    var entrant = entrantAttr(s, i);
    if (entrant === null) { if (g.hasAttribute("data-entrant")) g.removeAttribute("data-entrant"); }
    else if (g.getAttribute("data-entrant") !== cleanText(entrant)) g.setAttribute("data-entrant", cleanText(entrant));
    var slot = slotOf(s, i), score = g.childNodes[3] || null;
    if (!slot) { if (score) score.remove(); return; }
    if (!score) { score = document.createElementNS(SVG_NS, "text"); g.append(score); }
    setAttrs(score, scoreAttrs(s, i, slot, domOrigin));
    if (score.textContent !== cleanText(slot.text)) score.textContent = cleanText(slot.text);
  }

  // The classes card i's attributes add (columns.attributeClasses), swapped for the ones the
  // element had when it showed another card or value.
  function fillAttributeClasses(g, s, i) {
    var classes = columns.attributeClasses(s, i);
    if (g.__attributeClasses === classes || (!classes && !g.__attributeClasses)) return;
    (g.__attributeClasses || "").split(" ").forEach(function (name) { if (name) g.classList.remove(name); });
    classes.split(" ").forEach(function (name) { if (name) g.classList.add(name); });
    g.__attributeClasses = classes;
  }

  function markCard(g, s, i) {
    g.classList.toggle("bracket-highlight", state.highlightId !== null && idEquals(s, i, state.highlightId));
    g.classList.toggle("bracket-match", i === state.match);
    g.classList.toggle("bracket-path", onPath(s, i));
  }

  // A card index of the old store → its index in the new one (-1: gone): through a delta's
  // map, else by ID (a full payload).
  function cardFollower(old, store, moves) {
    if (moves) {
      var map = moves.map;
      return function (i) { return i >= 0 && i < old.n ? (map ? map[i] : i) : -1; };
    }
    return function (i) { return old && store && i >= 0 && i < old.n ? indexOfId(store, cardId(old, i)) : -1; };
  }

  // The pinned and hovered paths follow their card (and its new ID) through a delta.
  function followPath(store, follow, renamed) {
    ["hover", "pinned"].forEach(function (which) {
      var key = paths[which], index = key ? follow(key.index) : -1;
      if (index < 0) return;
      var id = renamed.has(key.id) ? renamed.get(key.id) : key.id;
      if (idEquals(store, index, id)) paths[which] = { kind: key.kind, id: id, index: index };
    });
  }

  // After a new store: cards still in it keep their elements (so focus stays on the card being
  // edited next to), at their new index; the rest go back to the pool.
  function rekey(old, store, follow) {
    var entries = Array.from(shownCards.entries());
    shownCards.clear();
    state.focus = follow(state.focus);
    for (var k = 0; k < entries.length; k++) {
      var element = entries[k][1];
      var index = follow(entries[k][0]);
      if (index >= 0 && !shownCards.has(index)) {
        shownCards.set(index, element);
        element.__stale = true;
        element.__index = index; // new elements are placed among the kept ones by index
      } else {
        element.remove();
        cardPool.push(element);
      }
    }
    shownEdges.forEach(function (element) { element.remove(); edgePool.push(element); });
    shownEdges.clear();
  }

  // ---------------------------------------------------------------- view

  // The viewport's size, read once per resize: reading clientWidth after the DOM changed
  // forces a layout, which cost more than the rest of a far-out frame.
  var viewCache = null;
  function viewSize() {
    if (viewCache === null) {
      var w = viewport.clientWidth, h = viewport.clientHeight;
      viewCache = { w: Math.max(1, w), h: Math.max(1, h), hidden: w === 0 && h === 0 };
    }
    return viewCache;
  }
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(function () { viewCache = null; minimapDirty = true; setView(state.scale, state.x, state.y); }).observe(viewport);
  }

  function pictureSize() {
    var p = state.picture;
    return p ? { w: p.svgWidth, h: p.svgHeight } : { w: 0, h: 0 };
  }

  function fitScale() {
    var size = pictureSize(), view = viewSize();
    if (!(size.w > 0) || !(size.h > 0)) return 1;
    var s = Math.min(view.w / size.w, view.h / size.h);
    return s > 0 && isFinite(s) ? s : 1;
  }

  function leastScale() {
    return Math.max(SMALLEST_SCALE, Math.min(MIN_SCALE, fitScale()));
  }

  // Keeps part of the picture in view whatever the pan: a centred picture when it fits.
  function clampView() {
    var size = pictureSize(), view = viewSize();
    var vw = view.w / state.scale, vh = view.h / state.scale;
    state.x = size.w <= vw ? (size.w - vw) / 2 : Math.min(Math.max(state.x, -vw * 0.5), size.w - vw * 0.5);
    state.y = size.h <= vh ? (size.h - vh) / 2 : Math.min(Math.max(state.y, -vh * 0.5), size.h - vh * 0.5);
  }

  function saveView() {
    if (vscode && vscode.setState) vscode.setState({ scale: state.scale, x: state.x, y: state.y });
  }

  function setView(scale, x, y) {
    state.scale = Math.min(MAX_SCALE, Math.max(leastScale(), scale));
    state.x = x;
    state.y = y;
    clampView();
    // Written when they change only (a pan keeps them): a text set, even to the same value, is
    // laid out again in the next frame, and an attribute on <body> is checked against the
    // page's style.
    var label = percent(state.scale), scaleText = String(state.scale);
    if (zoomLabel.textContent !== label) zoomLabel.textContent = label;
    if (document.body.getAttribute("data-scale") !== scaleText) document.body.setAttribute("data-scale", scaleText);
    saveView();
    requestDraw();
  }

  // Zooms to `scale` keeping the picture point under (ax, ay) — view pixels, default the
  // centre — where it is.
  function setScale(scale, ax, ay) {
    var view = viewSize();
    if (typeof ax !== "number") { ax = view.w / 2; ay = view.h / 2; }
    var px = state.x + ax / state.scale, py = state.y + ay / state.scale;
    var next = Math.min(MAX_SCALE, Math.max(leastScale(), scale));
    setView(next, px - ax / next, py - ay / next);
  }

  function percent(scale) {
    var value = scale * 100;
    var text = value >= 10 ? String(Math.round(value)) : value >= 1 ? value.toFixed(1) : value.toPrecision(2);
    return text + " %";
  }

  function fitTo(scale) {
    var size = pictureSize(), view = viewSize();
    setView(scale, (size.w - view.w / scale) / 2, (size.h - view.h / scale) / 2);
  }

  function fit() { fitTo(fitScale()); }

  // Centres picture point (px, py), optionally at another scale.
  function centreOn(px, py, scale) {
    var view = viewSize();
    var s = Math.min(MAX_SCALE, Math.max(leastScale(), scale || state.scale));
    setView(s, px - view.w / 2 / s, py - view.h / 2 / s);
  }

  // Brings card i into view: centred if it is outside, zoomed in if the overview draws it (no
  // text at all) or, for a card the user searched for (`toRead`), if its text would be too small
  // to read. The editor's cursor and the arrow keys keep the zoom the user chose (a keyboard
  // walk over a fitted tree stays fitted).
  function bringIntoView(i, always, toRead) {
    var s = state.store;
    if (!s || i < 0 || i >= s.n) return;
    var m = s.margin, view = viewSize();
    var px = s.cx[i] + m, py = s.cy[i] + m;
    var unreadable = lastMode === "overview" || (toRead && state.scale < LEGIBLE_SCALE);
    var scale = unreadable ? READABLE_SCALE : state.scale;
    var left = (px - s.w[i] / 2 - state.x) * state.scale, right = (px + s.w[i] / 2 - state.x) * state.scale;
    var top = (py - s.h[i] / 2 - state.y) * state.scale, bottom = (py + s.h[i] / 2 - state.y) * state.scale;
    var inside = left >= 0 && top >= 0 && right <= view.w && bottom <= view.h;
    if (always || !inside || scale !== state.scale) centreOn(px, py, scale);
  }

  var drawPending = false;
  // When the newest version reached the screen: a message posted from the frame that drew it
  // arrives after that frame is painted (benchmarks/page_big.py reads it).
  var painted = { version: null, at: 0, frames: [], draws: [], work: [], received: 0, receivedAt: 0, applied: null, bytes: 0, bytesAt: 0, marks: null };
  var paintChannel = typeof MessageChannel === "function" ? new MessageChannel() : null;
  if (paintChannel) {
    paintChannel.port1.onmessage = function (event) {
      painted.version = event.data.version;
      painted.receivedAt = painted.received;
      painted.bytesAt = painted.bytes;
      painted.at = performance.timeOrigin + performance.now();
      if (painted.marks && painted.marks.drawn && !painted.marks.painted) painted.marks.painted = painted.at;
      if (idle.firstFrameWaiting()) runFirstFrameTasks(event.data.frame);
      painted.frames.push(painted.at - event.data.started);
      painted.draws.push(event.data.draw);
      painted.work.push(event.data.work);
      if (painted.frames.length > 2000) { painted.frames.splice(0, 1000); painted.draws.splice(0, 1000); painted.work.splice(0, 1000); }
    };
  }
  // The start-up of the last full payload, epoch ms (painted().marks; benchmarks/preview_open.py):
  // for a binary body, script (this script started), stream (the event stream answered) and
  // announced (the event naming the body came); received (the payload in hand), decoded, store
  // (its columns), links, drawn (the first frame's script done), painted (that frame on
  // screen), and what was deferred past it, when it was built (grid, levels).
  function startMarks(at) { painted.marks = { received: at }; }
  function mark(name) {
    if (painted.marks && !(name in painted.marks)) painted.marks[name] = performance.timeOrigin + performance.now();
  }
  function requestDraw() {
    if (drawPending) return;
    drawPending = true;
    requestAnimationFrame(function () {
      var started = performance.timeOrigin + performance.now();
      drawPending = false;
      frameWork = { mode: "", cards: 0, cardsRead: 0, made: 0, edges: 0, edgesCounted: 0, connectorsWaiting: false, tilesDrawn: 0, tilesPainted: 0, standIns: 0, tilesWaiting: 0, tilesCoarse: 0 };
      draw();
      var framesDrawn = idle.frameDrawn();
      if (state.hasPicture) mark("drawn");
      var drawn = performance.timeOrigin + performance.now() - started;
      if (paintChannel) paintChannel.port2.postMessage({ version: state.version, frame: framesDrawn, started: started, draw: drawn, work: frameWork });
      frameWork = null;
    });
  }

  // The picture rectangle in view, widened by OVERSCAN.
  function viewRect(extra) {
    var view = viewSize();
    var vw = view.w / state.scale, vh = view.h / state.scale;
    var pad = extra === undefined ? OVERSCAN : extra;
    return { x0: state.x - vw * pad, y0: state.y - vh * pad, x1: state.x + vw * (1 + pad), y1: state.y + vh * (1 + pad) };
  }


  // The page's card and connector elements are placed relative to domOrigin, a point near the
  // view on a coarse grid, not at their picture coordinates: Chromium lays SVG out in 1/64 px
  // fixed point that saturates at 2^25 px (a million-card tree is 37,748,736 units tall, and
  // every card past that collapsed onto one spot), and transforms in 32-bit floats, which
  // would shake cards far from the origin at high zoom. Pictures smaller than REBASE_SIZE keep
  // the origin at 0, so their elements are exactly the server's markup. When the view moves to
  // another grid cell, every shown element is rewritten once.
  var REBASE_SIZE = 1 << 20, REBASE_STEP = 1 << 18;
  var domOrigin = { x: 0, y: 0 };
  function moveOrigin(s) {
    var view = viewSize(), x = 0, y = 0;
    if (Math.max(s.width, s.height) > REBASE_SIZE) {
      x = Math.floor((state.x - s.margin + view.w / state.scale / 2) / REBASE_STEP) * REBASE_STEP;
      y = Math.floor((state.y - s.margin + view.h / state.scale / 2) / REBASE_STEP) * REBASE_STEP;
    }
    if (x === domOrigin.x && y === domOrigin.y) return;
    domOrigin = { x: x, y: y };
    shownCards.forEach(function (element) { element.__stale = true; });
    headingLayer.setAttribute("transform", "translate(" + (-x) + " " + (-y) + ")");
  }

  // The first frame that showed card elements after a far-out first picture took 60–130 ms:
  // the card builder not yet compiled, and the text's font looked up and shaped for the first
  // time. Done once in idle time instead: one hidden card built, measured and put in the pool,
  // and each painter run once on a small buffer.
  var warmedUp = false;
  function warmUp() {
    if (warmedUp) return;
    warmedUp = true;
    // After the first frame, with the start-up's other deferred work (afterFirstFrame).
    afterFirstFrame(function () {
      var s = state.store;
      if (!s || !state.hasPicture) { warmedUp = false; return; }
      var card = cardPool.pop() || newCard();
      fillCard(card, s, 0);
      card.setAttribute("visibility", "hidden");
      cardLayer.append(card);
      try { card.getBBox(); } catch (e) { /* not laid out: nothing to warm */ }
      card.remove();
      card.removeAttribute("visibility");
      card.__index = -1;
      cardPool.push(card);
      var pixels = new Uint32Array(64), c = colours(), k = 8 / Math.max(1, s.width, s.height);
      paintPicture(s, pixels, 8, 8, k, k, 0, 0, c, []);
      if (s.spatial.levelsWanted) paintLevels(levelsOf(s), pixels, 8, 8, k, k, 0, 0, c);
      // The queries only on a grid that is there: this task built a deferred one whole (a
      // task of 100–250 ms at a million cards, which the idle slices are for).
      if (s.spatial.cards !== null) {
        var near = [];
        cardsIn(s, { x0: s.cx[0] - 1, y0: s.cy[0] - 1, x1: s.cx[0] + 1, y1: s.cy[0] + 1 }, 4, near);
        edgesIn(s, { x0: 0, y0: 0, x1: 1, y1: 1 }, 4);
      }
    });
  }

  // Sets an attribute the frame writes when its value changed only (the margin's translate is
  // the same every frame; a changed SVG transform is laid out again).
  function setAttr(element, name, value) {
    var key = "__" + name;
    if (element[key] === value) return;
    element[key] = value;
    element.setAttribute(name, value);
  }

  var lastMode = "";
  function draw() {
    var s = state.store;
    var view = viewSize();
    // A hidden viewport (printing: the print picture stands in; a collapsed panel) has nothing
    // in view: the frame keeps the card elements as they are rather than removing every one
    // and making them again when it shows (the resize then draws). Before, printing emptied
    // the stage, and test_preview_browser's print check read a card that was gone.
    if (view.hidden && state.hasPicture) return;
    if (s && state.hasPicture) moveOrigin(s);
    // The zoom is a CSS transform of the <svg> element, not an SVG transform: Chromium lays SVG
    // text out at its on-screen font size, so a scale inside the SVG re-laid out every card's
    // text on every zoom frame (75–110 ms for 1,200 cards on a loaded machine, the slowest
    // frames of a million-card pan and zoom); a CSS transform of the element is applied at
    // paint time, and the text is laid out once, at the picture's own size. The pan stays an
    // SVG translate (free: no text is re-laid out for it).
    // The <svg> is sized in pixels, not in per cent of the stage: a per-cent size is "changed"
    // whenever the page around it is laid out again (the zoom label's text, the minimap), and
    // a changed root size with a moved picture re-laid out every card's text as well (190–
    // 310 ms for 1,200 cards in a test page).
    var zoom = "scale(" + state.scale + ")";
    if (svgRoot.__zoom !== zoom) {
      svgRoot.__zoom = zoom;
      svgRoot.style.transform = zoom;
      // The path's line keeps its width on screen (preview.css divides it by the zoom: the
      // CSS transform is outside what vector-effect: non-scaling-stroke undoes). Set on the
      // line alone, so no other element's style is recomputed.
      pathLine.style.setProperty("--bracket-zoom", String(state.scale));
    }
    if (svgRoot.__w !== view.w || svgRoot.__h !== view.h) {
      svgRoot.__w = view.w; svgRoot.__h = view.h;
      svgRoot.style.width = view.w + "px"; svgRoot.style.height = view.h + "px";
    }
    setAttr(world, "transform", "translate(" + (domOrigin.x - state.x) + " " + (domOrigin.y - state.y) + ")");
    drawPathLayer(s);
    if (!s || !state.hasPicture) {
      clearDom();
      overview.hidden = true;
      minimap.hidden = true;
      headingLayer.replaceChildren();
      drawDecorations(null, false);
      return;
    }
    setAttr(content, "transform", "translate(" + numberText(s.margin) + " " + numberText(s.margin) + ")");
    var r = viewRect();
    r.x0 -= s.margin; r.x1 -= s.margin; r.y0 -= s.margin; r.y1 -= s.margin;
    var visible = [];
    // Cards become elements when few enough are in view, and, if there are more than a few
    // hundred, only where their text can be read (2 px and more); otherwise the overview draws
    // them (SVG text by the thousand at 3 px took half a second a frame).
    var readable = state.scale * s.fontSize >= 2;
    // Before the grid is built (a new store's first frame), a scan answers "more than that"
    // without it: only a frame that shows the cards as elements needs the grid.
    var most = readable ? MAX_DOM_CARDS : SMALL_PICTURE;
    var grid = s.spatial.cards === null ? (moreCardsIn(s, r, most) ? null : frameCards(s, s.spatial)) : s.spatial.cards;
    var found = grid === null ? -1 : cardsIn(s, r, most, visible, grid);
    var dom = found >= 0;
    if (dom) {
      drawDom(s, r, visible);
      overview.hidden = true;
    } else {
      clearDom(state.focus);
      drawOverview(s, view);
      overview.hidden = false;
    }
    drawHeading(s);
    drawDecorations(s, dom);
    // Set when it changes only (an attribute on <body> is checked against the page's style).
    if (lastMode !== (dom ? "cards" : "overview")) document.body.setAttribute("data-mode", dom ? "cards" : "overview");
    lastMode = dom ? "cards" : "overview";
    if (frameWork) { frameWork.mode = lastMode; frameWork.cards = shownCards.size; frameWork.edges = shownEdges.size; }
    drawMinimapView(view);
  }

  function drawHeading(s) {
    if (!s.title || !Array.isArray(s.title.lines)) { headingLayer.replaceChildren(); return; }
    var key = JSON.stringify(s.title);
    if (headingLayer.__key === key) return;
    headingLayer.__key = key;
    var size = num(s.title.fontSize, 13);
    var text = document.createElementNS(SVG_NS, "text");
    text.setAttribute("class", "bracket-heading");
    text.setAttribute("font-size", numberText(size));
    text.setAttribute("text-anchor", "middle");
    var saved = s.fontSize;
    s.fontSize = size;
    var b = baselines(s, s.title.lines.length);
    s.fontSize = saved;
    s.title.lines.forEach(function (line, k) {
      var tspan = document.createElementNS(SVG_NS, "tspan");
      tspan.setAttribute("x", numberText(num(s.title.x, 0)));
      tspan.setAttribute("y", numberText(num(s.title.y, 0) + b[k]));
      tspan.textContent = cleanText(line);
      text.append(tspan);
    });
    headingLayer.replaceChildren(text);
  }

  // Removes every card element but the focused one (which keeps the keyboard focus).
  function clearDom(keep) {
    shownCards.forEach(function (element, index) {
      if (index === keep && element.isConnected) return;
      element.remove();
      cardPool.push(element);
      shownCards.delete(index);
    });
    shownEdges.forEach(function (element) { element.remove(); edgePool.push(element); });
    shownEdges.clear();
  }

  // Card elements before the idle build of the grid is done (a zoom in from far out soon after
  // the picture came): a frame does GRID_FRAME_MS of the build, not the rest of it. The first
  // card-element frame of a million-card zoom finished the grid (its connectors' half: every
  // connector's box read, 25–130 ms in session 11's trace). Now the cards' half is finished by
  // frames of about that budget (the choice's counting pass did its costly part; the overview
  // is shown meanwhile) and the cards are drawn from it; the connectors' half goes on for that
  // budget a frame (and in the idle slices), and the connectors are drawn once it is done.
  // painted().work: edgesCounted (connectors counted by the frame), connectorsWaiting.
  var GRID_FRAME_MS = 4;
  function frameCards(s, sp) {
    var b = gridBuildOf(s, sp);
    if (stepGrid(s, sp, b.cards, sliceClock() + GRID_FRAME_MS)) return b.cards.grid;
    requestDraw();
    return null;
  }
  function frameConnectors(s, sp) {
    if (sp.edges !== null) return true;
    var g = gridBuildOf(s, sp).edges, from = g.step === 0 ? g.next : g.count;
    var done = buildGridsFor(s, sp, sliceClock() + GRID_FRAME_MS);
    if (frameWork) { frameWork.edgesCounted += (g.step === 0 ? g.next : g.count) - from; frameWork.connectorsWaiting = !done; }
    if (!done) requestDraw();
    return done;
  }

  function drawDom(s, r, visible) {
    if (state.focus >= 0 && state.focus < s.n && visible.indexOf(state.focus) < 0) {
      visible.push(state.focus); // the focused card stays, in view or not
      visible.sort(function (a, b) { return a - b; });
    }
    // Elements made per frame are capped by time (at least CREATE_LEAST), so jumping into a
    // dense region spreads the work over a few frames instead of one long one (in tree order),
    // on a fast machine as on a loaded one. The cap is 3 ms, not 6: a trace of the million-card
    // zoom showed the frames that made cards were the slowest of all (docs/performance.md), and
    // Blink's style, layout, paint and raster of the new elements cost two to three times the
    // script that made them, so a frame's cost follows the cap. On a slower renderer that
    // ratio is five to ten (a frame that made 37 cards in 9 ms of script took 69 ms), which a
    // time cap cannot see, so the count is capped too (CREATE_MOST): the million-card zoom's
    // longest frame was 28-32 ms in six runs with it, 28-78 ms without (docs/performance.md).
    // The rest of the view's cards come in the next frames, a few tens of milliseconds later.
    var deadline = performance.now() + CREATE_MS, made = 0;
    var missing = 0;
    var wanted = new Set(visible);
    shownCards.forEach(function (element, index) {
      if (!wanted.has(index)) { element.remove(); cardPool.push(element); shownCards.delete(index); }
    });
    // Insert in pre-order, so screen readers read the list in tree order; kept elements are
    // already in order and never move (a moved element would lose focus).
    var cursor = cardLayer.firstChild;
    for (var k = 0; k < visible.length; k++) {
      var i = visible[k];
      var element = shownCards.get(i);
      if (element) {
        if (element.__stale || element.__index !== i) { element.__stale = false; fillCard(element, s, i); }
        else markCard(element, s, i);
        while (cursor && cursor !== element && cursor.__index < i) cursor = cursor.nextSibling;
        if (element.parentNode !== cardLayer) cardLayer.insertBefore(element, cursor);
        else if (cursor === element) cursor = element.nextSibling;
        continue;
      }
      if (made >= CREATE_MOST || (made >= CREATE_LEAST && performance.now() > deadline)) { missing++; continue; }
      made++;
      element = cardPool.pop() || newCard();
      fillCard(element, s, i);
      while (cursor && cursor.__index < i) cursor = cursor.nextSibling;
      cardLayer.insertBefore(element, cursor);
      shownCards.set(i, element);
    }
    if (missing > 0) requestDraw();
    if (frameWork) frameWork.made = made;
    if (!frameConnectors(s, s.spatial)) return;
    // Connectors: every leg in view, and the first and last child's of every bus in view (the
    // spatial index finds them).
    var nextEdges = new Map();
    var inView = edgesIn(s, r, 4 * MAX_DOM_CARDS);
    for (var v = 0; v < inView.length; v++) {
      var e = inView[v];
      var polyline = shownEdges.get(e);
      if (polyline) shownEdges.delete(e);
      else {
        polyline = edgePool.pop();
        if (!polyline) {
          polyline = document.createElementNS(SVG_NS, "polyline");
          polyline.setAttribute("class", "bracket-connector");
          polyline.setAttribute("fill", "none");
        }
      }
      var points = pointsText(s, e, domOrigin);
      if (polyline.getAttribute("points") !== points) polyline.setAttribute("points", points);
      polyline.__index = e;
      nextEdges.set(e, polyline);
    }
    shownEdges.forEach(function (element) { element.remove(); edgePool.push(element); });
    shownEdges = nextEdges;
    var edgeCursor = connectorLayer.firstChild;
    nextEdges.forEach(function (element, index) {
      while (edgeCursor && edgeCursor.__index < index) edgeCursor = edgeCursor.nextSibling;
      if (element.parentNode !== connectorLayer || element !== edgeCursor) connectorLayer.insertBefore(element, edgeCursor);
      else edgeCursor = element.nextSibling;
    });
  }

  // ---------------------------------------------------------------- overview (canvas)

  var colourCache = { key: "", colours: null };
  var probe = document.createElement("canvas");
  probe.width = probe.height = 1;
  function rgba(css) {
    var ctx = probe.getContext("2d");
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "#000";
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    var d = ctx.getImageData(0, 0, 1, 1).data;
    return (255 << 24 | d[2] << 16 | d[1] << 8 | d[0]) >>> 0; // little-endian ABGR
  }
  // Read once per theme change, not per frame: getComputedStyle after the view moved recomputes
  // the page's style. The theme changes with the host's classes and variables on <html> and
  // <body> (VS Code) or the colour scheme (a browser).
  var coloursStale = true;
  // The minimap is repainted only when the colours read differ (colours() says so): <body>'s
  // class also changes for a hover's path (bracket-has-path), and each repainted the whole
  // minimap (23–37 ms at a million cards).
  function themeChanged() { coloursStale = true; requestDraw(); }
  if (typeof MutationObserver === "function") {
    var themeWatch = new MutationObserver(themeChanged);
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
    themeWatch.observe(document.body, { attributes: true, attributeFilter: ["class", "style", "data-vscode-theme-kind"] });
  } else {
    coloursStale = null; // no observer: read every time
  }
  if (window.matchMedia) {
    var schemeQuery = window.matchMedia("(prefers-color-scheme: dark)");
    if (schemeQuery.addEventListener) schemeQuery.addEventListener("change", themeChanged);
  }
  function colours() {
    if (coloursStale === false && colourCache.colours) return colourCache.colours;
    if (coloursStale === true) coloursStale = false;
    var style = getComputedStyle(document.body);
    var names = ["--bracket-page-background", "--bracket-card-fill", "--bracket-card-stroke", "--bracket-edge", "--bracket-highlight"];
    var values = names.map(function (n) { return style.getPropertyValue(n).trim(); });
    var key = values.join("|");
    if (colourCache.key !== key) {
      colourCache.key = key;
      minimapDirty = true;
      colourCache.colours = { background: rgba(values[0]), card: rgba(values[1]), border: rgba(values[2]), edge: rgba(values[3]), mark: rgba(values[4]) };
    }
    return colourCache.colours;
  }

  // Draws the store into a pixel buffer: connectors as axis-aligned runs, cards as filled
  // rectangles with a border when there is room, only the items the spatial index finds in
  // the buffer's window; where that window meets more than LOD_ITEMS_IN_VIEW items, from the
  // levels of detail instead. No path calls, so a frame costs what it draws. (sx, sy) scale and
  // (ox, oy) offset map content coordinates to pixels.
  // `tile` (an overview tile: mayWait, it has a stand-in to show) lets it avoid reading every
  // item when the grid or the level of detail the window needs is still being built in idle
  // time (before, the frames of a pan or zoom just after the first picture did that: 110–260
  // ms of script each at a million cards): a tile with a stand-in is not painted (false), one
  // without is painted from a coarser level that is built ("coarse": the same picture at a
  // lower resolution, as a stand-in shows it). The frame after the build paints them again
  // (whenBuilt). Without such a level (the first picture) the work is done.
  function paintPicture(s, pixels, width, height, sx, sy, ox, oy, c, marks, tile) {
    var r = { x0: -ox / sx, y0: -oy / sy, x1: (width - ox) / sx, y1: (height - oy) / sy };
    var from;
    if (tile && !idle.holdingDeferred() && s.spatial.levelsWanted) {
      var levels = levelsOf(s), L = levelFor(levels, width, height, sx, sy, ox, oy);
      // A level not built yet is a later one too, though it could be merged from a finer one
      // now: a merge from the finest reads its 4 million cells, 10–20 ms in the frame (the
      // idle-time build merges them one a callback, coarser from finer, and says when done).
      var gridLater = s.spatial.cards === null, levelLater = !levels[L].data;
      if (gridLater || levelLater) {
        if (tile.mayWait) return waitForBuild();
        // Without the grid, whether the window is drawn from a level or item by item is not
        // known (a scan of the items would say): from its level, then, when that is at hand.
        from = levelLater ? coarserBuilt(levels, L) : L;
        if (from >= 0) {
          waitForBuild();
          pixels.fill(c.background);
          paintLevels(levels, pixels, width, height, sx, sy, ox, oy, c, from);
          return "coarse";
        }
      }
    }
    var many = manyItemsIn(s, r);
    if (tile && !many && s.spatial.levelsWanted) return paintTileItems(s, r, pixels, width, height, sx, sy, ox, oy, c, tile);
    pixels.fill(c.background);
    if (many) paintLevels(levelsOf(s), pixels, width, height, sx, sy, ox, oy, c);
    else paintItems(s, r, pixels, width, height, sx, sy, ox, oy, c);
    paintMarks(s, pixels, width, height, sx, sy, ox, oy, c, marks);
    return true;
  }

  // A tile painted item by item meets up to LOD_ITEMS_IN_VIEW (20,000) items: one task of
  // 20–70 ms at a million cards. Its items are painted TILE_SLICE_ITEMS a frame instead, into a
  // buffer of its own kept between the frames (`slicedTiles`), the dedupe
  // state of the painter with it, so the finished tile has the pixels of one pass. Meanwhile the
  // tile waits (its stand-in is shown) or, without a stand-in, shows what is painted so far as a
  // "coarse" tile, painted again once the slices are done. A store change or new colours drop it.
  // painted().work.tileItems: the items the frame's tiles painted; tileItemsMost: the most one
  // tile's paint did.
  var TILE_SLICE_ITEMS = window.bracketPreviewTest && window.bracketPreviewTest.tileSliceItems > 0 ? window.bracketPreviewTest.tileSliceItems : 4096;
  var SLICED_TILES = 8, slicedTiles = [], slicingStore = null;
  function paintTileItems(s, r, pixels, width, height, sx, sy, ox, oy, c, tile) {
    var changes = spatial.changes();
    if (slicingStore !== s || (slicedTiles.length > 0 && (slicedTiles[0].changes !== changes || slicedTiles[0].c !== c))) { slicedTiles = []; slicingStore = s; }
    var t = null;
    for (var q = 0; q < slicedTiles.length && !t; q++) {
      var u = slicedTiles[q];
      if (u.width === width && u.height === height && u.sx === sx && u.sy === sy && u.ox === ox && u.oy === oy) t = u;
    }
    if (!t) {
      var edges = [], cards = [];
      gridQuery(s, gridOf(s).edges, r, function (e) { edges.push(e); });
      gridQuery(s, gridOf(s).cards, r, function (i) { cards.push(i); });
      t = { changes: changes, c: c, width: width, height: height, sx: sx, sy: sy, ox: ox, oy: oy, edges: edges, cards: cards, next: 0,
        pixels: pixels, painter: null, used: 0 };
      // (Up to TILE_SLICE_ITEMS it is painted at once, into the tile's own pixels.) The tiles
      // under way are kept with their progress, the least recently painted dropped past
      // SLICED_TILES, so a pan that reorders the tiles in view loses none of it.
      if (edges.length + cards.length > TILE_SLICE_ITEMS) {
        t.pixels = new Uint32Array(width * height);
        if (slicedTiles.length >= SLICED_TILES) {
          var oldest = 0;
          for (var o = 1; o < slicedTiles.length; o++) if (slicedTiles[o].used < slicedTiles[oldest].used) oldest = o;
          slicedTiles.splice(oldest, 1);
        }
        slicedTiles.push(t);
      }
      t.pixels.fill(c.background);
      t.painter = itemPainter(s, t.pixels, width, height, sx, sy, ox, oy, c);
    }
    var total = t.edges.length + t.cards.length, end = Math.min(total, t.next + TILE_SLICE_ITEMS), ne = t.edges.length;
    for (var k = t.next; k < end; k++) { if (k < ne) t.painter.edge(t.edges[k]); else t.painter.card(t.cards[k - ne]); }
    if (frameWork) {
      frameWork.tileItems = (frameWork.tileItems || 0) + (end - t.next);
      frameWork.tileItemsMost = Math.max(frameWork.tileItemsMost || 0, end - t.next);
    }
    t.next = end;
    t.used = ++slicedClock;
    if (t.pixels !== pixels) {
      if (end < total) {
        requestDraw();
        if (tile.mayWait) return false;
        pixels.set(t.pixels);
        slicesShown = true; // a coarse tile is painted again only once marked stale (refine)
        return "coarse";
      }
      pixels.set(t.pixels);
      slicedTiles.splice(slicedTiles.indexOf(t), 1);
      overviewTiles.refine(); // the tiles shown part-painted meanwhile
    }
    return true;
  }
  var slicedClock = 0, slicesShown = false;

  // Tiles wait for the grid or a level built in idle time: the build asks for a frame when
  // it is done (whenBuilt), not every frame meanwhile, and the coarse tiles are painted again.
  var tilesWaiting = false;
  function waitForBuild() { tilesWaiting = true; return false; }
  function whenBuilt() {
    // (A waiting minimap keeps the quiet time after a delta: MINIMAP_QUIET_MS.)
    if (minimapWaiting) { minimapWaiting = false; minimapDirty = true; scheduleMinimap(Math.max(0, lastDeltaAt + MINIMAP_QUIET_MS - performance.now())); }
    if (!tilesWaiting) return;
    tilesWaiting = false;
    overviewTiles.refine();
    requestDraw();
  }

  function paintMarks(s, pixels, width, height, sx, sy, ox, oy, c, marks) {
    var cx = s.cx, cy = s.cy, cw = s.w, ch = s.h;
    for (var k = 0; k < marks.length; k++) {
      var m = marks[k];
      if (m < 0 || m >= s.n) continue;
      // Marked cards (highlight, focus, search) at least 5 pixels, so they show at any zoom.
      var mx = cx[m] * sx + ox, my = cy[m] * sy + oy;
      var hw = Math.max(2.5, cw[m] / 2 * sx), hh = Math.max(2.5, ch[m] / 2 * sy);
      fillBox(pixels, width, height, mx - hw, my - hh, mx + hw, my + hh, c.mark, c.mark);
    }
  }

  function paintItems(s, r, pixels, width, height, sx, sy, ox, oy, c) {
    var painter = itemPainter(s, pixels, width, height, sx, sy, ox, oy, c);
    gridQuery(s, gridOf(s).edges, r, painter.edge);
    gridQuery(s, gridOf(s).cards, r, painter.card);
  }

  // Paints connectors (edge(e)) and cards (card(i)) into pixels, connectors first; the state
  // that skips what equals the last one drawn goes with it (a sliced tile keeps its painter).
  function itemPainter(s, pixels, width, height, sx, sy, ox, oy, c) {
    // Far out, many cards and connector legs fall on the same pixels: a run or box equal to
    // the last one drawn is skipped.
    var lastRow = -1, lastA = -1, lastB = -1;
    function hline(x0, x1, y, colour) {
      y = Math.floor(y);
      if (y < 0 || y >= height) return;
      var a = Math.max(0, Math.floor(x0 < x1 ? x0 : x1)), b = Math.min(width - 1, Math.floor(x0 < x1 ? x1 : x0));
      if (a > b || (y === lastRow && a === lastA && b === lastB)) return;
      lastRow = y; lastA = a; lastB = b;
      var row = y * width;
      if (b - a < 8) { for (var x = a; x <= b; x++) pixels[row + x] = colour; } else pixels.fill(colour, row + a, row + b + 1);
    }
    function vline(x, y0, y1, colour) {
      x = Math.floor(x);
      if (x < 0 || x >= width) return;
      var a = Math.max(0, Math.floor(y0 < y1 ? y0 : y1)), b = Math.min(height - 1, Math.floor(y0 < y1 ? y1 : y0));
      for (var y = a; y <= b; y++) pixels[y * width + x] = colour;
    }
    var p = s.pts, edge = c.edge;
    var cx = s.cx, cy = s.cy, cw = s.w, ch = s.h;
    var lastLeft = -1, lastRight = -1, lastTop = -1, lastBottom = -1;
    return {
      edge: function (e) {
        var o = 8 * e;
        var X0 = p[o] * sx + ox, Y0 = p[o + 1] * sy + oy, X1 = p[o + 2] * sx + ox, Y1 = p[o + 3] * sy + oy;
        if (Y0 === Y1) hline(X0, X1, Y0, edge); else vline(X0, Y0, Y1, edge);
        if (!s.edgeEnd[e]) return; // the other siblings share the bus their ends draw
        var X2 = p[o + 4] * sx + ox, Y2 = p[o + 5] * sy + oy, X3 = p[o + 6] * sx + ox, Y3 = p[o + 7] * sy + oy;
        if (Y1 === Y2) hline(X1, X2, Y1, edge); else vline(X1, Y1, Y2, edge);
        if (Y2 === Y3) hline(X2, X3, Y2, edge); else vline(X2, Y2, Y3, edge);
      },
      card: function (i) {
        var x0 = (cx[i] - cw[i] / 2) * sx + ox, x1 = (cx[i] + cw[i] / 2) * sx + ox;
        var y0 = (cy[i] - ch[i] / 2) * sy + oy, y1 = (cy[i] + ch[i] / 2) * sy + oy;
        var left = Math.floor(x0), top = Math.floor(y0), right = Math.ceil(x1), bottom = Math.ceil(y1);
        if (left === lastLeft && right === lastRight && top === lastTop && bottom === lastBottom) return;
        lastLeft = left; lastRight = right; lastTop = top; lastBottom = bottom;
        fillBox(pixels, width, height, x0, y0, x1, y1, c.border, c.card);
      },
    };
  }

  function fillBox(pixels, width, height, x0, y0, x1, y1, border, fill) {
    var a = Math.max(0, Math.floor(x0)), b = Math.min(width - 1, Math.max(a, Math.ceil(x1) - 1));
    var top = Math.max(0, Math.floor(y0)), bottom = Math.min(height - 1, Math.max(top, Math.ceil(y1) - 1));
    if (a > b || top > bottom) return;
    var inner = b - a >= 3 && bottom - top >= 3;
    for (var y = top; y <= bottom; y++) {
      var row = y * width;
      if (!inner || y === top || y === bottom) {
        if (b - a < 8) { for (var x = a; x <= b; x++) pixels[row + x] = border; } else pixels.fill(border, row + a, row + b + 1);
      } else { pixels[row + a] = border; pixels.fill(fill, row + a + 1, row + b); pixels[row + b] = border; }
    }
  }

  // The overview is copied from cached tiles (preview-tiles.js: each painted once by
  // paintPicture, then only copied, so a far-out pan or zoom costs the tiles in view); before,
  // every far-out frame painted the whole view's pixels from the store (up to 20,000 items or
  // 4 million level cells a frame). The theme's colours empty the cache; edits mark stale the
  // tiles they touch.
  var overviewTiles = window.bracketPreviewTiles.create(), tilesColours = "";
  var frameWork = null; // what the frame being drawn did (painted().work; Tests/editors/test_preview_big.py)

  // Marks stale the overview tiles whose picture rectangle meets r (content coordinates), or
  // all when r is null: the one function the store's code calls when it moves items.
  function overviewChanged(r) { overviewTiles.changed(r); }

  // What a store change did to the picture: nothing when no item moved; where the items a delta
  // moved are now (patchStore marks where they were, before it writes their new places); all
  // for a new store, a splice or a run (runs move ranges of any length: counting them would
  // cost what they move).
  function overviewFollow(s, change) {
    if (!change) { overviewChanged(null); return; }
    if (!change.moved && !change.map) return;
    if (change.map || change.runs.length > 0) { overviewChanged(null); return; }
    change.cards.forEach(function (i) { if (i >= 0 && i < s.n) overviewChanged(itemRect(s, false, i)); });
    change.edges.forEach(function (e) { if (e >= 0 && e < s.m) overviewChanged(itemRect(s, true, e)); });
  }

  function itemRect(s, edge, i) {
    var b = [0, 0, 0, 0];
    itemBox(s, edge, i, b);
    return { x0: b[0], y0: b[1], x1: b[2], y1: b[3] };
  }

  function drawOverview(s, view) {
    var ratio = Math.min(2, window.devicePixelRatio || 1);
    var width = Math.max(1, Math.round(view.w * ratio)), height = Math.max(1, Math.round(view.h * ratio));
    if (overview.width !== width || overview.height !== height) { overview.width = width; overview.height = height; }
    var ctx = overview.getContext("2d"), c = colours();
    if (tilesColours !== colourCache.key) { overviewTiles.clear(); tilesColours = colourCache.key; }
    var k = state.scale * ratio, ox = (s.margin - state.x) * k, oy = (s.margin - state.y) * k;
    ctx.fillStyle = colourCss(c.background);
    ctx.fillRect(0, 0, width, height);
    var bounds = { x0: -s.margin, y0: -s.margin, x1: s.width + s.margin, y1: s.height + s.margin };
    if (slicesShown) { slicesShown = false; overviewTiles.refine(); } // tiles shown part-painted go on
    var late = overviewTiles.draw(ctx, width, height, k, ox, oy, bounds, function (image, K, left, top, mayWait) {
      return paintPicture(s, new Uint32Array(image.data.buffer), image.width, image.height, K, K, -left, -top, c, [], { mayWait: mayWait });
    }, frameWork);
    if (late) requestDraw(); // the next frame paints more
    // Marked cards (highlight, focus, search, a path) on top, at least 5 pixels, so they show
    // at any zoom.
    var marks = markedCards(s);
    ctx.fillStyle = colourCss(c.mark);
    for (var m = 0; m < marks.length; m++) {
      var i = marks[m];
      if (i < 0 || i >= s.n) continue;
      var mx = s.cx[i] * k + ox, my = s.cy[i] * k + oy;
      var hw = Math.max(2.5, s.w[i] / 2 * k), hh = Math.max(2.5, s.h[i] / 2 * k);
      ctx.fillRect(Math.floor(mx - hw), Math.floor(my - hh), Math.ceil(2 * hw), Math.ceil(2 * hh));
    }
  }

  // An ABGR pixel value (rgba()) as a CSS colour for the canvas.
  function colourCss(v) {
    return "rgba(" + (v & 255) + "," + (v >>> 8 & 255) + "," + (v >>> 16 & 255) + "," + ((v >>> 24 & 255) / 255) + ")";
  }

  function markedCards(s) {
    var marks = [];
    if (state.highlightId !== null) {
      if (!hasDuplicates(s)) { var one = indexOfId(s, state.highlightId); if (one >= 0) marks.push(one); }
      else {
        if (!s.highlighted || s.highlighted.id !== state.highlightId) {
          var all = [];
          for (var i = 0; i < s.n; i++) if (idEquals(s, i, state.highlightId)) all.push(i);
          s.highlighted = { id: state.highlightId, cards: all };
        }
        marks = marks.concat(s.highlighted.cards);
      }
    }
    if (state.match >= 0) marks.push(state.match);
    if (state.focus >= 0) marks.push(state.focus);
    var path = currentPath(s);
    if (path) marks = marks.concat(path.cards);
    return marks;
  }

  // ---------------------------------------------------------------- minimap

  var minimapDirty = true;
  // Only the marked cards (highlight, search, a path) changed since the minimap was painted:
  // it is then the cached picture with the marks painted over it again. Each of them repainted
  // the whole minimap from the levels of detail before (23–37 ms of script at a million cards
  // in the trace, a task between two frames).
  var minimapMarks = false;
  var minimapBase = null; // { pixels (the picture without marks), kx, ky }
  function minimapMarksChanged() { minimapMarks = true; }
  var minimapScale = { sx: 1, sy: 1, w: 0, h: 0 };

  // The minimap's repaint (after a delta: the levels of detail built again from the cards and
  // painted, 100 ms at 131,071 cards in a profiled deletion) waits for MINIMAP_QUIET_MS without
  // a delta and then for idle time, so it never runs inside a keystroke's frame: a delta that
  // arrives meanwhile (postponeMinimap) pushes it back, and the deltas of a burst of typing
  // share one repaint, of the store as it is then. `minimapDue` is when it may run.
  var MINIMAP_QUIET_MS = 250;
  var minimapTimer = null, minimapDue = 0, lastDeltaAt = -Infinity;
  var minimapPaints = []; // for tests: each repaint's time since the last delta arrived, ms
  function scheduleMinimap(delay) {
    if (minimapTimer) return;
    minimapDue = performance.now() + delay;
    minimapTimer = setTimeout(minimapWake, delay);
  }
  function minimapWake() {
    var wait = minimapDue - performance.now();
    // (Never before it is due: a timer may fire a fraction of a millisecond early.)
    if (wait > 0) { minimapTimer = setTimeout(minimapWake, wait); return; }
    // Before any delta, at once: idle time then is the start-up's deferred work (levels of
    // detail, the grid), which the minimap would wait behind.
    if (lastDeltaAt === -Infinity) { paintMinimapNow(); return; }
    whenIdle(function () {
      var later = minimapDue - performance.now();
      if (later > 0) { minimapTimer = setTimeout(minimapWake, later); return; } // a delta came meanwhile
      paintMinimapNow();
    });
  }
  function paintMinimapNow() {
    minimapTimer = null;
    if (!state.store || !state.hasPicture || minimap.hidden) return;
    if (minimapPaints.length < 1000) minimapPaints.push(performance.now() - lastDeltaAt);
    drawMinimap(pictureSize());
    drawMinimapView(viewSize());
  }
  function postponeMinimap() {
    lastDeltaAt = performance.now();
    if (minimapTimer) minimapDue = Math.max(minimapDue, performance.now() + MINIMAP_QUIET_MS);
  }

  function drawMinimapView(view) {
    var size = pictureSize();
    var fits = size.w * state.scale <= view.w + 1 && size.h * state.scale <= view.h + 1;
    minimap.hidden = fits || minimapHidden;
    if (minimap.hidden) return;
    if (coloursStale === true) colours(); // a changed theme marks the minimap dirty
    if (minimapDirty || minimapMarks) scheduleMinimap(minimapCanvas.width > 0 ? MINIMAP_QUIET_MS : 0);
    var sx = minimapScale.sx, sy = minimapScale.sy;
    var left = Math.max(0, state.x * sx), top = Math.max(0, state.y * sy);
    var right = Math.min(minimapScale.w, (state.x + view.w / state.scale) * sx);
    var bottom = Math.min(minimapScale.h, (state.y + view.h / state.scale) * sy);
    // Moved by a transform (a pan changes no layout), sized only when the size changes.
    var at = "translate(" + left + "px," + top + "px)";
    var w = Math.max(3, right - left) + "px", h = Math.max(3, bottom - top) + "px";
    if (minimapView.__at !== at) { minimapView.__at = at; minimapView.style.transform = at; }
    if (minimapView.__w !== w || minimapView.__h !== h) {
      minimapView.__w = w; minimapView.__h = h;
      minimapView.style.width = w; minimapView.style.height = h;
    }
  }

  // The minimap is painted from the level of detail its scale needs. When that level is not
  // built yet (the idle slices after a new store are building it) and the page's deferred
  // work runs, the minimap waits for it rather than build it in its own task: its first
  // paint finished the finest level at once, a task of 50–190 ms between two frames of a
  // million-card pan (session 11's trace). The build's end (whenBuilt) paints it then.
  var minimapWaiting = false;
  function minimapWaits(s, width, height, kx, ky) {
    minimapWaiting = false;
    if (idle.holdingDeferred() || !s.spatial.levelsWanted) return false;
    // Its level itself, not one it would be merged from: a merge from the finest level reads
    // its 4 million cells (a minimap task of 107 ms at load 12 in the trace after the change).
    var levels = levelsOf(s);
    if (levels[levelFor(levels, width, height, kx, ky, s.margin * kx, s.margin * ky)].data) return false;
    minimapWaiting = true;
    minimapWaits.count++;
    return true;
  }
  minimapWaits.count = 0;

  function drawMinimap(size) {
    var s = state.store, c = colours();
    if (!minimapDirty && minimapBase && minimapBase.pixels.length === minimapCanvas.width * minimapCanvas.height) {
      minimapMarks = false;
      var again = minimapCanvas.getContext("2d").createImageData(minimapCanvas.width, minimapCanvas.height);
      var marked = new Uint32Array(again.data.buffer);
      marked.set(minimapBase.pixels);
      paintMarks(s, marked, again.width, again.height, minimapBase.kx, minimapBase.ky, s.margin * minimapBase.kx, s.margin * minimapBase.ky, c, markedCards(s));
      minimapCanvas.getContext("2d").putImageData(again, 0, 0);
      return;
    }
    minimapDirty = false;
    minimapMarks = false;
    var maxH = Math.max(60, Math.min(MINIMAP_SIDE * 1.5, viewport.clientHeight * 0.4));
    var k = Math.min(MINIMAP_SIDE / size.w, maxH / size.h);
    // A tree far taller than wide (or the reverse) is stretched to a usable minimap.
    var w = Math.max(40, Math.round(size.w * k)), h = Math.max(40, Math.round(size.h * k));
    w = Math.min(w, MINIMAP_SIDE); h = Math.min(h, Math.round(maxH));
    var ratio = Math.min(2, window.devicePixelRatio || 1);
    var kx = w / size.w * ratio, ky = h / size.h * ratio;
    // A canvas already painted keeps its picture while it waits (sizing it would blank it).
    if (minimapWaits(s, Math.round(w * ratio), Math.round(h * ratio), kx, ky) && minimapCanvas.width > 0) return;
    minimapScale = { sx: w / size.w, sy: h / size.h, w: w, h: h };
    minimapCanvas.width = Math.round(w * ratio);
    minimapCanvas.height = Math.round(h * ratio);
    minimapCanvas.style.width = w + "px";
    minimapCanvas.style.height = h + "px";
    minimap.style.width = w + "px";
    minimap.style.height = h + "px";
    var ctx = minimapCanvas.getContext("2d");
    var image = ctx.createImageData(minimapCanvas.width, minimapCanvas.height);
    if (minimapWaiting) return; // sized, blank until the level it is painted from is built
    var pixels = new Uint32Array(image.data.buffer);
    paintPicture(s, pixels, image.width, image.height, kx, ky, s.margin * kx, s.margin * ky, c, []);
    minimapBase = { pixels: pixels.slice(), kx: kx, ky: ky };
    paintMarks(s, pixels, image.width, image.height, kx, ky, s.margin * kx, s.margin * ky, c, markedCards(s));
    ctx.putImageData(image, 0, 0);
  }

  var minimapHidden = false;
  var minimapDrag = null;
  function minimapMove(event) {
    var box = minimapCanvas.getBoundingClientRect();
    var px = (event.clientX - box.left) / minimapScale.sx, py = (event.clientY - box.top) / minimapScale.sy;
    centreOn(px, py);
  }
  minimap.addEventListener("pointerdown", function (event) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    minimapDrag = event.pointerId;
    try { minimap.setPointerCapture(event.pointerId); } catch (e) { /* pointer gone */ }
    minimapMove(event);
  });
  minimap.addEventListener("pointermove", function (event) {
    if (minimapDrag === event.pointerId) minimapMove(event);
  });
  function endMinimapDrag(event) { if (minimapDrag === event.pointerId) minimapDrag = null; }
  minimap.addEventListener("pointerup", endMinimapDrag);
  minimap.addEventListener("pointercancel", endMinimapDrag);

  // ---------------------------------------------------------------- the page's modules

  // The sections with one responsibility each live in their own files (index.html loads them
  // before this one): each is made here from what it needs of the page. A module made after
  // another that calls it (or one whose value changes, like the view's origin) is reached
  // through a function, so every dependency is named here and nothing is shared by a global.
  var columns, idle, spatial, levelsOfDetail, textColumns, ids, links, store, storeDelta, transport, results, markup, cardFocus, decorations, competitorPath, search, input, exporter;
  columns = window.bracketPreviewColumns.create({
    parseJSON: function (text) { return transport.parseJSON(text); },
  });
  var byNumber = columns.byNumber, columnWork = columns.columnWork, exactFloats = columns.exactFloats,
    floatColumn = columns.floatColumn, intColumn = columns.intColumn, num = columns.num, numberColumn = columns.numberColumn,
    payloadOfBody = columns.payloadOfBody, spliceList = columns.spliceList, spliceTyped = columns.spliceTyped,
    renumberPast = columns.renumberPast;

  idle = window.bracketPreviewIdle.create({ paintChannel: paintChannel, requestDraw: requestDraw });
  var BUILD_SLICE_MS = idle.BUILD_SLICE_MS, afterFirstFrame = idle.afterFirstFrame, deferredTask = idle.deferredTask,
    idSlices = idle.idSlices, runFirstFrameTasks = idle.runFirstFrameTasks, sliceClock = idle.sliceClock,
    whenIdle = idle.whenIdle;
  spatial = window.bracketPreviewSpatial.create({
    state: state, spliceTyped: spliceTyped, mark: mark, requestDraw: requestDraw, whenBuilt: whenBuilt,
    overviewFollow: overviewFollow, currentWork: function () { return frameWork; },
    afterFirstFrame: afterFirstFrame, buildSlice: idle.buildSlice, sliceClock: sliceClock, BUILD_SLICE_MS: BUILD_SLICE_MS,
    levels: function () { return levelsOfDetail; },
  });
  var BUILD_CHUNK = spatial.BUILD_CHUNK, QUIET_MS = spatial.QUIET_MS,
    buildGridsFor = spatial.buildGridsFor, cardsIn = spatial.cardsIn, edgesIn = spatial.edgesIn,
    gridBuildOf = spatial.gridBuildOf, gridOf = spatial.gridOf, gridQuery = spatial.gridQuery,
    itemBox = spatial.itemBox, manyItemsIn = spatial.manyItemsIn, moreCardsIn = spatial.moreCardsIn,
    stepGrid = spatial.stepGrid, storeChanged = spatial.storeChanged;
  levelsOfDetail = window.bracketPreviewLevels.create({
    state: state, mark: mark, requestDraw: requestDraw, whenBuilt: whenBuilt, overviewChanged: overviewChanged,
    minimapChanged: function () { minimapDirty = true; }, afterFirstFrame: afterFirstFrame, buildSlice: idle.buildSlice,
    buildsPaused: idle.buildsPaused, deferredTask: deferredTask, sliceClock: sliceClock, BUILD_SLICE_MS: BUILD_SLICE_MS,
    buildSpatial: spatial.buildSpatial, buildGridsFor: buildGridsFor, cellOf: spatial.cellOf, itemBox: itemBox,
    storeChanges: spatial.changes, BUILD_CHUNK: BUILD_CHUNK, QUIET_MS: QUIET_MS,
  });
  var coarserBuilt = levelsOfDetail.coarserBuilt, levelFor = levelsOfDetail.levelFor, levelsOf = levelsOfDetail.levelsOf,
    paintLevels = levelsOfDetail.paintLevels;
  textColumns = window.bracketPreviewText.create({ byNumber: byNumber });
  var cardId = textColumns.cardId, cardLabel = textColumns.cardLabel, chunkOf = textColumns.chunkOf,
    chunksOfJoined = textColumns.chunksOfJoined, forEachTextChunk = textColumns.forEachTextChunk,
    idEquals = textColumns.idEquals, setText = textColumns.setText, spliceText = textColumns.spliceText,
    textAt = textColumns.textAt, textColumn = textColumns.textColumn, textEquals = textColumns.textEquals;

  ids = window.bracketPreviewIds.create({
    BUILD_SLICE_MS: BUILD_SLICE_MS, QUIET_MS: QUIET_MS, cardId: cardId, chunkOf: chunkOf, idEquals: idEquals,
    idSlices: idSlices, sliceClock: sliceClock, state: state, textEquals: textEquals, whenIdle: whenIdle,
  });
  var ID_BUILD_CHUNK = ids.ID_BUILD_CHUNK, buildIdsWhenIdle = ids.buildIdsWhenIdle, enterId = ids.enterId,
    hasDuplicates = ids.hasDuplicates, indexOfId = ids.indexOfId, spliceIdTable = ids.spliceIdTable;

  // The tree's links (parents, children, siblings, bus ends, each card's connector) are kept
  // by preview-links.js, from the depths for a new store and through a delta's splice.
  links = window.bracketPreviewLinks.create({ renumberPast: renumberPast, spliceTyped: spliceTyped });
  var edgeOfCard = links.edgeOfCard;

  transport = window.bracketPreviewTransport.create({
    mark: mark, painted: painted, startMarks: startMarks, applyPayload: applyPayload, payloadOfBody: payloadOfBody,
    requestResync: requestResync,
    highlight: function (id, options) { return cardFocus.highlight(id, options); },
    notify: function (text) { return exporter.notify(text); },
  });
  var vscode = transport.vscode, post = transport.post, parseJSON = transport.parseJSON;

  results = window.bracketPreviewResults.create({
    SVG_NS: SVG_NS, state: state, cardId: cardId, cardLabel: cardLabel, idEquals: idEquals, indexOfId: indexOfId, num: num,
    numberText: function (value) { return markup.numberText(value); },
  });
  var lacksResults = results.lacksResults, resultFlags = results.resultFlags, setResult = results.setResult,
    readResultColumns = results.readResultColumns, finishResults = results.finishResults, patchResults = results.patchResults,
    resultOf = results.resultOf, nameSuffix = results.nameSuffix, entrantAttr = results.entrantAttr, slotOf = results.slotOf,
    measureSlots = results.measureSlots, setSlot = results.setSlot, withSlot = results.withSlot;

  markup = window.bracketPreviewMarkup.create({
    state: state, num: num, cardId: cardId, cardLabel: cardLabel, cardLines: function (s, i) { return store.cardLines(s, i); },
    entrantAttr: entrantAttr, nameSuffix: nameSuffix, resultOf: resultOf, slotOf: slotOf,
    attributeClasses: columns.attributeClasses, edgeLabelsMarkup: function (s) { return decorations.edgeLabelsMarkup(s); },
    roundsMarkup: function (s, origin) { return decorations.roundsMarkup(s, origin); },
  });
  var numberText = markup.numberText, cleanText = markup.cleanText, baselines = markup.baselines, textSpec = markup.textSpec,
    scoreAttrs = markup.scoreAttrs, RESULT_CLASSES = markup.RESULT_CLASSES, rectAttrs = markup.rectAttrs,
    pointsText = markup.pointsText, pictureMarkup = markup.pictureMarkup;

  cardFocus = window.bracketPreviewFocus.create({
    state: state, announcer: announcer, post: post, cardId: cardId, cardLabel: cardLabel,
    childCount: function (s, i) { return store.childCount(s, i); },
    indexOfId: indexOfId, shownCards: shownCards, markCard: markCard, minimapMarksChanged: minimapMarksChanged,
    bringIntoView: bringIntoView, requestDraw: requestDraw, nameSuffix: nameSuffix, plural: plural,
    // The focused card is drawn at once (and the frame already asked for is then not needed).
    drawNow: function () { drawPending = false; draw(); },
  });
  var rangeFor = cardFocus.rangeFor;

  decorations = window.bracketPreviewDecorations.create({
    SVG_NS: SVG_NS, MAX_DOM_CARDS: MAX_DOM_CARDS, state: state, num: num, edgeKey: function (s, e) { return store.edgeKey(s, e); },
    baselines: baselines,
    escapeText: markup.escapeText, numberText: numberText, content: content, cardLayer: cardLayer,
    connectorLayer: connectorLayer, viewRect: viewRect, edgesIn: edgesIn,
    currentOrigin: function () { return domOrigin; }, currentWork: function () { return frameWork; },
  });
  var headersOf = decorations.headersOf, edgeLabelOf = decorations.edgeLabelOf, sameEdgeLabel = decorations.sameEdgeLabel,
    setEdgeLabel = decorations.setEdgeLabel, drawDecorations = decorations.drawDecorations, labelMeets = decorations.labelMeets,
    shownEdgeLabels = decorations.shownEdgeLabels;

  store = window.bracketPreviewStore.create({
    count: count, buildIdsWhenIdle: buildIdsWhenIdle, cardId: cardId, cardLabel: cardLabel, chunksOfJoined: chunksOfJoined,
    columnWork: columnWork, edgeLabelOf: edgeLabelOf, exactFloats: exactFloats, finishResults: finishResults,
    floatColumn: floatColumn, hasDuplicates: hasDuplicates, headersOf: headersOf, idEquals: idEquals,
    indexOfId: indexOfId, intColumn: intColumn, links: links, mark: mark, num: num, numberColumn: numberColumn,
    prepareForEdits: function (s) { return storeDelta.prepareForEdits(s); },
    readResultColumns: readResultColumns, resultFlags: resultFlags, setEdgeLabel: setEdgeLabel, setResult: setResult,
    storeChanged: storeChanged, textColumn: textColumn, attributeColumns: columns,
  });
  var cardLines = store.cardLines, childCount = store.childCount, edgeKey = store.edgeKey,
    storeFromColumns = store.storeFromColumns, storeFromGeometry = store.storeFromGeometry;

  // A delta applied to the store, and the store made ready for edits (preview-store-delta.js).
  storeDelta = window.bracketPreviewStoreDelta.create({
    state: state, afterFirstFrame: afterFirstFrame, byNumber: byNumber, columnWork: columnWork,
    addToPairs: columns.addToPairs, addToRange: columns.addToRange, fillSequence: columns.fillSequence,
    renumberPast: renumberPast, shiftRanges: columns.shiftRanges, warmKernels: columns.warmKernels,
    deferredTask: deferredTask, edgeLabelOf: edgeLabelOf, edgeOfCard: edgeOfCard, enterId: enterId,
    hasDuplicates: hasDuplicates, indexOfId: indexOfId, itemRect: itemRect, lacksResults: lacksResults, links: links,
    measureSlots: measureSlots, newStore: store.newStore, num: num, overviewChanged: overviewChanged,
    patchResults: patchResults, resultFlags: resultFlags, sameEdgeLabel: sameEdgeLabel, setEdgeLabel: setEdgeLabel,
    setLines: store.setLines, setSlot: setSlot, setText: setText, spliceIdTable: spliceIdTable, spliceList: spliceList,
    spliceText: spliceText, spliceTyped: spliceTyped, storeChanged: storeChanged, withSlot: withSlot,
    writeFloat: store.writeFloat, attributeColumns: columns,
  });
  var patchStore = storeDelta.patchStore;

  competitorPath = window.bracketPreviewPath.create({
    SVG_NS: SVG_NS, state: state, searchBox: searchBox, stage: stage, viewport: viewport, content: content,
    edgeLabelLayer: decorations.edgeLabelLayer, shownCards: shownCards, markCard: markCard, cardId: cardId,
    cardLabel: cardLabel, edgeOfCard: edgeOfCard, idEquals: idEquals, indexOfId: indexOfId, entrantOf: results.entrantOf,
    resultOf: resultOf, scoreOf: results.scoreOf, numberText: numberText, cardsIn: cardsIn, requestDraw: requestDraw,
    minimapMarksChanged: minimapMarksChanged, announce: cardFocus.announce,
    currentOrigin: function () { return domOrigin; }, currentMode: function () { return lastMode; },
    panning: function () { return input.panning(); }, clickSuppressed: function () { return input.clickSuppressed(); },
  });
  var currentPath = competitorPath.currentPath, onPath = competitorPath.onPath, drawPathLayer = competitorPath.drawPathLayer, pathLine = competitorPath.pathLine,
    paths = competitorPath.paths;

  search = window.bracketPreviewSearch.create({
    state: state, searchBox: searchBox, searchCount: searchCount, viewport: viewport, forEachTextChunk: forEachTextChunk,
    textAt: textAt, shownCards: shownCards, markCard: markCard, bringIntoView: bringIntoView, requestDraw: requestDraw,
    minimapMarksChanged: minimapMarksChanged, announce: cardFocus.announce, describeCard: cardFocus.describeCard,
    focusCard: cardFocus.focusCard,
  });

  input = window.bracketPreviewInput.create({
    DRAG_THRESHOLD: DRAG_THRESHOLD, ZOOM_STEP: ZOOM_STEP, state: state, searchBox: searchBox, stage: stage,
    viewport: viewport, fit: fit, setScale: setScale, setView: setView, requestDraw: requestDraw,
    viewResized: function () { viewCache = null; minimapDirty = true; },
    toggleMinimap: function () { minimapHidden = !minimapHidden; return minimapHidden; },
    AWAY: cardFocus.AWAY, announce: cardFocus.announce, describeCard: cardFocus.describeCard, focusCard: cardFocus.focusCard,
    focusedIndex: cardFocus.focusedIndex, navigate: cardFocus.navigate, reveal: cardFocus.reveal,
    cardIndexAt: competitorPath.cardIndexAt, clickedCard: competitorPath.clickedCard,
  });

  exporter = window.bracketPreviewExport.create({
    state: state, pictureSize: pictureSize, percent: percent, pictureMarkup: pictureMarkup, vscode: vscode, post: post,
  });
  var preparePrint = exporter.preparePrint;

  // Read-only view of the state, for hosts and tests that want to inspect the page.
  window.bracketPreview = Object.freeze({
    scale: function () { return state.scale; },
    version: function () { return state.version; },
    sequence: function () { return state.sequence; },
    // What the start-up deferred past the first frame: whether the grid is built, how many
    // levels of detail of how many, how many deferred tasks are still to run.
    deferred: function () {
      var sp = state.store && state.store.spatial;
      var levels = sp && sp.levels ? sp.levels.filter(function (level) { return level.data; }).length : 0;
      // (gridSlices: the calls that built grids; more than one a grid when idle slices did.)
      return { grid: !!(sp && sp.cards), levels: levels, levelCount: sp && sp.levels ? sp.levels.length : 0,
        pending: idle.pendingTasks(), held: idle.holdingDeferred(), gridSlices: spatial.gridSlices(), rebuilds: levelsOfDetail.rebuilds() };
    },
    releaseDeferred: function () { idle.releaseDeferred(); },
    resumeBuilds: function () { idle.resumeBuilds(); },
    // Every overview tile and the minimap painted again, from what the store holds now.
    repaint: function () { overviewChanged(null); minimapDirty = true; requestDraw(); },
    view: function () { return { scale: state.scale, x: state.x, y: state.y, mode: lastMode }; },
    cardCount: function () { return state.store ? state.store.n : 0; },
    // The picture's size in SVG user units (margin included), as Fit fits it.
    size: function () { return pictureSize(); },
    focused: function () { return state.focus >= 0 && state.store ? cardId(state.store, state.focus) : null; },
    match: function () { return state.match >= 0 && state.store ? cardId(state.store, state.match) : null; },
    // The competitor's path shown: { kind, id, cards: [card index], edges: [connector index], text }.
    path: function () {
      var path = currentPath(state.store);
      return path ? { kind: path.key.kind, id: path.key.id, cards: path.cards.slice(), edges: path.edges.slice(), text: path.text } : null;
    },
    markup: pictureMarkup,
    // { version, at, received, frames, draws, work, applied, bytes }: the last painted version,
    // when (epoch ms), when its payload arrived, the recent frames from frame start to painted
    // (ms), the page's own script time in each (ms), what each drew (work: { mode, cards and
    // edges shown, cards made, overview tiles drawn, painted and stood in for, labelConnectors:
    // the connectors looked at for edge labels near the view }), a delta's
    // [patch, view update] times (ms), and the size of the painted payload's event (characters;
    // the loopback transport).
    painted: function () {
      return { version: painted.version, at: painted.at, received: painted.receivedAt, frames: painted.frames.slice(), draws: painted.draws.slice(),
        work: painted.work.slice(), applied: painted.applied, bytes: painted.bytesAt,
        marks: painted.marks ? Object.assign({}, painted.marks) : null };
    },
    preparePrint: preparePrint,
    // What the store's upkeep did, for tests: { links: { linked, spliced } } (stores linked
    // afresh, and kept through a delta's splice), { ids: { maps, added } } (the splices the ID
    // index maps its slots through, and the cards it keeps by ID beside them; null: none yet),
    // { columns: { ready, grown, widened, warmed } } (prepareForEdits; warmed: the rounds the
    // structural kernels were warmed in, preview-columns.js).
    storeWork: function () {
      var t = state.store && state.store.idTable;
      var s = state.store;
      return { links: links.counts(), ids: t ? { maps: t.maps.length, added: t.added.size } : null,
        textChunks: s && s.idText ? [s.idText.chunks.length, s.labelText.chunks.length] : null,
        columns: Object.assign({}, columnWork) };
    },
    // The edge labels shown (connector indices) and those a scan of every label finds meeting
    // the drawn view, for tests (the frame finds them through the spatial index).
    edgeLabelsInView: function () {
      var s = state.store, scan = [];
      if (s && s.edgeLabels && lastMode === "cards") {
        var r = viewRect();
        r.x0 -= s.margin; r.x1 -= s.margin; r.y0 -= s.margin; r.y1 -= s.margin;
        for (var e = 0; e < s.m; e++) if (labelMeets(s.edgeLabels[e], r)) scan.push(e);
      }
      return { shown: Array.from(shownEdgeLabels.keys()).sort(function (a, b) { return a - b; }), scan: scan, connectors: s ? s.m : 0 };
    },
    // The minimap's repaints so far (each one's time since the last delta arrived, ms) and
    // whether one is pending (or the spatial index's rebuild once edits pause, which repaints
    // it), for tests.
    slices: function () {
      return { ids: idSlices.slice(), idChunk: ID_BUILD_CHUNK, budgetMs: BUILD_SLICE_MS, gridFrameMs: GRID_FRAME_MS, buildChunk: BUILD_CHUNK,
        merges: levelsOfDetail.merges.slice(), mergeCells: levelsOfDetail.MERGE_CELLS };
    },
    // The levels of detail whose bytes differ from one merge of the level before (none).
    levelMergesDiffer: function () {
      var sp = state.store && state.store.spatial;
      return sp && sp.levels ? levelsOfDetail.mergesDiffer(sp.levels) : [];
    },
    minimap: function () { return { paints: minimapPaints.slice(), pending: minimapTimer !== null || levelsOfDetail.rebuildWaiting(), waits: minimapWaits.count, waiting: minimapWaiting }; },
    // Every column of the store as plain lists, for tests: a store patched by deltas must equal
    // a fresh load of the same picture.
    columns: function () {
      var s = state.store;
      if (!s) return null;
      var out = { n: s.n, m: s.m, width: s.width, height: s.height, ids: [], labels: [], lines: [], parentIds: [] };
      for (var i = 0; i < s.n; i++) {
        out.ids.push(cardId(s, i)); out.labels.push(cardLabel(s, i)); out.lines.push(cardLines(s, i));
      }
      ["cx", "cy", "w", "h", "depth", "parent", "hasRange", "flags"].forEach(function (name) { out[name] = Array.from(s[name].subarray(0, s.n)); });
      ["edgeChild", "edgeEnd"].forEach(function (name) { out[name] = Array.from(s[name].subarray(0, s.m)); });
      out.pts = Array.from(s.pts.subarray(0, 8 * s.m));
      out.ranges = [];
      for (var r = 0; r < s.n; r++) out.ranges.push(s.hasRange[r] ? Array.from(s.ranges.subarray(4 * r, 4 * r + 4)) : null);
      out.first = Array.from(s.children.first.subarray(0, s.n)); out.next = Array.from(s.children.next.subarray(0, s.n));
      out.prev = Array.from(s.children.prev.subarray(0, s.n));
      out.scores = s.scores ? s.scores.slice() : null;
      out.slots = s.slots ? s.slots.slice() : null;
      out.entrant = s.hasResults && s.entrant ? Array.from(s.entrant.subarray(0, s.n)) : null;
      out.edgeLabels = s.edgeLabels ? s.edgeLabels.slice() : null;
      out.attributes = (s.attributes || []).map(function (a) {
        var values = a.values && a.values.some(function (v) { return v !== null; }) ? a.values.slice(0, s.n) : null;
        return { key: a.key, values: values };
      });
      out.hasResults = s.hasResults;
      return out;
    },
    // The store's indices checked against scans, for tests: every ID found at its card, every
    // connector at its child, and the cards and connectors the spatial index finds in each
    // rectangle (content coordinates) equal to those a scan finds. Returns the problems.
    checkIndices: function (rects) {
      var s = state.store, problems = [];
      if (!s) return ["no store"];
      for (var i = 0; i < s.n; i++) if (indexOfId(s, cardId(s, i)) !== i) { problems.push("ID " + cardId(s, i) + " not found at " + i); break; }
      for (var e = 0; e < s.m; e++) if (edgeOfCard(s, s.edgeChild[e]) !== e) { problems.push("connector " + e + " not found"); break; }
      var b = [0, 0, 0, 0];
      (rects || []).forEach(function (r) {
        [false, true].forEach(function (edge) {
          var found = [], scan = [];
          gridQuery(s, edge ? gridOf(s).edges : gridOf(s).cards, r, function (k) { found.push(k); });
          for (var k = 0; k < (edge ? s.m : s.n); k++) {
            itemBox(s, edge, k, b);
            if (!(b[2] < r.x0 || b[0] > r.x1 || b[3] < r.y0 || b[1] > r.y1)) scan.push(k);
          }
          found.sort(function (x, y) { return x - y; });
          if (found.join() !== scan.join()) problems.push((edge ? "connectors" : "cards") + " in " + JSON.stringify(r) + ": " + found.length + " found, " + scan.length + " there");
        });
      });
      return problems;
    },
    // The geometry as the page holds it, in the payload's shape (nodes and edges), for tests.
    geometry: function () {
      var s = state.store;
      if (!s) return null;
      var nodes = [], edges = [];
      for (var i = 0; i < s.n; i++) {
        nodes.push({ id: cardId(s, i), label: cardLabel(s, i), x: s.cx[i], y: s.cy[i], width: s.w[i], height: s.h[i],
          depth: s.depth[i], parent: s.parent[i] >= 0 ? cardId(s, s.parent[i]) : null, range: rangeFor(i) });
      }
      for (var e = 0; e < s.m; e++) {
        var pts = [];
        for (var k = 0; k < 4; k++) pts.push({ x: s.pts[8 * e + 2 * k], y: s.pts[8 * e + 2 * k + 1] });
        edges.push({ child: edgeKey(s, e), points: pts });
      }
      return { width: s.width, height: s.height, margin: s.margin, nodes: nodes, edges: edges };
    },
  });

  transport.connect();
})();
