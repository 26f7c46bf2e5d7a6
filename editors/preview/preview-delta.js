// Bracket preview page, delta payloads (docs/protocol.md, "Delta payloads"): checks a delta
// against the picture on the page and patches it in place (cards and connectors removed,
// replaced and inserted by ID; the <svg> size and <desc> updated), so the page ends with the
// DOM a full payload would have given it. Loaded before preview.js, which owns the page state
// and the SVG intake; this file only offers `window.bracketPreviewDelta.prepare` (no DOM
// change; null when the delta does not fit the picture) and `.commit`.
//
// `patchGeometry` is the one geometry patcher: the page uses it inside `prepare`, and the
// VS Code extension (which keeps each document's geometry for cursor highlights) loads this
// same file with `require` (it copies the page, scripts/copy-preview.js), so both accept
// exactly the same deltas. Nothing here touches the DOM until `prepare` or `commit` is called.
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewDelta = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";

  function isList(value) { return Array.isArray(value); }

  function part(value) {
    return value && typeof value === "object" && isList(value.removed) && isList(value.changed) &&
      isList(value.added) ? value : null;
  }

  // Parses every fragment in one DOMParser call, each in its own wrapper so a dropped element
  // cannot shift the others; sanitised exactly like a whole picture. Returns imported elements
  // (null where a fragment did not yield exactly one element of the expected name) or null.
  function parseFragments(texts, names, intake) {
    if (texts.length === 0) return [];
    var markup = '<svg xmlns="' + SVG_NS + '">';
    for (var i = 0; i < texts.length; i++) {
      if (typeof texts[i] !== "string") return null;
      markup += "<g>" + texts[i] + "</g>";
    }
    var doc = new DOMParser().parseFromString(markup + "</svg>", "image/svg+xml");
    var root = doc.documentElement;
    if (!root || root.localName !== "svg" || doc.getElementsByTagName("parsererror").length > 0) return null;
    intake.sanitize(root);
    var wrappers = root.children;
    if (wrappers.length !== texts.length) return null;
    var result = [];
    for (var j = 0; j < wrappers.length; j++) {
      var element = wrappers[j].firstElementChild;
      if (!element || wrappers[j].children.length !== 1 || element.localName !== names[j]) return null;
      var imported = document.importNode(element, true);
      intake.finishImported(imported);
      result.push(imported);
    }
    return result;
  }

  // Applies removals, changes and additions to a keyed list (geometry nodes or edges) without
  // touching it; returns the new list or null when the delta does not fit the list.
  function patchList(list, key, valueKey, changes) {
    var removed = new Set();
    var known = new Set();
    for (var i = 0; i < list.length; i++) known.add(list[i] && list[i][key]);
    for (var r = 0; r < changes.removed.length; r++) {
      if (!known.has(changes.removed[r])) return null;
      removed.add(changes.removed[r]);
    }
    var changed = new Map();
    for (var c = 0; c < changes.changed.length; c++) {
      var entry = changes.changed[c];
      if (!entry || !known.has(entry[key]) || removed.has(entry[key]) || !entry[valueKey]) return null;
      changed.set(entry[key], entry[valueKey]);
    }
    // Each new item follows exactly one item (or the start, key null): a chain per anchor.
    var following = new Map();
    for (var a = 0; a < changes.added.length; a++) {
      var added = changes.added[a];
      if (!added || typeof added[key] !== "string" || !added[valueKey] || following.has(added.after)) return null;
      if (added.after !== null && typeof added.after !== "string") return null;
      following.set(added.after, added);
    }
    var result = [];
    function chain(anchor) {
      var next = following.get(anchor);
      while (next) {
        result.push(next[valueKey]);
        following.delete(anchor);
        anchor = next[key];
        next = following.get(anchor);
      }
    }
    chain(null);
    for (var k = 0; k < list.length; k++) {
      var id = list[k] && list[k][key];
      if (removed.has(id)) continue;
      result.push(changed.has(id) ? changed.get(id) : list[k]);
      chain(id);
    }
    return following.size === 0 ? result : null;
  }

  function copy(object) {
    var out = {};
    for (var key in object) if (Object.prototype.hasOwnProperty.call(object, key)) out[key] = object[key];
    return out;
  }

  function whole(value) { return value === undefined ? 0 : typeof value === "number" && Math.floor(value) === value ? value : NaN; }

  // `renamed` (applied first): each card keeps its place and takes its new ID, and so do the
  // references to it (its children's `parent`, its connector's `child`, its children's
  // connectors' `parent`). Returns the renamed lists (the items not renamed are shared) or null.
  function rename(nodes, edges, renames) {
    if (renames.length === 0) return { nodes: nodes, edges: edges };
    var to = new Map(), ids = new Set();
    for (var k = 0; k < nodes.length; k++) ids.add(nodes[k] && nodes[k].id);
    for (var r = 0; r < renames.length; r++) {
      var one = renames[r];
      if (!one || typeof one.from !== "string" || typeof one.to !== "string" || to.has(one.from) || !ids.has(one.from)) return null;
      to.set(one.from, one.to);
    }
    var taken = new Set();
    to.forEach(function (id) { taken.add(id); });
    if (taken.size !== to.size) return null;
    for (var t = 0; t < renames.length; t++) if (ids.has(renames[t].to) && !to.has(renames[t].to)) return null;
    function renamed(item, keys) {
      var out = item;
      keys.forEach(function (key) {
        if (item && to.has(item[key])) { if (out === item) out = copy(item); out[key] = to.get(item[key]); }
      });
      return out;
    }
    return {
      nodes: nodes.map(function (node) { return renamed(node, ["id", "parent"]); }),
      edges: edges.map(function (edge) { return renamed(edge, ["child", "parent"]); }),
    };
  }

  // `runs` (after removed and added, before changed): `count` cards from `first` in the new
  // order move by (dx, dy), their ranges by `lines` and `characters`, their depth by `depth`,
  // and each one's connector by (dx, dy). Items that `changed` rewrites are left to it.
  function shiftRuns(nodes, edges, runs, changedCards, changedEdges) {
    if (runs.length === 0) return true;
    var at = new Map(), edgeAt = new Map();
    for (var k = 0; k < nodes.length; k++) at.set(nodes[k] && nodes[k].id, k);
    for (var e = 0; e < edges.length; e++) edgeAt.set(edges[e] && edges[e].child, e);
    for (var r = 0; r < runs.length; r++) {
      var run = runs[r];
      var first = run && at.has(run.first) ? at.get(run.first) : -1, count = run ? whole(run.count) : NaN;
      if (first < 0 || !(count >= 1) || first + count > nodes.length) return false;
      var dx = typeof run.dx === "number" ? run.dx : 0, dy = typeof run.dy === "number" ? run.dy : 0;
      var lines = whole(run.lines), characters = whole(run.characters), depth = whole(run.depth);
      if (lines !== lines || characters !== characters || depth !== depth || !isFinite(dx) || !isFinite(dy)) return false;
      for (var i = first; i < first + count; i++) {
        var node = nodes[i], id = node && node.id;
        if (!changedCards.has(id)) {
          node = nodes[i] = copy(node);
          if (typeof node.x === "number") node.x += dx;
          if (typeof node.y === "number") node.y += dy;
          if (typeof node.depth === "number") node.depth += depth;
          var range = node.range;
          if (range && range.start && range.end && (lines !== 0 || characters !== 0)) {
            node.range = {
              start: { line: range.start.line + lines, character: range.start.character + characters },
              end: { line: range.end.line + lines, character: range.end.character + characters },
            };
          }
        }
        if ((dx === 0 && dy === 0) || !edgeAt.has(id) || changedEdges.has(id)) continue;
        var edge = edges[edgeAt.get(id)] = copy(edges[edgeAt.get(id)]);
        edge.points = isList(edge.points) ? edge.points.map(function (point) {
          return point && typeof point === "object" ? { x: point.x + dx, y: point.y + dy } : point;
        }) : edge.points;
        if (edge.label && typeof edge.label === "object" && typeof edge.label.x === "number") {
          edge.label = copy(edge.label); // an edge label goes with its connector
          edge.label.x += dx;
          edge.label.y += dy;
        }
      }
    }
    return true;
  }

  function keysOf(list, key) {
    var keys = new Set();
    list.forEach(function (entry) { if (entry) keys.add(entry[key]); });
    return keys;
  }

  // The geometry after `delta`: cards renamed, nodes and edges removed, added after their
  // anchor, runs shifted and items changed (docs/protocol.md, "Delta payloads", in that
  // order), the size from `frame`. Null when the delta does not fit `geometry` (an unknown or
  // repeated ID, an anchor that is not there, a run past the end, a missing part or frame
  // size), so a caller never keeps a geometry that differs from the server's.
  function patchGeometry(geometry, delta) {
    if (!geometry || typeof geometry !== "object" || !delta || typeof delta !== "object") return null;
    var frame = delta.frame;
    var cards = part(delta.cards);
    var edges = part(delta.edges);
    var renames = delta.renamed === undefined ? [] : delta.renamed, runs = delta.runs === undefined ? [] : delta.runs;
    if (!frame || typeof frame !== "object" || !cards || !edges || !isList(renames) || !isList(runs)) return null;
    if (!(frame.svgWidth > 0) || !(frame.svgHeight > 0)) return null;
    if ((geometry.nodes !== undefined && !isList(geometry.nodes)) ||
        (geometry.edges !== undefined && !isList(geometry.edges))) return null;
    var lists = rename(geometry.nodes || [], geometry.edges || [], renames);
    var nodes = lists && patchList(lists.nodes, "id", "node", cards);
    var edgeList = lists && patchList(lists.edges, "child", "edge", edges);
    if (!nodes || !edgeList) return null;
    if (!shiftRuns(nodes, edgeList, runs, keysOf(cards.changed, "id"), keysOf(edges.changed, "child"))) return null;
    var result = {};
    for (var key in geometry) {
      if (Object.prototype.hasOwnProperty.call(geometry, key)) result[key] = geometry[key];
    }
    result.width = frame.width;
    result.height = frame.height;
    result.nodes = nodes;
    result.edges = edgeList;
    return result;
  }

  // Pairs the DOM with the geometry: cards by data-node-id, connectors by position (the n-th
  // polyline draws the n-th geometry edge, as in every full payload).
  function prepare(svg, geometry, delta, intake) {
    // Runs and renames move and re-key cards that no fragment describes: only clients that draw
    // from the geometry get them.
    if ((isList(delta && delta.runs) && delta.runs.length > 0) || (isList(delta && delta.renamed) && delta.renamed.length > 0)) return null;
    var patched = patchGeometry(geometry, delta);
    if (!patched) return null;
    var frame = delta.frame;
    var cards = delta.cards;
    var edges = delta.edges;

    var cardElements = new Map();
    var allCards = svg.querySelectorAll("[data-node-id]");
    for (var i = 0; i < allCards.length; i++) {
      var cardId = allCards[i].getAttribute("data-node-id");
      if (cardElements.has(cardId)) return null; // duplicate IDs never come with a delta
      cardElements.set(cardId, allCards[i]);
    }
    var geometryNodes = geometry.nodes || [];
    for (var g = 0; g < geometryNodes.length; g++) {
      if (!cardElements.has(geometryNodes[g] && geometryNodes[g].id)) return null;
    }
    var cardGroup = allCards.length > 0 ? allCards[0].parentNode : null;
    var connectorGroup = svg.querySelector("g.bracket-connectors");
    var polylines = connectorGroup ? Array.prototype.filter.call(connectorGroup.children, function (el) {
      return el.localName === "polyline";
    }) : [];
    var oldEdges = geometry.edges || [];
    if (!cardGroup || !connectorGroup || polylines.length !== oldEdges.length ||
        allCards.length !== geometryNodes.length) return null;
    var connectorElements = new Map();
    for (var e = 0; e < oldEdges.length; e++) connectorElements.set(oldEdges[e] && oldEdges[e].child, polylines[e]);

    // One parse for every fragment: desc, then card and connector markup in delta order.
    var texts = [frame.desc], names = ["desc"], targets = [{ kind: "desc" }];
    function want(list, kind, name, map, key) {
      for (var n = 0; n < list.length; n++) {
        if (typeof list[n].svg !== "string") continue; // a changed node whose markup is the same
        texts.push(list[n].svg);
        names.push(name);
        targets.push({ kind: kind, map: map, key: list[n][key], after: list[n].after });
      }
    }
    want(cards.changed, "replace", "g", cardElements, "id");
    want(cards.added, "insert", "g", cardElements, "id");
    want(edges.changed, "replace", "polyline", connectorElements, "child");
    want(edges.added, "insert", "polyline", connectorElements, "child");
    if (cards.added.some(function (c) { return typeof c.svg !== "string"; }) ||
        edges.changed.concat(edges.added).some(function (c) { return typeof c.svg !== "string"; })) return null;
    var elements = parseFragments(texts, names, intake);
    if (!elements) return null;
    for (var t = 1; t < targets.length; t++) {
      if (targets[t].map === cardElements && elements[t].getAttribute("data-node-id") !== targets[t].key) return null;
    }
    return {
      geometry: patched, frame: frame, elements: elements, targets: targets,
      removeCards: cards.removed.map(function (id) { return cardElements.get(id); }),
      removeConnectors: edges.removed.map(function (id) { return connectorElements.get(id); }),
      cardGroup: cardGroup, connectorGroup: connectorGroup,
      cardElements: cardElements, connectorElements: connectorElements,
    };
  }

  // Removes an element and the line break after it, as it stood in the full document.
  function removeWithBreak(element) {
    var next = element.nextSibling;
    if (next && next.nodeType === 3 && next.nodeValue.trim() === "") next.remove();
    element.remove();
  }

  // Inserts after `anchor` (or first in `group`) with a line break, so the result is the same
  // DOM a full document parses to.
  function insertWithBreak(group, anchor, element) {
    var before = anchor || (group.firstChild && group.firstChild.nodeType === 3 ? group.firstChild : null);
    if (anchor) anchor.after(document.createTextNode("\n"), element);
    else if (before) before.after(element, document.createTextNode("\n"));
    else group.prepend(element, document.createTextNode("\n"));
  }

  // Changes the DOM; returns the new geometry and picture size.
  function commit(svg, patch) {
    var width = Number(patch.frame.svgWidth), height = Number(patch.frame.svgHeight);
    svg.setAttribute("viewBox", "0 0 " + String(width) + " " + String(height));
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    var oldDesc = svg.querySelector(":scope > desc");
    if (oldDesc) oldDesc.replaceWith(patch.elements[0]);
    patch.removeCards.forEach(function (el) { if (el) removeWithBreak(el); });
    patch.removeConnectors.forEach(function (el) { if (el) removeWithBreak(el); });
    for (var i = 1; i < patch.targets.length; i++) {
      var target = patch.targets[i], element = patch.elements[i];
      var group = target.map === patch.cardElements ? patch.cardGroup : patch.connectorGroup;
      if (target.kind === "replace") {
        var old = target.map.get(target.key);
        if (old) old.replaceWith(element);
      } else {
        insertWithBreak(group, target.after === null ? null : target.map.get(target.after), element);
      }
      target.map.set(target.key, element);
    }
    return { geometry: patch.geometry, width: width, height: height };
  }

  return Object.freeze({ patchGeometry: patchGeometry, prepare: prepare, commit: commit });
});
