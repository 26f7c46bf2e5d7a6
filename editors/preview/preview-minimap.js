// Bracket preview page, the minimap: the whole picture small in a corner with the view's
// rectangle on it; a press or a drag on it centres the view there. It is painted by the
// overview's painter from the level of detail its scale needs, repainted after a delta only
// once the edits pause (and in idle time), and only its marks again when only they changed.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewMinimap.create(deps)` (deps: the state, its elements, the idle queue,
// the levels, the overview's painter and colours, and the view's calls).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewMinimap = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var state = deps.state, viewport = deps.viewport, minimap = deps.minimap,
      minimapCanvas = deps.minimapCanvas, minimapView = deps.minimapView, whenIdle = deps.whenIdle,
      holdingDeferred = deps.holdingDeferred, rebuildWaiting = deps.rebuildWaiting, levelsOf = deps.levelsOf,
      levelFor = deps.levelFor, colours = deps.colours, coloursStale = deps.coloursStale,
      markedCards = deps.markedCards, paintMarks = deps.paintMarks, paintPicture = deps.paintPicture,
      pictureSize = deps.pictureSize, viewSize = deps.viewSize, centreOn = deps.centreOn;

    var MINIMAP_SIDE = 180;

    var minimapDirty = true;
    // Only the marked cards (highlight, search, a path) changed since the minimap was painted:
    // it is then the cached picture with the marks painted over it again. Each of them repainted
    // the whole minimap from the levels of detail before (23–37 ms of script at a million cards
    // in the trace, a task between two frames).
    var minimapMarks = false;
    var minimapBase = null; // { pixels (the picture without marks), kx, ky }
    function minimapMarksChanged() { minimapMarks = true; }
    var minimapScale = { sx: 1, sy: 1, w: 0, h: 0 };

    // The minimap's repaint (after a delta: the levels of detail built again from the cards and
    // painted, 100 ms at 131,071 cards in a profiled deletion) waits for MINIMAP_QUIET_MS without
    // a delta and then for idle time, so it never runs inside a keystroke's frame: a delta that
    // arrives meanwhile (postponeMinimap) pushes it back, and the deltas of a burst of typing
    // share one repaint, of the store as it is then. `minimapDue` is when it may run.
    var MINIMAP_QUIET_MS = 250;
    var minimapTimer = null, minimapDue = 0, lastDeltaAt = -Infinity;
    var minimapPaints = []; // for tests: each repaint's time since the last delta arrived, ms
    function scheduleMinimap(delay) {
      if (minimapTimer) return;
      minimapDue = performance.now() + delay;
      minimapTimer = setTimeout(minimapWake, delay);
    }
    function minimapWake() {
      var wait = minimapDue - performance.now();
      // (Never before it is due: a timer may fire a fraction of a millisecond early.)
      if (wait > 0) { minimapTimer = setTimeout(minimapWake, wait); return; }
      // Before any delta, at once: idle time then is the start-up's deferred work (levels of
      // detail, the grid), which the minimap would wait behind.
      if (lastDeltaAt === -Infinity) { paintMinimapNow(); return; }
      whenIdle(function () {
        var later = minimapDue - performance.now();
        if (later > 0) { minimapTimer = setTimeout(minimapWake, later); return; } // a delta came meanwhile
        paintMinimapNow();
      });
    }
    function paintMinimapNow() {
      minimapTimer = null;
      if (!state.store || !state.hasPicture || minimap.hidden) return;
      if (minimapPaints.length < 1000) minimapPaints.push(performance.now() - lastDeltaAt);
      drawMinimap(pictureSize());
      drawMinimapView(viewSize());
    }
    function postponeMinimap() {
      lastDeltaAt = performance.now();
      if (minimapTimer) minimapDue = Math.max(minimapDue, performance.now() + MINIMAP_QUIET_MS);
    }

    function drawMinimapView(view) {
      var size = pictureSize();
      var fits = size.w * state.scale <= view.w + 1 && size.h * state.scale <= view.h + 1;
      minimap.hidden = fits || minimapHidden;
      if (minimap.hidden) return;
      if (coloursStale() === true) colours(); // a changed theme marks the minimap dirty
      if (minimapDirty || minimapMarks) scheduleMinimap(minimapCanvas.width > 0 ? MINIMAP_QUIET_MS : 0);
      var sx = minimapScale.sx, sy = minimapScale.sy;
      var left = Math.max(0, state.x * sx), top = Math.max(0, state.y * sy);
      var right = Math.min(minimapScale.w, (state.x + view.w / state.scale) * sx);
      var bottom = Math.min(minimapScale.h, (state.y + view.h / state.scale) * sy);
      // Moved by a transform (a pan changes no layout), sized only when the size changes.
      var at = "translate(" + left + "px," + top + "px)";
      var w = Math.max(3, right - left) + "px", h = Math.max(3, bottom - top) + "px";
      if (minimapView.__at !== at) { minimapView.__at = at; minimapView.style.transform = at; }
      if (minimapView.__w !== w || minimapView.__h !== h) {
        minimapView.__w = w; minimapView.__h = h;
        minimapView.style.width = w; minimapView.style.height = h;
      }
    }

    // The minimap is painted from the level of detail its scale needs. When that level is not
    // built yet (the idle slices after a new store are building it) and the page's deferred
    // work runs, the minimap waits for it rather than build it in its own task: finishing the
    // finest level at once for its first paint is a task of 50–190 ms between two frames of a
    // million-card pan. The build's end (whenBuilt) paints it then.
    var minimapWaiting = false;
    function minimapWaits(s, width, height, kx, ky) {
      minimapWaiting = false;
      if (holdingDeferred() || !s.spatial.levelsWanted) return false;
      // Its level itself, not one it would be merged from: a merge from the finest level reads
      // its 4 million cells (a minimap task of 107 ms at load 12 in the trace after the change).
      var levels = levelsOf(s);
      if (levels[levelFor(levels, width, height, kx, ky, s.margin * kx, s.margin * ky)].data) return false;
      minimapWaiting = true;
      minimapWaits.count++;
      return true;
    }
    minimapWaits.count = 0;

    function drawMinimap(size) {
      var s = state.store, c = colours();
      if (!minimapDirty && minimapBase && minimapBase.pixels.length === minimapCanvas.width * minimapCanvas.height) {
        minimapMarks = false;
        var again = minimapCanvas.getContext("2d").createImageData(minimapCanvas.width, minimapCanvas.height);
        var marked = new Uint32Array(again.data.buffer);
        marked.set(minimapBase.pixels);
        paintMarks(s, marked, again.width, again.height, minimapBase.kx, minimapBase.ky, s.margin * minimapBase.kx, s.margin * minimapBase.ky, c, markedCards(s));
        minimapCanvas.getContext("2d").putImageData(again, 0, 0);
        return;
      }
      minimapDirty = false;
      minimapMarks = false;
      var maxH = Math.max(60, Math.min(MINIMAP_SIDE * 1.5, viewport.clientHeight * 0.4));
      var k = Math.min(MINIMAP_SIDE / size.w, maxH / size.h);
      // A tree far taller than wide (or the reverse) is stretched to a usable minimap.
      var w = Math.max(40, Math.round(size.w * k)), h = Math.max(40, Math.round(size.h * k));
      w = Math.min(w, MINIMAP_SIDE); h = Math.min(h, Math.round(maxH));
      var ratio = Math.min(2, window.devicePixelRatio || 1);
      var kx = w / size.w * ratio, ky = h / size.h * ratio;
      // A canvas already painted keeps its picture while it waits (sizing it would blank it).
      if (minimapWaits(s, Math.round(w * ratio), Math.round(h * ratio), kx, ky) && minimapCanvas.width > 0) return;
      minimapScale = { sx: w / size.w, sy: h / size.h, w: w, h: h };
      minimapCanvas.width = Math.round(w * ratio);
      minimapCanvas.height = Math.round(h * ratio);
      minimapCanvas.style.width = w + "px";
      minimapCanvas.style.height = h + "px";
      minimap.style.width = w + "px";
      minimap.style.height = h + "px";
      var ctx = minimapCanvas.getContext("2d");
      var image = ctx.createImageData(minimapCanvas.width, minimapCanvas.height);
      if (minimapWaiting) return; // sized, blank until the level it is painted from is built
      var pixels = new Uint32Array(image.data.buffer);
      paintPicture(s, pixels, image.width, image.height, kx, ky, s.margin * kx, s.margin * ky, c, []);
      minimapBase = { pixels: pixels.slice(), kx: kx, ky: ky };
      paintMarks(s, pixels, image.width, image.height, kx, ky, s.margin * kx, s.margin * ky, c, markedCards(s));
      ctx.putImageData(image, 0, 0);
    }

    var minimapHidden = false;
    var minimapDrag = null;
    function minimapMove(event) {
      var box = minimapCanvas.getBoundingClientRect();
      var px = (event.clientX - box.left) / minimapScale.sx, py = (event.clientY - box.top) / minimapScale.sy;
      centreOn(px, py);
    }
    minimap.addEventListener("pointerdown", function (event) {
      if (event.button !== 0) return;
      event.preventDefault();
      event.stopPropagation();
      minimapDrag = event.pointerId;
      try { minimap.setPointerCapture(event.pointerId); } catch (e) { /* pointer gone */ }
      minimapMove(event);
    });
    minimap.addEventListener("pointermove", function (event) {
      if (minimapDrag === event.pointerId) minimapMove(event);
    });
    function endMinimapDrag(event) { if (minimapDrag === event.pointerId) minimapDrag = null; }
    minimap.addEventListener("pointerup", endMinimapDrag);
    minimap.addEventListener("pointercancel", endMinimapDrag);

    // The grid or a level of detail built in idle time (whenBuilt): a waiting minimap is painted,
    // keeping the quiet time after a delta (MINIMAP_QUIET_MS).
    function minimapBuilt() {
      if (minimapWaiting) { minimapWaiting = false; minimapDirty = true; scheduleMinimap(Math.max(0, lastDeltaAt + MINIMAP_QUIET_MS - performance.now())); }
    }
    function minimapChanged() { minimapDirty = true; }
    function toggleMinimap() { minimapHidden = !minimapHidden; return minimapHidden; }
    // The repaints so far (each one's time since the last delta arrived, ms), whether one is
    // pending (or the spatial index's rebuild once edits pause, which repaints it), how often it
    // waited for a level of detail and whether it waits now: for tests.
    function report() {
      return { paints: minimapPaints.slice(), pending: minimapTimer !== null || rebuildWaiting(), waits: minimapWaits.count, waiting: minimapWaiting };
    }

    return {
      drawMinimapView: drawMinimapView, minimapMarksChanged: minimapMarksChanged,
      postponeMinimap: postponeMinimap, minimapBuilt: minimapBuilt, minimapChanged: minimapChanged,
      toggleMinimap: toggleMinimap, report: report,
    };
  }

  return { create: create };
});
