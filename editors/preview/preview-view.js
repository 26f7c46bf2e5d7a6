// Bracket preview page, the view: which part of the picture the viewport shows (the zoom and
// the picture point at its top left, in `state`), kept within bounds, saved in the VS Code
// webview's state, fitted, zoomed about a point, centred on a card; and the viewport's size,
// read once per resize. Setting the view asks for a frame; the frame (preview-frame.js) draws it.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewView.create(deps)` (deps: the state, the viewport and zoom label, the
// host's saved state, and the frame's and the minimap's calls).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewView = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var state = deps.state, viewport = deps.viewport, zoomLabel = deps.zoomLabel, vscode = deps.vscode,
      requestDraw = deps.requestDraw, currentMode = deps.currentMode, minimapChanged = deps.minimapChanged;

    // The least zoom the − button, the wheel and the `-` key reach for a picture that fits at
    // more than this; a larger picture can always be zoomed out until it fits.
    var MIN_SCALE = 0.05;
    var SMALLEST_SCALE = 1e-7;
    var MAX_SCALE = 8;
    var OVERSCAN = 0.25; // fraction of the view drawn beyond each edge, so a small pan shows cards
    var READABLE_SCALE = 1; // search (and keys in the overview) zoom in to this when the card would be unreadable
    var LEGIBLE_SCALE = 0.7; // below this a 13 px label is under 9 px on screen: a search match zooms in

    // The viewport's size, read once per resize: reading clientWidth after the DOM changed
    // forces a layout, which cost more than the rest of a far-out frame.
    var viewCache = null;
    function viewSize() {
      if (viewCache === null) {
        var w = viewport.clientWidth, h = viewport.clientHeight;
        viewCache = { w: Math.max(1, w), h: Math.max(1, h), hidden: w === 0 && h === 0 };
      }
      return viewCache;
    }
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(function () { viewCache = null; minimapChanged(); setView(state.scale, state.x, state.y); }).observe(viewport);
    }

    function pictureSize() {
      var p = state.picture;
      return p ? { w: p.svgWidth, h: p.svgHeight } : { w: 0, h: 0 };
    }

    function fitScale() {
      var size = pictureSize(), view = viewSize();
      if (!(size.w > 0) || !(size.h > 0)) return 1;
      var s = Math.min(view.w / size.w, view.h / size.h);
      return s > 0 && isFinite(s) ? s : 1;
    }

    function leastScale() {
      return Math.max(SMALLEST_SCALE, Math.min(MIN_SCALE, fitScale()));
    }

    // Keeps part of the picture in view whatever the pan: a centred picture when it fits.
    function clampView() {
      var size = pictureSize(), view = viewSize();
      var vw = view.w / state.scale, vh = view.h / state.scale;
      state.x = size.w <= vw ? (size.w - vw) / 2 : Math.min(Math.max(state.x, -vw * 0.5), size.w - vw * 0.5);
      state.y = size.h <= vh ? (size.h - vh) / 2 : Math.min(Math.max(state.y, -vh * 0.5), size.h - vh * 0.5);
    }

    function saveView() {
      if (vscode && vscode.setState) vscode.setState({ scale: state.scale, x: state.x, y: state.y });
    }

    function setView(scale, x, y) {
      state.scale = Math.min(MAX_SCALE, Math.max(leastScale(), scale));
      state.x = x;
      state.y = y;
      clampView();
      // Written when they change only (a pan keeps them): a text set, even to the same value, is
      // laid out again in the next frame, and an attribute on <body> is checked against the
      // page's style.
      var label = percent(state.scale), scaleText = String(state.scale);
      if (zoomLabel.textContent !== label) zoomLabel.textContent = label;
      if (document.body.getAttribute("data-scale") !== scaleText) document.body.setAttribute("data-scale", scaleText);
      saveView();
      requestDraw();
    }

    // Zooms to `scale` keeping the picture point under (ax, ay) — view pixels, default the
    // centre — where it is.
    function setScale(scale, ax, ay) {
      var view = viewSize();
      if (typeof ax !== "number") { ax = view.w / 2; ay = view.h / 2; }
      var px = state.x + ax / state.scale, py = state.y + ay / state.scale;
      var next = Math.min(MAX_SCALE, Math.max(leastScale(), scale));
      setView(next, px - ax / next, py - ay / next);
    }

    function percent(scale) {
      var value = scale * 100;
      var text = value >= 10 ? String(Math.round(value)) : value >= 1 ? value.toFixed(1) : value.toPrecision(2);
      return text + " %";
    }

    function fitTo(scale) {
      var size = pictureSize(), view = viewSize();
      setView(scale, (size.w - view.w / scale) / 2, (size.h - view.h / scale) / 2);
    }

    function fit() { fitTo(fitScale()); }

    // Centres picture point (px, py), optionally at another scale.
    function centreOn(px, py, scale) {
      var view = viewSize();
      var s = Math.min(MAX_SCALE, Math.max(leastScale(), scale || state.scale));
      setView(s, px - view.w / 2 / s, py - view.h / 2 / s);
    }

    // Brings card i into view: centred if it is outside, zoomed in if the overview draws it (no
    // text at all) or, for a card the user searched for (`toRead`), if its text would be too small
    // to read. The editor's cursor and the arrow keys keep the zoom the user chose (a keyboard
    // walk over a fitted tree stays fitted).
    function bringIntoView(i, always, toRead) {
      var s = state.store;
      if (!s || i < 0 || i >= s.n) return;
      var m = s.margin, view = viewSize();
      var px = s.cx[i] + m, py = s.cy[i] + m;
      var unreadable = currentMode() === "overview" || (toRead && state.scale < LEGIBLE_SCALE);
      var scale = unreadable ? READABLE_SCALE : state.scale;
      var left = (px - s.w[i] / 2 - state.x) * state.scale, right = (px + s.w[i] / 2 - state.x) * state.scale;
      var top = (py - s.h[i] / 2 - state.y) * state.scale, bottom = (py + s.h[i] / 2 - state.y) * state.scale;
      var inside = left >= 0 && top >= 0 && right <= view.w && bottom <= view.h;
      if (always || !inside || scale !== state.scale) centreOn(px, py, scale);
    }

    // The picture rectangle in view, widened by OVERSCAN.
    function viewRect(extra) {
      var view = viewSize();
      var vw = view.w / state.scale, vh = view.h / state.scale;
      var pad = extra === undefined ? OVERSCAN : extra;
      return { x0: state.x - vw * pad, y0: state.y - vh * pad, x1: state.x + vw * (1 + pad), y1: state.y + vh * (1 + pad) };
    }

    // The viewport's size changed: read again at the next frame.
    function viewResized() { viewCache = null; }

    return {
      viewSize: viewSize, pictureSize: pictureSize, fitScale: fitScale, setView: setView, setScale: setScale,
      percent: percent, fitTo: fitTo, fit: fit, centreOn: centreOn, bringIntoView: bringIntoView,
      viewRect: viewRect, viewResized: viewResized,
    };
  }

  return { create: create };
});
