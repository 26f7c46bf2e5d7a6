// Bracket preview page, what a delta payload says (docs/protocol.md, "Delta payloads", with
// "Runs and renames"): `planDelta` reads and checks a delta once against the picture it applies
// to and returns its plan over that picture's indices — the renames, the new order as pieces of
// the old one, the runs and the changed items at their new indices — and writes nothing. The
// page's store (preview-store-delta.js) and the VS Code extension's geometry JSON
// (`patchGeometry` below; the extension loads this file with `require`, scripts/copy-preview.js
// copies it) each write a plan into what they hold, so both accept exactly the same deltas and
// read them the same way.
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewDelta = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function isList(value) { return Array.isArray(value); }
  function part(value) {
    return value && typeof value === "object" && isList(value.removed) && isList(value.changed) && isList(value.added) ? value : null;
  }
  function whole(value) { return value === undefined ? 0 : typeof value === "number" && Math.floor(value) === value ? value : NaN; }
  function offset(value) { return value === undefined ? 0 : typeof value === "number" && isFinite(value) ? value : NaN; }
  function byNumber(a, b) { return a - b; }
  function fillSequence(out, from, to, next) {
    for (var i = from; i < to; i++) out[i] = next++;
    return next;
  }

  // The delta's parts, or null when one is missing or of the wrong kind.
  function readParts(delta) {
    var frame = delta && delta.frame;
    var cards = part(delta && delta.cards), edges = part(delta && delta.edges);
    var renames = delta && delta.renamed !== undefined ? delta.renamed : [];
    var runs = delta && delta.runs !== undefined ? delta.runs : [];
    if (!frame || typeof frame !== "object" || !cards || !edges || !isList(renames) || !isList(runs)) return null;
    if (!(frame.svgWidth > 0) || !(frame.svgHeight > 0)) return null;
    return { frame: frame, cards: cards, edges: edges, renames: renames, runs: runs };
  }

  // `renamed`, applied first: each card keeps its place and takes its new ID. Returns
  // { renamed: from → to, renamedAt: old index → to, lookup (an old card's index by its ID after
  // the renames, -1 when unknown) }, or null when a name is unknown, repeated, or the new IDs
  // would repeat.
  function readRenames(renames, indexOfId) {
    var renamed = new Map(), renamedTo = new Map(), renamedAt = new Map();
    for (var r = 0; r < renames.length; r++) {
      var rename = renames[r];
      if (!rename || typeof rename.from !== "string" || typeof rename.to !== "string" || renamed.has(rename.from)) return null;
      var at = indexOfId(rename.from);
      if (at < 0) return null;
      renamed.set(rename.from, rename.to);
      renamedTo.set(rename.to, at);
      renamedAt.set(at, rename.to);
    }
    for (var t = 0; t < renames.length; t++) {
      var clash = indexOfId(renames[t].to);
      if (renamedTo.size !== renames.length || (clash >= 0 && !renamedAt.has(clash))) return null;
    }
    var lookup = renames.length === 0 ? function (id) { return typeof id === "string" ? indexOfId(id) : -1; } : function (id) {
      if (typeof id !== "string") return -1;
      if (renamedTo.has(id)) return renamedTo.get(id);
      var i = indexOfId(id);
      return i >= 0 && renamedAt.has(i) ? -1 : i;
    };
    return { renamed: renamed, renamedAt: renamedAt, lookup: lookup };
  }

  // The order after a keyed part's removed and added items, as pieces over the old indices —
  // { from, to, at } keeps old items [from, to) at new index `at`; { add: [rows], at } inserts
  // — with each old index's new one (`oldToNew`, -1 when removed; null when nothing moved) and
  // each added key's (`addedAt`). `lookup(key)` is an old item's index (-1 when unknown),
  // `rowFrom(value, entry)` an added item's row (null: it does not fit). Null when the part
  // does not fit: an unknown or repeated key, an anchor that is not there or removed, an added
  // key that a kept item has.
  function planOrder(count, changes, key, valueKey, lookup, rowFrom, fill) {
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
      next = fill(oldToNew, cursor, to, next);
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

  // A plan's old → new map of every index to itself, for the part that is not spliced when the
  // other one is.
  function identityMap(plan) {
    plan.oldToNew = new Int32Array(plan.count);
    fillSequence(plan.oldToNew, 0, plan.count, 0);
  }

  // A card's and a connector's index in the new order, by ID, once the plans are made.
  function newLookups(cardPlan, edgePlan, oldLookup, oldEdgeOf, spliced) {
    if (!spliced) return { card: oldLookup, edge: function (id) { return oldEdgeOf(oldLookup(id)); } };
    return {
      card: function (id) {
        if (cardPlan.addedAt.has(id)) return cardPlan.addedAt.get(id);
        var i = oldLookup(id);
        return i >= 0 ? cardPlan.oldToNew[i] : -1;
      },
      edge: function (id) {
        if (edgePlan.addedAt.has(id)) return edgePlan.addedAt.get(id);
        var e = oldEdgeOf(oldLookup(id));
        return e >= 0 ? edgePlan.oldToNew[e] : -1;
      },
    };
  }

  // `runs` at new indices: { first, end, dx, dy, lines, characters, depth }, or null when one
  // does not fit (an unknown first card, past the end, an offset that is not a number).
  function readRuns(runs, lookup, count) {
    var list = [];
    for (var u = 0; u < runs.length; u++) {
      var run = runs[u];
      var first = run ? lookup(run.first) : -1, length = run ? whole(run.count) : NaN;
      var dx = run ? offset(run.dx) : NaN, dy = run ? offset(run.dy) : NaN;
      var lines = run ? whole(run.lines) : NaN, characters = run ? whole(run.characters) : NaN, depth = run ? whole(run.depth) : NaN;
      if (first < 0 || !(length >= 1) || first + length > count) return null;
      if (dx !== dx || dy !== dy || lines !== lines || characters !== characters || depth !== depth) return null;
      list.push({ first: first, end: first + length, dx: dx, dy: dy, lines: lines, characters: characters, depth: depth });
    }
    return list;
  }

  // `changed` items at their new indices as [index, row] pairs, or null when one is unknown or
  // its row does not fit.
  function readChanged(entries, key, valueKey, lookup, rowFrom) {
    var pairs = [];
    for (var c = 0; c < entries.length; c++) {
      var entry = entries[c];
      var index = entry && entry[valueKey] ? lookup(entry[key]) : -1;
      var row = index >= 0 ? rowFrom(entry[valueKey], entry) : null;
      if (!row) return null;
      pairs.push([index, row]);
    }
    return pairs;
  }

  // The plan of `delta` for a picture of `picture.cards` cards and `picture.edges` connectors:
  // `indexOfId(id)` is a card's index (-1 when unknown), `edgeOfCard(i)` card i's connector (-1
  // for none), `cardRow(node, entry)` / `edgeRow(edge, entry)` the row a delta's item becomes
  // (null: it does not fit), `fillSequence` the kernel that numbers kept indices. Returns
  // { frame, renamed, renamedAt, cards, edges (each a planOrder result), spliced, runs,
  //   changed, changedEdges (pairs of new index and row) } or null when the delta does not fit.
  function planDelta(delta, picture) {
    var parts = readParts(delta);
    var renames = parts && readRenames(parts.renames, picture.indexOfId);
    if (!renames) return null;
    var oldLookup = renames.lookup, fill = picture.fillSequence || fillSequence;
    var cardPlan = planOrder(picture.cards, parts.cards, "id", "node", oldLookup, picture.cardRow, fill);
    var edgeLookup = function (id) { return picture.edgeOfCard(oldLookup(id)); };
    var edgePlan = cardPlan && planOrder(picture.edges, parts.edges, "child", "edge", edgeLookup, picture.edgeRow, fill);
    if (!cardPlan || !edgePlan) return null;
    var spliced = cardPlan.removed + cardPlan.added + edgePlan.removed + edgePlan.added > 0;
    if (spliced) [cardPlan, edgePlan].forEach(function (plan) { if (!plan.oldToNew) identityMap(plan); });
    var lookups = newLookups(cardPlan, edgePlan, oldLookup, picture.edgeOfCard, spliced);
    if (spliced) for (var a = 0; a < parts.edges.added.length; a++) if (lookups.card(parts.edges.added[a].child) < 0) return null;
    var runs = readRuns(parts.runs, lookups.card, cardPlan.count);
    var changed = runs && readChanged(parts.cards.changed, "id", "node", lookups.card, picture.cardRow);
    var changedEdges = changed && readChanged(parts.edges.changed, "child", "edge", lookups.edge, picture.edgeRow);
    if (!changedEdges) return null;
    return {
      frame: parts.frame, renamed: renames.renamed, renamedAt: renames.renamedAt, cards: cardPlan, edges: edgePlan,
      spliced: spliced, runs: runs, changed: changed, changedEdges: changedEdges,
    };
  }

  // ---------------------------------------------------------------- the geometry JSON

  function copy(object) {
    var out = {};
    for (var key in object) if (Object.prototype.hasOwnProperty.call(object, key)) out[key] = object[key];
    return out;
  }

  // An ordered list after a plan: kept pieces copied, added rows inserted.
  function spliceList(list, plan) {
    var out = [];
    plan.pieces.forEach(function (p) {
      if (p.add) Array.prototype.push.apply(out, p.add);
      else for (var i = p.from; i < p.to; i++) out.push(list[i]);
    });
    return out;
  }

  // `renamed`: each renamed card takes its new ID, and so do the references to it (its
  // children's `parent`, its connector's `child`, its children's connectors' `parent`). The
  // items not renamed are shared.
  function renameItems(nodes, edges, renamed) {
    if (renamed.size === 0) return { nodes: nodes, edges: edges };
    function renamedItem(item, keys) {
      var out = item;
      keys.forEach(function (key) {
        if (item && renamed.has(item[key])) { if (out === item) out = copy(item); out[key] = renamed.get(item[key]); }
      });
      return out;
    }
    return {
      nodes: nodes.map(function (node) { return renamedItem(node, ["id", "parent"]); }),
      edges: edges.map(function (edge) { return renamedItem(edge, ["child", "parent"]); }),
    };
  }

  // A run moves its cards, their ranges and depths, and their connectors (an edge label goes
  // with its connector). The changed items, written after, override.
  function shiftRun(nodes, edges, edgeAt, run) {
    for (var i = run.first; i < run.end; i++) {
      var node = nodes[i] = copy(nodes[i]);
      if (typeof node.x === "number") node.x += run.dx;
      if (typeof node.y === "number") node.y += run.dy;
      if (typeof node.depth === "number") node.depth += run.depth;
      var range = node.range;
      if (range && range.start && range.end && (run.lines !== 0 || run.characters !== 0)) {
        node.range = {
          start: { line: range.start.line + run.lines, character: range.start.character + run.characters },
          end: { line: range.end.line + run.lines, character: range.end.character + run.characters },
        };
      }
      if ((run.dx === 0 && run.dy === 0) || !edgeAt.has(node.id)) continue;
      var e = edgeAt.get(node.id), edge = edges[e] = copy(edges[e]);
      edge.points = isList(edge.points) ? edge.points.map(function (point) {
        return point && typeof point === "object" ? { x: point.x + run.dx, y: point.y + run.dy } : point;
      }) : edge.points;
      if (edge.label && typeof edge.label === "object" && typeof edge.label.x === "number") {
        edge.label = copy(edge.label);
        edge.label.x += run.dx;
        edge.label.y += run.dy;
      }
    }
  }

  // The geometry JSON after `delta` (the plan written into its `nodes` and `edges`, the size
  // from `frame`), or null when the delta does not fit `geometry`, so a caller never keeps a
  // geometry that differs from the server's.
  function patchGeometry(geometry, delta) {
    if (!geometry || typeof geometry !== "object") return null;
    var nodes = geometry.nodes === undefined ? [] : geometry.nodes, edges = geometry.edges === undefined ? [] : geometry.edges;
    if (!isList(nodes) || !isList(edges)) return null;
    var cardAt = new Map(), edgeAt = new Map();
    nodes.forEach(function (node, i) { if (node && !cardAt.has(node.id)) cardAt.set(node.id, i); });
    edges.forEach(function (edge, e) { if (edge && !edgeAt.has(edge.child)) edgeAt.set(edge.child, e); });
    function keyed(key) { return function (value, entry) { return value && typeof value === "object" && value[key] === entry[key] ? value : null; }; }
    var plan = planDelta(delta, {
      cards: nodes.length, edges: edges.length,
      indexOfId: function (id) { return cardAt.has(id) ? cardAt.get(id) : -1; },
      edgeOfCard: function (i) { return i >= 0 && edgeAt.has(nodes[i].id) ? edgeAt.get(nodes[i].id) : -1; },
      cardRow: keyed("id"), edgeRow: keyed("child"),
    });
    if (!plan) return null;
    var renamed = renameItems(nodes, edges, plan.renamed);
    var newNodes = spliceList(renamed.nodes, plan.cards), newEdges = spliceList(renamed.edges, plan.edges);
    if (plan.runs.length > 0) {
      var newEdgeAt = new Map();
      newEdges.forEach(function (edge, e) { if (edge) newEdgeAt.set(edge.child, e); });
      plan.runs.forEach(function (run) { shiftRun(newNodes, newEdges, newEdgeAt, run); });
    }
    plan.changed.forEach(function (pair) { newNodes[pair[0]] = pair[1]; });
    plan.changedEdges.forEach(function (pair) { newEdges[pair[0]] = pair[1]; });
    var result = copy(geometry);
    result.width = plan.frame.width;
    result.height = plan.frame.height;
    result.nodes = newNodes;
    result.edges = newEdges;
    return result;
  }

  return Object.freeze({ planDelta: planDelta, patchGeometry: patchGeometry });
});
