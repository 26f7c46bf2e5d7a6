// Bracket preview page, level headers, match notes and edge labels: the headers (`levels` in the
// geometry's header: `@rounds`), the notes (`notes`) and each connector's label, read from the
// payload and drawn exactly as BracketSVG draws them: every header and note, and the edge labels near the view (found through the
// spatial index, not a scan of every connector); far out (the overview) they are left out.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewDecorations.create(deps)` (deps: the store's readers, the server's
// markup, the picture's layers, and `currentOrigin`/`currentWork`: the frame's origin of card
// elements and its work record, which change as the view moves).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewDecorations = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var SVG_NS = deps.SVG_NS, MAX_DOM_CARDS = deps.MAX_DOM_CARDS, state = deps.state, num = deps.num,
      edgeKey = deps.edgeKey, baselines = deps.baselines, escapeText = deps.escapeText,
      numberText = deps.numberText, content = deps.content, cardLayer = deps.cardLayer,
      connectorLayer = deps.connectorLayer, viewRect = deps.viewRect, edgesIn = deps.edgesIn,
      currentOrigin = deps.currentOrigin, currentWork = deps.currentWork;

    // The level headers (`levels` in the geometry's header: `@rounds`) and the edge labels (each
    // connector's `label`), drawn exactly as BracketSVG draws them: the headers after the title,
    // the labels after the connectors. The page draws every header (one per level) and the edge
    // labels near the view; far out (the overview) they are too small to read and are left out.
    function headersOf(value) {
      if (!Array.isArray(value)) return [];
      return value.filter(function (h) { return h && typeof h === "object"; }).map(function (h) {
        return { depth: Math.floor(num(h.depth, 0)), text: typeof h.text === "string" ? h.text : "",
          lines: Array.isArray(h.lines) ? h.lines.map(String) : [], x: num(h.x, 0), y: num(h.y, 0), fontSize: num(h.fontSize, 13) };
      });
    }

    // The match notes (`notes` in the geometry's header), each one line at its place.
    function notesOf(value) {
      if (!Array.isArray(value)) return [];
      return value.filter(function (n) { return n && typeof n === "object" && Array.isArray(n.lines) && n.lines.length > 0; })
        .map(function (n) {
          return { id: String(n.id), text: typeof n.text === "string" ? n.text : "", lines: n.lines.map(String),
            x: num(n.x, 0), y: num(n.y, 0), width: num(n.width, 0), height: num(n.height, 0), fontSize: num(n.fontSize, 11) };
        });
    }

    function edgeLabelOf(value) {
      if (!value || typeof value !== "object" || !Array.isArray(value.lines)) return null;
      return { text: typeof value.text === "string" ? value.text : "", lines: value.lines.map(String),
        x: num(value.x, 0), y: num(value.y, 0), width: num(value.width, 0), height: num(value.height, 0), fontSize: num(value.fontSize, 11) };
    }

    function sameEdgeLabel(a, b) {
      if (!a || !b) return !a && !b;
      return a.text === b.text && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height
        && a.fontSize === b.fontSize && a.lines.length === b.lines.length
        && a.lines.every(function (line, k) { return line === b.lines[k]; });
    }

    function setEdgeLabel(s, e, label) {
      if (!label) { if (s.edgeLabels) s.edgeLabels[e] = null; return; }
      if (!s.edgeLabels) s.edgeLabels = new Array(s.m).fill(null);
      s.edgeLabels[e] = label;
      var reach = labelReach.labels === s.edgeLabels ? labelReach : null;
      if (reach) { reach.w = Math.max(reach.w, label.width / 2 + 1); reach.h = Math.max(reach.h, label.height / 2 + 1); }
    }

    // The largest edge label's half width and height (plus a unit): how far from its connector's
    // leg a label can reach. Kept for one labels array (a new store or a splice makes another,
    // read once), grown by setEdgeLabel.
    var labelReach = { labels: null, w: 0, h: 0 };
    function edgeLabelReach(s) {
      if (labelReach.labels !== s.edgeLabels) {
        var w = 0, h = 0, labels = s.edgeLabels;
        for (var e = 0; e < labels.length; e++) {
          var label = labels[e];
          if (label) { w = Math.max(w, label.width / 2 + 1); h = Math.max(h, label.height / 2 + 1); }
        }
        labelReach = { labels: labels, w: w, h: h };
      }
      return labelReach;
    }

    // Baselines of n lines at another font size than the cards'.
    function baselinesAt(store, size, n) {
      var saved = store.fontSize;
      store.fontSize = size;
      var b = baselines(store, n);
      store.fontSize = saved;
      return b;
    }

    var NO_ORIGIN = { x: 0, y: 0 };

    function tspanMarkup(x, y, line) {
      return '<tspan x="' + numberText(x) + '" y="' + numberText(y) + '">' + escapeText(line) + "</tspan>";
    }

    function roundsMarkup(s, origin) {
      var o = origin || NO_ORIGIN;
      var shown = (s.levels || []).filter(function (h) { return h.lines.length > 0; });
      if (shown.length === 0) return "";
      var out = '<g class="bracket-rounds" role="list" aria-label="Rounds">\n';
      shown.forEach(function (h) {
        var b = baselinesAt(s, h.fontSize, h.lines.length);
        out += '<text class="bracket-round" role="listitem" data-level="' + h.depth + '" font-size="' + numberText(h.fontSize) +
          '" text-anchor="middle">';
        h.lines.forEach(function (line, k) { out += tspanMarkup(h.x - o.x, h.y - o.y + b[k], line); });
        out += "</text>\n";
      });
      return out + "</g>\n";
    }

    // The match notes, as BracketSVG's drawNotes writes them (every one, as the headers: a delta
    // never changes them).
    function notesMarkup(s, origin) {
      var o = origin || NO_ORIGIN;
      var notes = s.notes || [];
      if (notes.length === 0) return "";
      var out = '<g class="bracket-notes" aria-hidden="true">\n';
      notes.forEach(function (n) {
        var b = baselinesAt(s, n.fontSize, 1);
        out += '<text class="bracket-note" data-node-id="' + escapeText(n.id) + '" font-size="' + numberText(n.fontSize) +
          '" text-anchor="middle">' + tspanMarkup(n.x - o.x, n.y - o.y + b[0], n.lines[0]) + "</text>\n";
      });
      return out + "</g>\n";
    }

    // A label's whole text goes into a <title> when the drawn lines are not it.
    function edgeLabelTitle(label) {
      return label.lines.length > 1 || label.lines[0] !== label.text ? label.text : null;
    }

    function edgeLabelMarkup(s, e, origin) {
      var o = origin || NO_ORIGIN;
      var label = s.edgeLabels[e];
      var title = edgeLabelTitle(label), x = label.x - o.x, y = label.y - o.y;
      var out = '<g class="bracket-edge-label" data-child-id="' + escapeText(edgeKey(s, e)) + '">' +
        (title !== null ? "<title>" + escapeText(title) + "</title>" : "") +
        '<rect x="' + numberText(x - label.width / 2) + '" y="' + numberText(y - label.height / 2) + '" width="' +
        numberText(label.width) + '" height="' + numberText(label.height) + '" rx="3"/><text font-size="' + numberText(label.fontSize) +
        '" text-anchor="middle">';
      var b = baselinesAt(s, label.fontSize, label.lines.length);
      label.lines.forEach(function (line, k) { out += tspanMarkup(x, y + b[k], line); });
      return out + "</text></g>\n";
    }

    function edgeLabelsMarkup(s) {
      if (!s.edgeLabels) return "";
      var parts = [], any = false;
      for (var e = 0; e < s.m; e++) {
        if (!s.edgeLabels[e]) continue;
        any = true;
        if (s.edgeChild[e] >= 0 && s.parent[s.edgeChild[e]] >= 0) parts.push(edgeLabelMarkup(s, e));
      }
      return any ? '<g class="bracket-edge-labels">\n' + parts.join("") + "</g>\n" : "";
    }

    var roundsLayer = document.createElementNS(SVG_NS, "g");
    roundsLayer.setAttribute("class", "bracket-rounds");
    roundsLayer.setAttribute("role", "list");
    roundsLayer.setAttribute("aria-label", "Rounds");
    content.insertBefore(roundsLayer, connectorLayer);
    var edgeLabelLayer = document.createElementNS(SVG_NS, "g");
    edgeLabelLayer.setAttribute("class", "bracket-edge-labels");
    content.insertBefore(edgeLabelLayer, cardLayer);
    var notesLayer = document.createElementNS(SVG_NS, "g");
    notesLayer.setAttribute("class", "bracket-notes");
    notesLayer.setAttribute("aria-hidden", "true");
    content.insertBefore(notesLayer, cardLayer);
    var shownEdgeLabels = new Map(); // connector index -> element

    // Parses markup the page wrote itself (escaped text and numbers) into SVG elements.
    function elementsOf(markup) {
      var doc = new DOMParser().parseFromString('<svg xmlns="' + SVG_NS + '">' + markup + "</svg>", "image/svg+xml");
      return Array.prototype.slice.call(doc.documentElement.children).map(function (element) { return document.importNode(element, true); });
    }

    // Whether an edge label (or null) meets r (content coordinates).
    function labelMeets(label, r) {
      return !!label && !(label.x + label.width / 2 < r.x0 || label.x - label.width / 2 > r.x1 ||
        label.y + label.height / 2 < r.y0 || label.y - label.height / 2 > r.y1);
    }

    // Drawn from the frame (draw calls it): every header, and the edge labels near the view.
    function drawDecorations(s, dom) {
      var rounds = s && state.hasPicture ? roundsMarkup(s, currentOrigin()) : "";
      if (roundsLayer.__key !== rounds) {
        roundsLayer.__key = rounds;
        var group = rounds ? elementsOf(rounds)[0] : null;
        roundsLayer.replaceChildren.apply(roundsLayer, group ? Array.prototype.slice.call(group.children) : []);
      }
      var notes = s && state.hasPicture ? notesMarkup(s, currentOrigin()) : "";
      if (notesLayer.__key !== notes) {
        notesLayer.__key = notes;
        var noteGroup = notes ? elementsOf(notes)[0] : null;
        notesLayer.replaceChildren.apply(notesLayer, noteGroup ? Array.prototype.slice.call(noteGroup.children) : []);
      }
      var wanted = new Map();
      if (s && state.hasPicture && dom && s.edgeLabels && s.spatial.edges !== null) {
        var r = viewRect();
        r.x0 -= s.margin; r.x1 -= s.margin; r.y0 -= s.margin; r.y1 -= s.margin;
        // A label's box is centred on its connector's leg to the child (BracketLayout's
        // Decorations), so the connectors the spatial index finds in the view widened by the
        // largest label's half size hold every label that meets the view: the frame costs the
        // connectors near the view, not a scan of all of them (every frame did one before).
        var reach = edgeLabelReach(s);
        var near = edgesIn(s, { x0: r.x0 - reach.w, y0: r.y0 - reach.h, x1: r.x1 + reach.w, y1: r.y1 + reach.h }, 4 * MAX_DOM_CARDS);
        for (var n = 0; n < near.length; n++) {
          var e = near[n];
          if (labelMeets(s.edgeLabels[e], r)) wanted.set(e, edgeLabelMarkup(s, e, currentOrigin()));
        }
        var work = currentWork();
        if (work) work.labelConnectors = near.length;
      }
      shownEdgeLabels.forEach(function (element, e) {
        if (wanted.get(e) !== element.__key) { element.remove(); shownEdgeLabels.delete(e); }
      });
      var cursor = edgeLabelLayer.firstChild;
      wanted.forEach(function (markup, e) {
        var element = shownEdgeLabels.get(e);
        if (!element) {
          element = elementsOf(markup)[0];
          element.__key = markup;
          element.__index = e;
          shownEdgeLabels.set(e, element);
        }
        while (cursor && cursor.__index < e) cursor = cursor.nextSibling;
        if (element !== cursor) edgeLabelLayer.insertBefore(element, cursor); else cursor = element.nextSibling;
      });
    }

    return {
      headersOf: headersOf,
      notesOf: notesOf,
      notesMarkup: notesMarkup,
      edgeLabelOf: edgeLabelOf,
      sameEdgeLabel: sameEdgeLabel,
      setEdgeLabel: setEdgeLabel,
      roundsMarkup: roundsMarkup,
      edgeLabelsMarkup: edgeLabelsMarkup,
      drawDecorations: drawDecorations,
      labelMeets: labelMeets,
      shownEdgeLabels: shownEdgeLabels,
      edgeLabelLayer: edgeLabelLayer,
    };
  }

  return { create: create };
});
