// Bracket preview page, search: by ID or label, any case, incremental; exact IDs first, then
// every card whose ID or label contains the text, in tree order; Enter / the buttons step
// through the matches, "3 of 11" beside the box. A scan is indexOf over the store's joined,
// lower-cased text chunks, so a million cards cost two native string scans plus the matches.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewSearch.create(deps)` (deps: the store's text readers, the view's and
// the focus's calls); `refreshLater` is how an update brings the matches up to date.
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewSearch = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var state = deps.state, searchBox = deps.searchBox, searchCount = deps.searchCount,
      viewport = deps.viewport, forEachTextChunk = deps.forEachTextChunk, textAt = deps.textAt,
      shownCards = deps.shownCards, markCard = deps.markCard, bringIntoView = deps.bringIntoView,
      requestDraw = deps.requestDraw, minimapMarksChanged = deps.minimapMarksChanged,
      announce = deps.announce, describeCard = deps.describeCard, focusCard = deps.focusCard;

    var matches = [];
    var matchPosition = -1;

    // Every card whose ID or label contains `query` (lower case): exact IDs first, then the rest
    // in tree order. indexOf over the two joined, lower-cased columns, so a million cards cost
    // two native string scans plus the matches, not a million string objects.
    function findCards(s, query) {
      var hit = new Uint8Array(s.n), exact = [];
      scanColumn(s.idText, query, function (i, whole) {
        if (whole && hit[i] !== 2) { hit[i] = 2; exact.push(i); } else if (hit[i] === 0) hit[i] = 1;
      });
      scanColumn(s.labelText, query, function (i) { if (hit[i] === 0) hit[i] = 1; });
      exact.sort(function (a, b) { return a - b; });
      for (var i = 0; i < s.n; i++) if (hit[i] === 1) exact.push(i);
      return exact;
    }

    // Calls found(card, whole) for each card of the column containing `query` (whole: the
    // card's text is exactly the query).
    function scanColumn(col, query, found) {
      var q = query.length, edits = col.edits;
      forEachTextChunk(col, true, function (chunk, first, count, lower) {
        var ends = chunk.ends, base = chunk.base, i;
        if (lower === false) {
          for (var j = 0; j < count; j++) {
            i = first + j;
            if (edits !== null && edits.has(i)) continue;
            var text = textAt(col, i).toLowerCase();
            if (text.indexOf(query) >= 0) found(i, text === query);
          }
          return;
        }
        var from = 0, card = 0;
        for (;;) {
          var at = lower.indexOf(query, from);
          if (at < 0) break;
          // The card holding position `at`: the first whose end is past it (binary search on).
          var lo = card, hi = count - 1;
          while (lo < hi) { var mid = (lo + hi) >> 1; if (ends[mid] - base > at) hi = mid; else lo = mid + 1; }
          card = lo;
          var start = card > 0 ? ends[card - 1] - base : 0, end = ends[card] - base;
          if (at + q <= end) {
            i = first + card;
            if (edits === null || !edits.has(i)) found(i, at === start && end - start === q);
            from = end;
          } else {
            from = at + 1; // across two cards' texts: not a match
          }
        }
      });
      if (edits !== null) {
        edits.forEach(function (value, index) {
          var text = value.toLowerCase();
          if (text.indexOf(query) >= 0) found(index, text === query);
        });
      }
    }

    function runSearch(move) {
      var s = state.store;
      var query = searchBox.value.trim().toLowerCase();
      matches = [];
      if (!s || query === "") {
        matchPosition = -1;
        state.match = -1;
        searchCount.textContent = "";
        requestDraw();
        return;
      }
      matches = findCards(s, query);
      if (matches.length === 0) {
        matchPosition = -1;
        state.match = -1;
        searchCount.textContent = "No match";
        requestDraw();
        return;
      }
      var current = state.match >= 0 ? matches.indexOf(state.match) : -1;
      matchPosition = current >= 0 && !move ? current : 0;
      showMatch(move);
    }

    function showMatch(centre) {
      var i = matches[matchPosition];
      state.match = i;
      searchCount.textContent = (matchPosition + 1) + " of " + matches.length;
      if (centre) bringIntoView(i, true, true);
      shownCards.forEach(function (element, index) { markCard(element, state.store, index); });
      minimapMarksChanged();
      announce(searchCount.textContent + ": " + describeCard(i));
      requestDraw();
    }

    function stepMatch(step) {
      if (searchTimer) { clearTimeout(searchTimer); searchTimer = null; runSearch(false); }
      if (matches.length === 0) { runSearch(true); return; }
      matchPosition = (matchPosition + step + matches.length) % matches.length;
      showMatch(true);
    }

    var searchTimer = null;
    searchBox.addEventListener("input", function () {
      if (searchTimer) clearTimeout(searchTimer);
      // Incremental, but a burst of typing in a 100,000-card tree scans once.
      searchTimer = setTimeout(function () { searchTimer = null; runSearch(true); }, state.store && state.store.n > 20000 ? 80 : 0);
    });
    searchBox.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        event.preventDefault();
        if (searchTimer) { clearTimeout(searchTimer); searchTimer = null; runSearch(true); if (event.shiftKey) stepMatch(-1); return; }
        stepMatch(event.shiftKey ? -1 : 1);
      } else if (event.key === "Escape") {
        event.preventDefault();
        if (state.match >= 0) focusCard(state.match); else viewport.focus();
      }
    });
    document.getElementById("search-next").addEventListener("click", function () { stepMatch(1); });
    document.getElementById("search-previous").addEventListener("click", function () { stepMatch(-1); });

    // After an update: the match list is brought up to date a moment later, never inside a
    // keystroke's frame (a million labels take a while to scan).
    function refreshLater() {
      if (searchTimer) clearTimeout(searchTimer);
      searchTimer = setTimeout(function () { searchTimer = null; runSearch(false); }, 300);
    }

    return {
      runSearch: runSearch,
      refreshLater: refreshLater,
    };
  }

  return { create: create };
});
