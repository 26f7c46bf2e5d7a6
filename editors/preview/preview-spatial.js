// Bracket preview page, the spatial index: what a frame draws found through a uniform grid
// over the picture (not a scan of the store), and how it follows a store change at the cost of
// what changed (segments, listed items). The levels of detail, the rebuild aside and the
// idle-time tasks are files of their own (preview-levels.js, preview-idle.js).
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewSpatial.create(deps)` (deps: the page's state, the store's spliceTyped,
// the frame's marks, draw request and work, the overview's hook, the idle tasks, and the levels
// of detail, made after this module, through a function). What changes here and is read by the
// page (grid slices) is reached through functions.
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewSpatial = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var state = deps.state, spliceTyped = deps.spliceTyped, mark = deps.mark, requestDraw = deps.requestDraw,
      whenBuilt = deps.whenBuilt, overviewFollow = deps.overviewFollow, currentWork = deps.currentWork,
      afterFirstFrame = deps.afterFirstFrame, buildSlice = deps.buildSlice, sliceClock = deps.sliceClock,
      BUILD_SLICE_MS = deps.BUILD_SLICE_MS, lod = deps.levels;

    // What a frame draws is found through a uniform grid over the picture, not by scanning the
    // store: cards and connectors each in a table of cells (compressed rows: the items of a cell
    // are contiguous, and so are those of a run of cells in one row), every item in the cell of
    // its top-left corner; a query widens by the largest item's span. An item wider or taller
    // than BIG_SPAN cells (a long bus near the root) is in a short list that every query checks.
    // About two items a cell. Far out, where a frame would meet more than LOD_ITEMS_IN_VIEW items,
    // the overview is drawn from precomputed levels of detail instead: occupancy rasters of the
    // whole picture, each half the resolution of the one before (a pyramid, as map viewers
    // tile), so a frame costs the pixels it fills, not the cards behind them.
    var BIG_SPAN = 8;
    var LOD_MIN_ITEMS = 50000; // smaller stores are drawn item by item at every zoom
    var LOD_ITEMS_IN_VIEW = 20000;

    // The one hook for store changes: every new store (finishStore) and every delta (patchStore)
    // ends here, with what it did — `change` null for a new store, else { map, edgeMap (the
    // splices' plans, or null), runs: [{ first, end, dx, dy, edges: [a, b) or null }], cards,
    // edges (indices of items added or moved otherwise), moved, previous (the store before) } —
    // and what is derived from positions follows it at the cost of what changed:
    // - a delta that moves nothing (a label typed) keeps the index as it is;
    // - a splice or a run does not rebuild the grid (19 ms at 131,071 cards; docs/performance.md,
    //   "The preview page", "The spatial index"):
    //   the grid keeps the indices and places it was built with, and a short list of segments
    //   maps today's items onto it (today's card i in [a, b) is the grid's i - shift, displaced by
    //   (dx, dy)); a query looks each segment up with its rectangle moved back by that
    //   displacement. A splice cuts the segments, a run splits one at its ends and adds its
    //   offset: O(segments), not O(cards);
    // - items added, or moved otherwise, leave their cells for a short list every query checks
    //   (`extra`), and their new places are marked in every level of detail (where they were
    //   stays marked until the next rebuild: a faint trace far out, never a missing card);
    // - a run moves the levels of detail's picture by up to LOD_SLACK finest cells before they
    //   are dropped (and rebuilt, 66 ms, when a frame first needs them).
    // Past MAX_SEGMENTS segments or SPATIAL_PATCH_LIMIT listed items the grid is rebuilt at once,
    // and once the edits pause (QUIET_MS) in idle time, so queries stay one lookup a cell.
    var SPATIAL_PATCH_LIMIT = 8192, MAX_SEGMENTS = 48, QUIET_MS = 1500, LOD_SLACK = 16;
    function storeChanged(s, change) {
      storeChanges++;
      s.highlighted = null;
      overviewFollow(s, change);
      if (change && change.previous !== s) s.spatial = change.previous.spatial;
      var sp = s.spatial;
      if (change && sp && !change.moved && !change.map) return;
      if (change && sp && followChange(s, sp, change)) { lod().rebuildWhenQuiet(s); return; }
      s.spatial = buildSpatial(s, !change);
    }

    function followChange(s, sp, change) {
      var cards = sp.cards, edges = sp.edges;
      if (change.map) {
        spliceGrid(cards, change.map, s.n);
        spliceGrid(edges, change.edgeMap, s.m);
        if (sp.levels) sp.levels.partial = null; // (levelFromItems) begun on the old indices
      }
      for (var k = 0; k < change.runs.length; k++) {
        var run = change.runs[k];
        if (!run.edges) return false; // connectors not in card order: rebuilt
        displace(cards, run.first, run.end, run.dx, run.dy);
        displace(edges, run.edges[0], run.edges[1], run.dx, run.dy);
        var levels = sp.levels;
        if (levels && Math.max(Math.abs(run.dx), Math.abs(run.dy)) > LOD_SLACK * levels[0].cell) { sp.levels = null; sp.levelsStale = true; }
      }
      if (cards.segs.length > MAX_SEGMENTS || edges.segs.length > MAX_SEGMENTS) return false;
      if (cards.extra.length + edges.extra.length + change.cards.length + change.edges.length > SPATIAL_PATCH_LIMIT) return false;
      moveItems(s, cards, change.cards);
      moveItems(s, edges, change.edges);
      return true;
    }

    // A splice of the grid's items: segments cut to the kept pieces, the moved marks and the
    // listed items carried to their new indices.
    function spliceGrid(grid, plan, count) {
      var pieces = plan.pieces, next = [], from = 0;
      for (var g = 0; g < grid.segs.length; g++) {
        var seg = grid.segs[g];
        while (from < pieces.length && (pieces[from].add || pieces[from].to <= seg.a)) from++;
        for (var k = from; k < pieces.length; k++) {
          var p = pieces[k];
          if (p.add) continue;
          if (p.from >= seg.b) break;
          var a = Math.max(seg.a, p.from), b = Math.min(seg.b, p.to), by = p.at - p.from;
          if (a < b) addSegment(next, a + by, b + by, seg.shift + by, seg.dx, seg.dy);
        }
      }
      grid.segs = next;
      if (grid.moved !== null) grid.moved = spliceTyped(grid.moved, pieces, count, 1);
      var extra = [];
      for (var x = 0; x < grid.extra.length; x++) { var to = plan.oldToNew[grid.extra[x]]; if (to >= 0) extra.push(to); }
      grid.extra = extra;
    }

    // Items [a, b) moved by (dx, dy): the segments over them split at a and b and displaced.
    function displace(grid, a, b, dx, dy) {
      if (a >= b) return;
      var next = [];
      grid.segs.forEach(function (seg) {
        if (seg.b <= a || seg.a >= b) { addSegment(next, seg.a, seg.b, seg.shift, seg.dx, seg.dy); return; }
        if (seg.a < a) addSegment(next, seg.a, a, seg.shift, seg.dx, seg.dy);
        addSegment(next, Math.max(a, seg.a), Math.min(b, seg.b), seg.shift, seg.dx + dx, seg.dy + dy);
        if (seg.b > b) addSegment(next, b, seg.b, seg.shift, seg.dx, seg.dy);
      });
      grid.segs = next;
    }

    // Appends a segment, merged with the last when it continues it.
    function addSegment(list, a, b, shift, dx, dy) {
      var last = list.length > 0 ? list[list.length - 1] : null;
      if (last && last.b === a && last.shift === shift && last.dx === dx && last.dy === dy) last.b = b;
      else list.push({ a: a, b: b, shift: shift, dx: dx, dy: dy });
    }


    function moveItems(s, grid, indices) {
      // Levels not built yet will be built from the store as it is then: nothing to mark.
      var levels = s.spatial.levels, count = grid.edge ? s.m : s.n;
      for (var k = 0; k < indices.length; k++) {
        var i = indices[k];
        if (!(i >= 0 && i < count)) continue;
        if (grid.moved === null) grid.moved = new Uint8Array(count);
        if (grid.moved[i] === 0) { grid.moved[i] = 1; grid.extra.push(i); }
        if (levels === null) continue;
        lod().markItem(levels, s, grid.edge, i);
      }
    }

    // The box an item is found by, into b: a card's rectangle; a connector's leg (its first
    // segment), or for the first and last child of a parent the whole bus it draws.
    function itemBox(s, edge, i, b) {
      if (!edge) {
        var hw = s.w[i] / 2, hh = s.h[i] / 2, x = s.cx[i], y = s.cy[i];
        b[0] = x - hw; b[1] = y - hh; b[2] = x + hw; b[3] = y + hh;
        return;
      }
      var p = s.pts, o = 8 * i, end = o + (s.edgeEnd[i] ? 8 : 4);
      var x0 = p[o], y0 = p[o + 1], x1 = x0, y1 = y0;
      for (var q = o + 2; q < end; q += 2) {
        var px = p[q], py = p[q + 1];
        if (px < x0) x0 = px; if (px > x1) x1 = px;
        if (py < y0) y0 = py; if (py > y1) y1 = py;
      }
      b[0] = x0; b[1] = y0; b[2] = x1; b[3] = y1;
    }

    // A new store's grid (`defer`) waits for idle time after the first frame, when the store is
    // big enough for levels of detail: a far-out first frame is drawn from those, and whatever
    // needs the grid before then builds it (gridOf). Levels are built level by level, as frames
    // need them (levelData).
    function buildSpatial(s, defer) {
      var items = s.n + s.m;
      var w = Math.max(1, s.width), h = Math.max(1, s.height);
      var cell = Math.max(1e-6, Math.sqrt(w * h / Math.max(1, items / 2)));
      var cols = Math.max(1, Math.ceil(w / cell)), rows = Math.max(1, Math.ceil(h / cell));
      while (cols * rows > Math.max(1024, items)) {
        cell *= 1.25;
        cols = Math.max(1, Math.ceil(w / cell)); rows = Math.max(1, Math.ceil(h / cell));
      }
      var sp = { cell: cell, cols: cols, rows: rows, cards: null, edges: null, levels: null, levelsWanted: items >= LOD_MIN_ITEMS };
      if (defer && sp.levelsWanted) {
        afterFirstFrame(function () { buildSlice(function step() {
          if (state.store !== s || s.spatial !== sp || sp.cards !== null) return;
          if (!buildGridsFor(s, sp, sliceClock() + BUILD_SLICE_MS)) buildSlice(step);
        }); });
      } else {
        buildGrids(s, sp);
      }
      if (sp.levelsWanted) afterFirstFrame(function () { if (state.store === s && s.spatial === sp) lod().levelsOf(s); });
      return sp;
    }

    // The store's grid, built now if it was deferred: every reader of the grid gets it here, so
    // none reads a grid that is not there.
    function gridOf(s) {
      var sp = s.spatial;
      if (sp.cards === null) buildGrids(s, sp);
      return sp;
    }
    function buildGrids(s, sp) { buildGridsFor(s, sp, Infinity); }

    // A deferred grid is built in idle time in slices of about BUILD_SLICE_MS (each an idle
    // callback of its own), not in one task: at a million cards the build in one task takes
    // 100–250 ms, run between two frames of a pan or zoom that has just started, which holds the
    // next frame back (such intervals are the slowest far-out frames in a trace).
    // Goes on with the build until `deadline` (sliceClock()); true when the grid is built.
    // Whatever needs the grid before then finishes it (gridOf; a frame with card elements does a
    // budget of it a frame: frameCards, frameConnectors); a new store drops it.
    var buildSlices = 0;
    // The store's grid build under way (begun now if it is not).
    function gridBuildOf(s, sp) {
      var b = sp.gridBuild;
      if (!b || b.s !== s) b = sp.gridBuild = { s: s, cards: gridBuilder(sp, false, s.n), edges: gridBuilder(sp, true, s.m) };
      return b;
    }
    function buildGridsFor(s, sp, deadline) {
      if (sp.cards !== null) return true;
      buildSlices++;
      var b = gridBuildOf(s, sp);
      if (!stepGrid(s, sp, b.cards, deadline) || !stepGrid(s, sp, b.edges, deadline)) return false;
      sp.cards = b.cards.grid;
      sp.edges = b.edges.grid;
      sp.gridBuild = null;
      mark("grid");
      whenBuilt();
      return true;
    }

    function gridSlices() { return buildSlices; }
    // The store changes so far (a rebuild aside begun before one is abandoned).
    var storeChanges = 0;
    function changes() { return storeChanges; }

    function cellOf(value, cell, limit) {
      var k = Math.floor(value / cell);
      return k < 0 ? 0 : k >= limit ? limit - 1 : k;
    }

    // A grid's build in three steps, each resumable: every item's cell counted (the items'
    // boxes read: nearly all of the cost), the counts summed into the cells' starts, the items
    // listed by cell.
    function gridBuilder(sp, edge, count) {
      return { edge: edge, count: count, step: 0, next: 0, start: new Int32Array(sp.cols * sp.rows + 1),
        where: new Int32Array(count), big: [], spanX: 0, spanY: 0, list: null, fill: null, grid: null };
    }

    // The counting step for item i (its box left in b): its cell (the one of its top-left
    // corner) counted, or the item listed as big, or marked as never drawn (not a number).
    function countItem(s, sp, g, i, b) {
      var cell = sp.cell, cols = sp.cols, rows = sp.rows, where = g.where;
      itemBox(s, g.edge, i, b);
      if (!(b[0] <= b[2] && b[1] <= b[3])) { where[i] = -2; return; } // not a number: never drawn
      var c0 = cellOf(b[0], cell, cols), c1 = cellOf(b[2], cell, cols);
      var r0 = cellOf(b[1], cell, rows), r1 = cellOf(b[3], cell, rows);
      if (c1 - c0 > BIG_SPAN || r1 - r0 > BIG_SPAN) { where[i] = -1; g.big.push(i); return; }
      if (c1 - c0 > g.spanX) g.spanX = c1 - c0;
      if (r1 - r0 > g.spanY) g.spanY = r1 - r0;
      where[i] = r0 * cols + c0;
      g.start[where[i] + 1]++;
    }

    var BUILD_CHUNK = 4096; // items between two looks at the clock
    function stepGrid(s, sp, g, deadline) {
      var cells = sp.cols * sp.rows;
      var start = g.start, where = g.where, count = g.count, b = [0, 0, 0, 0];
      while (g.step === 0) {
        var end = Math.min(count, g.next + BUILD_CHUNK);
        for (var i = g.next; i < end; i++) countItem(s, sp, g, i, b);
        g.next = end;
        if (end === count) { g.step = 1; g.next = 0; break; }
        if (sliceClock() > deadline) return false;
      }
      if (g.step === 1) {
        for (var k = 0; k < cells; k++) start[k + 1] += start[k];
        g.list = new Int32Array(start[cells]);
        g.fill = start.slice(0, cells);
        g.step = 2;
        if (sliceClock() > deadline) return false;
      }
      var list = g.list, fill = g.fill;
      while (g.step === 2) {
        for (var j = g.next, last = Math.min(count, g.next + 8 * BUILD_CHUNK); j < last; j++) if (where[j] >= 0) list[fill[where[j]]++] = j;
        g.next = last;
        if (last === count) { g.step = 3; break; }
        if (sliceClock() > deadline) return false;
      }
      if (!g.grid) {
        g.grid = { edge: g.edge, start: start, items: list, big: Int32Array.from(g.big), spanX: g.spanX, spanY: g.spanY, moved: null, extra: [],
          segs: count > 0 ? [{ a: 0, b: count, shift: 0, dx: 0, dy: 0 }] : [] };
        g.where = g.fill = null;
      }
      return true;
    }

    // Calls visit(i) for every item of `grid` whose box meets r (content coordinates), segment
    // by segment in cell order; stops when visit returns false. Returns false when stopped.
    function gridQuery(s, grid, r, visit) {
      var sp = s.spatial, cell = sp.cell, cols = sp.cols, b = [0, 0, 0, 0];
      var start = grid.start, items = grid.items, edge = grid.edge, moved = grid.moved, big = grid.big;
      for (var g = 0; g < grid.segs.length; g++) {
        var seg = grid.segs[g], shift = seg.shift, lo = seg.a - shift, hi = seg.b - shift;
        var c0 = Math.max(0, cellOf(r.x0 - seg.dx, cell, cols) - grid.spanX), c1 = cellOf(r.x1 - seg.dx, cell, cols);
        var r0 = Math.max(0, cellOf(r.y0 - seg.dy, cell, sp.rows) - grid.spanY), r1 = cellOf(r.y1 - seg.dy, cell, sp.rows);
        for (var row = r0; row <= r1; row++) {
          for (var k = start[row * cols + c0], end = start[row * cols + c1 + 1]; k < end; k++) {
            var j = items[k];
            if (j < lo || j >= hi) continue;
            var i = j + shift;
            if (moved !== null && moved[i] === 1) continue; // in `extra` now
            itemBox(s, edge, i, b);
            if (b[2] < r.x0 || b[0] > r.x1 || b[3] < r.y0 || b[1] > r.y1) continue;
            if (visit(i) === false) return false;
          }
        }
        for (var q = 0; q < big.length; q++) {
          var jb = big[q];
          if (jb < lo || jb >= hi || (moved !== null && moved[jb + shift] === 1)) continue;
          itemBox(s, edge, jb + shift, b);
          if (b[2] < r.x0 || b[0] > r.x1 || b[3] < r.y0 || b[1] > r.y1) continue;
          if (visit(jb + shift) === false) return false;
        }
      }
      for (var x = 0; x < grid.extra.length; x++) {
        var e = grid.extra[x];
        itemBox(s, edge, e, b);
        if (b[2] < r.x0 || b[0] > r.x1 || b[3] < r.y0 || b[1] > r.y1) continue;
        if (visit(e) === false) return false;
      }
      return true;
    }

    // About how many items a query of r meets (the cells' counts, each segment's share of them,
    // without the box checks).
    function gridCount(s, r) {
      var sp = gridOf(s), cell = sp.cell, cols = sp.cols, total = 0;
      [sp.cards, sp.edges].forEach(function (grid) {
        var items = Math.max(1, grid.items.length + grid.big.length);
        grid.segs.forEach(function (seg) {
          var c0 = Math.max(0, cellOf(r.x0 - seg.dx, cell, cols) - grid.spanX), c1 = cellOf(r.x1 - seg.dx, cell, cols);
          var r0 = Math.max(0, cellOf(r.y0 - seg.dy, cell, sp.rows) - grid.spanY), r1 = cellOf(r.y1 - seg.dy, cell, sp.rows);
          var found = grid.big.length;
          for (var row = r0; row <= r1; row++) found += grid.start[row * cols + c1 + 1] - grid.start[row * cols + c0];
          total += grid.segs.length === 1 ? found : found * Math.min(1, (seg.b - seg.a) / items);
        });
        total += grid.extra.length;
      });
      return total;
    }

    // Whether more than `limit` cards have a box that meets r, for frames before the grid is
    // built, answered from the grid build's counting pass (each card's cell counted, nearly all
    // of the build's cost): a card whose top-left corner lies in a cell inside r meets r, so the
    // counts of those cells are a lower bound; the counts of the cells a query of r reads (as
    // gridCount) an upper bound. The cards the pass has not reached are counted here, as the
    // build would count them (so that work is never done twice), each tested against r. Only
    // when r's border cells decide it is the cards' half of the grid finished and asked. (A scan
    // of the cards that stops past `limit` would go over nearly all of them for a view low in
    // the picture, in every frame until the grid is built: cards in tree order follow the
    // picture's y.)
    // That work is done for about CHOICE_MS a frame: a frame whose view it has not decided by
    // then shows the overview and asks for the next frame, which goes on from there (as card
    // elements are made over a few frames; a single frame that counted the rest of a million
    // cards and listed them took 26–58 ms).
    // painted().work.cardsRead: the cards the frame's choice counted or met in a grid query.
    var CHOICE_MS = 4;
    function moreCardsIn(s, r, limit) {
      var sp = s.spatial, g = gridBuildOf(s, sp).cards, b = [0, 0, 0, 0], frameWork = currentWork();
      var found = countedIn(sp, g, r, limit, true), from = g.next, more = null;
      if (found > limit) return true;
      var deadline = sliceClock() + CHOICE_MS;
      if (g.step === 0) {
        for (var i = g.next; i < g.count && more === null; i++) {
          countItem(s, sp, g, i, b);
          if (!(b[0] <= b[2] && b[1] <= b[3]) || b[2] < r.x0 || b[0] > r.x1 || b[3] < r.y0 || b[1] > r.y1) {
            if (((i - from) & (BUILD_CHUNK - 1)) === BUILD_CHUNK - 1 && sliceClock() > deadline) more = false;
            continue;
          }
          if (++found > limit) more = true;
        }
        if (frameWork) frameWork.cardsRead += i - from;
        if (more !== null) { g.next = i; if (!more) requestDraw(); return true; }
        g.next = 0;
        g.step = 1;
      }
      if (countedIn(sp, g, r, limit, false) <= limit) return false;
      // r's border cells decide it: the cards' half of the grid finished (the counts summed and
      // the cards listed by cell, a pass over a list of cell numbers) and queried; the
      // connectors' half stays for the idle slices.
      if (!stepGrid(s, sp, g, deadline)) { requestDraw(); return true; }
      found = 0;
      more = !gridQuery(s, g.grid, r, function () { return ++found <= limit; });
      if (frameWork) frameWork.cardsRead += found;
      return more;
    }

    // The cards the counting pass has counted so far in the cells inside r (`inside`: a lower
    // bound of those that meet r), or in the cells a query of r reads and the big ones (an upper
    // bound once the pass is done); stops past `limit`. The cells at the grid's edges take the
    // items beyond it (cellOf clamps), so they are never inside; the tests are on the quotients
    // by the cell's size, which keep the order of the coordinates.
    function countedIn(sp, g, r, limit, inside) {
      var cell = sp.cell, cols = sp.cols, rows = sp.rows, start = g.start, summed = g.step >= 2;
      var c0, c1, r0, r1, found = 0;
      if (inside) {
        c0 = Math.max(1, Math.floor(r.x0 / cell) + 1); c1 = Math.min(cols - 2, Math.floor(r.x1 / cell) - 1);
        r0 = Math.max(1, Math.floor(r.y0 / cell) + 1); r1 = Math.min(rows - 2, Math.floor(r.y1 / cell) - 1);
      } else {
        c0 = Math.max(0, cellOf(r.x0, cell, cols) - g.spanX); c1 = cellOf(r.x1, cell, cols);
        r0 = Math.max(0, cellOf(r.y0, cell, rows) - g.spanY); r1 = cellOf(r.y1, cell, rows);
        found = g.big.length;
      }
      if (!(c0 <= c1)) return found;
      for (var row = r0; row <= r1 && found <= limit; row++) {
        var base = row * cols;
        if (summed) found += start[base + c1 + 1] - start[base + c0];
        else for (var c = c0; c <= c1; c++) found += start[base + c + 1];
      }
      return found;
    }

    // Whether a frame draws r from the levels of detail: the grid's count of the items there
    // (gridCount) is over LOD_ITEMS_IN_VIEW. That count takes every item whose top-left corner is
    // in a cell r meets (and more, widened by the largest span), so before the grid is built,
    // more than that many such items answers yes without it (the cells' sizes are known; a
    // scan of the items stops there). A window above or left of every item (a tile of the
    // margin, touching the picture at most on its edge) is painted the same either way —
    // nothing: an item on its edge falls on the pixel just past it, a level's cell too — so it
    // needs no grid either. Otherwise the grid is built and asked.
    function manyItemsIn(s, r) {
      var sp = s.spatial;
      if (!sp.levelsWanted) return false;
      if (sp.cards === null) {
        var cell = sp.cell, c0 = cellOf(r.x0, cell, sp.cols), c1 = cellOf(r.x1, cell, sp.cols);
        var r0 = cellOf(r.y0, cell, sp.rows), r1 = cellOf(r.y1, cell, sp.rows), b = [0, 0, 0, 0], found = 0;
        var left = Infinity, top = Infinity;
        for (var edge = 0; edge < 2; edge++) {
          for (var i = 0, count = edge ? s.m : s.n; i < count; i++) {
            itemBox(s, edge === 1, i, b);
            if (!(b[0] <= b[2] && b[1] <= b[3])) continue;
            if (b[0] < left) left = b[0];
            if (b[1] < top) top = b[1];
            var c = cellOf(b[0], cell, sp.cols), row = cellOf(b[1], cell, sp.rows);
            if (c >= c0 && c <= c1 && row >= r0 && row <= r1 && ++found > LOD_ITEMS_IN_VIEW) return true;
          }
        }
        if ((r.x1 <= 0 && left >= 0) || (r.y1 <= 0 && top >= 0)) return true;
      }
      return gridCount(s, r) > LOD_ITEMS_IN_VIEW;
    }

    // The cards whose rectangles meet r (content coordinates: without the margin), in tree
    // order, up to `limit` (then -1).
    // (`grid`: the cards' grid to ask, when a frame has it before the whole grid is built.)
    function cardsIn(s, r, limit, out, grid) {
      var found = 0;
      var complete = gridQuery(s, grid || gridOf(s).cards, r, function (i) {
        if (found >= limit) return false;
        out.push(i);
        found++;
      });
      if (!complete) return -1;
      out.sort(function (a, b) { return a - b; });
      return found;
    }

    // The connectors drawn in r, in tree order, at most `limit`.
    function edgesIn(s, r, limit) {
      var out = [];
      gridQuery(s, gridOf(s).edges, r, function (e) {
        if (out.length >= limit) return false;
        out.push(e);
      });
      return out.sort(function (a, b) { return a - b; });
    }

    return {
      BUILD_CHUNK: BUILD_CHUNK, QUIET_MS: QUIET_MS, buildGridsFor: buildGridsFor, buildSpatial: buildSpatial,
      cardsIn: cardsIn, cellOf: cellOf, changes: changes, edgesIn: edgesIn, gridBuildOf: gridBuildOf,
      gridOf: gridOf, gridQuery: gridQuery, gridSlices: gridSlices, itemBox: itemBox, manyItemsIn: manyItemsIn,
      moreCardsIn: moreCardsIn, stepGrid: stepGrid, storeChanged: storeChanged,
    };
  }

  return { create: create };
});
