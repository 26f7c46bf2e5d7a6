// Bracket preview page, the levels of detail: occupancy rasters of the whole picture the overview
// is painted from far out (their sizes, their cells marked from the items in idle slices or
// merged from a finer level, the marks of moved items, the level a window is drawn from and its
// painting), the idle tasks that build them after the first frame, and the spatial index's
// rebuild aside once the edits pause. Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewLevels.create(deps)` (deps: the page's state, the frame's marks and
// draw request, the overview's and minimap's hooks, the idle tasks, the spatial index).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewLevels = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var state = deps.state, mark = deps.mark, requestDraw = deps.requestDraw, whenBuilt = deps.whenBuilt,
      overviewChanged = deps.overviewChanged, minimapChanged = deps.minimapChanged,
      afterFirstFrame = deps.afterFirstFrame, buildSlice = deps.buildSlice, buildsPaused = deps.buildsPaused,
      deferredTask = deps.deferredTask, sliceClock = deps.sliceClock, BUILD_SLICE_MS = deps.BUILD_SLICE_MS,
      buildSpatial = deps.buildSpatial, buildGridsFor = deps.buildGridsFor, cellOf = deps.cellOf,
      itemBox = deps.itemBox, storeChanges = deps.storeChanges, BUILD_CHUNK = deps.BUILD_CHUNK,
      QUIET_MS = deps.QUIET_MS;

    var LOD_CELLS = 1 << 22; // the finest level's cells (one byte each)
    var LOD_PIXEL = 0.7; // the least size of a level's cell on screen, in pixels
    var LOD_CELLS_IN_VIEW = 1 << 22; // the most cells a frame reads from a level
    var CARD_BIT = 2, EDGE_BIT = 1;

    // The spatial index a delta's changes are followed in (segments, listed items: preview-spatial.js)
    // is rebuilt once the edits pause (QUIET_MS), so queries stay one lookup a cell.
    var quietTimer = null, rebuildsAside = 0;
    function rebuildWhenQuiet(s) {
      var sp = s.spatial;
      if (sp.cards.segs.length <= 1 && sp.edges.segs.length <= 1 && sp.cards.extra.length + sp.edges.extra.length < 256 && !sp.levelsStale) return;
      if (quietTimer) clearTimeout(quietTimer);
      quietTimer = setTimeout(function () {
        quietTimer = null;
        rebuildAside(s, sp);
      }, QUIET_MS);
    }

    // That rebuild is made aside, in idle slices (BUILD_SLICE_MS: the grid, then the finest
    // level of detail from the items), while the followed index stays in use, and swapped in
    // when done. Built in one idle task it would take 20–40 ms at 131,071 cards (100–250 at a
    // million), and a swap with no level built would leave every overview tile stale, so the
    // next far-out frames would mark one from every item in the frame (in a trace, the slowest
    // frames of the pan and zoom after page_big.py's keystrokes). A store change meanwhile
    // abandons it (the next pause rebuilds again).
    function rebuildAside(s, sp) {
      var at = storeChanges(), next = buildSpatial(s, true), levels = next.levelsWanted ? levelSizes(s) : null;
      if (levels) levels.store = s;
      buildSlice(function step() {
        if (state.store !== s || s.spatial !== sp || storeChanges() !== at) return;
        var deadline = sliceClock() + BUILD_SLICE_MS;
        if (!buildGridsFor(s, next, deadline) || (levels && !levelFromItems(levels, 0, deadline))) { buildSlice(step); return; }
        rebuildsAside++;
        next.levels = levels;
        s.spatial = next;
        minimapChanged();
        overviewChanged(null); // the rebuilt levels drop the traces of moved items
        requestDraw();
      });
    }
    function rebuilds() { return rebuildsAside; }
    function rebuildWaiting() { return quietTimer !== null; }

    // The levels of detail: their sizes at once, each level's cells when a frame first reads it
    // (levelData) or in idle time after the store changed, whichever comes first: an edit at
    // 100 % (a full payload) never waits for them, and a far-out first frame builds only the
    // coarse level it draws from. Levels are handed out with the store they are of (`store`),
    // which a level built later is marked from.
    function levelsOf(s) {
      var sp = s.spatial;
      if (sp.levels === null && sp.levelsWanted) sp.levels = levelSizes(s);
      if (sp.levels) {
        sp.levels.store = s;
        if (!sp.levels.queued) { sp.levels.queued = true; afterFirstFrame(nextLevel.bind(null, sp.levels)); }
      }
      return sp.levels;
    }

    // The levels not built yet, one an idle callback (the finest from the items is the longest),
    // while they are still the store's.
    function nextLevel(levels) {
      var s = state.store;
      if (!s || !s.spatial || s.spatial.levels !== levels) return;
      levelsOf(s);
      for (var L = 0; L < levels.length; L++) {
        if (levels[L].data) continue;
        if (L > 0) { if (!mergeLevel(levels, L, sliceClock() + BUILD_SLICE_MS)) { deferredTask(function () { nextLevel(levels); }); return; } }
        else if (buildsPaused()) { buildSlice(function () { nextLevel(levels); }); return; }
        else levelFromItems(levels, 0, sliceClock() + BUILD_SLICE_MS);
        deferredTask(function () { nextLevel(levels); });
        return;
      }
      mark("levels");
      whenBuilt(); // a minimap waiting for its level (minimapWaits)
    }

    // The levels of detail: level 0 has about LOD_CELLS square cells over the picture, each
    // byte saying whether a card (CARD_BIT) or a connector (EDGE_BIT) covers part of it; each
    // next level merges 2×2 cells, down to one cell.
    // The pyramid's sizes, no cells yet (data null until levelData).
    function levelSizes(s) {
      var w = Math.max(1, s.width), h = Math.max(1, s.height);
      var cell = Math.sqrt(w * h / LOD_CELLS);
      var cols = Math.max(1, Math.ceil(w / cell)), rows = Math.max(1, Math.ceil(h / cell));
      var levels = [{ cell: cell, cols: cols, rows: rows, data: null }];
      while (cols > 1 || rows > 1) {
        cell *= 2; cols = Math.ceil(cols / 2); rows = Math.ceil(rows / 2);
        levels.push({ cell: cell, cols: cols, rows: rows, data: null });
      }
      levels.store = null;
      levels.queued = false;
      return levels;
    }

    // Level L's cells: merged from the nearest finer level built, else marked from the store's
    // items at that level's size. Both give the same bytes: a level's cell is the finest's times
    // 2^L exactly, so an item's cell at level L is its finest cell shifted right by L (floor of
    // x / (cell · 2^L) is floor(floor(x / cell) / 2^L), and the clamp to the last column is too).
    function levelData(levels, L) {
      var level = levels[L];
      if (level.data) return level.data;
      var F = L - 1;
      while (F >= 0 && !levels[F].data) F--;
      // The finest level begun in idle time is finished and merged from, rather than a second
      // pass over the items.
      if (F < 0 && L > 0 && levels.partial) { levelFromItems(levels, 0, Infinity); F = 0; }
      if (F < 0) { levelFromItems(levels, L, Infinity); return level.data; }
      if (levels.merging && levels.merging.L === L) { mergeLevel(levels, L, Infinity); return level.data; }
      var data = new Uint8Array(level.cols * level.rows);
      mergeRows(levels[F], L - F, level, data, 0, levels[F].rows);
      level.data = data;
      return data;
    }

    // Rows [y0, y1) of level `finer` ORed into `data`, the cells of `level`, 2^k times coarser.
    function mergeRows(finer, k, level, data, y0, y1) {
      var fc = finer.cols, from = finer.data, cols = level.cols;
      for (var y = y0; y < y1; y++) {
        var at = y * fc, to = (y >> k) * cols;
        for (var x = 0; x < fc; x++) { var v = from[at + x]; if (v !== 0) data[to + (x >> k)] |= v; }
      }
    }

    // Level L merged from level L - 1 in idle time, until `deadline`; true when it is built. In
    // one idle callback the merge of the finest level read its 4 million cells (10–20 ms at any
    // size of tree), so it goes MERGE_CELLS finer cells between two looks at the clock
    // (`levels.merging`: the rows done, its cells marked by markLevels as a built level's are; a
    // frame that needs the level first finishes it, levelData). merges: the finer cells of each
    // slice (bracketPreview.slices()).
    var MERGE_CELLS = 1 << 16, merges = [];
    function mergeLevel(levels, L, deadline) {
      var level = levels[L], finer = levels[L - 1];
      if (level.data) return true;
      if (!finer.data) { levelData(levels, L); return true; }
      var m = levels.merging;
      if (!m || m.L !== L) {
        m = levels.merging = { L: L, row: 0, target: { cell: level.cell, cols: level.cols, rows: level.rows, data: new Uint8Array(level.cols * level.rows) } };
      }
      var step = Math.max(1, Math.floor(MERGE_CELLS / finer.cols)), from = m.row;
      while (m.row < finer.rows) {
        var end = Math.min(finer.rows, m.row + step);
        mergeRows(finer, 1, level, m.target.data, m.row, end);
        m.row = end;
        if (m.row < finer.rows && sliceClock() > deadline) break;
      }
      if (deadline !== Infinity && merges.length < 1000) merges.push((m.row - from) * finer.cols);
      if (m.row < finer.rows) return false;
      levels.merging = null;
      level.data = m.target.data;
      return true;
    }

    // The levels built whose bytes differ from one pass over the level before (tests: the
    // sliced merges give the same bytes).
    function mergesDiffer(levels) {
      var differ = [];
      for (var L = 1; L < levels.length; L++) {
        if (!levels[L].data || !levels[L - 1].data) continue;
        var once = new Uint8Array(levels[L].cols * levels[L].rows), data = levels[L].data;
        mergeRows(levels[L - 1], 1, levels[L], once, 0, levels[L - 1].rows);
        for (var q = 0; q < once.length; q++) if (once[q] !== data[q]) { differ.push(L); break; }
      }
      return differ;
    }

    // Level L marked from the store's items, until `deadline` (performance.now()); true when it
    // is built. In idle time the finest level is built so, in slices (`levels.partial`: one task
    // of 66 ms at a million cards before, which held back the frame after it); a delta's moved
    // items are marked in the part built as in a built level (markLevels), a splice starts it
    // again (its indices are not the store's any more).
    function levelFromItems(levels, L, deadline) {
      var level = levels[L], part = levels.partial;
      if (!part || part.L !== L) {
        part = levels.partial = { L: L, card: 0, edge: 0,
          target: { cell: level.cell, cols: level.cols, rows: level.rows, data: new Uint8Array(level.cols * level.rows) } };
      }
      var s = levels.store, target = part.target, b = [0, 0, 0, 0];
      var edgeCells = function (x0, y0, x1, y1) { markCells(target, x0, y0, x1, y1, EDGE_BIT); };
      while (part.card < s.n) {
        for (var i = part.card, end = Math.min(s.n, i + BUILD_CHUNK); i < end; i++) { itemBox(s, false, i, b); markCells(target, b[0], b[1], b[2], b[3], CARD_BIT); }
        part.card = end;
        if (sliceClock() > deadline) return false;
      }
      while (part.edge < s.m) {
        for (var e = part.edge, last = Math.min(s.m, e + BUILD_CHUNK); e < last; e++) markEdge(s, e, edgeCells);
        part.edge = last;
        if (sliceClock() > deadline && part.edge < s.m) return false;
      }
      levels.partial = null;
      level.data = target.data;
      mark("level " + L + " from the items");
      whenBuilt();
      return true;
    }


    function markCells(level, x0, y0, x1, y1, bit) {
      if (!(x0 <= x1 && y0 <= y1)) return;
      var cell = level.cell, cols = level.cols, rows = level.rows, data = level.data;
      var c0 = cellOf(x0, cell, cols), c1 = cellOf(x1, cell, cols), r0 = cellOf(y0, cell, rows), r1 = cellOf(y1, cell, rows);
      for (var row = r0; row <= r1; row++) for (var col = c0, at = row * cols + c0; col <= c1; col++, at++) data[at] |= bit;
    }

    // A moved item's new place marked in every level built (and the finest under way).
    function markItem(levels, s, edge, i) {
      if (edge) { markEdge(s, i, function (x0, y0, x1, y1) { markLevels(levels, x0, y0, x1, y1, EDGE_BIT); }); return; }
      var b = [0, 0, 0, 0];
      itemBox(s, false, i, b);
      markLevels(levels, b[0], b[1], b[2], b[3], CARD_BIT);
    }

    function markLevels(levels, x0, y0, x1, y1, bit) {
      // A level not built yet will be marked from the store as it is then.
      for (var L = 0; L < levels.length; L++) if (levels[L].data) markCells(levels[L], x0, y0, x1, y1, bit);
      if (levels.partial) markCells(levels.partial.target, x0, y0, x1, y1, bit);
      if (levels.merging) markCells(levels.merging.target, x0, y0, x1, y1, bit);
    }

    // A connector segment by segment (a bus is a line of cells, not its bounding box): the leg,
    // and for the first and last child the whole bus.
    function markEdge(s, e, segment) {
      var p = s.pts, o = 8 * e, last = o + (s.edgeEnd[e] ? 6 : 2);
      for (var q = o; q < last; q += 2) {
        segment(Math.min(p[q], p[q + 2]), Math.min(p[q + 1], p[q + 3]), Math.max(p[q], p[q + 2]), Math.max(p[q + 1], p[q + 3]));
      }
    }

    // The level paintLevels draws these pixels from.
    function levelFor(levels, width, height, sx, sy, ox, oy) {
      var x0 = -ox / sx, x1 = (width - ox) / sx, y0 = -oy / sy, y1 = (height - oy) / sy, most = Math.max(sx, sy);
      for (var L = 0; L < levels.length; L++) {
        var lv = levels[L];
        var across = Math.min(lv.cols, (x1 - x0) / lv.cell + 2), down = Math.min(lv.rows, (y1 - y0) / lv.cell + 2);
        if (lv.cell * most >= LOD_PIXEL && across * down <= LOD_CELLS_IN_VIEW) return L;
      }
      return levels.length - 1;
    }

    // The finest level coarser than L that is built, or -1.
    function coarserBuilt(levels, L) {
      for (var F = L + 1; F < levels.length; F++) if (levels[F].data) return F;
      return -1;
    }

    // Fills the pixels from the finest level whose cells are at least LOD_PIXEL pixels along the
    // picture's larger scale and that has at most LOD_CELLS_IN_VIEW cells in the window. Level
    // rows that fall on the same pixel rows are merged (OR) into one band and level columns on
    // the same pixel column likewise, so a frame costs the cells plus the pixels: a card's
    // colour wins over a connector's. (sx, sy) scale and (ox, oy) offset map content
    // coordinates to pixels, as in paintPicture; the minimap's two scales differ.
    function paintLevels(levels, pixels, width, height, sx, sy, ox, oy, c, from) {
      var x0 = -ox / sx, x1 = (width - ox) / sx, y0 = -oy / sy, y1 = (height - oy) / sy;
      var chosen = from === undefined ? levelFor(levels, width, height, sx, sy, ox, oy) : from;
      var level = levels[chosen], cell = level.cell, cols = level.cols, data = levelData(levels, chosen);
      // A window beside the picture meets no cell (cellOf would clamp it onto the edge's cells).
      if (x1 < 0 || y1 < 0 || x0 >= cols * cell || y0 >= level.rows * cell) return;
      var c0 = cellOf(x0, cell, cols), c1 = cellOf(x1, cell, cols), r0 = cellOf(y0, cell, level.rows), r1 = cellOf(y1, cell, level.rows);
      var left = new Int32Array(c1 - c0 + 2);
      for (var k = c0; k <= c1 + 1; k++) left[k - c0] = Math.max(0, Math.min(width, Math.floor(k * cell * sx + ox)));
      var band = new Uint8Array(width), bandTop = -1, bandBottom = -1, any = false;
      function flush() {
        if (!any) return;
        for (var x = 0; x < width;) {
          var v = band[x];
          if (v === 0) { x++; continue; }
          var run = x + 1;
          while (run < width && band[run] === v) run++;
          var colour = v & CARD_BIT ? c.border : c.edge;
          for (var y = bandTop; y < bandBottom; y++) pixels.fill(colour, y * width + x, y * width + run);
          x = run;
        }
        band.fill(0);
        any = false;
      }
      for (var row = r0; row <= r1; row++) {
        var top = Math.max(0, Math.floor(row * cell * sy + oy));
        if (top >= height) break;
        var bottom = Math.min(height, Math.max(top + 1, Math.floor((row + 1) * cell * sy + oy)));
        if (top >= bandBottom) { flush(); bandTop = top; bandBottom = bottom; }
        else if (bottom > bandBottom) bandBottom = bottom;
        for (var col = c0, at = row * cols + c0; col <= c1; col++, at++) {
          var v = data[at];
          if (v === 0) continue;
          var a = left[col - c0], z = Math.min(width, Math.max(a + 1, left[col - c0 + 1]));
          for (var x = a; x < z; x++) band[x] |= v;
          any = true;
        }
      }
      flush();
    }

    return {
      MERGE_CELLS: MERGE_CELLS, coarserBuilt: coarserBuilt, levelFor: levelFor, levelsOf: levelsOf, markItem: markItem,
      merges: merges, mergesDiffer: mergesDiffer,
      paintLevels: paintLevels, rebuildWaiting: rebuildWaiting, rebuildWhenQuiet: rebuildWhenQuiet,
      rebuilds: rebuilds,
    };
  }

  return { create: create };
});
