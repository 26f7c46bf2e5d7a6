// Bracket preview page, the store: a payload's geometry as typed columns (from JSON nodes, from
// columns, or from a binary body) and what follows from them (links, compact floats, the spatial
// index, results: score slots as the server placed them). Deltas are applied to it by
// preview-store-delta.js.
// Loaded before preview.js, which owns the payloads and the frames; this file only offers
// `window.bracketPreviewStore.create(deps)` (deps: the numeric and text columns, the ID index,
// the tree's links, results and edge labels, the spatial index's storeChanged, and
// `prepareForEdits`, the store delta module's readiness for edits).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewStore = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var attributeColumns = deps.attributeColumns, buildIdsWhenIdle = deps.buildIdsWhenIdle, count = deps.count, cardId = deps.cardId,
      cardLabel = deps.cardLabel, chunksOfJoined = deps.chunksOfJoined, columnWork = deps.columnWork,
      edgeLabelOf = deps.edgeLabelOf, exactFloats = deps.exactFloats, finishResults = deps.finishResults,
      floatColumn = deps.floatColumn, hasDuplicates = deps.hasDuplicates, headersOf = deps.headersOf, notesOf = deps.notesOf,
      idEquals = deps.idEquals, indexOfId = deps.indexOfId, intColumn = deps.intColumn, links = deps.links,
      mark = deps.mark, num = deps.num, numberColumn = deps.numberColumn, prepareForEdits = deps.prepareForEdits,
      readNodeResult = deps.readNodeResult, readResultColumns = deps.readResultColumns, setEdgeLabel = deps.setEdgeLabel,
      storeChanged = deps.storeChanged, textColumn = deps.textColumn;

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

    // A connector's key in deltas: its child's ID (kept aside for a connector whose child is not
    // a card).
    function edgeKey(s, e) {
      var child = s.edgeChild[e];
      if (child >= 0) return cardId(s, child);
      return s.edgeOrphans && s.edgeOrphans.has(e) ? s.edgeOrphans.get(e) : "";
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
        settings: frame.settings, title: frame.title, metrics: frame.metrics, levels: frame.levels || [], notes: frame.notes || [], edgeLabels: null,
        idTable: null, children: null, spatial: null, readying: false,
        flags: new Uint8Array(count), scores: null, entrant: null, entrantIds: null, hasResults: false, slots: null, seeds: null,
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
        readNodeResult(s, k, src);
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
        notes: notesOf(geometry.notes),
        metrics: picture && picture.text && typeof picture.text === "object" ? picture.text : null,
      };
    }

    // `attributes`: the payload's description of the attribute columns (a geometry payload
    // carries it beside the geometry, each card's value in its node under the key).
    function storeFromGeometry(geometry, picture, attributes) {
      var nodes = Array.isArray(geometry.nodes) ? geometry.nodes : [];
      var edges = Array.isArray(geometry.edges) ? geometry.edges : [];
      var s = buildStore(nodes, edges, frameOf(geometry, picture, null));
      attributeColumns.readNodeAttributes(s, attributes, nodes);
      return s;
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
      attributeColumns.readAttributeColumns(s, c);
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
    return {
      cardLines: cardLines, childCount: childCount, edgeKey: edgeKey, newStore: newStore, setLines: setLines,
      storeFromColumns: storeFromColumns, storeFromGeometry: storeFromGeometry, writeFloat: writeFloat,
    };
  }

  return { create: create };
});
