// Bracket preview page, the overview: far out, where more cards are in view than the page
// makes elements for, a canvas draws them as coloured rectangles and connectors as pixel
// runs, copied from cached tiles (preview-tiles.js) that are painted from the store, item by
// item through the spatial index or from the levels of detail; the theme's colours read once
// per change; the marked cards (highlight, focus, search, a path) drawn on top. Also the
// painter the minimap uses (paintPicture, paintMarks).
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewOverview.create(deps)` (deps: the state, the canvas, the spatial
// index's and the levels' queries, the ID index, the path, and the frame's and the minimap's
// calls).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewOverview = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var state = deps.state, overview = deps.overview, holdingDeferred = deps.holdingDeferred,
      storeChanges = deps.storeChanges, gridOf = deps.gridOf, gridQuery = deps.gridQuery,
      itemBox = deps.itemBox, manyItemsIn = deps.manyItemsIn, levelsOf = deps.levelsOf,
      levelFor = deps.levelFor, coarserBuilt = deps.coarserBuilt, paintLevels = deps.paintLevels,
      hasDuplicates = deps.hasDuplicates, indexOfId = deps.indexOfId, idEquals = deps.idEquals,
      currentPath = deps.currentPath, requestDraw = deps.requestDraw, currentWork = deps.currentWork,
      minimapChanged = deps.minimapChanged, minimapBuilt = deps.minimapBuilt;

    var colourCache = { key: "", colours: null };
    var probe = document.createElement("canvas");
    probe.width = probe.height = 1;
    function rgba(css) {
      var ctx = probe.getContext("2d");
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      var d = ctx.getImageData(0, 0, 1, 1).data;
      return (255 << 24 | d[2] << 16 | d[1] << 8 | d[0]) >>> 0; // little-endian ABGR
    }
    // Read once per theme change, not per frame: getComputedStyle after the view moved recomputes
    // the page's style. The theme changes with the host's classes and variables on <html> and
    // <body> (VS Code) or the colour scheme (a browser).
    var coloursStale = true;
    // The minimap is repainted only when the colours read differ (colours() says so): <body>'s
    // class also changes for a hover's path (bracket-has-path), and each repainted the whole
    // minimap (23–37 ms at a million cards).
    function themeChanged() { coloursStale = true; requestDraw(); }
    if (typeof MutationObserver === "function") {
      var themeWatch = new MutationObserver(themeChanged);
      themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
      themeWatch.observe(document.body, { attributes: true, attributeFilter: ["class", "style", "data-vscode-theme-kind"] });
    } else {
      coloursStale = null; // no observer: read every time
    }
    if (window.matchMedia) {
      var schemeQuery = window.matchMedia("(prefers-color-scheme: dark)");
      if (schemeQuery.addEventListener) schemeQuery.addEventListener("change", themeChanged);
    }
    function colours() {
      if (coloursStale === false && colourCache.colours) return colourCache.colours;
      if (coloursStale === true) coloursStale = false;
      var style = getComputedStyle(document.body);
      var names = ["--bracket-page-background", "--bracket-card-fill", "--bracket-card-stroke", "--bracket-edge", "--bracket-highlight"];
      var values = names.map(function (n) { return style.getPropertyValue(n).trim(); });
      var key = values.join("|");
      if (colourCache.key !== key) {
        colourCache.key = key;
        minimapChanged();
        colourCache.colours = { background: rgba(values[0]), card: rgba(values[1]), border: rgba(values[2]), edge: rgba(values[3]), mark: rgba(values[4]) };
      }
      return colourCache.colours;
    }

    // Draws the store into a pixel buffer: connectors as axis-aligned runs, cards as filled
    // rectangles with a border when there is room, only the items the spatial index finds in
    // the buffer's window; where that window meets more than LOD_ITEMS_IN_VIEW items, from the
    // levels of detail instead. No path calls, so a frame costs what it draws. (sx, sy) scale and
    // (ox, oy) offset map content coordinates to pixels.
    // `tile` (an overview tile: mayWait, it has a stand-in to show) lets it avoid reading every
    // item when the grid or the level of detail the window needs is still being built in idle
    // time (before, the frames of a pan or zoom just after the first picture did that: 110–260
    // ms of script each at a million cards): a tile with a stand-in is not painted (false), one
    // without is painted from a coarser level that is built ("coarse": the same picture at a
    // lower resolution, as a stand-in shows it). The frame after the build paints them again
    // (whenBuilt). Without such a level (the first picture) the work is done.
    function paintPicture(s, pixels, width, height, sx, sy, ox, oy, c, marks, tile) {
      var r = { x0: -ox / sx, y0: -oy / sy, x1: (width - ox) / sx, y1: (height - oy) / sy };
      var from;
      if (tile && !holdingDeferred() && s.spatial.levelsWanted) {
        var levels = levelsOf(s), L = levelFor(levels, width, height, sx, sy, ox, oy);
        // A level not built yet is a later one too, though it could be merged from a finer one
        // now: a merge from the finest reads its 4 million cells, 10–20 ms in the frame (the
        // idle-time build merges them one a callback, coarser from finer, and says when done).
        var gridLater = s.spatial.cards === null, levelLater = !levels[L].data;
        if (gridLater || levelLater) {
          if (tile.mayWait) return waitForBuild();
          // Without the grid, whether the window is drawn from a level or item by item is not
          // known (a scan of the items would say): from its level, then, when that is at hand.
          from = levelLater ? coarserBuilt(levels, L) : L;
          if (from >= 0) {
            waitForBuild();
            pixels.fill(c.background);
            paintLevels(levels, pixels, width, height, sx, sy, ox, oy, c, from);
            return "coarse";
          }
        }
      }
      var many = manyItemsIn(s, r);
      if (tile && !many && s.spatial.levelsWanted) return paintTileItems(s, r, pixels, width, height, sx, sy, ox, oy, c, tile);
      pixels.fill(c.background);
      if (many) paintLevels(levelsOf(s), pixels, width, height, sx, sy, ox, oy, c);
      else paintItems(s, r, pixels, width, height, sx, sy, ox, oy, c);
      paintMarks(s, pixels, width, height, sx, sy, ox, oy, c, marks);
      return true;
    }

    // A tile painted item by item meets up to LOD_ITEMS_IN_VIEW (20,000) items: one task of
    // 20–70 ms at a million cards. Its items are painted TILE_SLICE_ITEMS a frame instead, into a
    // buffer of its own kept between the frames (`slicedTiles`), the dedupe
    // state of the painter with it, so the finished tile has the pixels of one pass. Meanwhile the
    // tile waits (its stand-in is shown) or, without a stand-in, shows what is painted so far as a
    // "coarse" tile, painted again once the slices are done. A store change or new colours drop it.
    // painted().work.tileItems: the items the frame's tiles painted; tileItemsMost: the most one
    // tile's paint did.
    var TILE_SLICE_ITEMS = window.bracketPreviewTest && window.bracketPreviewTest.tileSliceItems > 0 ? window.bracketPreviewTest.tileSliceItems : 4096;
    var SLICED_TILES = 8, slicedTiles = [], slicingStore = null;
    function paintTileItems(s, r, pixels, width, height, sx, sy, ox, oy, c, tile) {
      var changes = storeChanges(), frameWork = currentWork();
      if (slicingStore !== s || (slicedTiles.length > 0 && (slicedTiles[0].changes !== changes || slicedTiles[0].c !== c))) { slicedTiles = []; slicingStore = s; }
      var t = null;
      for (var q = 0; q < slicedTiles.length && !t; q++) {
        var u = slicedTiles[q];
        if (u.width === width && u.height === height && u.sx === sx && u.sy === sy && u.ox === ox && u.oy === oy) t = u;
      }
      if (!t) {
        var edges = [], cards = [];
        gridQuery(s, gridOf(s).edges, r, function (e) { edges.push(e); });
        gridQuery(s, gridOf(s).cards, r, function (i) { cards.push(i); });
        t = { changes: changes, c: c, width: width, height: height, sx: sx, sy: sy, ox: ox, oy: oy, edges: edges, cards: cards, next: 0,
          pixels: pixels, painter: null, used: 0 };
        // (Up to TILE_SLICE_ITEMS it is painted at once, into the tile's own pixels.) The tiles
        // under way are kept with their progress, the least recently painted dropped past
        // SLICED_TILES, so a pan that reorders the tiles in view loses none of it.
        if (edges.length + cards.length > TILE_SLICE_ITEMS) {
          t.pixels = new Uint32Array(width * height);
          if (slicedTiles.length >= SLICED_TILES) {
            var oldest = 0;
            for (var o = 1; o < slicedTiles.length; o++) if (slicedTiles[o].used < slicedTiles[oldest].used) oldest = o;
            slicedTiles.splice(oldest, 1);
          }
          slicedTiles.push(t);
        }
        t.pixels.fill(c.background);
        t.painter = itemPainter(s, t.pixels, width, height, sx, sy, ox, oy, c);
      }
      var total = t.edges.length + t.cards.length, end = Math.min(total, t.next + TILE_SLICE_ITEMS), ne = t.edges.length;
      for (var k = t.next; k < end; k++) { if (k < ne) t.painter.edge(t.edges[k]); else t.painter.card(t.cards[k - ne]); }
      if (frameWork) {
        frameWork.tileItems = (frameWork.tileItems || 0) + (end - t.next);
        frameWork.tileItemsMost = Math.max(frameWork.tileItemsMost || 0, end - t.next);
      }
      t.next = end;
      t.used = ++slicedClock;
      if (t.pixels !== pixels) {
        if (end < total) {
          requestDraw();
          if (tile.mayWait) return false;
          pixels.set(t.pixels);
          slicesShown = true; // a coarse tile is painted again only once marked stale (refine)
          return "coarse";
        }
        pixels.set(t.pixels);
        slicedTiles.splice(slicedTiles.indexOf(t), 1);
        overviewTiles.refine(); // the tiles shown part-painted meanwhile
      }
      return true;
    }
    var slicedClock = 0, slicesShown = false;

    // Tiles wait for the grid or a level built in idle time: the build asks for a frame when
    // it is done (whenBuilt), not every frame meanwhile, and the coarse tiles are painted again.
    var tilesWaiting = false;
    function waitForBuild() { tilesWaiting = true; return false; }
    function whenBuilt() {
      minimapBuilt();
      if (!tilesWaiting) return;
      tilesWaiting = false;
      overviewTiles.refine();
      requestDraw();
    }

    function paintMarks(s, pixels, width, height, sx, sy, ox, oy, c, marks) {
      var cx = s.cx, cy = s.cy, cw = s.w, ch = s.h;
      for (var k = 0; k < marks.length; k++) {
        var m = marks[k];
        if (m < 0 || m >= s.n) continue;
        // Marked cards (highlight, focus, search) at least 5 pixels, so they show at any zoom.
        var mx = cx[m] * sx + ox, my = cy[m] * sy + oy;
        var hw = Math.max(2.5, cw[m] / 2 * sx), hh = Math.max(2.5, ch[m] / 2 * sy);
        fillBox(pixels, width, height, mx - hw, my - hh, mx + hw, my + hh, c.mark, c.mark);
      }
    }

    function paintItems(s, r, pixels, width, height, sx, sy, ox, oy, c) {
      var painter = itemPainter(s, pixels, width, height, sx, sy, ox, oy, c);
      gridQuery(s, gridOf(s).edges, r, painter.edge);
      gridQuery(s, gridOf(s).cards, r, painter.card);
    }

    // Paints connectors (edge(e)) and cards (card(i)) into pixels, connectors first; the state
    // that skips what equals the last one drawn goes with it (a sliced tile keeps its painter).
    function itemPainter(s, pixels, width, height, sx, sy, ox, oy, c) {
      // Far out, many cards and connector legs fall on the same pixels: a run or box equal to
      // the last one drawn is skipped.
      var lastRow = -1, lastA = -1, lastB = -1;
      function hline(x0, x1, y, colour) {
        y = Math.floor(y);
        if (y < 0 || y >= height) return;
        var a = Math.max(0, Math.floor(x0 < x1 ? x0 : x1)), b = Math.min(width - 1, Math.floor(x0 < x1 ? x1 : x0));
        if (a > b || (y === lastRow && a === lastA && b === lastB)) return;
        lastRow = y; lastA = a; lastB = b;
        var row = y * width;
        if (b - a < 8) { for (var x = a; x <= b; x++) pixels[row + x] = colour; } else pixels.fill(colour, row + a, row + b + 1);
      }
      function vline(x, y0, y1, colour) {
        x = Math.floor(x);
        if (x < 0 || x >= width) return;
        var a = Math.max(0, Math.floor(y0 < y1 ? y0 : y1)), b = Math.min(height - 1, Math.floor(y0 < y1 ? y1 : y0));
        for (var y = a; y <= b; y++) pixels[y * width + x] = colour;
      }
      var p = s.pts, edge = c.edge;
      var cx = s.cx, cy = s.cy, cw = s.w, ch = s.h;
      var lastLeft = -1, lastRight = -1, lastTop = -1, lastBottom = -1;
      return {
        edge: function (e) {
          var o = 8 * e;
          var X0 = p[o] * sx + ox, Y0 = p[o + 1] * sy + oy, X1 = p[o + 2] * sx + ox, Y1 = p[o + 3] * sy + oy;
          if (Y0 === Y1) hline(X0, X1, Y0, edge); else vline(X0, Y0, Y1, edge);
          if (!s.edgeEnd[e]) return; // the other siblings share the bus their ends draw
          var X2 = p[o + 4] * sx + ox, Y2 = p[o + 5] * sy + oy, X3 = p[o + 6] * sx + ox, Y3 = p[o + 7] * sy + oy;
          if (Y1 === Y2) hline(X1, X2, Y1, edge); else vline(X1, Y1, Y2, edge);
          if (Y2 === Y3) hline(X2, X3, Y2, edge); else vline(X2, Y2, Y3, edge);
        },
        card: function (i) {
          var x0 = (cx[i] - cw[i] / 2) * sx + ox, x1 = (cx[i] + cw[i] / 2) * sx + ox;
          var y0 = (cy[i] - ch[i] / 2) * sy + oy, y1 = (cy[i] + ch[i] / 2) * sy + oy;
          var left = Math.floor(x0), top = Math.floor(y0), right = Math.ceil(x1), bottom = Math.ceil(y1);
          if (left === lastLeft && right === lastRight && top === lastTop && bottom === lastBottom) return;
          lastLeft = left; lastRight = right; lastTop = top; lastBottom = bottom;
          fillBox(pixels, width, height, x0, y0, x1, y1, c.border, c.card);
        },
      };
    }

    function fillBox(pixels, width, height, x0, y0, x1, y1, border, fill) {
      var a = Math.max(0, Math.floor(x0)), b = Math.min(width - 1, Math.max(a, Math.ceil(x1) - 1));
      var top = Math.max(0, Math.floor(y0)), bottom = Math.min(height - 1, Math.max(top, Math.ceil(y1) - 1));
      if (a > b || top > bottom) return;
      var inner = b - a >= 3 && bottom - top >= 3;
      for (var y = top; y <= bottom; y++) {
        var row = y * width;
        if (!inner || y === top || y === bottom) {
          if (b - a < 8) { for (var x = a; x <= b; x++) pixels[row + x] = border; } else pixels.fill(border, row + a, row + b + 1);
        } else { pixels[row + a] = border; pixels.fill(fill, row + a + 1, row + b); pixels[row + b] = border; }
      }
    }

    // The overview is copied from cached tiles (preview-tiles.js: each painted once by
    // paintPicture, then only copied, so a far-out pan or zoom costs the tiles in view); before,
    // every far-out frame painted the whole view's pixels from the store (up to 20,000 items or
    // 4 million level cells a frame). The theme's colours empty the cache; edits mark stale the
    // tiles they touch.
    var overviewTiles = window.bracketPreviewTiles.create(), tilesColours = "";

    // Marks stale the overview tiles whose picture rectangle meets r (content coordinates), or
    // all when r is null: the one function the store's code calls when it moves items.
    function overviewChanged(r) { overviewTiles.changed(r); }

    // What a store change did to the picture: nothing when no item moved; where the items a delta
    // moved are now (patchStore marks where they were, before it writes their new places); all
    // for a new store, a splice or a run (runs move ranges of any length: counting them would
    // cost what they move).
    function overviewFollow(s, change) {
      if (!change) { overviewChanged(null); return; }
      if (!change.moved && !change.map) return;
      if (change.map || change.runs.length > 0) { overviewChanged(null); return; }
      change.cards.forEach(function (i) { if (i >= 0 && i < s.n) overviewChanged(itemRect(s, false, i)); });
      change.edges.forEach(function (e) { if (e >= 0 && e < s.m) overviewChanged(itemRect(s, true, e)); });
    }

    function itemRect(s, edge, i) {
      var b = [0, 0, 0, 0];
      itemBox(s, edge, i, b);
      return { x0: b[0], y0: b[1], x1: b[2], y1: b[3] };
    }

    function drawOverview(s, view) {
      var ratio = Math.min(2, window.devicePixelRatio || 1);
      var width = Math.max(1, Math.round(view.w * ratio)), height = Math.max(1, Math.round(view.h * ratio));
      if (overview.width !== width || overview.height !== height) { overview.width = width; overview.height = height; }
      var ctx = overview.getContext("2d"), c = colours(), frameWork = currentWork();
      if (tilesColours !== colourCache.key) { overviewTiles.clear(); tilesColours = colourCache.key; }
      var k = state.scale * ratio, ox = (s.margin - state.x) * k, oy = (s.margin - state.y) * k;
      ctx.fillStyle = colourCss(c.background);
      ctx.fillRect(0, 0, width, height);
      var bounds = { x0: -s.margin, y0: -s.margin, x1: s.width + s.margin, y1: s.height + s.margin };
      if (slicesShown) { slicesShown = false; overviewTiles.refine(); } // tiles shown part-painted go on
      var late = overviewTiles.draw(ctx, width, height, k, ox, oy, bounds, function (image, K, left, top, mayWait) {
        return paintPicture(s, new Uint32Array(image.data.buffer), image.width, image.height, K, K, -left, -top, c, [], { mayWait: mayWait });
      }, frameWork);
      if (late) requestDraw(); // the next frame paints more
      // Marked cards (highlight, focus, search, a path) on top, at least 5 pixels, so they show
      // at any zoom.
      var marks = markedCards(s);
      ctx.fillStyle = colourCss(c.mark);
      for (var m = 0; m < marks.length; m++) {
        var i = marks[m];
        if (i < 0 || i >= s.n) continue;
        var mx = s.cx[i] * k + ox, my = s.cy[i] * k + oy;
        var hw = Math.max(2.5, s.w[i] / 2 * k), hh = Math.max(2.5, s.h[i] / 2 * k);
        ctx.fillRect(Math.floor(mx - hw), Math.floor(my - hh), Math.ceil(2 * hw), Math.ceil(2 * hh));
      }
    }

    // An ABGR pixel value (rgba()) as a CSS colour for the canvas.
    function colourCss(v) {
      return "rgba(" + (v & 255) + "," + (v >>> 8 & 255) + "," + (v >>> 16 & 255) + "," + ((v >>> 24 & 255) / 255) + ")";
    }

    function markedCards(s) {
      var marks = [];
      if (state.highlightId !== null) {
        if (!hasDuplicates(s)) { var one = indexOfId(s, state.highlightId); if (one >= 0) marks.push(one); }
        else {
          if (!s.highlighted || s.highlighted.id !== state.highlightId) {
            var all = [];
            for (var i = 0; i < s.n; i++) if (idEquals(s, i, state.highlightId)) all.push(i);
            s.highlighted = { id: state.highlightId, cards: all };
          }
          marks = marks.concat(s.highlighted.cards);
        }
      }
      if (state.match >= 0) marks.push(state.match);
      if (state.focus >= 0) marks.push(state.focus);
      var path = currentPath(s);
      if (path) marks = marks.concat(path.cards);
      return marks;
    }

    // The page's style sheet was replaced: the colours are read again (unless read every time).
    function styleChanged() { if (coloursStale === false) coloursStale = true; }
    function coloursRead() { return coloursStale; }

    return {
      colours: colours, paintPicture: paintPicture, paintMarks: paintMarks, whenBuilt: whenBuilt,
      overviewChanged: overviewChanged, overviewFollow: overviewFollow, itemRect: itemRect,
      drawOverview: drawOverview, markedCards: markedCards, styleChanged: styleChanged,
      coloursStale: coloursRead,
    };
  }

  return { create: create };
});
