// Bracket preview page, the store's text columns: every ID and every label of a store as
// joined strings with end offsets in chunks of about TEXT_CHUNK cards (not one JS string per
// card), their readers (textAt, textEquals, forEachTextChunk, and a card's ID and label), the
// rewrites in place kept beside them, and their splice, which rewrites only the chunks it
// touches.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewText.create(deps)` (deps: the columns' byNumber).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewText = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var byNumber = deps.byNumber;

    // Text columns: every ID (and every label) of a store as joined strings with end offsets
    // instead of one JS string per card. At a million cards that is about 18 MB of text and 8 MB
    // of offsets instead of some 60 MB of string objects, and search is indexOf over the strings.
    // The column is in chunks of about TEXT_CHUNK cards, each its own joined text and offsets
    // (`ends`, less `base`, are offsets into its `text`), so that a splice rewrites the chunks it
    // touches and keeps the others as they are, not a copy of both whole columns and their
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

    return {
      cardId: cardId, cardLabel: cardLabel, chunkOf: chunkOf, chunksOfJoined: chunksOfJoined,
      forEachTextChunk: forEachTextChunk, idEquals: idEquals, setText: setText, spliceText: spliceText,
      textAt: textAt, textColumn: textColumn, textEquals: textEquals,
    };
  }

  return { create: create };
});
