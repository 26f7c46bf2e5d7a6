// Bracket preview page, the overview's tile cache (docs/performance.md, "The preview page at
// scale"): far out, the page draws the picture on a canvas, and instead of painting the view's
// pixels every frame it keeps square tiles of TILE device pixels at zoom levels a power of two
// apart, as a map viewer keeps its map's. A tile is painted once (by the page's painter, into
// an ImageData, then into the tile's own canvas) and afterwards only copied: a pan or a zoom
// within a level costs the copies of the tiles in view, whatever the size of the tree.
//
// A frame uses the level just finer than its scale (a tile is shrunk by at most half, never
// enlarged), copies the tiles in view and paints at most TILES_PER_FRAME missing or stale ones
// (for about TILE_MS, at least one), nearest the centre first; a tile not painted yet is shown
// from a coarser or a finer cached tile, and `draw` says the next frame has more to paint.
// Tiles beside the picture are never painted. Edits mark stale the tiles they touch
// (`changed`); a stale tile is still shown until it is painted again, so an edit never blanks
// the overview. At most TILE_CACHE tiles are kept, the least recently drawn one's canvas
// reused (a canvas made per tile and dropped left the garbage collector DOM objects to trace).
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewTiles.create()`.
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewTiles = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  var TILE = 256, TILE_CACHE = 96, TILES_PER_FRAME = 6, TILE_MS = 4;

  function key(z, tx, ty) { return z + ":" + tx + ":" + ty; }

  function create() {
    var tiles = new Map(), clock = 0, buffer = null;

    // Marks stale the tiles whose picture rectangle meets r ({ x0, y0, x1, y1 } in the
    // painter's coordinates), or every tile when r is null.
    function changed(r) {
      tiles.forEach(function (tile) {
        if (r === null || !(tile.x1 < r.x0 || tile.x0 > r.x1 || tile.y1 < r.y0 || tile.y0 > r.y1)) tile.stale = true;
      });
    }

    function evict() {
      var oldest = null, oldestKey = null;
      tiles.forEach(function (tile, k) { if (oldest === null || tile.used < oldest.used) { oldest = tile; oldestKey = k; } });
      if (oldestKey === null) return null;
      tiles.delete(oldestKey);
      return oldest.canvas;
    }

    // Paints tile (z, tx, ty); null when the painter declined (`mayWait`: it would first have
    // to build an index over every item, which idle time is building).
    function paint(ctx, z, tx, ty, painter, mayWait) {
      var K = Math.pow(2, z);
      if (!buffer) buffer = ctx.createImageData(TILE, TILE);
      var done = painter(buffer, K, tx * TILE, ty * TILE, mayWait);
      if (done === false) return null;
      var k = key(z, tx, ty), tile = tiles.get(k);
      if (!tile) {
        var canvas = tiles.size >= TILE_CACHE ? evict() : null;
        if (!canvas) { canvas = document.createElement("canvas"); canvas.width = canvas.height = TILE; }
        tile = { canvas: canvas, x0: tx * TILE / K, y0: ty * TILE / K, x1: (tx + 1) * TILE / K, y1: (ty + 1) * TILE / K, stale: false, used: 0 };
        tiles.set(k, tile);
      }
      tile.canvas.getContext("2d").putImageData(buffer, 0, 0);
      tile.stale = false;
      tile.coarse = done === "coarse";
      return tile;
    }

    // A tile's picture from the cache at another level: the coarser tile that holds it (part
    // of it, enlarged), else the finer tiles it holds. False when nothing is cached. With ctx
    // null, only whether there is one.
    function standIn(ctx, z, tx, ty, dx, dy, dw, dh) {
      for (var up = 1; up <= 4; up++) {
        var f = 1 << up, px = Math.floor(tx / f), py = Math.floor(ty / f), parent = tiles.get(key(z - up, px, py));
        if (!parent) continue;
        var part = TILE / f;
        if (ctx) ctx.drawImage(parent.canvas, (tx - px * f) * part, (ty - py * f) * part, part, part, dx, dy, dw, dh);
        return true;
      }
      var any = false;
      for (var q = 0; q < 4; q++) {
        var child = tiles.get(key(z + 1, 2 * tx + (q & 1), 2 * ty + (q >> 1)));
        if (!child) continue;
        if (ctx) ctx.drawImage(child.canvas, dx + (q & 1) * dw / 2, dy + (q >> 1) * dh / 2, dw / 2, dh / 2);
        any = true;
      }
      return any;
    }

    // Draws the picture at scale k (device pixels per unit) onto ctx's width × height pixels,
    // unit point (x, y) at pixel (x * k + ox, y * k + oy); `bounds` is the picture's rectangle
    // in units (tiles outside it are left as they are: the caller filled the background);
    // painter(image, K, left, top, mayWait) paints an ImageData at scale K with unit point
    // (x, y) at (x * K - left, y * K - top); with mayWait (the tile is not cached but has a
    // stand-in to show meanwhile; never for a stale tile) it may return false instead, leaving
    // the tile for a later frame (the caller asks for that frame when what it waits for is
    // there), and it returns "coarse" for a tile painted at a lower resolution than asked,
    // which `refine` marks stale later. Counts into `work` (tilesDrawn, tilesPainted,
    // standIns, tilesWaiting, tilesCoarse).
    // Returns true when tiles were left to paint (the caller asks for another frame).
    function draw(ctx, width, height, k, ox, oy, bounds, painter, work) {
      clock++;
      var z = Math.ceil(Math.log2(k) - 1e-9), K = Math.pow(2, z), f = k / K; // f in (1/2, 1]
      // Level pixel L is on the canvas at L * f + (ox, oy).
      var tx0 = Math.floor(-ox / f / TILE), tx1 = Math.floor((width - ox) / f / TILE);
      var ty0 = Math.floor(-oy / f / TILE), ty1 = Math.floor((height - oy) / f / TILE);
      var cx = (tx0 + tx1) / 2, cy = (ty0 + ty1) / 2, wanted = [];
      for (var ty = ty0; ty <= ty1; ty++) {
        for (var tx = tx0; tx <= tx1; tx++) {
          if ((tx + 1) * TILE / K < bounds.x0 || tx * TILE / K > bounds.x1 || (ty + 1) * TILE / K < bounds.y0 || ty * TILE / K > bounds.y1) continue;
          wanted.push([tx, ty, Math.abs(tx - cx) + Math.abs(ty - cy)]);
        }
      }
      wanted.sort(function (a, b) { return a[2] - b[2]; });
      ctx.imageSmoothingEnabled = true;
      var deadline = performance.now() + TILE_MS, made = 0, late = false;
      work = work || {};
      work.tilesDrawn = 0; work.tilesPainted = 0; work.standIns = 0; work.tilesWaiting = 0; work.tilesCoarse = 0;
      for (var w = 0; w < wanted.length; w++) {
        var x = wanted[w][0], y = wanted[w][1];
        // Rounded edges shared by neighbours: no seams between tiles.
        var dx = Math.round(x * TILE * f + ox), dy = Math.round(y * TILE * f + oy);
        var dw = Math.round((x + 1) * TILE * f + ox) - dx, dh = Math.round((y + 1) * TILE * f + oy) - dy;
        var tile = tiles.get(key(z, x, y));
        if ((!tile || tile.stale) && made < TILES_PER_FRAME && (made === 0 || performance.now() < deadline)) {
          var painted = paint(ctx, z, x, y, painter, !tile && standIn(null, z, x, y));
          if (painted) { tile = painted; made++; if (tile.coarse) work.tilesCoarse++; } else work.tilesWaiting++;
        } else if (!tile || tile.stale) late = true;
        if (tile) { tile.used = clock; ctx.drawImage(tile.canvas, dx, dy, dw, dh); work.tilesDrawn++; }
        else if (standIn(ctx, z, x, y, dx, dy, dw, dh)) work.standIns++;
      }
      work.tilesPainted = made;
      return late;
    }

    // Marks stale the tiles painted "coarse" (what they needed is built now).
    function refine() { tiles.forEach(function (tile) { if (tile.coarse) tile.stale = true; }); }

    return { changed: changed, refine: refine, clear: function () { tiles.clear(); }, draw: draw };
  }

  return { create: create, TILE: TILE, TILES_PER_FRAME: TILES_PER_FRAME };
});
