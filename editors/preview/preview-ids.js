// Bracket preview page, the store's ID index: open addressing over the joined IDs (one
// Int32Array, no string keys), built in idle slices, which also tells whether an ID repeats;
// a delta's splice or renames are carried through maps and entries instead of a rebuild until
// the edits pause.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewIds.create(deps)` (deps: the page's state, the text columns' readers,
// the spatial index's idle slices: their clock, budget, quiet time and record).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewIds = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var BUILD_SLICE_MS = deps.BUILD_SLICE_MS, QUIET_MS = deps.QUIET_MS, cardId = deps.cardId,
      chunkOf = deps.chunkOf, idEquals = deps.idEquals, idSlices = deps.idSlices,
      sliceClock = deps.sliceClock, state = deps.state, textEquals = deps.textEquals,
      whenIdle = deps.whenIdle;

    // The ID index: open addressing over the joined IDs (one Int32Array, no string keys), built
    // on first use, which also tells whether any ID repeats.
    function hashText(text, a, b) {
      var h = 0x811c9dc5 | 0;
      for (var k = a; k < b; k++) h = Math.imul(h ^ text.charCodeAt(k), 16777619);
      return h;
    }

    // A delta does not rewrite the index: its slots keep the card numbers they were built with,
    // and it keeps the splices since (`maps`: each splice's kept pieces, sorted) to carry a slot's
    // number to today's card, and the cards added or renamed since by ID (`added`). A slot whose
    // card was removed, or renamed, no longer matches and is passed over like a tombstone. So a
    // splice costs the cards it adds, not a pass over the slots; once the edits pause, the index
    // is built again (at once, on first use, past MAX_ID_MAPS splices).
    // A new store's index is built in idle time, for about BUILD_SLICE_MS an idle callback
    // (ID_BUILD_CHUNK cards between two reads of the clock), so the first keystroke after the
    // picture arrives does not wait for it (built at once, it would be the label edit's long
    // task: 75 ms at 131,071 cards); a build not finished when it is needed is finished then.
    // (A fixed 16,384 cards a callback takes 30–56 ms on a loaded machine: the longest idle task
    // of a million-card pan.)
    var MAX_ID_MAPS = 128, ID_MAPS_BEFORE_REBUILD = 4, ID_BUILD_CHUNK = 2048;
    function idTable(s) {
      if (!s.idTable) buildIds(s, Infinity);
      return s.idTable;
    }

    // Goes on with the store's index being built (`s.idBuild`) for up to `budget` cards; when it
    // is done, it becomes the store's index (replacing one that maps through splices).
    function buildIds(s, budget) {
      var col = s.idText, b = s.idBuild;
      if (!b) {
        var size = 16;
        while (size < 1.5 * s.n) size *= 2;
        b = s.idBuild = { slots: new Int32Array(size).fill(-1), mask: size - 1, duplicates: false, next: 0 };
      }
      var slots = b.slots, mask = b.mask, end = Math.min(s.n, b.next + budget);
      for (var i = b.next; i < end;) {
        // The cards of one chunk with its text and offsets at hand.
        var c = chunkOf(col, i), chunk = col.chunks[c], text = chunk.text, ends = chunk.ends, base = chunk.base;
        for (var j0 = i - col.starts[c], stop = Math.min(end, col.starts[c + 1]); i < stop; i++, j0++) {
          var a = j0 > 0 ? ends[j0 - 1] - base : 0, z = ends[j0] - base;
          for (var h = hashText(text, a, z) & mask; ; h = (h + 1) & mask) {
            var j = slots[h];
            if (j < 0) { slots[h] = i; break; }
            if (textEquals(col, j, text.slice(a, z))) { b.duplicates = true; break; }
          }
          col.last = c;
        }
      }
      b.next = end;
      if (end < s.n) return;
      s.idBuild = null;
      s.idTable = { slots: slots, mask: mask, duplicates: b.duplicates, maps: [], added: new Map() };
    }

    // Builds the current store's index in idle time, slice by slice, when it has none or one
    // that maps through splices.
    function buildIdsWhenIdle() {
      whenIdle(function step() {
        var s = state.store;
        if (!s || !s.idText || (s.idTable && s.idTable.maps.length === 0 && s.idTable.added.size === 0)) return;
        var deadline = sliceClock() + BUILD_SLICE_MS, done = s.idBuild ? s.idBuild.next : 0;
        do buildIds(s, ID_BUILD_CHUNK); while (s.idBuild && sliceClock() < deadline);
        if (idSlices.length < 1000) idSlices.push((s.idBuild ? s.idBuild.next : s.n) - done);
        if (s.idBuild) whenIdle(step);
      });
    }

    // A slot's card number carried through the splices since the index was built (-1: removed).
    function throughMaps(t, j) {
      for (var k = 0; k < t.maps.length && j >= 0; k++) {
        var kept = t.maps[k], lo = 0, hi = kept.length;
        while (lo < hi) { var mid = (lo + hi) >> 1; if (kept[mid].to <= j) lo = mid + 1; else hi = mid; }
        j = lo < kept.length && kept[lo].from <= j ? kept[lo].at + j - kept[lo].from : -1;
      }
      return j;
    }

    // The first card with this ID, or -1.
    function indexOfId(s, id) {
      if (!s || typeof id !== "string" || s.n === 0) return -1;
      var t = idTable(s), slots = t.slots, mapped = t.maps.length > 0;
      if (t.added.size > 0) {
        var added = t.added.get(id);
        if (added !== undefined && added < s.n && idEquals(s, added, id)) return added;
      }
      for (var h = hashText(id, 0, id.length) & t.mask; ; h = (h + 1) & t.mask) {
        var j = slots[h];
        if (j === -1) return -1;
        if (mapped) j = throughMaps(t, j);
        if (j >= 0 && j < s.n && idEquals(s, j, id)) return j;
      }
    }

    function hasDuplicates(s) { return idTable(s).duplicates; }

    // The ID index after a splice (`plan`, or null for renames in place) and renames, sharing
    // the slots: the splice's kept pieces added to its maps, the cards added or renamed since
    // carried to their new indices; the renamed (`renamedAt`: index → new ID, new indices) and
    // added cards are then entered (enterId). Null (rebuilt on first use) past MAX_ID_MAPS.
    function spliceIdTable(t, s, plan, renamedAt) {
      s.idBuild = null; // a build under way read the IDs before
      if (!t || t.maps.length >= MAX_ID_MAPS) { s.idTable = null; return null; }
      var maps = t.maps, added = new Map();
      if (plan) {
        maps = maps.concat([plan.pieces.filter(function (p) { return !p.add && p.to > p.from; })]);
        t.added.forEach(function (i, id) { var to = plan.oldToNew[i]; if (to >= 0) added.set(id, to); });
      } else {
        t.added.forEach(function (i, id) { added.set(id, i); });
      }
      var table = { slots: t.slots, mask: t.mask, duplicates: t.duplicates, maps: maps, added: added };
      s.idTable = table;
      renamedAt.forEach(function (to, i) { enterId(s, table, plan ? plan.oldToNew[i] : i); });
      if (maps.length >= ID_MAPS_BEFORE_REBUILD || added.size > 4096) rebuildIdsWhenQuiet();
      return table;
    }

    // Enters card i (its ID as the store has it now) in the ID index; another card with that ID
    // marks the index as holding duplicates.
    function enterId(s, table, i) {
      if (!table) return;
      var id = cardId(s, i), other = indexOfId(s, id);
      if (other >= 0 && other !== i) table.duplicates = true;
      table.added.set(id, i);
    }

    var idsTimer = null;
    function rebuildIdsWhenQuiet() {
      if (idsTimer) clearTimeout(idsTimer);
      idsTimer = setTimeout(function () { idsTimer = null; buildIdsWhenIdle(); }, QUIET_MS);
    }

    return {
      ID_BUILD_CHUNK: ID_BUILD_CHUNK, buildIdsWhenIdle: buildIdsWhenIdle, enterId: enterId,
      hasDuplicates: hasDuplicates, indexOfId: indexOfId, spliceIdTable: spliceIdTable,
    };
  }

  return { create: create };
});
