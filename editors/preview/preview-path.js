// Bracket preview page, a competitor's path: hovering, clicking or focusing a card shows every
// card of its competitor (the cards with the same entrant) and the connectors between them,
// and a status line says how far they got. A card still to be decided shows its match; in a
// tree without competitors (no results, no name written again at the next level) it is the
// card's line from the root. The path is kept by ID across updates, pans and zooms, drawn over
// the overview too, and Escape clears it.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewPath.create(deps)` (deps: the store's readers, the results, the
// picture's layers, `currentOrigin`/`currentMode` (the frame's origin of card elements and
// whether it drew cards or the overview) and the input's `panning`/`clickSuppressed`).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewPath = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var SVG_NS = deps.SVG_NS, state = deps.state, searchBox = deps.searchBox, stage = deps.stage,
      viewport = deps.viewport, content = deps.content, edgeLabelLayer = deps.edgeLabelLayer,
      shownCards = deps.shownCards, markCard = deps.markCard, cardId = deps.cardId,
      cardLabel = deps.cardLabel, edgeOfCard = deps.edgeOfCard, idEquals = deps.idEquals,
      indexOfId = deps.indexOfId, entrantOf = deps.entrantOf, resultOf = deps.resultOf,
      scoreOf = deps.scoreOf, statusOf = deps.statusOf, numberText = deps.numberText, cardsIn = deps.cardsIn,
      requestDraw = deps.requestDraw, minimapMarksChanged = deps.minimapMarksChanged,
      announce = deps.announce, currentOrigin = deps.currentOrigin, currentMode = deps.currentMode,
      panning = deps.panning, clickSuppressed = deps.clickSuppressed;

    // Hovering, clicking or focusing a card shows every card of its competitor (the cards with
    // the same entrant) and the connectors between them, and says how far they got. A card still
    // to be decided shows its match; in a tree without competitors (no results, no name written
    // again at the next level) it is the card's line from the root. The path is kept by ID across
    // updates, pans and zooms, drawn over the overview too, and Escape clears it.
    var pathLayer = document.createElementNS(SVG_NS, "g");
    pathLayer.setAttribute("class", "bracket-path-layer");
    pathLayer.setAttribute("aria-hidden", "true");
    var pathLine = document.createElementNS(SVG_NS, "path");
    pathLine.setAttribute("class", "bracket-path-line");
    pathLine.setAttribute("fill", "none");
    pathLayer.append(pathLine);
    content.insertBefore(pathLayer, edgeLabelLayer); // over the connectors, under the edge labels and cards
    var pathStatus = document.getElementById("path-status");
    // Keys are { kind: "entrant" | "slot" | "line", id, index }: the pointer's path wins over the
    // one clicked or focused while it is over a card.
    var paths = { hover: null, pinned: null, cache: null };

    // Whether cards stand for competitors: results, or names carried up the tree.
    function isCompetition(s) {
      if (s.hasResults) return true;
      if (s.competition === undefined) {
        entrantOf(s, 0);
        s.competition = false;
        for (var i = 0; i < s.n && !s.competition; i++) if (s.children.first[i] >= 0 && s.entrant[i] >= 0) s.competition = true;
      }
      return s.competition;
    }

    function pathKey(s, i) {
      if (!s || i < 0 || i >= s.n) return null;
      if (!isCompetition(s)) return { kind: "line", id: cardId(s, i), index: i };
      var e = entrantOf(s, i);
      return e >= 0 ? { kind: "entrant", id: cardId(s, e), index: e } : { kind: "slot", id: cardId(s, i), index: i };
    }

    function sameKey(a, b) {
      return a === b || (!!a && !!b && a.kind === b.kind && a.id === b.id && a.index === b.index);
    }

    // The key's card in this store: the same index while it still has that ID, else by ID.
    function keyIndex(s, key) {
      if (key.index < s.n && idEquals(s, key.index, key.id)) return key.index;
      return indexOfId(s, key.id);
    }

    // The current path: its cards (tree order), connectors, outline and sentence; cached until
    // the key, the store or the version changes.
    function currentPath(s) {
      var key = paths.hover || paths.pinned;
      if (!s || !key || !state.hasPicture) return null;
      var c = paths.cache, domOrigin = currentOrigin();
      if (c && c.store === s && c.version === state.version && c.key === key && c.n === s.n && c.origin === domOrigin) return c;
      var index = keyIndex(s, key);
      var cards = [];
      if (index >= 0 && key.kind === "entrant") {
        var byEntrant = entrantCards(s);
        for (var i = byEntrant.start[index]; i < byEntrant.start[index + 1]; i++) cards.push(byEntrant.cards[i]);
      } else if (index >= 0 && key.kind === "slot") {
        // A slot still to be decided: its match, the slot and who plays for it.
        cards.push(index);
        for (var m = s.children.first[index]; m >= 0; m = s.children.next[m]) cards.push(m);
      } else if (index >= 0) {
        for (var a = index; a >= 0; a = s.parent[a]) cards.push(a);
        cards.reverse();
      }
      // The outline is placed relative to domOrigin, like the page's connectors.
      var set = new Set(cards), edges = [], d = [], X = domOrigin.x, Y = domOrigin.y;
      cards.forEach(function (card) {
        var e = edgeOfCard(s, card);
        if (e < 0 || !set.has(s.parent[card])) return;
        edges.push(e);
        var p = s.pts, o = 8 * e;
        d.push("M" + numberText(p[o] - X) + " " + numberText(p[o + 1] - Y) + "L" + numberText(p[o + 2] - X) + " " + numberText(p[o + 3] - Y) +
          "L" + numberText(p[o + 4] - X) + " " + numberText(p[o + 5] - Y) + "L" + numberText(p[o + 6] - X) + " " + numberText(p[o + 7] - Y));
      });
      c = { store: s, version: state.version, key: key, n: s.n, origin: domOrigin, index: index, cards: cards, set: set, edges: edges,
        d: d.join("") };
      c.text = cards.length === 0 ? "" : key.kind === "entrant" ? competitorText(s, index, cards)
        : key.kind === "slot" ? slotText(s, index) : lineText(s, cards);
      paths.cache = c;
      return c;
    }

    // Every entrant's cards in tree order, in one pass over the entrant column, so a hover costs
    // its path, not the tree (rebuilt when the store or its version changes).
    function entrantCards(s) {
      var cached = s.byEntrant;
      if (cached && cached.version === state.version && cached.entrant === s.entrant) return cached;
      entrantOf(s, 0);
      var n = s.n, entrant = s.entrant, start = new Int32Array(n + 1), cards = new Int32Array(n);
      for (var i = 0; i < n; i++) if (entrant[i] >= 0) start[entrant[i] + 1]++;
      for (var k = 0; k < n; k++) start[k + 1] += start[k];
      var fill = start.slice(0, n);
      for (var j = 0; j < n; j++) if (entrant[j] >= 0) cards[fill[entrant[j]]++] = j;
      s.byEntrant = { version: state.version, entrant: entrant, start: start, cards: cards };
      return s.byEntrant;
    }

    function onPath(s, i) {
      var path = currentPath(s);
      return !!path && path.set.has(i);
    }

    // Cards at each depth, for naming rounds.
    function depthCount(s, depth) {
      if (!s.depthCounts) {
        var counts = [];
        for (var i = 0; i < s.n; i++) counts[s.depth[i]] = (counts[s.depth[i]] || 0) + 1;
        s.depthCounts = counts;
      }
      return s.depthCounts[depth] || 0;
    }

    // The name of the round whose match is decided at card p: the level's header when the
    // document names its rounds, else the usual names counted from the root.
    function roundName(s, p) {
      var header = levelHeader(s, s.depth[p]);
      if (header) return header;
      var depth = s.depth[p];
      if (depth === 0) return "Final";
      if (depth === 1) return "Semi-finals";
      if (depth === 2) return "Quarter-finals";
      var size = Math.pow(2, depth + 1), count = depthCount(s, depth + 1);
      while (size < count) size *= 2;
      return "Round of " + size;
    }

    // The header of the level that plays the match decided at depth `depth`: the level below it
    // (the root's level names its winner).
    function levelHeader(s, depth) {
      var headers = s.levels || [];
      for (var k = 0; k < headers.length; k++) if (headers[k].depth === depth + 1 && headers[k].text) return headers[k].text;
      return "";
    }

    function oneLine(label) { return label.replace(/\s*\n\s*/g, " "); }

    // "3–1": the first card's score, then the others' in that match (each as written); with
    // the match's parts (docs/language.md, "Scores in parts") as a results page prints them:
    // "3–3, a.e.t., 4–2 on penalties", "6–3 6–4 7–6(7–4)", "1–1 4–0, 5–1 on aggregate".
    function scoreLine(s, first, others) {
      var parts = partsLine(s, first, others);
      if (parts !== null) return parts;
      var own = scoreOf(s, first);
      var theirs = others.map(function (o) { return scoreOf(s, o); }).filter(function (t) { return t !== null; });
      if (own === null && theirs.length === 0) return "";
      if (own === null) return theirs.join("–");
      return [own].concat(theirs).join("–");
    }

    // Card i's value of attribute `key` from the payload's attribute columns, or null.
    function attributeOf(s, i, key) {
      var list = s.attributes || [];
      for (var k = 0; k < list.length; k++) if (list[k].key === key) return list[k].values ? list[k].values[i] : null;
      return null;
    }

    // The result of a two-sided match with parts, null when it has none (the server's
    // ScoreParts.matchLine says the same, for hover).
    function partsLine(s, a, others) {
      if (others.length !== 1) return null;
      var b = others[0], p = s.parent[a];
      var sets = [attributeOf(s, a, "sets"), attributeOf(s, b, "sets")], legs = [attributeOf(s, a, "legs"), attributeOf(s, b, "legs")];
      var pens = [attributeOf(s, a, "pens"), attributeOf(s, b, "pens")], aet = p >= 0 && attributeOf(s, p, "aet") !== null;
      if (sets[0] === null && legs[0] === null && pens[0] === null && !aet) return null;
      var words = function (t) { return String(t).trim().split(/\s+/); };
      var line, after = [];
      if (sets[0] !== null && sets[1] !== null) {
        var x = words(sets[0]), y = words(sets[1]);
        line = x.map(function (g, k) {
          var m = /^(\d+)(?:\((\d+)\))?$/.exec(g), n = /^(\d+)(?:\((\d+)\))?$/.exec(y[k] || "");
          if (!m || !n) return g + "–" + (y[k] || "");
          return m[1] + "–" + n[1] + (m[2] !== undefined && n[2] !== undefined ? "(" + m[2] + "–" + n[2] + ")" : "");
        }).join(" ");
      } else if (legs[0] !== null && legs[1] !== null) {
        var u = words(legs[0]), v = words(legs[1]), su = 0, sv = 0;
        line = u.map(function (g, k) { su += Number(g) || 0; sv += Number(v[k]) || 0; return g + "–" + (v[k] || ""); }).join(" ");
        if (u.length > 1) after.push(su + "–" + sv + " on aggregate");
      } else {
        var own = scoreOf(s, a), theirs = scoreOf(s, b);
        if (own === null || theirs === null) return null;
        line = own + "–" + theirs;
      }
      if (aet) after.push("a.e.t.");
      if (pens[0] !== null && pens[1] !== null) after.push(pens[0] + "–" + pens[1] + " on penalties");
      return [line].concat(after).join(", ");
    }

    function childrenOf(s, p) {
      var list = [];
      for (var c = s.children.first[p]; c >= 0; c = s.children.next[c]) list.push(c);
      return list;
    }

    // "Ayşe Yılmaz — reached the Semi-finals, lost 1–2 to Émile Durand", "… — won the Final 3–1",
    // "… — lost to Ann Lee (walkover) in the Round of 16".
    function competitorText(s, e, cards) {
      var name = oneLine(cardLabel(s, e));
      var top = cards[0];
      for (var k = 1; k < cards.length; k++) if (s.depth[cards[k]] < s.depth[top]) top = cards[k];
      var notes = [];
      cards.forEach(function (card) {
        if (resultOf(s, card) === "bye" && s.parent[card] >= 0) notes.push("a bye in the " + roundName(s, s.parent[card]));
      });
      var p = s.parent[top];
      if (p < 0) {
        // The root shows the champion: the final is the match decided at it.
        var finalist = -1;
        for (var c = 0; c < cards.length; c++) if (s.parent[cards[c]] === top) finalist = cards[c];
        if (finalist < 0) return name;
        var beaten = childrenOf(s, top).filter(function (x) { return x !== finalist; });
        var line = scoreLine(s, finalist, beaten);
        // An opponent who did not finish: "won the Final 6–3 2–1 (Bea Roy: retired)".
        var out = beaten.filter(function (x) { return statusOf(s, x) !== null; }).map(function (x) {
          return oneLine(cardLabel(s, x)) + ": " + statusOf(s, x);
        });
        notes.push("won the " + roundName(s, top) + (line ? " " + line : "") + (out.length ? " (" + out.join(", ") + ")" : ""));
        return name + " — " + notes.join("; ");
      }
      var round = roundName(s, p);
      var reached = top === e ? "in the " + round : "reached the " + round;
      // The match's winner: from the results, or the child whose name the parent carries.
      var winner = childrenOf(s, p).filter(function (x) {
        return x !== top && (s.hasResults ? resultOf(s, x) === "winner" || resultOf(s, x) === "bye" : s.entrant[p] === s.entrant[x]);
      })[0];
      var decided = s.hasResults ? resultOf(s, top) === "loser" : winner !== undefined;
      if (decided) {
        var score = winner !== undefined ? scoreLine(s, top, [winner]) : "";
        var by = winner !== undefined ? " to " + oneLine(cardLabel(s, winner)) : "";
        // "lost 1–3 to Lucas Silva in the Round of 32", "reached the Semi-finals, lost 1–2 to …".
        var status = statusOf(s, top);
        var lost = "lost" + (score ? " " + score : "") + by + (status !== null ? " (" + status + ")" : "");
        notes.push(top === e ? lost + " in the " + round : reached + ", " + lost);
      } else {
        notes.push((top === e ? "plays in the " + round : reached) + ", still to be played");
      }
      return name + " — " + notes.join("; ");
    }

    // A slot still to be decided: who plays for it.
    function slotText(s, i) {
      var names = childrenOf(s, i).map(function (c) {
        return resultOf(s, c) === "pending" ? "the winner of " + cardId(s, c) : oneLine(cardLabel(s, c));
      });
      var round = s.children.first[i] >= 0 ? " (" + roundName(s, i) + ")" : "";
      return names.length > 0 ? "To be decided: " + names.join(" v ") + round : cardLabel(s, i);
    }

    // A plain tree: the line of labels from the root, each by its first line (the middle elided
    // past eight).
    function lineText(s, cards) {
      // A decision tree's edge labels say which way each step went: "Approve? › yes: Income ≥ 5 years?".
      var labels = cards.map(function (c, k) {
        var e = k > 0 ? edgeOfCard(s, c) : -1, edge = e >= 0 && s.edgeLabels ? s.edgeLabels[e] : null;
        return (edge && edge.text ? oneLine(edge.text) + ": " : "") + cardLabel(s, c).split("\n")[0];
      });
      if (labels.length > 8) labels = labels.slice(0, 3).concat(["…"], labels.slice(-4));
      return labels.join(" › ");
    }

    // Drawn from the frame (draw calls it): the connectors' outline, the page's mark and the
    // status line. Cards take their class in markCard.
    function drawPathLayer(s) {
      var path = currentPath(s);
      var d = path ? path.d : "";
      if ((pathLine.getAttribute("d") || "") !== d) {
        if (d) pathLine.setAttribute("d", d); else pathLine.removeAttribute("d");
      }
      document.body.classList.toggle("bracket-has-path", !!path && path.cards.length > 0);
      var text = path ? path.text : "";
      if (pathStatus.textContent !== text) pathStatus.textContent = text;
      pathStatus.hidden = text === "";
    }

    function pathChanged() {
      var s = state.store;
      shownCards.forEach(function (element, index) { markCard(element, s, index); });
      minimapMarksChanged();
      requestDraw();
    }

    function hoverPath(key) {
      if (sameKey(key, paths.hover)) return;
      paths.hover = key;
      pathChanged();
    }

    function pinPath(i) {
      var key = pathKey(state.store, i);
      if (sameKey(key, paths.pinned) && !paths.hover) return;
      paths.pinned = key;
      paths.hover = null;
      pathChanged();
    }

    // Escape: returns whether there was a path to clear.
    function clearPath() {
      if (!paths.hover && !paths.pinned) return false;
      paths.hover = null;
      paths.pinned = null;
      pathChanged();
      return true;
    }

    // The editor's cursor moved to card i (-1: to no card): a pinned path that does not pass
    // through it is let go. Returns whether one was.
    function followCursor(i) {
      if (!paths.pinned) return false;
      var hover = paths.hover;
      paths.hover = null; // ask about the pinned path, not the one under the pointer
      var keep = i >= 0 && onPath(state.store, i);
      paths.hover = hover;
      if (keep) return false;
      paths.pinned = null;
      pathChanged();
      return true;
    }

    function cardIndexAt(target) {
      var card = target && target.closest ? target.closest("[data-node-id]") : null;
      return card && typeof card.__index === "number" ? card.__index : -1;
    }

    stage.addEventListener("pointerover", function (event) {
      if (panning()) return;
      var index = cardIndexAt(event.target);
      if (index >= 0) hoverPath(pathKey(state.store, index));
    });
    stage.addEventListener("pointerout", function (event) {
      if (cardIndexAt(event.relatedTarget) < 0) hoverPath(null);
    });
    viewport.addEventListener("pointerleave", function () { hoverPath(null); });
    // Registered before the click that reveals, so a pan's click is still known as one here.
    // The card a click is on: its element, or in the overview (which has no elements, and lies
    // under the stage, so the stage gets the click) the card nearest the pointer within 3 pixels.
    function clickedCard(event) {
      var s = state.store, index = cardIndexAt(event.target);
      if (index >= 0 || !s || !state.hasPicture || currentMode() !== "overview") return index;
      var box = viewport.getBoundingClientRect(), found = [];
      var px = state.x + (event.clientX - box.left) / state.scale - s.margin;
      var py = state.y + (event.clientY - box.top) / state.scale - s.margin;
      var slack = 3 / state.scale, best = Infinity;
      cardsIn(s, { x0: px - slack, y0: py - slack, x1: px + slack, y1: py + slack }, 64, found);
      found.forEach(function (i) {
        var d = Math.abs(s.cx[i] - px) + Math.abs(s.cy[i] - py);
        if (d < best) { best = d; index = i; }
      });
      return index;
    }

    stage.addEventListener("click", function (event) {
      if (clickSuppressed()) return;
      var index = clickedCard(event);
      if (index >= 0) pinPath(index); else clearPath();
    });
    viewport.addEventListener("focusin", function (event) {
      var index = cardIndexAt(event.target);
      if (index >= 0) pinPath(index);
    });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || event.target === searchBox) return;
      if (clearPath()) { event.preventDefault(); announce("Path cleared"); }
    });

    return {
      currentPath: currentPath,
      onPath: onPath,
      drawPathLayer: drawPathLayer,
      pathLine: pathLine,
      paths: paths,
      cardIndexAt: cardIndexAt,
      clickedCard: clickedCard,
      followCursor: followCursor,
    };
  }

  return { create: create };
});
