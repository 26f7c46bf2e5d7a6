// Bracket preview page, highlight, focus and reveal: the editor's cursor highlight, the card
// with the keyboard focus (moved by the arrows between parent, children and siblings for every
// root side, and announced through the `aria-live` region), and revealing a card in the source
// (`{ type: "reveal", id, range }` to the host).
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewFocus.create(deps)` (deps: the store's readers, the shown card
// elements, the view's calls and `drawNow`, which draws the frame at once).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewFocus = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var state = deps.state, announcer = deps.announcer, post = deps.post, cardId = deps.cardId,
      cardLabel = deps.cardLabel, childCount = deps.childCount, indexOfId = deps.indexOfId,
      shownCards = deps.shownCards, markCard = deps.markCard, minimapMarksChanged = deps.minimapMarksChanged,
      bringIntoView = deps.bringIntoView, requestDraw = deps.requestDraw, drawNow = deps.drawNow,
      nameSuffix = deps.nameSuffix, plural = deps.plural, followCursor = deps.followCursor;

    function rangeFor(i) {
      var s = state.store;
      if (!s || i < 0 || i >= s.n || !s.hasRange[i]) return null;
      var r = s.ranges;
      return { start: { line: r[4 * i], character: r[4 * i + 1] }, end: { line: r[4 * i + 2], character: r[4 * i + 3] } };
    }

    function reveal(i) {
      var s = state.store;
      if (!s || i < 0 || i >= s.n) return;
      post({ type: "reveal", id: cardId(s, i), range: rangeFor(i) });
    }

    // The editor's cursor rests on card `id` (null: on no card). A path a click or the focus
    // pinned lets go unless it passes through that card, so the cursor's card is never dimmed.
    function highlight(id, options) {
      state.highlightId = typeof id === "string" ? id : null;
      var s = state.store;
      var index = state.highlightId !== null && s ? indexOfId(s, state.highlightId) : -1;
      followCursor(index);
      shownCards.forEach(function (element, i) { markCard(element, state.store, i); });
      minimapMarksChanged();
      if (index >= 0 && !(options && options.scroll === false)) bringIntoView(index, false);
      requestDraw();
    }

    function describeCard(i) {
      var s = state.store;
      var label = cardLabel(s, i), id = cardId(s, i);
      // With its result as the card's accessible name says it: "Ayşe Yılmaz (p1), 6, winner".
      var parts = [label + (label !== id ? " (" + id + ")" : "") + nameSuffix(s, i)];
      var kids = childCount(s, i);
      parts.push("level " + (s.depth[i] + 1));
      parts.push(kids === 0 ? "no children" : plural(kids, "child").replace("childs", "children"));
      var p = s.parent[i];
      if (p >= 0) {
        var position = 1;
        for (var c = s.children.prev[i]; c >= 0; c = s.children.prev[c]) position++;
        parts.push(position + " of " + childCount(s, p) + " under " + cardLabel(s, p));
      } else {
        parts.push("root");
      }
      return parts.join(", ");
    }

    function announce(text) {
      announcer.textContent = text;
    }

    // Gives card i the keyboard focus: in view, drawn, focused, and announced.
    function focusCard(i) {
      var s = state.store;
      if (!s || i < 0 || i >= s.n) return;
      state.focus = i;
      bringIntoView(i, false);
      drawNow();
      var element = shownCards.get(i);
      if (element) element.focus({ preventScroll: true });
      announce(describeCard(i));
    }

    function focusedIndex(target) {
      var card = target && target.closest ? target.closest("[data-node-id]") : null;
      if (card && typeof card.__index === "number") return card.__index;
      return state.focus;
    }

    // The arrow that points towards the root for each root side.
    var TOWARDS_ROOT = { right: "ArrowRight", left: "ArrowLeft", top: "ArrowUp", bottom: "ArrowDown" };
    var AWAY = { ArrowRight: "ArrowLeft", ArrowLeft: "ArrowRight", ArrowUp: "ArrowDown", ArrowDown: "ArrowUp" };

    function navigate(i, key) {
      var s = state.store;
      var side = s.settings && typeof s.settings.root === "string" ? s.settings.root : "right";
      if (side === "center") return navigateTwoSided(s, i, key);
      var up = TOWARDS_ROOT[side] || "ArrowRight";
      var vertical = side === "right" || side === "left"; // siblings stack vertically
      if (key === up) return s.parent[i];
      if (key === AWAY[up]) return nearestChild(s, i, vertical, null);
      var previous = vertical ? key === "ArrowUp" : key === "ArrowLeft";
      return previous ? s.children.prev[i] : s.children.next[i];
    }

    // A two-sided draw (`@root center`) has no single direction towards the root: the left half
    // grows leftwards and the right half rightwards, so Left and Right follow where each card's
    // parent and children actually are. From the root, each key goes into its own half. Up and
    // Down move between siblings, which stack vertically on both sides.
    function navigateTwoSided(s, i, key) {
      if (key === "ArrowLeft" || key === "ArrowRight") {
        var leftwards = key === "ArrowLeft";
        var p = s.parent[i];
        if (p >= 0 && (s.cx[p] < s.cx[i]) === leftwards) return p;
        return nearestChild(s, i, true, function (c) { return (s.cx[c] < s.cx[i]) === leftwards; });
      }
      return key === "ArrowUp" ? s.children.prev[i] : s.children.next[i];
    }

    // The child of card i nearest it across the sibling axis (the middle one, not the first),
    // among those `accept` takes (all when null); -1 when none. `vertical`: siblings stack
    // vertically.
    function nearestChild(s, i, vertical, accept) {
      var best = -1, bestDistance = Infinity;
      for (var c = s.children.first[i]; c >= 0; c = s.children.next[c]) {
        if (accept && !accept(c)) continue;
        var d = vertical ? Math.abs(s.cy[c] - s.cy[i]) : Math.abs(s.cx[c] - s.cx[i]);
        if (d < bestDistance) { best = c; bestDistance = d; }
      }
      return best;
    }

    return {
      rangeFor: rangeFor,
      reveal: reveal,
      highlight: highlight,
      describeCard: describeCard,
      announce: announce,
      focusCard: focusCard,
      focusedIndex: focusedIndex,
      AWAY: AWAY,
      navigate: navigate,
    };
  }

  return { create: create };
});
