// Bracket preview page, the tree's links (docs/performance.md, "The preview page at scale"):
// each card's parent, its first child and its siblings, which connectors end a bus, and which
// connector draws a card, kept in the store's typed arrays (`parent`, `children.first`,
// `children.next`, `children.prev`, `edgeEnd`). A new store links them from the depths (one
// pass, pre-order: a card's parent is the nearest earlier card one level up). A delta that
// removes whole subtrees and inserts cards keeps them instead (`splice`): the arrays are moved
// with the store's other columns and their card numbers renumbered through the splice's map
// (one tight pass an array, `renumberPast` of preview-columns.js, warmed in idle time), the
// removed subtrees unlinked from their parents and each added card linked under the parent
// its depth gives (found by climbing from the card before it: the tree's depth, not its
// size); only the connectors beside those cards are looked at again.
// No array is allocated unless the store outgrew its columns. Whatever `splice` cannot keep
// exactly (a removed card whose children stay, depths that do not nest, a store whose depths
// were malformed) it refuses before writing anything, and the caller links the store afresh:
// the links always equal a fresh load's.
//
// A card's connector is found by binary search over `edgeChild` while the connectors are in
// card order (as the server writes them: `edgesSorted`, checked when linked and kept by a
// splice at its seams), else through a per-card column built on first use.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewLinks.create({ renumberPast, spliceTyped })`.
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewLinks = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  // `spliceTyped(array, pieces, count, width)`: the store's typed-column splice (preview.js).
  function create(deps) {
    var renumberPast = deps.renumberPast, spliceTyped = deps.spliceTyped;
    // How often stores were linked afresh and kept through a splice (tests read it: a splice
    // that always fell back would pass the differential checks and cost what it did before).
    var counts = { linked: 0, spliced: 0 };

    // An Int32Array of at least n rows: the old one when it has room.
    function room(array, n) { return array && array.length >= n ? array : new Int32Array(n + (n >> 5) + 16); }

    // Links a store from its depths (a new store, or a delta that changed depths).
    function link(s) {
      counts.linked++;
      var count = s.n, depth = s.depth, deepest = 0;
      var parent = s.parent = room(s.parent, count);
      for (var k = 0; k < count; k++) if (depth[k] > deepest) deepest = depth[k];
      // The open ancestors by depth, in a typed array (a JS array resized per card cost 14× more).
      var stack = new Int32Array(Math.min(deepest, count) + 1), top = 0, wellFormed = true;
      for (var i = 0; i < count; i++) {
        var d = depth[i];
        if (d > top) { d = top; wellFormed = false; } // a malformed depth: attach where it can go
        parent[i] = d > 0 ? stack[d - 1] : -1;
        stack[d] = i;
        top = d + 1;
      }
      var old = s.children;
      var first = room(old && old.first, count), next = room(old && old.next, count), prev = room(old && old.prev, count);
      first.fill(-1, 0, count); next.fill(-1, 0, count); prev.fill(-1, 0, count);
      // The last child seen of each parent, in `prev`'s slot of the first child (read back
      // before that slot is written for real: a first child has no previous sibling).
      for (var c = 0; c < count; c++) {
        var p = parent[c];
        if (p < 0) continue;
        var f = first[p];
        if (f < 0) { first[p] = c; prev[c] = c; continue; }
        var last = prev[f];
        next[last] = c;
        prev[c] = last;
        prev[f] = c;
      }
      for (var r = 0; r < count; r++) { var f2 = first[r]; if (f2 >= 0) prev[f2] = -1; }
      s.children = { first: first, next: next, prev: prev };
      s.linksWellFormed = wellFormed;
      s.edgeEnd = s.edgeEnd && s.edgeEnd.length >= s.m ? s.edgeEnd : new Uint8Array(s.m);
      for (var e = 0; e < s.m; e++) s.edgeEnd[e] = endsBus(s, s.edgeChild[e]);
      s.edgesSorted = sortedEdges(s, 0, s.m);
      s.edgeByChild = null;
    }

    // The first and last child's connectors draw the whole bus to the parent; the others only
    // need their own leg to be in view to matter.
    function endsBus(s, ch) {
      var par = ch >= 0 ? s.parent[ch] : -1;
      return ch < 0 || par < 0 || s.children.first[par] === ch || s.children.next[ch] < 0 ? 1 : 0;
    }

    // Whether connectors [a, b) have children in strictly increasing card order, continuing
    // the connector before a.
    function sortedEdges(s, a, b) {
      var child = s.edgeChild, last = a > 0 ? child[a - 1] : -1;
      for (var e = a; e < b; e++) {
        var c = child[e];
        if (!(c > last)) return false;
        last = c;
      }
      return true;
    }

    // After spliceStore moved the store's other columns (`s` the new store, its depths and
    // connectors written, keepSorted called; `old` the store before, whose links are read and
    // then reused):
    // the links kept, or false (nothing written) when the splice does not keep them exactly.
    function splice(s, old, plan, edgePlan) {
      if (!old.linksWellFormed || !old.children) return false;
      var map = plan.oldToNew, pieces = plan.pieces, n = s.n, depth = s.depth;
      var oParent = old.parent, oFirst = old.children.first, oNext = old.children.next, oPrev = old.children.prev;
      // Removed cards are whole subtrees: a removed card's children are removed too.
      var removed = plan.removedList, roots = [];
      for (var r = 0; r < removed.length; r++) {
        var gone = removed[r];
        for (var c = oFirst[gone]; c >= 0; c = oNext[c]) if (map[c] >= 0) return false;
        if (oParent[gone] >= 0 && map[oParent[gone]] >= 0) roots.push(gone);
      }
      // Added cards nest: each at most one level below the card before it, and the kept card
      // after them no deeper than the shallowest of them (so no kept card changes parent).
      for (var k = 0; k < pieces.length; k++) {
        var piece = pieces[k];
        if (!piece.add) continue;
        var at = piece.at, end = at + piece.add.length, least = Infinity;
        if (k + 1 < pieces.length && pieces[k + 1].add) return false;
        for (var i = at; i < end; i++) {
          var d = depth[i];
          if (!(d >= 0) || d > (i > 0 ? depth[i - 1] + 1 : 0)) return false;
          if (d < least) least = d;
        }
        if (end < n && depth[end] > least) return false;
      }
      // Everything fits: written from here on. The removed subtrees leave their parents' lists
      // (their siblings then are looked at again).
      roots.forEach(function (g) {
        var before = oPrev[g], after = oNext[g];
        if (before >= 0) oNext[before] = after; else oFirst[oParent[g]] = after;
        if (after >= 0) oPrev[after] = before;
      });
      var touched = [];
      roots.forEach(function (g) {
        if (oPrev[g] >= 0 && map[oPrev[g]] >= 0) touched.push(map[oPrev[g]]);
        if (oNext[g] >= 0 && map[oNext[g]] >= 0) touched.push(map[oNext[g]]);
      });
      // Moved with the other columns, every card number renumbered: but for the cards before
      // the first change (`same`: their numbers are their own), whose parents and previous
      // siblings are before them and keep their numbers, so only a first child or a next
      // sibling past the change is looked up.
      var parent = s.parent = spliceTyped(oParent, pieces, n, 1);
      var first = spliceTyped(oFirst, pieces, n, 1), next = spliceTyped(oNext, pieces, n, 1), prev = spliceTyped(oPrev, pieces, n, 1);
      s.children = { first: first, next: next, prev: prev };
      var same = unmovedPrefix(pieces);
      for (var q = 0; q < pieces.length; q++) {
        var p = pieces[q], j = p.at, stop = p.at + p.to - p.from;
        if (p.add) continue;
        if (!(p.from === 0 && p.at === 0)) {
          renumberPast(parent, j, stop, map, same);
          renumberPast(prev, j, stop, map, same);
        }
        renumberPast(first, j, stop, map, same);
        renumberPast(next, j, stop, map, same);
      }
      // Each added card under the parent its depth gives, after its previous sibling.
      for (var a = 0; a < pieces.length; a++) {
        var add = pieces[a];
        if (!add.add) continue;
        for (var x = add.at, last = add.at + add.add.length; x < last; x++) {
          var dx = depth[x], up = x - 1, sibling = -1;
          while (up >= 0 && depth[up] >= dx) { if (depth[up] === dx) sibling = up; up = parent[up]; }
          parent[x] = up; first[x] = -1;
          if (up < 0) { next[x] = prev[x] = -1; continue; }
          var following = sibling >= 0 ? next[sibling] : first[up];
          next[x] = following; prev[x] = sibling;
          if (sibling >= 0) next[sibling] = x; else first[up] = x;
          if (following >= 0) prev[following] = x;
          touched.push(x);
          if (sibling >= 0) touched.push(sibling);
          if (following >= 0) touched.push(following);
        }
      }
      s.linksWellFormed = true;
      counts.spliced++;
      // The connectors: moved with their cards (spliceStore); whether each ends a bus changes
      // only beside the cards removed or added, and for the connectors added.
      s.edgeEnd = spliceTyped(old.edgeEnd, edgePlan.pieces, s.m, 1);
      for (var t = 0; t < edgePlan.pieces.length; t++) {
        var added = edgePlan.pieces[t];
        if (added.add) for (var y = added.at; y < added.at + added.add.length; y++) s.edgeEnd[y] = endsBus(s, s.edgeChild[y]);
      }
      touched.forEach(function (card) {
        var e = edgeOfCard(s, card);
        if (e >= 0) s.edgeEnd[e] = endsBus(s, card);
      });
      return true;
    }

    // How many of the first indices a splice leaves where they were (0, or its first piece when
    // that keeps indices 0 … to - 1 in place): their map entries are themselves.
    function unmovedPrefix(pieces) {
      var p = pieces[0];
      return p && !p.add && p.from === 0 && p.at === 0 ? p.to : 0;
    }

    // Whether a spliced store's connectors are still in card order (`s.edgeChild` spliced and
    // renumbered): a kept range stays in order (the card map keeps order, and a kept connector
    // keeps its card), so only its seam with the range before is checked, and an added range
    // throughout. O(pieces + connectors added).
    function keepSorted(s, old, edgePlan) {
      var sorted = !!old.edgesSorted, pieces = edgePlan.pieces;
      for (var k = 0; k < pieces.length && sorted; k++) {
        var p = pieces[k], from = p.at, to = p.add ? p.at + p.add.length : p.at + p.to - p.from;
        sorted = p.add ? sortedEdges(s, from, Math.min(to + 1, s.m)) : from >= to || sortedEdges(s, from, Math.min(from + 1, s.m));
      }
      s.edgesSorted = sorted;
      s.edgeByChild = null;
    }

    // The connector whose child is card i (the first, if several), or -1.
    function edgeOfCard(s, i) {
      if (!(i >= 0 && i < s.n)) return -1;
      if (s.edgesSorted) {
        var e = lowerBound(s, i);
        return e < s.m && s.edgeChild[e] === i ? e : -1;
      }
      if (!s.edgeByChild) {
        s.edgeByChild = new Int32Array(s.n).fill(-1);
        for (var f = s.m - 1; f >= 0; f--) if (s.edgeChild[f] >= 0) s.edgeByChild[s.edgeChild[f]] = f;
      }
      return s.edgeByChild[i];
    }

    // The first connector whose child is at least card i (s.m when none), in a sorted store.
    function lowerBound(s, i) {
      var child = s.edgeChild, lo = 0, hi = s.m;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (child[mid] < i) lo = mid + 1; else hi = mid; }
      return lo;
    }

    // The connectors of cards [a, b) as one range [e0, e1) of connector indices, each card's
    // connector in card order (a run moves them in one pass), or null when they are not.
    function edgesOfRange(s, a, b) {
      if (s.edgesSorted) { var e0 = lowerBound(s, a); return [e0, lowerBound(s, b)]; }
      var firstEdge = -1, lastEdge = -1;
      for (var c = a; c < b; c++) {
        var e = edgeOfCard(s, c);
        if (e < 0) continue;
        if (firstEdge >= 0 && e !== lastEdge + 1) return null;
        if (firstEdge < 0) firstEdge = e;
        lastEdge = e;
      }
      return firstEdge >= 0 ? [firstEdge, lastEdge + 1] : [0, 0];
    }

    return { counts: function () { return { linked: counts.linked, spliced: counts.spliced }; }, link: link, splice: splice, keepSorted: keepSorted, unmovedPrefix: unmovedPrefix, edgeOfCard: edgeOfCard, edgesOfRange: edgesOfRange };
  }

  return { create: create };
});
