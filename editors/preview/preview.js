// Bracket preview page: draws a `bracket/preview` payload from its geometry, keeps zoom and
// pan across updates, and talks to its host (a VS Code webview or the loopback HTTP server).
// This file owns the store, the spatial index, payloads, the card elements, the view, the
// overview and the minimap; the rest (transport, results, the server's markup, focus, level
// headers and edge labels, a competitor's path, search, input, export, deltas, tiles, links)
// are modules loaded before it (index.html), made in "the page's modules" below.
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
  var CREATE_MS = 3, CREATE_LEAST = 8; // card elements made per frame: for about this long, at least this many (see drawDom)
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

  // ---------------------------------------------------------------- the store

  function num(value, fallback) {
    return typeof value === "number" && isFinite(value) ? value : fallback;
  }

  // A store row from a geometry node (payload JSON).
  function rowOf(node, shared) {
    var range = node.range && node.range.start && node.range.end ? node.range : null;
    return {
      id: typeof node.id === "string" ? node.id : String(node.id),
      label: typeof node.label === "string" ? node.label : "",
      lines: Array.isArray(node.lines) ? node.lines.map(String) : null,
      x: num(node.x, 0), y: num(node.y, 0),
      w: num(node.width, shared.w), h: num(node.height, shared.h),
      depth: Math.max(0, Math.floor(num(node.depth, 0))),
      range: range ? [num(range.start.line, 0), num(range.start.character, 0), num(range.end.line, 0), num(range.end.character, 0)] : null,
      flags: resultFlags(node), score: typeof node.score === "string" ? node.score : null,
      entrantId: typeof node.entrant === "string" ? node.entrant : null,
    };
  }

  function edgeRowOf(edge) {
    var pts = Array.isArray(edge.points) ? edge.points : [];
    var flat = [];
    for (var i = 0; i < pts.length && i < 4; i++) flat.push(num(pts[i] && pts[i].x, 0), num(pts[i] && pts[i].y, 0));
    while (flat.length < 8) flat.push(flat.length >= 2 ? flat[flat.length - 2] : 0);
    return { child: typeof edge.child === "string" ? edge.child : String(edge.child), pts: flat, label: edgeLabelOf(edge.label) };
  }

  // Text columns: every ID (and every label) of a store as joined strings with end offsets
  // instead of one JS string per card. At a million cards that is about 18 MB of text and 8 MB
  // of offsets instead of some 60 MB of string objects, and search is indexOf over the strings.
  // The column is in chunks of about TEXT_CHUNK cards, each its own joined text and offsets
  // (`ends`, less `base`, are offsets into its `text`), so that a splice rewrites the chunks it
  // touches and keeps the others as they are: it was a copy of both whole columns and their
  // offsets a keystroke. Every reader goes through textAt / textEquals / forEachTextChunk.
  // Labels rewritten in place by a delta are kept beside it (`edits`) until there are many.
  // (Tests make the chunks small, `bracketPreviewTest.textChunk`, to splice across their edges.)
  var TEXT_EDITS_BEFORE_REJOIN = 4096;
  var TEXT_CHUNK = Math.max(4, (window.bracketPreviewTest && window.bracketPreviewTest.textChunk) || 1024), TEXT_CHUNK_MIN = TEXT_CHUNK >> 2;

  // A column from its chunks; `starts[c]` is chunk c's first card, `starts[chunks]` the count.
  function chunkedColumn(chunks, edits) {
    var starts = new Int32Array(chunks.length + 1);
    for (var c = 0; c < chunks.length; c++) starts[c + 1] = starts[c] + chunks[c].ends.length;
    return { chunks: chunks, starts: starts, n: starts[chunks.length], edits: edits, last: 0 };
  }

  // A joined text and its end offsets (a binary body's, or joined here), cut into chunks: each
  // chunk's text a slice and its offsets a view of the same array (no copy).
  function chunksOfJoined(text, ends, n) {
    var chunks = [];
    for (var from = 0; from < n; from += TEXT_CHUNK) {
      var to = Math.min(n, from + TEXT_CHUNK), base = from > 0 ? ends[from - 1] : 0;
      chunks.push({ text: text.slice(base, ends[to - 1]), ends: ends.subarray(from, to), base: base, lower: null });
    }
    return chunkedColumn(chunks, null);
  }

  function textColumn(list, n, asString) {
    var ends = new Uint32Array(n), total = 0;
    for (var i = 0; i < n; i++) {
      var t = list[i];
      if (typeof t !== "string") { t = asString && t !== undefined ? String(t) : ""; list[i] = t; }
      total += t.length;
      ends[i] = total;
    }
    return chunksOfJoined((list.length === n ? list : list.slice(0, n)).join(""), ends, n);
  }

  // The chunk holding card i (binary search over the chunk starts, from the last one found).
  function chunkOf(col, i) {
    var starts = col.starts, c = col.last;
    if (!(starts[c] <= i && i < starts[c + 1])) {
      var lo = 0, hi = col.chunks.length - 1;
      while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (starts[mid] <= i) lo = mid; else hi = mid - 1; }
      c = col.last = lo;
    }
    return c;
  }

  function textAt(col, i) {
    if (col.edits !== null && col.edits.has(i)) return col.edits.get(i);
    var c = chunkOf(col, i), chunk = col.chunks[c], j = i - col.starts[c], base = chunk.base;
    return chunk.text.slice(j > 0 ? chunk.ends[j - 1] - base : 0, chunk.ends[j] - base);
  }

  // Whether card i's text (as joined, not counting `edits`) is `text`.
  function textEquals(col, i, text) {
    var c = chunkOf(col, i), chunk = col.chunks[c], j = i - col.starts[c], base = chunk.base;
    var a = j > 0 ? chunk.ends[j - 1] - base : 0;
    return chunk.ends[j] - base - a === text.length && chunk.text.startsWith(text, a);
  }

  // f(chunk, first card, count, lower) for each chunk, in order: card first + j's text is
  // chunk.text from (j > 0 ? ends[j - 1] : base) - base to ends[j] - base; `lower` (with
  // `lowered`) the chunk's text lower-cased, or false when that changes its length.
  function forEachTextChunk(col, lowered, f) {
    for (var c = 0; c < col.chunks.length; c++) {
      var chunk = col.chunks[c];
      if (lowered && chunk.lower === null) {
        var lower = chunk.text.toLowerCase();
        chunk.lower = lower.length === chunk.text.length ? lower : false;
      }
      f(chunk, col.starts[c], chunk.ends.length, lowered ? chunk.lower : null);
    }
  }

  function setText(col, i, value) {
    if (textAt(col, i) === value) return;
    if (col.edits === null) col.edits = new Map();
    col.edits.set(i, value);
    if (col.edits.size <= TEXT_EDITS_BEFORE_REJOIN) return;
    var n = col.n, list = new Array(n);
    for (var k = 0; k < n; k++) list[k] = textAt(col, k);
    var fresh = textColumn(list, n, false);
    col.chunks = fresh.chunks; col.starts = fresh.starts; col.edits = null; col.last = 0;
  }

  function cardId(s, i) { return textAt(s.idText, i); }
  function cardLabel(s, i) { return textAt(s.labelText, i); }
  function idEquals(s, i, id) { return textEquals(s.idText, i, id); }

  // A card's shown lines: null (the label centred on one line, as fixed-size layouts draw it),
  // the label as its one line (lineMode 1, the usual case, stored as one byte), or its own lines.
  function cardLines(s, i) {
    var mode = s.lineMode[i];
    return mode === 0 ? null : mode === 1 ? [cardLabel(s, i)] : s.lineList.get(i);
  }

  function setLines(s, i, lines) {
    if (s.lineMode[i] === 2) s.lineList.delete(i);
    if (!Array.isArray(lines)) { s.lineMode[i] = 0; return; }
    if (lines.length === 1 && lines[0] === cardLabel(s, i)) { s.lineMode[i] = 1; return; }
    s.lineMode[i] = 2;
    s.lineList.set(i, lines.map(String));
  }

  // Children in a node: walked, not stored (a count per card would cost 4 MB at a million).
  function childCount(s, i) {
    var k = 0;
    for (var c = s.children.first[i]; c >= 0; c = s.children.next[c]) k++;
    return k;
  }

  // The ID index: open addressing over the joined IDs (one Int32Array, no string keys), built
  // on first use, which also tells whether any ID repeats.
  function hashText(text, a, b) {
    var h = 0x811c9dc5 | 0;
    for (var k = a; k < b; k++) h = Math.imul(h ^ text.charCodeAt(k), 16777619);
    return h;
  }

  // A delta does not rewrite the index: its slots keep the card numbers they were built with,
  // and it keeps the splices since (`maps`: each splice's kept pieces, sorted) to carry a slot's
  // number to today's card, and the cards added or renamed since by ID (`added`). A slot whose
  // card was removed, or renamed, no longer matches and is passed over like a tombstone. So a
  // splice costs the cards it adds, not a pass over the slots; once the edits pause, the index
  // is built again (at once, on first use, past MAX_ID_MAPS splices).
  // A new store's index is built in idle time, for about BUILD_SLICE_MS an idle callback
  // (ID_BUILD_CHUNK cards between two reads of the clock), so the first keystroke after the
  // picture arrives does not wait for it (it was the label edit's long task: 75 ms at 131,071
  // cards); a build not finished when it is needed is finished then. (A fixed 16,384 cards a
  // callback took 30–56 ms on a loaded machine: the longest idle task of a million-card pan.)
  var MAX_ID_MAPS = 128, ID_MAPS_BEFORE_REBUILD = 4, ID_BUILD_CHUNK = 2048;
  function idTable(s) {
    if (!s.idTable) buildIds(s, Infinity);
    return s.idTable;
  }

  // Goes on with the store's index being built (`s.idBuild`) for up to `budget` cards; when it
  // is done, it becomes the store's index (replacing one that maps through splices).
  function buildIds(s, budget) {
    var col = s.idText, b = s.idBuild;
    if (!b) {
      var size = 16;
      while (size < 1.5 * s.n) size *= 2;
      b = s.idBuild = { slots: new Int32Array(size).fill(-1), mask: size - 1, duplicates: false, next: 0 };
    }
    var slots = b.slots, mask = b.mask, end = Math.min(s.n, b.next + budget);
    for (var i = b.next; i < end;) {
      // The cards of one chunk with its text and offsets at hand.
      var c = chunkOf(col, i), chunk = col.chunks[c], text = chunk.text, ends = chunk.ends, base = chunk.base;
      for (var j0 = i - col.starts[c], stop = Math.min(end, col.starts[c + 1]); i < stop; i++, j0++) {
        var a = j0 > 0 ? ends[j0 - 1] - base : 0, z = ends[j0] - base;
        for (var h = hashText(text, a, z) & mask; ; h = (h + 1) & mask) {
          var j = slots[h];
          if (j < 0) { slots[h] = i; break; }
          if (textEquals(col, j, text.slice(a, z))) { b.duplicates = true; break; }
        }
        col.last = c;
      }
    }
    b.next = end;
    if (end < s.n) return;
    s.idBuild = null;
    s.idTable = { slots: slots, mask: mask, duplicates: b.duplicates, maps: [], added: new Map() };
  }

  // Builds the current store's index in idle time, slice by slice, when it has none or one
  // that maps through splices.
  function buildIdsWhenIdle() {
    whenIdle(function step() {
      var s = state.store;
      if (!s || !s.idText || (s.idTable && s.idTable.maps.length === 0 && s.idTable.added.size === 0)) return;
      var deadline = sliceClock() + BUILD_SLICE_MS, done = s.idBuild ? s.idBuild.next : 0;
      do buildIds(s, ID_BUILD_CHUNK); while (s.idBuild && sliceClock() < deadline);
      if (idSlices.length < 1000) idSlices.push((s.idBuild ? s.idBuild.next : s.n) - done);
      if (s.idBuild) whenIdle(step);
    });
  }

  // A slot's card number carried through the splices since the index was built (-1: removed).
  function throughMaps(t, j) {
    for (var k = 0; k < t.maps.length && j >= 0; k++) {
      var kept = t.maps[k], lo = 0, hi = kept.length;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (kept[mid].to <= j) lo = mid + 1; else hi = mid; }
      j = lo < kept.length && kept[lo].from <= j ? kept[lo].at + j - kept[lo].from : -1;
    }
    return j;
  }

  // The first card with this ID, or -1.
  function indexOfId(s, id) {
    if (!s || typeof id !== "string" || s.n === 0) return -1;
    var t = idTable(s), slots = t.slots, mapped = t.maps.length > 0;
    if (t.added.size > 0) {
      var added = t.added.get(id);
      if (added !== undefined && added < s.n && idEquals(s, added, id)) return added;
    }
    for (var h = hashText(id, 0, id.length) & t.mask; ; h = (h + 1) & t.mask) {
      var j = slots[h];
      if (j === -1) return -1;
      if (mapped) j = throughMaps(t, j);
      if (j >= 0 && j < s.n && idEquals(s, j, id)) return j;
    }
  }

  function hasDuplicates(s) { return idTable(s).duplicates; }

  // A connector's key in deltas: its child's ID (kept aside for a connector whose child is not
  // a card).
  function edgeKey(s, e) {
    var child = s.edgeChild[e];
    if (child >= 0) return cardId(s, child);
    return s.edgeOrphans && s.edgeOrphans.has(e) ? s.edgeOrphans.get(e) : "";
  }

  // The tree's links (parents, children, siblings, bus ends, each card's connector) are kept
  // by preview-links.js, from the depths for a new store and through a delta's splice.
  var links = window.bracketPreviewLinks.create({ spliceTyped: spliceTyped });
  var edgeOfCard = links.edgeOfCard;

  // Positions and sizes are written as Float64 and kept as Float32 where every value is
  // exactly a float (sizes, and positions up to 2^24 on the usual grids): half the bytes, the
  // same numbers, so Save SVG still writes the server's bytes.
  function exactFloats(values) {
    if (values instanceof Float32Array) return values;
    for (var i = 0; i < values.length; i++) { var v = values[i]; if (Math.fround(v) !== v) return values; }
    return new Float32Array(values);
  }

  function writeFloat(s, name, i, value) {
    var column = s[name];
    if (column instanceof Float32Array && Math.fround(value) !== value) { columnWork.widened++; column = s[name] = new Float64Array(column); }
    column[i] = value;
  }

  // `given`: columns made already (storeFromColumns), used instead of new ones.
  function newStore(count, edgeCount, frame, given) {
    var g = given || {};
    var s = {
      n: count, m: edgeCount,
      idText: null, labelText: null, lineMode: new Uint8Array(count), lineList: new Map(),
      cx: g.cx || new Float64Array(count), cy: g.cy || new Float64Array(count),
      w: g.w || new Float64Array(count), h: g.h || new Float64Array(count),
      depth: g.depth || new Int32Array(count), parent: new Int32Array(count),
      ranges: g.ranges || new Int32Array(4 * count), hasRange: new Uint8Array(count),
      pts: g.pts || new Float64Array(8 * edgeCount), edgeChild: g.edgeChild || new Int32Array(edgeCount), edgeEnd: new Uint8Array(edgeCount),
      edgeOrphans: null, edgeByChild: null, edgesSorted: false, linksWellFormed: false,
      width: frame.width, height: frame.height, margin: frame.margin,
      fontSize: frame.fontSize, sharedW: frame.sharedW, sharedH: frame.sharedH,
      settings: frame.settings, title: frame.title, metrics: frame.metrics, levels: frame.levels || [], edgeLabels: null,
      idTable: null, children: null, spatial: null, readying: false,
      flags: new Uint8Array(count), scores: null, entrant: null, entrantIds: null, hasResults: false, slots: null,
    };
    // The store has no per-card string arrays: code written for them fails loudly, not quietly.
    ["ids", "labels", "lines", "idIndex", "duplicates", "edgeIds"].forEach(function (name) {
      Object.defineProperty(s, name, { get: function () { throw new Error("store." + name + " is gone: use cardId, cardLabel, cardLines, indexOfId, hasDuplicates or edgeKey"); } });
    });
    return s;
  }

  // A text column already made (a binary body's), or null.
  function isTextColumn(value) { return !!value && typeof value === "object" && typeof value.text === "string" && value.ends instanceof Uint32Array; }
  function textColumnOf(value, n, asString) {
    if (!isTextColumn(value)) return textColumn(value, n, asString);
    return chunksOfJoined(value.text, value.ends, Math.min(n, value.ends.length));
  }

  function setTexts(s, ids, labels, lines) {
    s.idText = textColumnOf(ids, s.n, true);
    s.labelText = textColumnOf(labels, s.n, false);
    for (var i = 0; i < s.n; i++) {
      var l = lines[i];
      if (!Array.isArray(l)) continue;
      if (l.length === 1 && l[0] === cardLabel(s, i)) s.lineMode[i] = 1;
      else { s.lineMode[i] = 2; s.lineList.set(i, l.map(String)); }
    }
  }

  // The store of a geometry JSON payload (nodes and edges as objects): each node read straight
  // into the columns, no row object. O(cards), all in typed arrays.
  function buildStore(nodes, edges, frame) {
    var count = nodes.length, edgeCount = edges.length;
    var s = newStore(count, edgeCount, frame);
    var ids = new Array(count), labels = new Array(count), lines = new Array(count);
    for (var k = 0; k < count; k++) {
      var src = nodes[k] || {};
      var nodeId = src.id, label = src.label, range = src.range;
      ids[k] = typeof nodeId === "string" ? nodeId : String(nodeId);
      labels[k] = typeof label === "string" ? label : "";
      lines[k] = Array.isArray(src.lines) ? src.lines : null;
      s.cx[k] = num(src.x, 0); s.cy[k] = num(src.y, 0);
      s.w[k] = num(src.width, frame.sharedW); s.h[k] = num(src.height, frame.sharedH);
      s.depth[k] = Math.max(0, Math.floor(num(src.depth, 0)));
      setResult(s, k, resultFlags(src), typeof src.score === "string" ? src.score : null,
        typeof src.entrant === "string" ? src.entrant : null);
      if (range && range.start && range.end) {
        s.hasRange[k] = 1;
        s.ranges[4 * k] = num(range.start.line, 0); s.ranges[4 * k + 1] = num(range.start.character, 0);
        s.ranges[4 * k + 2] = num(range.end.line, 0); s.ranges[4 * k + 3] = num(range.end.character, 0);
      }
    }
    setTexts(s, ids, labels, lines);
    ids = labels = lines = null;
    // Connectors: the n-th connector with child ID X draws the n-th card with ID X.
    var duplicates = hasDuplicates(s);
    var seen = duplicates ? new Map() : null;
    for (var e = 0; e < edgeCount; e++) {
      var es = edges[e] || {};
      var id = typeof es.child === "string" ? es.child : String(es.child);
      var points = Array.isArray(es.points) ? es.points : [];
      for (var pt = 0; pt < 4; pt++) {
        var point = points[pt < points.length ? pt : points.length - 1];
        s.pts[8 * e + 2 * pt] = num(point && point.x, 0);
        s.pts[8 * e + 2 * pt + 1] = num(point && point.y, 0);
      }
      var child = indexOfId(s, id);
      if (seen && child >= 0) {
        var nth = seen.get(id) || 0;
        seen.set(id, nth + 1);
        for (var c = child, hits = 0; c < count; c++) {
          if (idEquals(s, c, id)) { if (hits === nth) { child = c; break; } hits++; }
        }
      }
      s.edgeChild[e] = child;
      if (child < 0) { if (!s.edgeOrphans) s.edgeOrphans = new Map(); s.edgeOrphans.set(e, id); }
      setEdgeLabel(s, e, edgeLabelOf(es.label));
    }
    finishStore(s);
    finishResults(s);
    return s;
  }

  // What follows from the columns: parents (from depths), children and sibling links, which
  // connectors end a bus, the compact float columns, and the spatial index.
  function finishStore(s) {
    links.link(s);
    mark("links");
    if (!s.idTable) buildIdsWhenIdle();
    s.cx = exactFloats(s.cx); s.cy = exactFloats(s.cy);
    s.w = exactFloats(s.w); s.h = exactFloats(s.h);
    s.pts = exactFloats(s.pts);
    mark("floats");
    storeChanged(s, null);
    prepareForEdits(s);
  }

  function frameOf(geometry, picture, oldFrame) {
    var nodes = Array.isArray(geometry.nodes) ? geometry.nodes : [];
    var firstNode = nodes[0] || {};
    var settings = geometry.settings && typeof geometry.settings === "object" ? geometry.settings : (oldFrame ? oldFrame.settings : {});
    var sharedW = num(settings.cardWidth, num(firstNode.width, 132));
    var sharedH = num(settings.cardHeight, num(firstNode.height, 44));
    return {
      width: num(geometry.width, 0), height: num(geometry.height, 0), margin: num(geometry.margin, 0),
      fontSize: num(geometry.fontSize, Math.min(13, sharedH * 0.6)),
      sharedW: sharedW, sharedH: sharedH, settings: settings,
      title: geometry.title && typeof geometry.title === "object" ? geometry.title : null,
      levels: headersOf(geometry.levels),
      metrics: picture && picture.text && typeof picture.text === "object" ? picture.text : null,
    };
  }

  function storeFromGeometry(geometry, picture) {
    var nodes = Array.isArray(geometry.nodes) ? geometry.nodes : [];
    var edges = Array.isArray(geometry.edges) ? geometry.edges : [];
    var store = buildStore(nodes, edges, frameOf(geometry, picture, null));
    // The geometry JSON (VS Code) says each card's score but not its slot as drawn.
    store.slotsToMeasure = store.hasResults;
    return store;
  }

  // The loopback page's payloads carry the geometry as columns (docs/protocol.md,
  // "Geometry-only payloads"): each array goes straight into a typed array, the IDs and labels
  // into two joined strings. The server sends the numeric columns in binary (`numberColumn`).
  function storeFromColumns(c, picture) {
    function list(value) { return Array.isArray(value) ? value : []; }
    function texts(value) { return isTextColumn(value) ? value : list(value); }
    function lengthOf(value) { return isTextColumn(value) ? value.ends.length : value.length; }
    var ids = texts(c.ids), labels = texts(c.labels);
    var xs = numberColumn(c.x), ys = numberColumn(c.y), depths = numberColumn(c.depths);
    var ranges = numberColumn(c.ranges), widths = numberColumn(c.widths, null), heights = numberColumn(c.heights, null);
    var lines = Array.isArray(c.lines) ? c.lines : [];
    var n = Math.min(count(c.count), lengthOf(ids), lengthOf(labels), xs.length, ys.length, depths.length);
    var frame = frameOf(c, picture, null);
    var children = numberColumn(c.edgeChildren), points = numberColumn(c.edgePoints);
    var m = Math.min(children.length, Math.floor(points.length / 8));
    // The columns as the store keeps them, straight from the payload's typed arrays (views on a
    // binary body) where they already are: no copy, no second pass.
    var s = newStore(n, m, frame, {
      cx: floatColumn(xs, n, null), cy: floatColumn(ys, n, null),
      w: widths ? floatColumn(widths, n, frame.sharedW) : null, h: heights ? floatColumn(heights, n, frame.sharedH) : null,
      depth: intColumn(depths, n), pts: floatColumn(points, 8 * m, null), edgeChild: intColumn(children, m),
      ranges: 4 * n <= ranges.length ? intColumn(ranges, 4 * n) : null,
    });
    if (!widths) s.w.fill(frame.sharedW);
    if (!heights) s.h.fill(frame.sharedH);
    if (4 * n <= ranges.length) s.hasRange.fill(1);
    for (var i = 0; i < n; i++) if (s.depth[i] < 0) s.depth[i] = 0;
    setTexts(s, ids, labels, lines);
    // `0` in binary payloads: the card shows its label as its one line.
    for (var z = 0; z < n; z++) if (lines[z] === 0) s.lineMode[z] = 1;
    readResultColumns(s, c);
    for (var e = 0; e < m; e++) {
      if (!(s.edgeChild[e] >= 0 && s.edgeChild[e] < n)) {
        s.edgeChild[e] = -1;
        if (!s.edgeOrphans) s.edgeOrphans = new Map();
        s.edgeOrphans.set(e, "");
      }
      if (Array.isArray(c.edgeLabels)) setEdgeLabel(s, e, edgeLabelOf(c.edgeLabels[e]));
    }
    mark("store");
    finishStore(s);
    finishResults(s);
    return s;
  }
  // A numeric column's first `length` values as a float column of the store: a typed array of
  // floats as it is (a binary body's f32 or f64 section), integers converted natively, as Float32
  // when every value is exactly a float, else Float64 (exactFloats' rule). With `missing` (sizes)
  // a value that is not a finite number, or not there, becomes it; without, a list's values are
  // converted as typed arrays convert them.
  function floatColumn(values, length, missing) {
    var part = values.length <= length ? values : ArrayBuffer.isView(values) ? values.subarray(0, length) : values.slice(0, length);
    var out;
    if (part.length === length && (part instanceof Float32Array || part instanceof Float64Array)) out = part;
    else if (part.length === length && part instanceof Int32Array) out = intFloats(part);
    else {
      out = new Float64Array(length);
      if (missing !== null) out.fill(missing);
      if (missing !== null && !ArrayBuffer.isView(part)) for (var k = 0; k < part.length; k++) out[k] = num(part[k], missing);
      else out.set(part);
    }
    if (missing !== null) for (var i = 0; i < length; i++) if (!isFinite(out[i])) out[i] = missing;
    return exactFloats(out);
  }
  // 32-bit integers as floats: Float32 when every one is exactly a float, else Float64.
  function intFloats(values) {
    var floats = new Float32Array(values);
    for (var i = 0; i < values.length; i++) if (floats[i] !== values[i]) return new Float64Array(values);
    return floats;
  }
  function intColumn(values, length) {
    var part = values.length === length ? values : ArrayBuffer.isView(values) ? values.subarray(0, length) : values.slice(0, length);
    if (part instanceof Int32Array) return part;
    var out = new Int32Array(length);
    out.set(part);
    return out;
  }

  // A full payload's binary body (docs/protocol.md, "The payload as a binary body"): the
  // sections, then the head (the payload's JSON, each column naming its section), then the
  // head's length and `BKC1`. Each numeric column becomes a typed array over the body (a copy
  // where it is not aligned), the IDs and labels each one string from one TextDecoder pass with
  // the server's UTF-16 end offsets: nothing is parsed or made per card. Null when the body is
  // not one.
  function payloadOfBody(buffer) {
    var bytes = new Uint8Array(buffer), size = bytes.length;
    if (size < 8 || bytes[size - 4] !== 66 || bytes[size - 3] !== 75 || bytes[size - 2] !== 67 || bytes[size - 1] !== 49) return null;
    var headLength = new DataView(buffer).getUint32(size - 8, true), headStart = size - 8 - headLength;
    if (headStart < 0) return null;
    var decoder = new TextDecoder();
    var payload = parseJSON(decoder.decode(bytes.subarray(headStart, size - 8)));
    if (!payload || typeof payload !== "object") return null;
    var c = payload.columns;
    if (!c || typeof c !== "object") return payload;
    var ok = true;
    function section(pair, width) {
      if (!Array.isArray(pair) || pair.length !== 2) return null;
      var at = pair[0], length = pair[1];
      if (!(at >= 0 && length >= 0 && Math.floor(at) === at && Math.floor(length) === length && at + length * width <= headStart)) return null;
      return { at: at, length: length };
    }
    function numbers(value) {
      if (!value || typeof value !== "object" || Array.isArray(value)) return value;
      var kind = Array.isArray(value.i32) ? "i32" : Array.isArray(value.f32) ? "f32" : Array.isArray(value.f64) ? "f64" : null;
      if (!kind) return value;
      var Kind = kind === "i32" ? Int32Array : kind === "f32" ? Float32Array : Float64Array;
      var where = section(value[kind], Kind.BYTES_PER_ELEMENT);
      if (!where) { ok = false; return []; }
      var out = littleEndian && where.at % Kind.BYTES_PER_ELEMENT === 0 ? new Kind(buffer, where.at, where.length) : readTyped(Kind, bytes, where);
      return scaledColumn(out, kind === "i32" ? value.shift : 0);
    }
    function text(value) {
      var where = value && typeof value === "object" ? section(value.utf8, 1) : null;
      var endsAt = value && typeof value === "object" ? section(value.ends, 4) : null;
      if (!where || !endsAt) { ok = false; return []; }
      var joined = decoder.decode(bytes.subarray(where.at, where.at + where.length));
      var ends = readTyped(Uint32Array, bytes, endsAt);
      for (var i = 0, before = 0; i < ends.length; i++) { if (ends[i] < before) { ok = false; return []; } before = ends[i]; }
      if (ends.length > 0 && ends[ends.length - 1] !== joined.length) { ok = false; return []; }
      return { text: joined, ends: ends };
    }
    for (var key in c) {
      if (!Object.prototype.hasOwnProperty.call(c, key)) continue;
      if (key === "ids" || key === "labels") c[key] = text(c[key]);
      else c[key] = numbers(c[key]);
    }
    return ok ? payload : null;
  }

  // The values of a section as a typed array of their own (the body is then free to go).
  function readTyped(Kind, bytes, where) {
    var size = Kind.BYTES_PER_ELEMENT;
    if (littleEndian) return new Kind(bytes.slice(where.at, where.at + where.length * size).buffer);
    var out = new Kind(where.length), view = new DataView(bytes.buffer, bytes.byteOffset + where.at, where.length * size);
    for (var k = 0; k < where.length; k++) out[k] = size === 8 ? view.getFloat64(k * 8, true) : Kind === Float32Array ? view.getFloat32(k * 4, true) : Kind === Int32Array ? view.getInt32(k * 4, true) : view.getUint32(k * 4, true);
    return out;
  }

  // `shift: k` beside `i32`: each integer is the value times 2^k.
  function scaledColumn(out, shift) {
    if (!(typeof shift === "number" && shift > 0 && shift <= 30)) return out;
    var length = out.length, scaled = new Float64Array(length), unit = Math.pow(2, -shift);
    for (var q = 0; q < length; q++) scaled[q] = out[q] * unit;
    return scaled;
  }

  // A numeric column: a JSON array, or its values in binary, `{ i32 | f32 | f64: base64 }` (the
  // little-endian values; docs/protocol.md), decoded natively into a typed array of that kind:
  // about four times faster than JSON.parse of the numbers, and nothing per number on the heap.
  // `shift: k` beside `i32`: each integer is the value times 2^k. Anything else is `missing`
  // (an empty list unless given).
  var littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  function numberColumn(value, missing) {
    if (Array.isArray(value) || ArrayBuffer.isView(value)) return value;
    if (missing === undefined) missing = [];
    if (!value || typeof value !== "object") return missing;
    var kind = typeof value.i32 === "string" ? "i32" : typeof value.f32 === "string" ? "f32" : typeof value.f64 === "string" ? "f64" : null;
    if (!kind) return missing;
    var bytes;
    try {
      if (typeof Uint8Array.fromBase64 === "function") bytes = Uint8Array.fromBase64(value[kind]);
      else {
        var binary = atob(value[kind]);
        bytes = new Uint8Array(binary.length);
        for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      }
    } catch (e) { return missing; }
    var size = kind === "f64" ? 8 : 4, length = Math.floor(bytes.length / size);
    var Kind = kind === "i32" ? Int32Array : kind === "f32" ? Float32Array : Float64Array;
    var out;
    if (littleEndian && bytes.byteOffset % size === 0) out = new Kind(bytes.buffer, bytes.byteOffset, length);
    else {
      out = new Kind(length);
      var view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
      for (var k = 0; k < length; k++) {
        out[k] = kind === "i32" ? view.getInt32(k * 4, true) : kind === "f32" ? view.getFloat32(k * 4, true) : view.getFloat64(k * 8, true);
      }
    }
    return scaledColumn(out, kind === "i32" ? value.shift : 0);
  }
  function isList(value) { return Array.isArray(value); }
  function part(value) {
    return value && typeof value === "object" && isList(value.removed) && isList(value.changed) && isList(value.added) ? value : null;
  }
  function whole(value) { return value === undefined ? 0 : typeof value === "number" && Math.floor(value) === value ? value : NaN; }
  function byNumber(a, b) { return a - b; }

  // A delta (docs/protocol.md, "Delta payloads") is applied to the store in the protocol's
  // order — renamed, removed, added, runs, changed — and costs what it changes: a rename
  // rewrites one ID in place, removed and added cards are a splice (typed-array copies of the
  // kept ranges, the joined texts cut and joined once, the ID index told of the splice, not
  // rewritten, the tree's links kept by preview-links.js), a run adds its offsets to a range of
  // typed arrays, and a changed card is one row rewritten. Only a delta that puts a card at
  // another depth (or a splice the links cannot follow) walks the depths again for parents and
  // children (one pass over an Int32Array). Returns
  // { store, map, renamed } (map: each old card index's new one, -1 for a removed card, or
  // null when no card moved to another index) or null when the delta does not fit the store;
  // everything is checked before the first write, so a delta that does not fit leaves the store
  // as it was.
  function patchStore(old, delta) {
    var frame = delta && delta.frame;
    var cards = part(delta && delta.cards), edges = part(delta && delta.edges);
    var renames = delta && delta.renamed !== undefined ? delta.renamed : [];
    var runs = delta && delta.runs !== undefined ? delta.runs : [];
    if (!frame || typeof frame !== "object" || !cards || !edges || !isList(renames) || !isList(runs)) return null;
    if (hasDuplicates(old) || old.edgeOrphans || lacksResults(old, cards)) return null;
    if (!(frame.svgWidth > 0) || !(frame.svgHeight > 0)) return null;
    if (old.slotsToMeasure) measureSlots(old);
    var shared = { w: old.sharedW, h: old.sharedH };

    // Renamed, applied first: the card keeps its place and takes the new ID.
    var renamed = new Map(), renamedTo = new Map(), renamedAt = new Map();
    for (var r = 0; r < renames.length; r++) {
      var rename = renames[r];
      if (!rename || typeof rename.from !== "string" || typeof rename.to !== "string" || renamed.has(rename.from)) return null;
      var at = indexOfId(old, rename.from);
      if (at < 0) return null;
      renamed.set(rename.from, rename.to);
      renamedTo.set(rename.to, at);
      renamedAt.set(at, rename.to);
    }
    var oldLookup = renames.length === 0 ? function (id) { return typeof id === "string" ? indexOfId(old, id) : -1; } : function (id) {
      if (typeof id !== "string") return -1;
      if (renamedTo.has(id)) return renamedTo.get(id);
      var i = indexOfId(old, id);
      return i >= 0 && renamedAt.has(i) ? -1 : i;
    };
    for (var t = 0; t < renames.length; t++) {
      var clash = indexOfId(old, renames[t].to);
      if (renamedTo.size !== renames.length || (clash >= 0 && !renamedAt.has(clash))) return null; // the new IDs would repeat
    }

    // Removed, then added: the new order as pieces of the old one.
    var cardPlan = planOrder(old.n, cards, "id", "node", oldLookup, function (node, entry) {
      var row = withSlot(rowOf(node, shared), entry);
      return row.id === entry.id ? row : null;
    });
    var edgePlan = cardPlan && planOrder(old.m, edges, "child", "edge", function (id) { return edgeOfCard(old, oldLookup(id)); }, edgeRowOf);
    if (!cardPlan || !edgePlan) return null;
    var spliced = cardPlan.removed + cardPlan.added + edgePlan.removed + edgePlan.added > 0;
    if (spliced) [cardPlan, edgePlan].forEach(function (plan) {
      if (plan.oldToNew) return; // the other part is spliced: this one's map is every index to itself
      plan.oldToNew = new Int32Array(plan.count);
      for (var i = 0; i < plan.count; i++) plan.oldToNew[i] = i;
    });
    // A card's and a connector's index in the new order, before anything is written.
    var lookup = !spliced ? oldLookup : function (id) {
      if (cardPlan.addedAt.has(id)) return cardPlan.addedAt.get(id);
      var i = oldLookup(id);
      return i >= 0 ? cardPlan.oldToNew[i] : -1;
    };
    var edgeLookup = !spliced ? function (id) { return edgeOfCard(old, oldLookup(id)); } : function (id) {
      if (edgePlan.addedAt.has(id)) return edgePlan.addedAt.get(id);
      var e = edgeOfCard(old, oldLookup(id));
      return e >= 0 ? edgePlan.oldToNew[e] : -1;
    };
    if (spliced) {
      // Every connector kept keeps its card, every one added has one: with the connectors in
      // card order, each removed card's connectors are a range to look at (O(removed)), else
      // every connector is.
      if (old.edgesSorted) {
        for (var g = 0; g < cardPlan.removedList.length; g++) {
          var gone = cardPlan.removedList[g];
          for (var range = links.edgesOfRange(old, gone, gone + 1), e0 = range[0]; e0 < range[1]; e0++) if (edgePlan.oldToNew[e0] >= 0) return null;
        }
      } else {
        for (var k2 = 0; k2 < old.m; k2++) if (edgePlan.oldToNew[k2] >= 0 && cardPlan.oldToNew[old.edgeChild[k2]] < 0) return null;
      }
      for (var a = 0; a < edges.added.length; a++) if (lookup(edges.added[a].child) < 0) return null;
    }
    var count = spliced ? cardPlan.count : old.n;

    // Runs and changed items.
    var runList = [];
    for (var u = 0; u < runs.length; u++) {
      var run = runs[u];
      var first = run ? lookup(run.first) : -1, length = run ? whole(run.count) : NaN;
      var dx = run ? num(run.dx, 0) : 0, dy = run ? num(run.dy, 0) : 0;
      var lines = run ? whole(run.lines) : NaN, characters = run ? whole(run.characters) : NaN, depth = run ? whole(run.depth) : NaN;
      if (first < 0 || !(length >= 1) || first + length > count || lines !== lines || characters !== characters || depth !== depth) return null;
      if ((run.dx !== undefined && typeof run.dx !== "number") || (run.dy !== undefined && typeof run.dy !== "number")) return null;
      runList.push({ first: first, end: first + length, dx: dx, dy: dy, lines: lines, characters: characters, depth: depth });
    }
    var rows = [], edgeRows = [];
    for (var c = 0; c < cards.changed.length; c++) {
      var entry = cards.changed[c];
      var index = entry && entry.node ? lookup(entry.id) : -1;
      if (index < 0) return null;
      var row = withSlot(rowOf(entry.node, shared), entry);
      if (row.id !== entry.id) return null;
      rows.push([index, row]);
    }
    for (var d = 0; d < edges.changed.length; d++) {
      var edge = edges.changed[d];
      var e = edge && edge.edge ? edgeLookup(edge.child) : -1;
      if (e < 0) return null;
      edgeRows.push([e, edgeRowOf(edge.edge)]);
    }

    // Everything fits: written from here on.
    var s = spliced ? spliceStore(old, cardPlan, edgePlan, renamedAt) : old;
    if (!spliced && renamedAt.size > 0) renameInPlace(s, renamedAt);
    var change = { map: spliced ? cardPlan : null, edgeMap: spliced ? edgePlan : null, runs: [], cards: [], edges: [], moved: false, previous: old };
    var depths = false; // a card at another depth (else only a splice changes the tree's shape)
    runList.forEach(function (one) {
      shiftRun(s, one, change);
      if (one.depth !== 0) depths = true;
    });
    if (spliced) {
      cardPlan.pieces.forEach(function (p) { if (p.add) for (var k = 0; k < p.add.length; k++) change.cards.push(p.at + k); });
      edgePlan.pieces.forEach(function (p) { if (p.add) for (var k = 0; k < p.add.length; k++) change.edges.push(p.at + k); });
      if (change.cards.length + change.edges.length > 0) change.moved = true;
    }
    rows.forEach(function (pair) {
      var i = pair[0], row = pair[1];
      setText(s.labelText, i, row.label);
      setLines(s, i, row.lines);
      if (s.cx[i] !== row.x || s.cy[i] !== row.y || s.w[i] !== row.w || s.h[i] !== row.h) {
        change.moved = true; change.cards.push(i);
        overviewChanged(itemRect(s, false, i)); // where it was (storeChanged marks where it is)
      }
      writeFloat(s, "cx", i, row.x); writeFloat(s, "cy", i, row.y); writeFloat(s, "w", i, row.w); writeFloat(s, "h", i, row.h);
      if (row.range) { s.hasRange[i] = 1; for (var q = 0; q < 4; q++) s.ranges[4 * i + q] = row.range[q]; }
      if (s.depth[i] !== row.depth) { s.depth[i] = row.depth; depths = true; }
    });
    edgeRows.forEach(function (pair) {
      var o = 8 * pair[0], moved = false, was = itemRect(s, true, pair[0]);
      for (var p = 0; p < 8; p++) {
        moved = moved || s.pts[o + p] !== pair[1].pts[p];
        writeFloat(s, "pts", o + p, pair[1].pts[p]);
      }
      // A changed connector carries its edge label (an `edge=` typed, or moved with it): the
      // old store keeps its own labels.
      var label = pair[1].label, before = s.edgeLabels ? s.edgeLabels[pair[0]] : null;
      if (!sameEdgeLabel(before, label)) {
        if (s.edgeLabels && s.edgeLabels === old.edgeLabels) s.edgeLabels = s.edgeLabels.slice();
        setEdgeLabel(s, pair[0], label);
        moved = true;
      }
      if (moved) { change.moved = true; change.edges.push(pair[0]); overviewChanged(was); }
    });
    if (depths || (spliced && !links.splice(s, old, cardPlan, edgePlan))) {
      if (!s.children) s.children = old.children; // their arrays reused: the store before is not read again
      links.link(s);
    }
    var results = rows.slice();
    if (spliced) cardPlan.pieces.forEach(function (p) { if (p.add) p.add.forEach(function (added, k) { results.push([p.at + k, added]); }); });
    if (results.length > 0 || spliced) patchResults(s, results);
    results.forEach(function (pair) { if (pair[1].slot !== undefined) setSlot(s, pair[0], pair[1].slot); });
    s.width = num(frame.width, old.width);
    s.height = num(frame.height, old.height);
    s.depthCounts = null;
    s.changed = rows.length + edgeRows.length + runList.length + cardPlan.added + cardPlan.removed;
    storeChanged(s, change);
    prepareForEdits(s);
    return { store: s, map: spliced ? cardPlan.oldToNew : null, renamed: renamed };
  }

  // The order after a keyed part's removed and added items, as pieces over the old indices —
  // { from, to, at } keeps old items [from, to) at new index `at`; { add: [rows], at } inserts
  // — with each old index's new one (`oldToNew`, -1 when removed) and each added key's
  // (`addedAt`). `lookup(key)` is an old
  // item's index (-1 when unknown), `rowFrom(value, entry)` an added item's row. Null when the
  // part does not fit: an unknown or repeated key, an anchor that is not there or removed, an
  // added key that a kept item has.
  function planOrder(count, changes, key, valueKey, lookup, rowFrom) {
    // Nothing removed or added (a label or a run): the order as it was, without a map of every
    // index to itself (two passes over every card and connector a keystroke).
    if (changes.removed.length === 0 && changes.added.length === 0) {
      return { pieces: [{ from: 0, to: count, at: 0 }], oldToNew: null, count: count, removed: 0, removedList: new Int32Array(0), added: 0, addedAt: new Map() };
    }
    var removed = new Int32Array(changes.removed.length);
    for (var r = 0; r < removed.length; r++) {
      removed[r] = lookup(changes.removed[r]);
      if (removed[r] < 0) return null;
    }
    removed.sort();
    for (var q = 1; q < removed.length; q++) if (removed[q] === removed[q - 1]) return null;
    function isRemoved(i) {
      var lo = 0, hi = removed.length;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (removed[mid] < i) lo = mid + 1; else hi = mid; }
      return lo < removed.length && removed[lo] === i;
    }
    // Each new item follows exactly one item (or the start, `after` null): a chain per anchor.
    var following = new Map(), addedKeys = new Set();
    for (var a = 0; a < changes.added.length; a++) {
      var added = changes.added[a];
      var value = added && added[valueKey];
      if (!value || typeof added[key] !== "string" || addedKeys.has(added[key]) || following.has(added.after)) return null;
      if (added.after !== null && typeof added.after !== "string") return null;
      var kept = lookup(added[key]);
      if (kept >= 0 && !isRemoved(kept)) return null;
      var row = rowFrom(value, added);
      if (!row) return null;
      addedKeys.add(added[key]);
      following.set(added.after, { key: added[key], row: row });
    }
    var groups = new Map(), placed = 0;
    following.forEach(function (next, anchor) {
      if (anchor !== null && addedKeys.has(anchor)) return; // inside a chain
      var at = anchor === null ? -1 : lookup(anchor);
      if (anchor !== null && (at < 0 || isRemoved(at))) { placed = -Infinity; return; }
      var list = [];
      for (var item = next; item; item = following.get(item.key)) { list.push(item); placed++; }
      groups.set(at, list);
    });
    if (placed !== changes.added.length) return null; // a cycle, or an anchor that is not there
    var anchors = Array.from(groups.keys()).filter(function (k) { return k >= 0; }).sort(byNumber);
    var pieces = [], oldToNew = new Int32Array(count), next = 0, cursor = 0, ri = 0, ai = 0;
    function keep(to) {
      if (to <= cursor) return;
      pieces.push({ from: cursor, to: to, at: next });
      // Locals, not the closure's variables, in the loop over every kept item.
      for (var i = cursor, v = next, map = oldToNew; i < to; i++) map[i] = v++;
      next = v;
      cursor = to;
    }
    var addedAt = new Map();
    function add(list) {
      for (var j = 0; j < list.length; j++) addedAt.set(list[j].key, next + j);
      pieces.push({ add: list.map(function (item) { return item.row; }), at: next });
      next += list.length;
    }
    if (groups.has(-1)) add(groups.get(-1));
    while (ri < removed.length || ai < anchors.length) {
      if (ri < removed.length && (ai >= anchors.length || removed[ri] < anchors[ai])) {
        var gone = removed[ri++];
        keep(gone);
        oldToNew[gone] = -1;
        cursor = gone + 1;
      } else {
        var anchor = anchors[ai++];
        keep(anchor + 1);
        add(groups.get(anchor));
      }
    }
    keep(count);
    if (pieces.length === 0) pieces.push({ from: 0, to: 0, at: 0 });
    return { pieces: pieces, oldToNew: oldToNew, count: next, removed: removed.length, removedList: removed, added: changes.added.length, addedAt: addedAt };
  }

  // A typed-array column after a splice, `width` values a row: in place when it has room (each
  // kept range moved with copyWithin — those moving left first, in order, then those moving
  // right, from the last, so no range is overwritten before it has moved), else in a new array
  // with room for 1/32 more rows; the added rows zero. Columns may hold more rows than the store
  // has (s.n and s.m say how many are in use).
  function spliceTyped(array, pieces, count, width) {
    var out = array, k, p;
    if (array.length < count * width) {
      columnWork.grown++;
      out = new array.constructor((count + (count >> 5) + 16) * width);
      for (k = 0; k < pieces.length; k++) {
        p = pieces[k];
        if (!p.add && p.to > p.from) out.set(array.subarray(p.from * width, p.to * width), p.at * width);
      }
    } else {
      for (k = 0; k < pieces.length; k++) {
        p = pieces[k];
        if (!p.add && p.at < p.from) out.copyWithin(p.at * width, p.from * width, p.to * width);
      }
      for (k = pieces.length - 1; k >= 0; k--) {
        p = pieces[k];
        if (!p.add && p.at > p.from) out.copyWithin(p.at * width, p.from * width, p.to * width);
      }
    }
    for (k = 0; k < pieces.length; k++) {
      p = pieces[k];
      if (p.add) out.fill(0, p.at * width, (p.at + p.add.length) * width);
    }
    return out;
  }

  // ---------------------------------------------------------------- ready for edits

  // The first structural delta after a new store paid for three things every later one
  // reuses: columns grown (a fresh store's are exactly its size, many of them views of the
  // binary body, so the first insert copied every column: 27 ms at 131,071 cards), position
  // columns turned from Float32 into Float64 (a run's or a changed connector's sum is rarely
  // exactly a float: 1M connector points copied, 20–35 ms with the collection it set off) and
  // code run for the first time (not addressed: a warm-up measured no gain, see the docs). With
  // the first subtree deleted at 60–80 ms of page share against 12–20 ms for the next ones,
  // that one keystroke was the p99 (docs/performance.md, "… (session 11, page-structural)").
  // So once a store is on screen, idle time grows each spliced column to the room a splice
  // would give it and makes the positions Float64 (the same numbers: Save SVG writes the same
  // bytes). Each column is copied whole in one idle task (a
  // copy and a swap no delta can come between: a copy in pieces was sent back by every label
  // typed meanwhile and never finished during a burst of typing), columns one after another
  // while READY_SLICE_MS lasts. Stores over READY_MAX_CARDS are left as they are: the copies
  // would cost more memory than the edit they save (a million cards is a preview to pan, not
  // one to type into at 50 ms), and their largest column (16 MB of connector points at the
  // limit) is about what one idle task should copy.
  var READY_SLICE_MS = 4, READY_MAX_CARDS = 1 << 18;
  // [where (null: the store, else its member holding the column), column, values a row, a card
  // column (else a connector one), a position column (made Float64)]
  var READY_COLUMNS = [
    [null, "cx", 1, true, true], [null, "cy", 1, true, true], [null, "pts", 8, false, true],
    [null, "w", 1, true, false], [null, "h", 1, true, false], [null, "depth", 1, true, false], [null, "hasRange", 1, true, false],
    [null, "flags", 1, true, false], [null, "ranges", 4, true, false], [null, "lineMode", 1, true, false], [null, "parent", 1, true, false],
    [null, "edgeChild", 1, false, false], [null, "edgeEnd", 1, false, false], [null, "entrant", 1, true, false],
    ["children", "first", 1, true, false], ["children", "next", 1, true, false], ["children", "prev", 1, true, false],
  ];
  function readyHolder(s, column) { return column[0] === null ? s : s[column[0]]; }
  // The kind and length a column should have to take a splice in place, or null when it has
  // them (or is not there: no links yet, no entrant column of its own).
  function readyShape(s, column) {
    var holder = readyHolder(s, column), array = holder && holder[column[1]];
    if (!array || (column[1] === "entrant" && s.entrantDerived)) return null;
    var width = column[2], count = column[3] ? s.n : s.m;
    var Kind = column[4] && array instanceof Float32Array ? Float64Array : array.constructor;
    if (Kind === array.constructor && array.length >= (count + (count >> 6) + 16) * width) return null;
    return { Kind: Kind, length: (count + (count >> 5) + 16) * width, used: count * width };
  }
  function prepareForEdits(s) {
    if (!s || s.n > READY_MAX_CARDS || s.readying) return;
    var k = 0;
    s.readying = true;
    afterFirstFrame(function slice() {
      if (state.store !== s) { s.readying = false; return; } // spliced into a new store: it prepares itself
      for (var deadline = performance.now() + READY_SLICE_MS; k < READY_COLUMNS.length && performance.now() < deadline; k++) {
        var column = READY_COLUMNS[k], shape = readyShape(s, column);
        if (!shape) continue;
        var holder = readyHolder(s, column), out = new shape.Kind(shape.length);
        out.set(holder[column[1]].subarray(0, shape.used));
        holder[column[1]] = out;
      }
      if (k < READY_COLUMNS.length) deferredTask(slice);
      else { s.readying = false; columnWork.ready++; }
    });
  }

  // What the columns' upkeep did (storeWork().columns): stores made ready, and columns a delta
  // had to grow or widen to Float64 (what readiness is for: none after a store is ready).
  var columnWork = { ready: 0, grown: 0, widened: 0 };

  function spliceList(list, pieces, fill) {
    if (!list) return null;
    var out = [];
    for (var k = 0; k < pieces.length; k++) {
      var p = pieces[k];
      out = out.concat(p.add ? new Array(p.add.length).fill(fill) : list.slice(p.from, p.to));
    }
    return out;
  }

  // A text column after a splice: the chunks kept whole are kept as they are (the same
  // objects, with their lower-cased copies); the cards around the splice points — kept ranges
  // cut from their chunks, `replaced` (old index → text), the added rows' texts (`textOf(row)`)
  // — are joined into new chunks. So a splice costs the chunks it touches plus one entry per
  // chunk. A new chunk is closed at TEXT_CHUNK cards, or early (at TEXT_CHUNK_MIN or more) where
  // a whole kept chunk follows; a kept chunk smaller than that is joined into its neighbours.
  // Rewrites in place kept beside (`edits`) follow their cards.
  var TEXT_CHUNK_MAX = TEXT_CHUNK + TEXT_CHUNK_MIN;
  function spliceText(col, pieces, count, oldToNew, replaced, textOf) {
    var out = [], parts = [], ends = [], total = 0; // the chunk being made
    function flush() {
      if (ends.length === 0) return;
      out.push({ text: parts.join(""), ends: Uint32Array.from(ends), base: 0, lower: null });
      parts = []; ends = []; total = 0;
    }
    function one(text) {
      parts.push(text); total += text.length; ends.push(total);
      if (ends.length >= TEXT_CHUNK) flush();
    }
    function range(c, i, stop) { // old cards [i, stop), all in chunk c
      var chunk = col.chunks[c], e = chunk.ends, base = chunk.base, j = i - col.starts[c], k = stop - col.starts[c];
      var a = j > 0 ? e[j - 1] - base : 0, b = e[k - 1] - base, shift = total - a - base;
      parts.push(chunk.text.slice(a, b));
      for (var q = j; q < k; q++) ends.push(e[q] + shift);
      total += b - a;
    }
    var marks = replaced ? Array.from(replaced.keys()).sort(byNumber) : [], m = 0;
    for (var k = 0; k < pieces.length; k++) {
      var p = pieces[k];
      if (p.add) {
        for (var j = 0; j < p.add.length; j++) one(textOf(p.add[j]));
        continue;
      }
      for (var i = p.from; i < p.to;) {
        while (m < marks.length && marks[m] < i) m++;
        var stop = m < marks.length && marks[m] < p.to ? marks[m] : p.to;
        while (i < stop) {
          var c = chunkOf(col, i), first = col.starts[c], end = col.starts[c + 1];
          if (i === first && stop >= end) { // chunk c kept whole
            if (ends.length >= TEXT_CHUNK_MIN) flush();
            if (ends.length === 0 && end - first >= TEXT_CHUNK_MIN) { out.push(col.chunks[c]); i = end; continue; }
          }
          var upto = Math.min(stop, end, i + (TEXT_CHUNK_MAX - ends.length));
          range(c, i, upto);
          i = upto;
          if (ends.length >= TEXT_CHUNK) flush();
        }
        if (i < p.to && m < marks.length && marks[m] === i) {
          one(replaced.get(i));
          i++; m++;
        }
      }
    }
    flush();
    var edits = null;
    if (col.edits !== null) {
      edits = new Map();
      col.edits.forEach(function (value, index) {
        var to = oldToNew ? oldToNew[index] : index;
        if (to >= 0 && !(replaced && replaced.has(index))) edits.set(to, value);
      });
      if (edits.size === 0) edits = null;
    }
    return chunkedColumn(out, edits);
  }

  // A delta that moves cards to other indices: the store's columns spliced (in place where they
  // have room, so the store before is not to be read after this), the added rows written, the
  // renames in the ID column; in a new store object, which the old one's spatial index follows.
  // The delta was checked to fit (patchStore).
  function spliceStore(old, plan, edgePlan, renamedAt) {
    var n = plan.count, m = edgePlan.count, pieces = plan.pieces, map = plan.oldToNew;
    var s = newStore(0, 0, {
      width: old.width, height: old.height, margin: old.margin, fontSize: old.fontSize, sharedW: old.sharedW,
      sharedH: old.sharedH, settings: old.settings, title: old.title, metrics: old.metrics, levels: old.levels,
    });
    s.n = n; s.m = m;
    s.idText = spliceText(old.idText, pieces, n, map, renamedAt, function (row) { return row.id; });
    s.labelText = spliceText(old.labelText, pieces, n, map, null, function (row) { return row.label; });
    s.lineMode = spliceTyped(old.lineMode, pieces, n, 1);
    s.lineList = new Map();
    old.lineList.forEach(function (lines, i) { if (map[i] >= 0) s.lineList.set(map[i], lines); });
    ["cx", "cy", "w", "h", "depth", "hasRange", "flags"].forEach(function (name) { s[name] = spliceTyped(old[name], pieces, n, 1); });
    s.ranges = spliceTyped(old.ranges, pieces, n, 4);
    s.parent = old.parent.length >= n ? old.parent : new Int32Array(s.depth.length);
    s.scores = spliceList(old.scores, pieces, null);
    s.slots = spliceList(old.slots, pieces, null);
    s.hasResults = old.hasResults;
    if (old.entrant && !old.entrantDerived) {
      s.entrant = spliceTyped(old.entrant, pieces, n, 1);
      keptRanges(pieces, function (a, b) { for (var i = a; i < b; i++) if (s.entrant[i] >= 0) s.entrant[i] = map[s.entrant[i]]; });
      pieces.forEach(function (p) { if (p.add) s.entrant.fill(-1, p.at, p.at + p.add.length); });
    }
    s.pts = spliceTyped(old.pts, edgePlan.pieces, m, 8);
    s.edgeChild = spliceTyped(old.edgeChild, edgePlan.pieces, m, 1);
    s.edgeEnd = old.edgeEnd.length >= m ? old.edgeEnd : new Uint8Array(s.edgeChild.length);
    s.edgeLabels = spliceList(old.edgeLabels, edgePlan.pieces, null);
    var same = links.unmovedPrefix(pieces); // cards before it keep their numbers
    keptRanges(edgePlan.pieces, function (a, b) { for (var e = a; e < b; e++) { var c = s.edgeChild[e]; if (c >= same) s.edgeChild[e] = map[c]; } });
    var ids = spliceIdTable(old.idTable, s, plan, renamedAt);
    pieces.forEach(function (p) {
      if (!p.add) return;
      p.add.forEach(function (row, k) {
        var i = p.at + k;
        writeFloat(s, "cx", i, row.x); writeFloat(s, "cy", i, row.y); writeFloat(s, "w", i, row.w); writeFloat(s, "h", i, row.h);
        s.depth[i] = row.depth;
        if (row.range) { s.hasRange[i] = 1; for (var q = 0; q < 4; q++) s.ranges[4 * i + q] = row.range[q]; }
        setLines(s, i, row.lines);
        enterId(s, ids, i);
      });
    });
    edgePlan.pieces.forEach(function (p) {
      if (!p.add) return;
      p.add.forEach(function (row, k) {
        var at = p.at + k;
        s.edgeChild[at] = indexOfId(s, row.child);
        for (var o = 0; o < 8; o++) writeFloat(s, "pts", 8 * at + o, row.pts[o]);
        setEdgeLabel(s, at, row.label);
      });
    });
    links.keepSorted(s, old, edgePlan);
    return s;
  }

  // Calls f(a, b) for each kept range [a, b) of the new indices.
  function keptRanges(pieces, f) {
    for (var k = 0; k < pieces.length; k++) if (!pieces[k].add && pieces[k].to > pieces[k].from) f(pieces[k].at, pieces[k].at + pieces[k].to - pieces[k].from);
  }

  // Renamed cards of a store whose cards keep their indices: the ID column rewritten once, the
  // ID index told.
  function renameInPlace(s, renamedAt) {
    s.idText = spliceText(s.idText, [{ from: 0, to: s.n, at: 0 }], s.n, null, renamedAt, null);
    spliceIdTable(s.idTable, s, null, renamedAt);
  }

  // The ID index after a splice (`plan`, or null for renames in place) and renames, sharing
  // the slots: the splice's kept pieces added to its maps, the cards added or renamed since
  // carried to their new indices; the renamed (`renamedAt`: index → new ID, new indices) and
  // added cards are then entered (enterId). Null (rebuilt on first use) past MAX_ID_MAPS.
  function spliceIdTable(t, s, plan, renamedAt) {
    s.idBuild = null; // a build under way read the IDs before
    if (!t || t.maps.length >= MAX_ID_MAPS) { s.idTable = null; return null; }
    var maps = t.maps, added = new Map();
    if (plan) {
      maps = maps.concat([plan.pieces.filter(function (p) { return !p.add && p.to > p.from; })]);
      t.added.forEach(function (i, id) { var to = plan.oldToNew[i]; if (to >= 0) added.set(id, to); });
    } else {
      t.added.forEach(function (i, id) { added.set(id, i); });
    }
    var table = { slots: t.slots, mask: t.mask, duplicates: t.duplicates, maps: maps, added: added };
    s.idTable = table;
    renamedAt.forEach(function (to, i) { enterId(s, table, plan ? plan.oldToNew[i] : i); });
    if (maps.length >= ID_MAPS_BEFORE_REBUILD || added.size > 4096) rebuildIdsWhenQuiet();
    return table;
  }

  // Enters card i (its ID as the store has it now) in the ID index; another card with that ID
  // marks the index as holding duplicates.
  function enterId(s, table, i) {
    if (!table) return;
    var id = cardId(s, i), other = indexOfId(s, id);
    if (other >= 0 && other !== i) table.duplicates = true;
    table.added.set(id, i);
  }

  var idsTimer = null;
  function rebuildIdsWhenQuiet() {
    if (idsTimer) clearTimeout(idsTimer);
    idsTimer = setTimeout(function () { idsTimer = null; buildIdsWhenIdle(); }, QUIET_MS);
  }

  // A run (docs/protocol.md): `first` … `end` - 1 move by (dx, dy), with their connectors;
  // their ID ranges by `lines` and `characters`, their depth by `depth`. Typed-array adds.
  function shiftRun(s, run, change) {
    var a = run.first, b = run.end;
    if (run.dx !== 0) shiftFloats(s, "cx", a, b, run.dx);
    if (run.dy !== 0) shiftFloats(s, "cy", a, b, run.dy);
    if (run.lines !== 0 || run.characters !== 0) {
      var r = s.ranges, has = s.hasRange, lines = run.lines, characters = run.characters;
      for (var i = a; i < b; i++) {
        if (!has[i]) continue;
        r[4 * i] += lines; r[4 * i + 1] += characters; r[4 * i + 2] += lines; r[4 * i + 3] += characters;
      }
    }
    if (run.depth !== 0) for (var k = a; k < b; k++) s.depth[k] += run.depth;
    if (run.dx === 0 && run.dy === 0) return;
    change.moved = true;
    // The connectors: usually one range of connector indices (they are drawn in card order),
    // moved in one pass; otherwise one by one.
    var edges = links.edgesOfRange(s, a, b);
    if (edges) shiftPoints(s, edges[0], edges[1], run.dx, run.dy);
    else for (var k2 = a; k2 < b; k2++) { var one = edgeOfCard(s, k2); if (one >= 0) shiftPoints(s, one, one + 1, run.dx, run.dy); }
    change.runs.push({ first: a, end: b, dx: run.dx, dy: run.dy, edges: edges });
  }

  // Moves connectors [from, to) by (dx, dy): their points, and an edge label with its connector.
  function shiftPoints(s, from, to, dx, dy) {
    var pts = s.pts, exact = !(pts instanceof Float32Array);
    for (var o = 8 * from, end = 8 * to; o < end; o += 2) {
      var x = pts[o] + dx, y = pts[o + 1] + dy;
      if (!exact && (Math.fround(x) !== x || Math.fround(y) !== y)) { columnWork.widened++; pts = s.pts = new Float64Array(pts); exact = true; }
      pts[o] = x; pts[o + 1] = y;
    }
    if (!s.edgeLabels) return;
    for (var e = from; e < to; e++) {
      var label = s.edgeLabels[e];
      if (label) s.edgeLabels[e] = Object.assign({}, label, { x: label.x + dx, y: label.y + dy });
    }
  }

  // Adds `delta` to column[from … to - 1], turning a Float32 column into Float64 when a sum is
  // not exactly a float (as a fresh load would keep it).
  function shiftFloats(s, name, from, to, delta) {
    var column = s[name], exact = !(column instanceof Float32Array);
    for (var i = from; i < to; i++) {
      var v = column[i] + delta;
      if (!exact && Math.fround(v) !== v) { columnWork.widened++; column = s[name] = new Float64Array(column); exact = true; }
      column[i] = v;
    }
  }

  // ---------------------------------------------------------------- spatial index

  // What a frame draws is found through a uniform grid over the picture, not by scanning the
  // store: cards and connectors each in a table of cells (compressed rows: the items of a cell
  // are contiguous, and so are those of a run of cells in one row), every item in the cell of
  // its top-left corner; a query widens by the largest item's span. An item wider or taller
  // than BIG_SPAN cells (a long bus near the root) is in a short list that every query checks.
  // About two items a cell. Far out, where a frame would meet more than LOD_ITEMS_IN_VIEW items,
  // the overview is drawn from precomputed levels of detail instead: occupancy rasters of the
  // whole picture, each half the resolution of the one before (a pyramid, as map viewers
  // tile), so a frame costs the pixels it fills, not the cards behind them.
  var BIG_SPAN = 8;
  var LOD_MIN_ITEMS = 50000; // smaller stores are drawn item by item at every zoom
  var LOD_CELLS = 1 << 22; // the finest level's cells (one byte each)
  var LOD_ITEMS_IN_VIEW = 20000;
  var LOD_PIXEL = 0.7; // the least size of a level's cell on screen, in pixels
  var LOD_CELLS_IN_VIEW = 1 << 22; // the most cells a frame reads from a level
  var CARD_BIT = 2, EDGE_BIT = 1;

  // The one hook for store changes: every new store (finishStore) and every delta (patchStore)
  // ends here, with what it did — `change` null for a new store, else { map, edgeMap (the
  // splices' plans, or null), runs: [{ first, end, dx, dy, edges: [a, b) or null }], cards,
  // edges (indices of items added or moved otherwise), moved, previous (the store before) } —
  // and what is derived from positions follows it at the cost of what changed:
  // - a delta that moves nothing (a label typed) keeps the index as it is;
  // - a splice or a run does not rebuild the grid (19 ms at 131,071 cards, docs/performance.md):
  //   the grid keeps the indices and places it was built with, and a short list of segments
  //   maps today's items onto it (today's card i in [a, b) is the grid's i - shift, displaced by
  //   (dx, dy)); a query looks each segment up with its rectangle moved back by that
  //   displacement. A splice cuts the segments, a run splits one at its ends and adds its
  //   offset: O(segments), not O(cards);
  // - items added, or moved otherwise, leave their cells for a short list every query checks
  //   (`extra`), and their new places are marked in every level of detail (where they were
  //   stays marked until the next rebuild: a faint trace far out, never a missing card);
  // - a run moves the levels of detail's picture by up to LOD_SLACK finest cells before they
  //   are dropped (and rebuilt, 66 ms, when a frame first needs them).
  // Past MAX_SEGMENTS segments or SPATIAL_PATCH_LIMIT listed items the grid is rebuilt at once,
  // and once the edits pause (QUIET_MS) in idle time, so queries stay one lookup a cell.
  var SPATIAL_PATCH_LIMIT = 8192, MAX_SEGMENTS = 48, QUIET_MS = 1500, LOD_SLACK = 16;
  function storeChanged(s, change) {
    storeChanges++;
    s.highlighted = null;
    overviewFollow(s, change);
    if (change && change.previous !== s) s.spatial = change.previous.spatial;
    var sp = s.spatial;
    if (change && sp && !change.moved && !change.map) return;
    if (change && sp && followChange(s, sp, change)) { rebuildWhenQuiet(s); return; }
    s.spatial = buildSpatial(s, !change);
  }

  function followChange(s, sp, change) {
    var cards = sp.cards, edges = sp.edges;
    if (change.map) {
      spliceGrid(cards, change.map, s.n);
      spliceGrid(edges, change.edgeMap, s.m);
      if (sp.levels) sp.levels.partial = null; // (levelFromItems) begun on the old indices
    }
    for (var k = 0; k < change.runs.length; k++) {
      var run = change.runs[k];
      if (!run.edges) return false; // connectors not in card order: rebuilt
      displace(cards, run.first, run.end, run.dx, run.dy);
      displace(edges, run.edges[0], run.edges[1], run.dx, run.dy);
      var levels = sp.levels;
      if (levels && Math.max(Math.abs(run.dx), Math.abs(run.dy)) > LOD_SLACK * levels[0].cell) { sp.levels = null; sp.levelsStale = true; }
    }
    if (cards.segs.length > MAX_SEGMENTS || edges.segs.length > MAX_SEGMENTS) return false;
    if (cards.extra.length + edges.extra.length + change.cards.length + change.edges.length > SPATIAL_PATCH_LIMIT) return false;
    moveItems(s, cards, change.cards);
    moveItems(s, edges, change.edges);
    return true;
  }

  // A splice of the grid's items: segments cut to the kept pieces, the moved marks and the
  // listed items carried to their new indices.
  function spliceGrid(grid, plan, count) {
    var pieces = plan.pieces, next = [], from = 0;
    for (var g = 0; g < grid.segs.length; g++) {
      var seg = grid.segs[g];
      while (from < pieces.length && (pieces[from].add || pieces[from].to <= seg.a)) from++;
      for (var k = from; k < pieces.length; k++) {
        var p = pieces[k];
        if (p.add) continue;
        if (p.from >= seg.b) break;
        var a = Math.max(seg.a, p.from), b = Math.min(seg.b, p.to), by = p.at - p.from;
        if (a < b) addSegment(next, a + by, b + by, seg.shift + by, seg.dx, seg.dy);
      }
    }
    grid.segs = next;
    if (grid.moved !== null) grid.moved = spliceTyped(grid.moved, pieces, count, 1);
    var extra = [];
    for (var x = 0; x < grid.extra.length; x++) { var to = plan.oldToNew[grid.extra[x]]; if (to >= 0) extra.push(to); }
    grid.extra = extra;
  }

  // Items [a, b) moved by (dx, dy): the segments over them split at a and b and displaced.
  function displace(grid, a, b, dx, dy) {
    if (a >= b) return;
    var next = [];
    grid.segs.forEach(function (seg) {
      if (seg.b <= a || seg.a >= b) { addSegment(next, seg.a, seg.b, seg.shift, seg.dx, seg.dy); return; }
      if (seg.a < a) addSegment(next, seg.a, a, seg.shift, seg.dx, seg.dy);
      addSegment(next, Math.max(a, seg.a), Math.min(b, seg.b), seg.shift, seg.dx + dx, seg.dy + dy);
      if (seg.b > b) addSegment(next, b, seg.b, seg.shift, seg.dx, seg.dy);
    });
    grid.segs = next;
  }

  // Appends a segment, merged with the last when it continues it.
  function addSegment(list, a, b, shift, dx, dy) {
    var last = list.length > 0 ? list[list.length - 1] : null;
    if (last && last.b === a && last.shift === shift && last.dx === dx && last.dy === dy) last.b = b;
    else list.push({ a: a, b: b, shift: shift, dx: dx, dy: dy });
  }

  var quietTimer = null, storeChanges = 0, rebuildsAside = 0;
  function rebuildWhenQuiet(s) {
    var sp = s.spatial;
    if (sp.cards.segs.length <= 1 && sp.edges.segs.length <= 1 && sp.cards.extra.length + sp.edges.extra.length < 256 && !sp.levelsStale) return;
    if (quietTimer) clearTimeout(quietTimer);
    quietTimer = setTimeout(function () {
      quietTimer = null;
      rebuildAside(s, sp);
    }, QUIET_MS);
  }

  // That rebuild is made aside, in idle slices (BUILD_SLICE_MS: the grid, then the finest
  // level of detail from the items), while the followed index stays in use, and swapped in
  // when done. Built in one idle task it was 20–40 ms at 131,071 cards (100–250 at a million),
  // and the swap left every overview tile stale with no level built, so the next far-out
  // frames marked one from every item in the frame (session 11: the slowest frames of the pan
  // and zoom after page_big.py's keystrokes). A store change meanwhile abandons it (the next
  // pause rebuilds again).
  function rebuildAside(s, sp) {
    var at = storeChanges, next = buildSpatial(s, true), levels = next.levelsWanted ? levelSizes(s) : null;
    if (levels) levels.store = s;
    buildSlice(function step() {
      if (state.store !== s || s.spatial !== sp || storeChanges !== at) return;
      var deadline = sliceClock() + BUILD_SLICE_MS;
      if (!buildGridsFor(s, next, deadline) || (levels && !levelFromItems(levels, 0, deadline))) { buildSlice(step); return; }
      rebuildsAside++;
      next.levels = levels;
      s.spatial = next;
      minimapDirty = true;
      overviewChanged(null); // the rebuilt levels drop the traces of moved items
      requestDraw();
    });
  }

  function moveItems(s, grid, indices) {
    // Levels not built yet will be built from the store as it is then: nothing to mark.
    var b = [0, 0, 0, 0], levels = s.spatial.levels, count = grid.edge ? s.m : s.n;
    for (var k = 0; k < indices.length; k++) {
      var i = indices[k];
      if (!(i >= 0 && i < count)) continue;
      if (grid.moved === null) grid.moved = new Uint8Array(count);
      if (grid.moved[i] === 0) { grid.moved[i] = 1; grid.extra.push(i); }
      if (levels === null) continue;
      if (grid.edge) markEdge(s, i, function (x0, y0, x1, y1) { markLevels(levels, x0, y0, x1, y1, EDGE_BIT); });
      else { itemBox(s, false, i, b); markLevels(levels, b[0], b[1], b[2], b[3], CARD_BIT); }
    }
  }

  // The box an item is found by, into b: a card's rectangle; a connector's leg (its first
  // segment), or for the first and last child of a parent the whole bus it draws.
  function itemBox(s, edge, i, b) {
    if (!edge) {
      var hw = s.w[i] / 2, hh = s.h[i] / 2, x = s.cx[i], y = s.cy[i];
      b[0] = x - hw; b[1] = y - hh; b[2] = x + hw; b[3] = y + hh;
      return;
    }
    var p = s.pts, o = 8 * i, end = o + (s.edgeEnd[i] ? 8 : 4);
    var x0 = p[o], y0 = p[o + 1], x1 = x0, y1 = y0;
    for (var q = o + 2; q < end; q += 2) {
      var px = p[q], py = p[q + 1];
      if (px < x0) x0 = px; if (px > x1) x1 = px;
      if (py < y0) y0 = py; if (py > y1) y1 = py;
    }
    b[0] = x0; b[1] = y0; b[2] = x1; b[3] = y1;
  }

  // A new store's grid (`defer`) waits for idle time after the first frame, when the store is
  // big enough for levels of detail: a far-out first frame is drawn from those, and whatever
  // needs the grid before then builds it (gridOf). Levels are built level by level, as frames
  // need them (levelData).
  function buildSpatial(s, defer) {
    var items = s.n + s.m;
    var w = Math.max(1, s.width), h = Math.max(1, s.height);
    var cell = Math.max(1e-6, Math.sqrt(w * h / Math.max(1, items / 2)));
    var cols = Math.max(1, Math.ceil(w / cell)), rows = Math.max(1, Math.ceil(h / cell));
    while (cols * rows > Math.max(1024, items)) {
      cell *= 1.25;
      cols = Math.max(1, Math.ceil(w / cell)); rows = Math.max(1, Math.ceil(h / cell));
    }
    var sp = { cell: cell, cols: cols, rows: rows, cards: null, edges: null, levels: null, levelsWanted: items >= LOD_MIN_ITEMS };
    if (defer && sp.levelsWanted) {
      afterFirstFrame(function () { buildSlice(function step() {
        if (state.store !== s || s.spatial !== sp || sp.cards !== null) return;
        if (!buildGridsFor(s, sp, sliceClock() + BUILD_SLICE_MS)) buildSlice(step);
      }); });
    } else {
      buildGrids(s, sp);
    }
    if (sp.levelsWanted) afterFirstFrame(function () { if (state.store === s && s.spatial === sp) levelsOf(s); });
    return sp;
  }

  // The store's grid, built now if it was deferred: every reader of the grid gets it here, so
  // none reads a grid that is not there.
  function gridOf(s) {
    var sp = s.spatial;
    if (sp.cards === null) buildGrids(s, sp);
    return sp;
  }
  function buildGrids(s, sp) { buildGridsFor(s, sp, Infinity); }

  // A deferred grid is built in idle time in slices of about BUILD_SLICE_MS (each an idle
  // callback of its own), not in one task: at a million cards the build was one task of
  // 100–250 ms, run between two frames of a pan or zoom that had just started, which held the
  // next frame back (the slowest far-out frames in session 10's trace were those intervals).
  // Goes on with the build until `deadline` (sliceClock()); true when the grid is built.
  // Whatever needs the grid before then finishes it (gridOf; a frame with card elements does a
  // budget of it a frame: frameCards, frameConnectors); a new store drops it.
  // Tests pause the slices (`bracketPreviewTest.pauseBuilds`, then bracketPreview.resumeBuilds())
  // to look at the frames drawn while the builds are not done.
  // The clock idle slices stop by: tests give one of their own (`bracketPreviewTest.sliceClock`,
  // ms) to count a slice's steps against the budget without reading the time; idSlices: the
  // cards of each slice of the ID index's build (bracketPreview.slices()).
  var sliceClock = window.bracketPreviewTest && typeof window.bracketPreviewTest.sliceClock === "function"
    ? window.bracketPreviewTest.sliceClock : function () { return performance.now(); };
  var idSlices = [];
  var BUILD_SLICE_MS = 4, buildSlices = 0, pausedBuilds = window.bracketPreviewTest && window.bracketPreviewTest.pauseBuilds ? [] : null;
  function buildSlice(task) {
    if (pausedBuilds) pausedBuilds.push(task); else deferredTask(task);
  }
  // The store's grid build under way (begun now if it is not).
  function gridBuildOf(s, sp) {
    var b = sp.gridBuild;
    if (!b || b.s !== s) b = sp.gridBuild = { s: s, cards: gridBuilder(sp, false, s.n), edges: gridBuilder(sp, true, s.m) };
    return b;
  }
  function buildGridsFor(s, sp, deadline) {
    if (sp.cards !== null) return true;
    buildSlices++;
    var b = gridBuildOf(s, sp);
    if (!stepGrid(s, sp, b.cards, deadline) || !stepGrid(s, sp, b.edges, deadline)) return false;
    sp.cards = b.cards.grid;
    sp.edges = b.edges.grid;
    sp.gridBuild = null;
    mark("grid");
    whenBuilt();
    return true;
  }

  // The levels of detail: their sizes at once, each level's cells when a frame first reads it
  // (levelData) or in idle time after the store changed, whichever comes first: an edit at
  // 100 % (a full payload) never waits for them, and a far-out first frame builds only the
  // coarse level it draws from. Levels are handed out with the store they are of (`store`),
  // which a level built later is marked from.
  function levelsOf(s) {
    var sp = s.spatial;
    if (sp.levels === null && sp.levelsWanted) sp.levels = levelSizes(s);
    if (sp.levels) {
      sp.levels.store = s;
      if (!sp.levels.queued) { sp.levels.queued = true; afterFirstFrame(nextLevel.bind(null, sp.levels)); }
    }
    return sp.levels;
  }

  // The levels not built yet, one an idle callback (the finest from the items is the longest),
  // while they are still the store's.
  function nextLevel(levels) {
    var s = state.store;
    if (!s || !s.spatial || s.spatial.levels !== levels) return;
    levelsOf(s);
    for (var L = 0; L < levels.length; L++) {
      if (levels[L].data) continue;
      if (L > 0) levelData(levels, L);
      else if (pausedBuilds) { buildSlice(function () { nextLevel(levels); }); return; }
      else levelFromItems(levels, 0, sliceClock() + BUILD_SLICE_MS);
      deferredTask(function () { nextLevel(levels); });
      return;
    }
    mark("levels");
    whenBuilt(); // a minimap waiting for its level (minimapWaits)
  }

  // Tasks for idle time once the frame after the store change is on screen (the paint message
  // says so), so that none of them runs before that frame.
  // Tests hold them (`bracketPreviewTest.holdDeferred` before the page loads, then
  // bracketPreview.releaseDeferred()) to use the page before any has run.
  var firstFrameTasks = [], framesDrawn = 0, idleTasks = 0;
  var holdDeferred = !!(window.bracketPreviewTest && window.bracketPreviewTest.holdDeferred);
  function afterFirstFrame(task) {
    firstFrameTasks.push({ task: task, after: framesDrawn });
    if (!paintChannel) runFirstFrameTasks(Infinity); else requestDraw();
  }
  function runFirstFrameTasks(frame) {
    if (holdDeferred) return;
    var later = [];
    firstFrameTasks.forEach(function (entry) {
      if (frame <= entry.after) { later.push(entry); return; }
      deferredTask(entry.task);
    });
    firstFrameTasks = later;
  }
  function deferredTask(task) {
    idleTasks++;
    whenIdle(function () { idleTasks--; task(); });
  }

  function whenIdle(task) {
    if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 2000 });
    else setTimeout(task, 200);
  }

  function cellOf(value, cell, limit) {
    var k = Math.floor(value / cell);
    return k < 0 ? 0 : k >= limit ? limit - 1 : k;
  }

  // A grid's build in three steps, each resumable: every item's cell counted (the items'
  // boxes read: nearly all of the cost), the counts summed into the cells' starts, the items
  // listed by cell.
  function gridBuilder(sp, edge, count) {
    return { edge: edge, count: count, step: 0, next: 0, start: new Int32Array(sp.cols * sp.rows + 1),
      where: new Int32Array(count), big: [], spanX: 0, spanY: 0, list: null, fill: null, grid: null };
  }

  // The counting step for item i (its box left in b): its cell (the one of its top-left
  // corner) counted, or the item listed as big, or marked as never drawn (not a number).
  function countItem(s, sp, g, i, b) {
    var cell = sp.cell, cols = sp.cols, rows = sp.rows, where = g.where;
    itemBox(s, g.edge, i, b);
    if (!(b[0] <= b[2] && b[1] <= b[3])) { where[i] = -2; return; } // not a number: never drawn
    var c0 = cellOf(b[0], cell, cols), c1 = cellOf(b[2], cell, cols);
    var r0 = cellOf(b[1], cell, rows), r1 = cellOf(b[3], cell, rows);
    if (c1 - c0 > BIG_SPAN || r1 - r0 > BIG_SPAN) { where[i] = -1; g.big.push(i); return; }
    if (c1 - c0 > g.spanX) g.spanX = c1 - c0;
    if (r1 - r0 > g.spanY) g.spanY = r1 - r0;
    where[i] = r0 * cols + c0;
    g.start[where[i] + 1]++;
  }

  var BUILD_CHUNK = 4096; // items between two looks at the clock
  function stepGrid(s, sp, g, deadline) {
    var cells = sp.cols * sp.rows;
    var start = g.start, where = g.where, count = g.count, b = [0, 0, 0, 0];
    while (g.step === 0) {
      var end = Math.min(count, g.next + BUILD_CHUNK);
      for (var i = g.next; i < end; i++) countItem(s, sp, g, i, b);
      g.next = end;
      if (end === count) { g.step = 1; g.next = 0; break; }
      if (sliceClock() > deadline) return false;
    }
    if (g.step === 1) {
      for (var k = 0; k < cells; k++) start[k + 1] += start[k];
      g.list = new Int32Array(start[cells]);
      g.fill = start.slice(0, cells);
      g.step = 2;
      if (sliceClock() > deadline) return false;
    }
    var list = g.list, fill = g.fill;
    while (g.step === 2) {
      for (var j = g.next, last = Math.min(count, g.next + 8 * BUILD_CHUNK); j < last; j++) if (where[j] >= 0) list[fill[where[j]]++] = j;
      g.next = last;
      if (last === count) { g.step = 3; break; }
      if (sliceClock() > deadline) return false;
    }
    if (!g.grid) {
      g.grid = { edge: g.edge, start: start, items: list, big: Int32Array.from(g.big), spanX: g.spanX, spanY: g.spanY, moved: null, extra: [],
        segs: count > 0 ? [{ a: 0, b: count, shift: 0, dx: 0, dy: 0 }] : [] };
      g.where = g.fill = null;
    }
    return true;
  }

  // Calls visit(i) for every item of `grid` whose box meets r (content coordinates), segment
  // by segment in cell order; stops when visit returns false. Returns false when stopped.
  function gridQuery(s, grid, r, visit) {
    var sp = s.spatial, cell = sp.cell, cols = sp.cols, b = [0, 0, 0, 0];
    var start = grid.start, items = grid.items, edge = grid.edge, moved = grid.moved, big = grid.big;
    for (var g = 0; g < grid.segs.length; g++) {
      var seg = grid.segs[g], shift = seg.shift, lo = seg.a - shift, hi = seg.b - shift;
      var c0 = Math.max(0, cellOf(r.x0 - seg.dx, cell, cols) - grid.spanX), c1 = cellOf(r.x1 - seg.dx, cell, cols);
      var r0 = Math.max(0, cellOf(r.y0 - seg.dy, cell, sp.rows) - grid.spanY), r1 = cellOf(r.y1 - seg.dy, cell, sp.rows);
      for (var row = r0; row <= r1; row++) {
        for (var k = start[row * cols + c0], end = start[row * cols + c1 + 1]; k < end; k++) {
          var j = items[k];
          if (j < lo || j >= hi) continue;
          var i = j + shift;
          if (moved !== null && moved[i] === 1) continue; // in `extra` now
          itemBox(s, edge, i, b);
          if (b[2] < r.x0 || b[0] > r.x1 || b[3] < r.y0 || b[1] > r.y1) continue;
          if (visit(i) === false) return false;
        }
      }
      for (var q = 0; q < big.length; q++) {
        var jb = big[q];
        if (jb < lo || jb >= hi || (moved !== null && moved[jb + shift] === 1)) continue;
        itemBox(s, edge, jb + shift, b);
        if (b[2] < r.x0 || b[0] > r.x1 || b[3] < r.y0 || b[1] > r.y1) continue;
        if (visit(jb + shift) === false) return false;
      }
    }
    for (var x = 0; x < grid.extra.length; x++) {
      var e = grid.extra[x];
      itemBox(s, edge, e, b);
      if (b[2] < r.x0 || b[0] > r.x1 || b[3] < r.y0 || b[1] > r.y1) continue;
      if (visit(e) === false) return false;
    }
    return true;
  }

  // About how many items a query of r meets (the cells' counts, each segment's share of them,
  // without the box checks).
  function gridCount(s, r) {
    var sp = gridOf(s), cell = sp.cell, cols = sp.cols, total = 0;
    [sp.cards, sp.edges].forEach(function (grid) {
      var items = Math.max(1, grid.items.length + grid.big.length);
      grid.segs.forEach(function (seg) {
        var c0 = Math.max(0, cellOf(r.x0 - seg.dx, cell, cols) - grid.spanX), c1 = cellOf(r.x1 - seg.dx, cell, cols);
        var r0 = Math.max(0, cellOf(r.y0 - seg.dy, cell, sp.rows) - grid.spanY), r1 = cellOf(r.y1 - seg.dy, cell, sp.rows);
        var found = grid.big.length;
        for (var row = r0; row <= r1; row++) found += grid.start[row * cols + c1 + 1] - grid.start[row * cols + c0];
        total += grid.segs.length === 1 ? found : found * Math.min(1, (seg.b - seg.a) / items);
      });
      total += grid.extra.length;
    });
    return total;
  }

  // Whether more than `limit` cards have a box that meets r, for frames before the grid is
  // built, answered from the grid build's counting pass (each card's cell counted, nearly all
  // of the build's cost): a card whose top-left corner lies in a cell inside r meets r, so the
  // counts of those cells are a lower bound; the counts of the cells a query of r reads (as
  // gridCount) an upper bound. The cards the pass has not reached are counted here, as the
  // build would count them (so that work is never done twice), each tested against r. Only
  // when r's border cells decide it is the cards' half of the grid finished and asked. Before,
  // this was a scan of the
  // cards that stopped past `limit`: over nearly all of them for a view low in the picture,
  // in every frame until the grid was built (cards in tree order follow the picture's y).
  // That work is done for about CHOICE_MS a frame: a frame whose view it has not decided by
  // then shows the overview and asks for the next frame, which goes on from there (as card
  // elements are made over a few frames; a single frame that counted the rest of a million
  // cards and listed them took 26–58 ms).
  // painted().work.cardsRead: the cards the frame's choice counted or met in a grid query.
  var CHOICE_MS = 4;
  function moreCardsIn(s, r, limit) {
    var sp = s.spatial, g = gridBuildOf(s, sp).cards, b = [0, 0, 0, 0];
    var found = countedIn(sp, g, r, limit, true), from = g.next, more = null;
    if (found > limit) return true;
    var deadline = sliceClock() + CHOICE_MS;
    if (g.step === 0) {
      for (var i = g.next; i < g.count && more === null; i++) {
        countItem(s, sp, g, i, b);
        if (!(b[0] <= b[2] && b[1] <= b[3]) || b[2] < r.x0 || b[0] > r.x1 || b[3] < r.y0 || b[1] > r.y1) {
          if (((i - from) & (BUILD_CHUNK - 1)) === BUILD_CHUNK - 1 && sliceClock() > deadline) more = false;
          continue;
        }
        if (++found > limit) more = true;
      }
      if (frameWork) frameWork.cardsRead += i - from;
      if (more !== null) { g.next = i; if (!more) requestDraw(); return true; }
      g.next = 0;
      g.step = 1;
    }
    if (countedIn(sp, g, r, limit, false) <= limit) return false;
    // r's border cells decide it: the cards' half of the grid finished (the counts summed and
    // the cards listed by cell, a pass over a list of cell numbers) and queried; the
    // connectors' half stays for the idle slices.
    if (!stepGrid(s, sp, g, deadline)) { requestDraw(); return true; }
    found = 0;
    more = !gridQuery(s, g.grid, r, function () { return ++found <= limit; });
    if (frameWork) frameWork.cardsRead += found;
    return more;
  }

  // The cards the counting pass has counted so far in the cells inside r (`inside`: a lower
  // bound of those that meet r), or in the cells a query of r reads and the big ones (an upper
  // bound once the pass is done); stops past `limit`. The cells at the grid's edges take the
  // items beyond it (cellOf clamps), so they are never inside; the tests are on the quotients
  // by the cell's size, which keep the order of the coordinates.
  function countedIn(sp, g, r, limit, inside) {
    var cell = sp.cell, cols = sp.cols, rows = sp.rows, start = g.start, summed = g.step >= 2;
    var c0, c1, r0, r1, found = 0;
    if (inside) {
      c0 = Math.max(1, Math.floor(r.x0 / cell) + 1); c1 = Math.min(cols - 2, Math.floor(r.x1 / cell) - 1);
      r0 = Math.max(1, Math.floor(r.y0 / cell) + 1); r1 = Math.min(rows - 2, Math.floor(r.y1 / cell) - 1);
    } else {
      c0 = Math.max(0, cellOf(r.x0, cell, cols) - g.spanX); c1 = cellOf(r.x1, cell, cols);
      r0 = Math.max(0, cellOf(r.y0, cell, rows) - g.spanY); r1 = cellOf(r.y1, cell, rows);
      found = g.big.length;
    }
    if (!(c0 <= c1)) return found;
    for (var row = r0; row <= r1 && found <= limit; row++) {
      var base = row * cols;
      if (summed) found += start[base + c1 + 1] - start[base + c0];
      else for (var c = c0; c <= c1; c++) found += start[base + c + 1];
    }
    return found;
  }

  // Whether a frame draws r from the levels of detail: the grid's count of the items there
  // (gridCount) is over LOD_ITEMS_IN_VIEW. That count takes every item whose top-left corner is
  // in a cell r meets (and more, widened by the largest span), so before the grid is built,
  // more than that many such items answers yes without it (the cells' sizes are known; a
  // scan of the items stops there). A window above or left of every item (a tile of the
  // margin, touching the picture at most on its edge) is painted the same either way —
  // nothing: an item on its edge falls on the pixel just past it, a level's cell too — so it
  // needs no grid either. Otherwise the grid is built and asked.
  function manyItemsIn(s, r) {
    var sp = s.spatial;
    if (!sp.levelsWanted) return false;
    if (sp.cards === null) {
      var cell = sp.cell, c0 = cellOf(r.x0, cell, sp.cols), c1 = cellOf(r.x1, cell, sp.cols);
      var r0 = cellOf(r.y0, cell, sp.rows), r1 = cellOf(r.y1, cell, sp.rows), b = [0, 0, 0, 0], found = 0;
      var left = Infinity, top = Infinity;
      for (var edge = 0; edge < 2; edge++) {
        for (var i = 0, count = edge ? s.m : s.n; i < count; i++) {
          itemBox(s, edge === 1, i, b);
          if (!(b[0] <= b[2] && b[1] <= b[3])) continue;
          if (b[0] < left) left = b[0];
          if (b[1] < top) top = b[1];
          var c = cellOf(b[0], cell, sp.cols), row = cellOf(b[1], cell, sp.rows);
          if (c >= c0 && c <= c1 && row >= r0 && row <= r1 && ++found > LOD_ITEMS_IN_VIEW) return true;
        }
      }
      if ((r.x1 <= 0 && left >= 0) || (r.y1 <= 0 && top >= 0)) return true;
    }
    return gridCount(s, r) > LOD_ITEMS_IN_VIEW;
  }

  // The cards whose rectangles meet r (content coordinates: without the margin), in tree
  // order, up to `limit` (then -1).
  // (`grid`: the cards' grid to ask, when a frame has it before the whole grid is built.)
  function cardsIn(s, r, limit, out, grid) {
    var found = 0;
    var complete = gridQuery(s, grid || gridOf(s).cards, r, function (i) {
      if (found >= limit) return false;
      out.push(i);
      found++;
    });
    if (!complete) return -1;
    out.sort(function (a, b) { return a - b; });
    return found;
  }

  // The connectors drawn in r, in tree order, at most `limit`.
  function edgesIn(s, r, limit) {
    var out = [];
    gridQuery(s, gridOf(s).edges, r, function (e) {
      if (out.length >= limit) return false;
      out.push(e);
    });
    return out.sort(function (a, b) { return a - b; });
  }

  // The levels of detail: level 0 has about LOD_CELLS square cells over the picture, each
  // byte saying whether a card (CARD_BIT) or a connector (EDGE_BIT) covers part of it; each
  // next level merges 2×2 cells, down to one cell.
  // The pyramid's sizes, no cells yet (data null until levelData).
  function levelSizes(s) {
    var w = Math.max(1, s.width), h = Math.max(1, s.height);
    var cell = Math.sqrt(w * h / LOD_CELLS);
    var cols = Math.max(1, Math.ceil(w / cell)), rows = Math.max(1, Math.ceil(h / cell));
    var levels = [{ cell: cell, cols: cols, rows: rows, data: null }];
    while (cols > 1 || rows > 1) {
      cell *= 2; cols = Math.ceil(cols / 2); rows = Math.ceil(rows / 2);
      levels.push({ cell: cell, cols: cols, rows: rows, data: null });
    }
    levels.store = null;
    levels.queued = false;
    return levels;
  }

  // Level L's cells: merged from the nearest finer level built, else marked from the store's
  // items at that level's size. Both give the same bytes: a level's cell is the finest's times
  // 2^L exactly, so an item's cell at level L is its finest cell shifted right by L (floor of
  // x / (cell · 2^L) is floor(floor(x / cell) / 2^L), and the clamp to the last column is too).
  function levelData(levels, L) {
    var level = levels[L];
    if (level.data) return level.data;
    var F = L - 1;
    while (F >= 0 && !levels[F].data) F--;
    // The finest level begun in idle time is finished and merged from, rather than a second
    // pass over the items.
    if (F < 0 && L > 0 && levels.partial) { levelFromItems(levels, 0, Infinity); F = 0; }
    if (F < 0) { levelFromItems(levels, L, Infinity); return level.data; }
    var data = new Uint8Array(level.cols * level.rows);
    var finer = levels[F], k = L - F, fc = finer.cols, from = finer.data, cols = level.cols;
    for (var y = 0; y < finer.rows; y++) {
      var at = y * fc, to = (y >> k) * cols;
      for (var x = 0; x < fc; x++) { var v = from[at + x]; if (v !== 0) data[to + (x >> k)] |= v; }
    }
    level.data = data;
    return data;
  }

  // Level L marked from the store's items, until `deadline` (performance.now()); true when it
  // is built. In idle time the finest level is built so, in slices (`levels.partial`: one task
  // of 66 ms at a million cards before, which held back the frame after it); a delta's moved
  // items are marked in the part built as in a built level (markLevels), a splice starts it
  // again (its indices are not the store's any more).
  function levelFromItems(levels, L, deadline) {
    var level = levels[L], part = levels.partial;
    if (!part || part.L !== L) {
      part = levels.partial = { L: L, card: 0, edge: 0,
        target: { cell: level.cell, cols: level.cols, rows: level.rows, data: new Uint8Array(level.cols * level.rows) } };
    }
    var s = levels.store, target = part.target, b = [0, 0, 0, 0];
    var edgeCells = function (x0, y0, x1, y1) { markCells(target, x0, y0, x1, y1, EDGE_BIT); };
    while (part.card < s.n) {
      for (var i = part.card, end = Math.min(s.n, i + BUILD_CHUNK); i < end; i++) { itemBox(s, false, i, b); markCells(target, b[0], b[1], b[2], b[3], CARD_BIT); }
      part.card = end;
      if (sliceClock() > deadline) return false;
    }
    while (part.edge < s.m) {
      for (var e = part.edge, last = Math.min(s.m, e + BUILD_CHUNK); e < last; e++) markEdge(s, e, edgeCells);
      part.edge = last;
      if (sliceClock() > deadline && part.edge < s.m) return false;
    }
    levels.partial = null;
    level.data = target.data;
    mark("level " + L + " from the items");
    whenBuilt();
    return true;
  }


  function markCells(level, x0, y0, x1, y1, bit) {
    if (!(x0 <= x1 && y0 <= y1)) return;
    var cell = level.cell, cols = level.cols, rows = level.rows, data = level.data;
    var c0 = cellOf(x0, cell, cols), c1 = cellOf(x1, cell, cols), r0 = cellOf(y0, cell, rows), r1 = cellOf(y1, cell, rows);
    for (var row = r0; row <= r1; row++) for (var col = c0, at = row * cols + c0; col <= c1; col++, at++) data[at] |= bit;
  }

  function markLevels(levels, x0, y0, x1, y1, bit) {
    // A level not built yet will be marked from the store as it is then.
    for (var L = 0; L < levels.length; L++) if (levels[L].data) markCells(levels[L], x0, y0, x1, y1, bit);
    if (levels.partial) markCells(levels.partial.target, x0, y0, x1, y1, bit);
  }

  // A connector segment by segment (a bus is a line of cells, not its bounding box): the leg,
  // and for the first and last child the whole bus.
  function markEdge(s, e, segment) {
    var p = s.pts, o = 8 * e, last = o + (s.edgeEnd[e] ? 6 : 2);
    for (var q = o; q < last; q += 2) {
      segment(Math.min(p[q], p[q + 2]), Math.min(p[q + 1], p[q + 3]), Math.max(p[q], p[q + 2]), Math.max(p[q + 1], p[q + 3]));
    }
  }

  // The level paintLevels draws these pixels from.
  function levelFor(levels, width, height, sx, sy, ox, oy) {
    var x0 = -ox / sx, x1 = (width - ox) / sx, y0 = -oy / sy, y1 = (height - oy) / sy, most = Math.max(sx, sy);
    for (var L = 0; L < levels.length; L++) {
      var lv = levels[L];
      var across = Math.min(lv.cols, (x1 - x0) / lv.cell + 2), down = Math.min(lv.rows, (y1 - y0) / lv.cell + 2);
      if (lv.cell * most >= LOD_PIXEL && across * down <= LOD_CELLS_IN_VIEW) return L;
    }
    return levels.length - 1;
  }

  // Whether level L is there or merged from one that is (at most LOD_CELLS cells read), not
  // marked from the items.
  function levelAtHand(levels, L) {
    for (var F = L; F >= 0; F--) if (levels[F].data) return true;
    return false;
  }

  // The finest level coarser than L that is built, or -1.
  function coarserBuilt(levels, L) {
    for (var F = L + 1; F < levels.length; F++) if (levels[F].data) return F;
    return -1;
  }

  // Fills the pixels from the finest level whose cells are at least LOD_PIXEL pixels along the
  // picture's larger scale and that has at most LOD_CELLS_IN_VIEW cells in the window. Level
  // rows that fall on the same pixel rows are merged (OR) into one band and level columns on
  // the same pixel column likewise, so a frame costs the cells plus the pixels: a card's
  // colour wins over a connector's. (sx, sy) scale and (ox, oy) offset map content
  // coordinates to pixels, as in paintPicture; the minimap's two scales differ.
  function paintLevels(levels, pixels, width, height, sx, sy, ox, oy, c, from) {
    var x0 = -ox / sx, x1 = (width - ox) / sx, y0 = -oy / sy, y1 = (height - oy) / sy;
    var chosen = from === undefined ? levelFor(levels, width, height, sx, sy, ox, oy) : from;
    var level = levels[chosen], cell = level.cell, cols = level.cols, data = levelData(levels, chosen);
    // A window beside the picture meets no cell (cellOf would clamp it onto the edge's cells).
    if (x1 < 0 || y1 < 0 || x0 >= cols * cell || y0 >= level.rows * cell) return;
    var c0 = cellOf(x0, cell, cols), c1 = cellOf(x1, cell, cols), r0 = cellOf(y0, cell, level.rows), r1 = cellOf(y1, cell, level.rows);
    var left = new Int32Array(c1 - c0 + 2);
    for (var k = c0; k <= c1 + 1; k++) left[k - c0] = Math.max(0, Math.min(width, Math.floor(k * cell * sx + ox)));
    var band = new Uint8Array(width), bandTop = -1, bandBottom = -1, any = false;
    function flush() {
      if (!any) return;
      for (var x = 0; x < width;) {
        var v = band[x];
        if (v === 0) { x++; continue; }
        var run = x + 1;
        while (run < width && band[run] === v) run++;
        var colour = v & CARD_BIT ? c.border : c.edge;
        for (var y = bandTop; y < bandBottom; y++) pixels.fill(colour, y * width + x, y * width + run);
        x = run;
      }
      band.fill(0);
      any = false;
    }
    for (var row = r0; row <= r1; row++) {
      var top = Math.max(0, Math.floor(row * cell * sy + oy));
      if (top >= height) break;
      var bottom = Math.min(height, Math.max(top + 1, Math.floor((row + 1) * cell * sy + oy)));
      if (top >= bandBottom) { flush(); bandTop = top; bandBottom = bottom; }
      else if (bottom > bandBottom) bandBottom = bottom;
      for (var col = c0, at = row * cols + c0; col <= c1; col++, at++) {
        var v = data[at];
        if (v === 0) continue;
        var a = left[col - c0], z = Math.min(width, Math.max(a + 1, left[col - c0 + 1]));
        for (var x = a; x < z; x++) band[x] |= v;
        any = true;
      }
    }
    flush();
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
    if (viewCache === null) viewCache = { w: Math.max(1, viewport.clientWidth), h: Math.max(1, viewport.clientHeight) };
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
      if (firstFrameTasks.length > 0) runFirstFrameTasks(event.data.frame);
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
      framesDrawn++;
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
    // script that made them, so a frame's cost follows the cap.
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
      if (made >= CREATE_LEAST && performance.now() > deadline) { missing++; continue; }
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
    if (tile && !holdDeferred && s.spatial.levelsWanted) {
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
    pixels.fill(c.background);
    if (manyItemsIn(s, r)) paintLevels(levelsOf(s), pixels, width, height, sx, sy, ox, oy, c);
    else paintItems(s, r, pixels, width, height, sx, sy, ox, oy, c);
    paintMarks(s, pixels, width, height, sx, sy, ox, oy, c, marks);
    return true;
  }

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
    gridQuery(s, gridOf(s).edges, r, function (e) {
      var o = 8 * e;
      var X0 = p[o] * sx + ox, Y0 = p[o + 1] * sy + oy, X1 = p[o + 2] * sx + ox, Y1 = p[o + 3] * sy + oy;
      if (Y0 === Y1) hline(X0, X1, Y0, edge); else vline(X0, Y0, Y1, edge);
      if (!s.edgeEnd[e]) return; // the other siblings share the bus their ends draw
      var X2 = p[o + 4] * sx + ox, Y2 = p[o + 5] * sy + oy, X3 = p[o + 6] * sx + ox, Y3 = p[o + 7] * sy + oy;
      if (Y1 === Y2) hline(X1, X2, Y1, edge); else vline(X1, Y1, Y2, edge);
      if (Y2 === Y3) hline(X2, X3, Y2, edge); else vline(X2, Y2, Y3, edge);
    });
    var cx = s.cx, cy = s.cy, cw = s.w, ch = s.h;
    var lastLeft = -1, lastRight = -1, lastTop = -1, lastBottom = -1;
    gridQuery(s, gridOf(s).cards, r, function (i) {
      var x0 = (cx[i] - cw[i] / 2) * sx + ox, x1 = (cx[i] + cw[i] / 2) * sx + ox;
      var y0 = (cy[i] - ch[i] / 2) * sy + oy, y1 = (cy[i] + ch[i] / 2) * sy + oy;
      var left = Math.floor(x0), top = Math.floor(y0), right = Math.ceil(x1), bottom = Math.ceil(y1);
      if (left === lastLeft && right === lastRight && top === lastTop && bottom === lastBottom) return;
      lastLeft = left; lastRight = right; lastTop = top; lastBottom = bottom;
      fillBox(pixels, width, height, x0, y0, x1, y1, c.border, c.card);
    });
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
    if (holdDeferred || !s.spatial.levelsWanted) return false;
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
  var transport, results, markup, cardFocus, decorations, competitorPath, search, input, exporter;
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
    state: state, num: num, cardId: cardId, cardLabel: cardLabel, cardLines: cardLines,
    entrantAttr: entrantAttr, nameSuffix: nameSuffix, resultOf: resultOf, slotOf: slotOf,
    edgeLabelsMarkup: function (s) { return decorations.edgeLabelsMarkup(s); },
    roundsMarkup: function (s, origin) { return decorations.roundsMarkup(s, origin); },
  });
  var numberText = markup.numberText, cleanText = markup.cleanText, baselines = markup.baselines, textSpec = markup.textSpec,
    scoreAttrs = markup.scoreAttrs, RESULT_CLASSES = markup.RESULT_CLASSES, rectAttrs = markup.rectAttrs,
    pointsText = markup.pointsText, pictureMarkup = markup.pictureMarkup;

  cardFocus = window.bracketPreviewFocus.create({
    state: state, announcer: announcer, post: post, cardId: cardId, cardLabel: cardLabel, childCount: childCount,
    indexOfId: indexOfId, shownCards: shownCards, markCard: markCard, minimapMarksChanged: minimapMarksChanged,
    bringIntoView: bringIntoView, requestDraw: requestDraw, nameSuffix: nameSuffix, plural: plural,
    // The focused card is drawn at once (and the frame already asked for is then not needed).
    drawNow: function () { drawPending = false; draw(); },
  });
  var rangeFor = cardFocus.rangeFor;

  decorations = window.bracketPreviewDecorations.create({
    SVG_NS: SVG_NS, MAX_DOM_CARDS: MAX_DOM_CARDS, state: state, num: num, edgeKey: edgeKey, baselines: baselines,
    escapeText: markup.escapeText, numberText: numberText, content: content, cardLayer: cardLayer,
    connectorLayer: connectorLayer, viewRect: viewRect, edgesIn: edgesIn,
    currentOrigin: function () { return domOrigin; }, currentWork: function () { return frameWork; },
  });
  var headersOf = decorations.headersOf, edgeLabelOf = decorations.edgeLabelOf, sameEdgeLabel = decorations.sameEdgeLabel,
    setEdgeLabel = decorations.setEdgeLabel, drawDecorations = decorations.drawDecorations, labelMeets = decorations.labelMeets,
    shownEdgeLabels = decorations.shownEdgeLabels;

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
        pending: firstFrameTasks.length + idleTasks, held: holdDeferred, gridSlices: buildSlices, rebuilds: rebuildsAside };
    },
    releaseDeferred: function () { holdDeferred = false; runFirstFrameTasks(Infinity); },
    resumeBuilds: function () { var paused = pausedBuilds || []; pausedBuilds = null; paused.forEach(deferredTask); },
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
    // { columns: { ready, grown, widened } } (prepareForEdits).
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
    slices: function () { return { ids: idSlices.slice(), idChunk: ID_BUILD_CHUNK, budgetMs: BUILD_SLICE_MS, gridFrameMs: GRID_FRAME_MS, buildChunk: BUILD_CHUNK }; },
    minimap: function () { return { paints: minimapPaints.slice(), pending: minimapTimer !== null || quietTimer !== null, waits: minimapWaits.count, waiting: minimapWaiting }; },
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
