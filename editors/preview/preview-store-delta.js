// Bracket preview page, the store's deltas: a delta's plan (preview-delta.js) written into the
// store at the cost of what it changes (renames, splices, runs, changed rows; everything checked
// before the first write), and the columns made ready for edits in idle time once a store is on
// screen.
// Loaded before preview.js; this file only offers `window.bracketPreviewStoreDelta.create(deps)`
// (deps: the page's state, the delta reader's planDelta, the store's newStore, setLines and writeFloat, the numeric and text
// columns, the ID index, the tree's links, results and edge labels, the spatial index's
// storeChanged and idle tasks, the overview's hooks).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewStoreDelta = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var attributeColumns = deps.attributeColumns, addToPairs = deps.addToPairs, addToRange = deps.addToRange, afterFirstFrame = deps.afterFirstFrame,
      fillSequence = deps.fillSequence, planDelta = deps.planDelta, renumberPast = deps.renumberPast,
      shiftRanges = deps.shiftRanges, warmKernels = deps.warmKernels, columnWork = deps.columnWork,
      deferredTask = deps.deferredTask, edgeLabelOf = deps.edgeLabelOf, edgeOfCard = deps.edgeOfCard,
      enterId = deps.enterId, hasDuplicates = deps.hasDuplicates, indexOfId = deps.indexOfId,
      itemRect = deps.itemRect, lacksResults = deps.lacksResults, links = deps.links,
      newStore = deps.newStore, nodeResult = deps.nodeResult, num = deps.num,
      overviewChanged = deps.overviewChanged, patchResults = deps.patchResults,
      sameEdgeLabel = deps.sameEdgeLabel, setEdgeLabel = deps.setEdgeLabel, setLines = deps.setLines,
      setSlot = deps.setSlot, setSeed = deps.setSeed, setText = deps.setText, spliceIdTable = deps.spliceIdTable,
      spliceList = deps.spliceList, spliceText = deps.spliceText, spliceTyped = deps.spliceTyped, state = deps.state,
      storeChanged = deps.storeChanged, writeFloat = deps.writeFloat;

    // A store row from a geometry node (payload JSON), its results and score slot included.
    function rowOf(node, shared) {
      var range = node.range && node.range.start && node.range.end ? node.range : null;
      var result = nodeResult(node);
      return {
        id: typeof node.id === "string" ? node.id : String(node.id),
        label: typeof node.label === "string" ? node.label : "",
        lines: Array.isArray(node.lines) ? node.lines.map(String) : null,
        x: num(node.x, 0), y: num(node.y, 0),
        w: num(node.width, shared.w), h: num(node.height, shared.h),
        depth: Math.max(0, Math.floor(num(node.depth, 0))),
        range: range ? [num(range.start.line, 0), num(range.start.character, 0), num(range.end.line, 0), num(range.end.character, 0)] : null,
        flags: result.flags, score: result.score, entrantId: result.entrantId, slot: result.slot, seed: result.seed,
        node: node, // its attributes, read by the store's description (attributeColumns)
      };
    }

    function edgeRowOf(edge) {
      var pts = Array.isArray(edge.points) ? edge.points : [];
      var flat = [];
      for (var i = 0; i < pts.length && i < 4; i++) flat.push(num(pts[i] && pts[i].x, 0), num(pts[i] && pts[i].y, 0));
      while (flat.length < 8) flat.push(flat.length >= 2 ? flat[flat.length - 2] : 0);
      return { child: typeof edge.child === "string" ? edge.child : String(edge.child), pts: flat, label: edgeLabelOf(edge.label) };
    }

    // A delta (docs/protocol.md, "Delta payloads") is applied to the store in the protocol's
    // order — renamed, removed, added, runs, changed — and costs what it changes: a rename
    // rewrites one ID in place, removed and added cards are a splice (typed-array copies of the
    // kept ranges, the joined texts cut and joined once, the ID index told of the splice, not
    // rewritten, the tree's links kept by preview-links.js), a run adds its offsets to a range of
    // typed arrays, and a changed card is one row rewritten. Only a delta that puts a card at
    // another depth (or a splice the links cannot follow) walks the depths again for parents and
    // children (one pass over an Int32Array). What the delta says is read and checked by
    // preview-delta.js's `planDelta`, the one reader of deltas, before the first write. Returns
    // { store, map, renamed } (map: each old card index's new one, -1 for a removed card, or
    // null when no card moved to another index) or null when the delta does not fit the store,
    // which is then as it was.
    function patchStore(old, delta) {
      if (hasDuplicates(old) || old.edgeOrphans) return null;
      var plan = planFor(old, delta);
      if (!plan || lacksResults(old, delta.cards) || (plan.spliced && !connectorsKeepTheirCards(old, plan))) return null;
      // Everything fits: written from here on.
      var cardPlan = plan.cards, edgePlan = plan.edges, spliced = plan.spliced;
      var s = spliced ? spliceStore(old, cardPlan, edgePlan, plan.renamedAt) : old;
      if (!spliced && plan.renamedAt.size > 0) renameInPlace(s, plan.renamedAt);
      var change = { map: spliced ? cardPlan : null, edgeMap: spliced ? edgePlan : null, runs: [], cards: [], edges: [], moved: false, previous: old };
      // A card at another depth (else only a splice changes the tree's shape).
      var depths = false;
      plan.runs.forEach(function (run) {
        shiftRun(s, run, change);
        if (run.depth !== 0) depths = true;
      });
      if (spliced) listAdded(cardPlan, edgePlan, change);
      if (writeChangedCards(s, plan.changed, change)) depths = true;
      writeChangedEdges(s, old, plan.changedEdges, change);
      if (depths || (spliced && !links.splice(s, old, cardPlan, edgePlan))) {
        if (!s.children) s.children = old.children; // their arrays reused: the store before is not read again
        links.link(s);
      }
      writeResults(s, plan);
      s.width = num(plan.frame.width, old.width);
      s.height = num(plan.frame.height, old.height);
      s.depthCounts = null;
      s.changed = plan.changed.length + plan.changedEdges.length + plan.runs.length + cardPlan.added + cardPlan.removed;
      storeChanged(s, change);
      prepareForEdits(s);
      return { store: s, map: spliced ? cardPlan.oldToNew : null, renamed: plan.renamed };
    }

    // The delta's plan over the store's indices (preview-delta.js), its rows as the store
    // writes them; null when it does not fit.
    function planFor(old, delta) {
      var shared = { w: old.sharedW, h: old.sharedH };
      return planDelta(delta, {
        cards: old.n, edges: old.m, fillSequence: fillSequence,
        indexOfId: function (id) { return indexOfId(old, id); },
        edgeOfCard: function (i) { return edgeOfCard(old, i); },
        cardRow: function (node, entry) {
          var row = rowOf(node, shared);
          return row.id === entry.id ? row : null;
        },
        edgeRow: edgeRowOf,
      });
    }

    // Every connector kept keeps its card: with the connectors in card order, each removed
    // card's connectors are a range to look at (O(removed)), else every connector is.
    function connectorsKeepTheirCards(old, plan) {
      var cardPlan = plan.cards, edgePlan = plan.edges;
      if (old.edgesSorted) {
        for (var g = 0; g < cardPlan.removedList.length; g++) {
          var gone = cardPlan.removedList[g];
          for (var range = links.edgesOfRange(old, gone, gone + 1), e = range[0]; e < range[1]; e++) if (edgePlan.oldToNew[e] >= 0) return false;
        }
        return true;
      }
      for (var k = 0; k < old.m; k++) if (edgePlan.oldToNew[k] >= 0 && cardPlan.oldToNew[old.edgeChild[k]] < 0) return false;
      return true;
    }

    // The added cards and connectors, for the spatial index and the frame.
    function listAdded(cardPlan, edgePlan, change) {
      cardPlan.pieces.forEach(function (p) { if (p.add) for (var k = 0; k < p.add.length; k++) change.cards.push(p.at + k); });
      edgePlan.pieces.forEach(function (p) { if (p.add) for (var k = 0; k < p.add.length; k++) change.edges.push(p.at + k); });
      if (change.cards.length + change.edges.length > 0) change.moved = true;
    }

    // Each changed card's row written over its own; true when one is at another depth.
    function writeChangedCards(s, rows, change) {
      var depths = false;
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
        attributeColumns.setRowAttributes(s, i, row.node);
      });
      return depths;
    }

    // Each changed connector's points, and its edge label (an `edge=` typed, or moved with it):
    // the old store keeps its own labels.
    function writeChangedEdges(s, old, rows, change) {
      rows.forEach(function (pair) {
        var o = 8 * pair[0], moved = false, was = itemRect(s, true, pair[0]);
        for (var p = 0; p < 8; p++) {
          moved = moved || s.pts[o + p] !== pair[1].pts[p];
          writeFloat(s, "pts", o + p, pair[1].pts[p]);
        }
        var label = pair[1].label, before = s.edgeLabels ? s.edgeLabels[pair[0]] : null;
        if (!sameEdgeLabel(before, label)) {
          if (s.edgeLabels && s.edgeLabels === old.edgeLabels) s.edgeLabels = s.edgeLabels.slice();
          setEdgeLabel(s, pair[0], label);
          moved = true;
        }
        if (moved) { change.moved = true; change.edges.push(pair[0]); overviewChanged(was); }
      });
    }

    // The results of the changed and added cards, their score slots and seed columns as the
    // server placed them.
    function writeResults(s, plan) {
      var results = plan.changed.slice();
      if (plan.spliced) plan.cards.pieces.forEach(function (p) { if (p.add) p.add.forEach(function (added, k) { results.push([p.at + k, added]); }); });
      if (results.length > 0 || plan.spliced) patchResults(s, results);
      results.forEach(function (pair) {
        if (pair[1].slot !== undefined) setSlot(s, pair[0], pair[1].slot);
        setSeed(s, pair[0], pair[1].seed);
      });
    }

    // ---------------------------------------------------------------- ready for edits

    // The first structural delta after a new store would pay for three things every later one
    // reuses: columns grown (a fresh store's are exactly its size, many of them views of the
    // binary body, so the first insert would copy every column: 27 ms at 131,071 cards),
    // position columns turned from Float32 into Float64 (a run's or a changed connector's sum is
    // rarely exactly a float: 1M connector points copied, 20–35 ms with the collection it sets
    // off) and code run for the first time (the kernels, warmed below). With the first subtree
    // deleted at 60–80 ms of page share against 12–20 ms for the next ones, that one keystroke
    // would be the p99 (docs/performance.md, "The preview page", "The store").
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
    // Then, once for the page, the kernels a structural delta's loops run are warmed
    // (warmKernels, a round an idle task), so the first structural delta does not run them in
    // the interpreter (stores of any size: their links and maps are the same kinds).
    function prepareForEdits(s) {
      if (!s || s.readying) return;
      var k = s.n > READY_MAX_CARDS ? READY_COLUMNS.length : 0, columnsReady = k === 0;
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
        if (k < READY_COLUMNS.length) { deferredTask(slice); return; }
        if (columnsReady) { columnsReady = false; columnWork.ready++; }
        if (!warmKernels()) { deferredTask(slice); return; }
        s.readying = false;
      });
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
        notes: old.notes,
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
      s.attributes = attributeColumns.spliceAttributes(old, pieces);
      s.slots = spliceList(old.slots, pieces, null);
      s.seeds = spliceList(old.seeds, pieces, null);
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
      keptRanges(edgePlan.pieces, function (a, b) { renumberPast(s.edgeChild, a, b, map, same); });
      var ids = spliceIdTable(old.idTable, s, plan, renamedAt);
      pieces.forEach(function (p) {
        if (!p.add) return;
        p.add.forEach(function (row, k) {
          var i = p.at + k;
          writeFloat(s, "cx", i, row.x); writeFloat(s, "cy", i, row.y); writeFloat(s, "w", i, row.w); writeFloat(s, "h", i, row.h);
          s.depth[i] = row.depth;
          if (row.range) { s.hasRange[i] = 1; for (var q = 0; q < 4; q++) s.ranges[4 * i + q] = row.range[q]; }
          setLines(s, i, row.lines);
          attributeColumns.setRowAttributes(s, i, row.node);
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

    // A run (docs/protocol.md): `first` … `end` - 1 move by (dx, dy), with their connectors;
    // their ID ranges by `lines` and `characters`, their depth by `depth`. Typed-array adds.
    function shiftRun(s, run, change) {
      var a = run.first, b = run.end;
      if (run.dx !== 0) shiftFloats(s, "cx", a, b, run.dx);
      if (run.dy !== 0) shiftFloats(s, "cy", a, b, run.dy);
      if (run.lines !== 0 || run.characters !== 0) shiftRanges(s.ranges, s.hasRange, a, b, run.lines, run.characters);
      if (run.depth !== 0) addToRange(s.depth, a, b, run.depth);
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
      if (exact) addToPairs(pts, 8 * from, 8 * to, dx, dy);
      else for (var o = 8 * from, end = 8 * to; o < end; o += 2) {
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
      if (exact) { addToRange(column, from, to, delta); return; }
      for (var i = from; i < to; i++) {
        var v = column[i] + delta;
        if (!exact && Math.fround(v) !== v) { columnWork.widened++; column = s[name] = new Float64Array(column); exact = true; }
        column[i] = v;
      }
    }

    return {
      patchStore: patchStore, prepareForEdits: prepareForEdits,
    };
  }

  return { create: create };
});
