// Bracket preview page, input: the toolbar's zoom buttons and Map, the wheel and pinch, the
// keys (arrows, Home, Enter, + - 0 f /, Ctrl/Cmd+F), dragging to pan, and a click on a card
// revealing it. A drag past DRAG_THRESHOLD pixels is a pan, and its click is not a card's.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewInput.create(deps)` (deps: the view's calls, the focus's and the path's,
// `viewResized` and `toggleMinimap`, which change the page's view size and minimap state).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewInput = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var DRAG_THRESHOLD = deps.DRAG_THRESHOLD, ZOOM_STEP = deps.ZOOM_STEP, state = deps.state,
      searchBox = deps.searchBox, stage = deps.stage, viewport = deps.viewport, fit = deps.fit,
      setScale = deps.setScale, setView = deps.setView, requestDraw = deps.requestDraw,
      viewResized = deps.viewResized, toggleMinimap = deps.toggleMinimap, AWAY = deps.AWAY,
      announce = deps.announce, describeCard = deps.describeCard, focusCard = deps.focusCard,
      focusedIndex = deps.focusedIndex, navigate = deps.navigate, reveal = deps.reveal,
      cardIndexAt = deps.cardIndexAt, clickedCard = deps.clickedCard;

    document.getElementById("zoom-in").addEventListener("click", function () { setScale(state.scale * ZOOM_STEP); });
    document.getElementById("zoom-out").addEventListener("click", function () { setScale(state.scale / ZOOM_STEP); });
    document.getElementById("zoom-fit").addEventListener("click", fit);
    document.getElementById("zoom-reset").addEventListener("click", function () { setScale(1); });
    document.getElementById("minimap-toggle").addEventListener("click", function (event) {
      var hidden = toggleMinimap();
      event.currentTarget.setAttribute("aria-pressed", String(!hidden));
      requestDraw();
    });

    // A plain wheel pans (shift: sideways), Ctrl/Cmd + wheel or a pinch zooms around the pointer.
    viewport.addEventListener("wheel", function (event) {
      event.preventDefault();
      var unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      var box = viewport.getBoundingClientRect();
      if (event.ctrlKey || event.metaKey) {
        setScale(state.scale * Math.exp(-event.deltaY * unit * 0.002), event.clientX - box.left, event.clientY - box.top);
        return;
      }
      var dx = event.deltaX * unit, dy = event.deltaY * unit;
      if (event.shiftKey && dx === 0) { dx = dy; dy = 0; }
      setView(state.scale, state.x + dx / state.scale, state.y + dy / state.scale);
    }, { passive: false });

    window.addEventListener("resize", function () { viewResized(); setView(state.scale, state.x, state.y); });

    viewport.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      var s = state.store;
      var key = event.key;
      if (s && state.hasPicture && (key === "Enter" || key === " ")) {
        var index = focusedIndex(event.target);
        if (index >= 0) { event.preventDefault(); reveal(index); return; }
      }
      if (s && state.hasPicture && AWAY[key]) {
        event.preventDefault();
        var from = focusedIndex(event.target);
        if (from < 0 || from >= s.n) { focusCard(0); return; }
        var to = navigate(from, key);
        if (to >= 0) focusCard(to); else announce(describeCard(from));
        return;
      }
      if (s && state.hasPicture && key === "Home") { event.preventDefault(); focusCard(0); return; }
      if (key === "+" || key === "=") setScale(state.scale * ZOOM_STEP);
      else if (key === "-") setScale(state.scale / ZOOM_STEP);
      else if (key === "0") setScale(1);
      else if (key === "f" || key === "F") fit();
      else if (key === "/") searchBox.focus();
      else return;
      event.preventDefault();
    });
    document.addEventListener("keydown", function (event) {
      if ((event.ctrlKey || event.metaKey) && (event.key === "f" || event.key === "F")) {
        event.preventDefault();
        searchBox.focus();
        searchBox.select();
      }
    });
    viewport.addEventListener("focusin", function (event) {
      var index = focusedIndex(event.target);
      if (event.target !== viewport && index >= 0 && index !== state.focus) { state.focus = index; announce(describeCard(index)); }
    });

    var drag = null;
    var suppressClick = false;
    viewport.addEventListener("pointerdown", function (event) {
      suppressClick = false;
      if (event.button !== 0) return;
      drag = { x: event.clientX, y: event.clientY, vx: state.x, vy: state.y, moved: false, pointer: event.pointerId };
    });
    viewport.addEventListener("pointermove", function (event) {
      if (!drag || event.pointerId !== drag.pointer) return;
      var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < DRAG_THRESHOLD) return;
      if (!drag.moved) {
        drag.moved = true;
        viewport.classList.add("dragging");
        try { viewport.setPointerCapture(event.pointerId); } catch (e) { /* pointer already gone */ }
      }
      setView(state.scale, drag.vx - dx / state.scale, drag.vy - dy / state.scale);
    });
    function endDrag(event) {
      if (!drag || event.pointerId !== drag.pointer) return;
      suppressClick = drag.moved; // a pan must not also count as a click on a card
      drag = null;
      viewport.classList.remove("dragging");
    }
    viewport.addEventListener("pointerup", endDrag);
    viewport.addEventListener("pointercancel", endDrag);

    // A click on a card, or on a card in the overview, reveals it in the source.
    stage.addEventListener("click", function (event) {
      if (suppressClick) { suppressClick = false; return; }
      var onElement = cardIndexAt(event.target) >= 0, index = clickedCard(event);
      if (index < 0) return;
      state.focus = index;
      reveal(index);
      if (!onElement) { announce(describeCard(index)); requestDraw(); }
    });

    // Whether the pointer is panning (a press moved past the threshold), and whether the click
    // that ends a pan is still to come (it must not count as a click on a card).
    function panning() { return !!drag && drag.moved; }
    function clickSuppressed() { return suppressClick; }

    return {
      panning: panning,
      clickSuppressed: clickSuppressed,
    };
  }

  return { create: create };
});
