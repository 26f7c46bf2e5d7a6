// Test driver for the preview page, loaded by test_preview_page.py BEFORE preview.js in a copy
// of the real page. It plays the VS Code side: it provides acquireVsCodeApi, sends recorded
// payloads as window messages, pokes the UI, and writes a JSON verdict into the DOM, which the
// Python test reads from headless Chromium through Playwright.
(function () {
  "use strict";
  var posted = [];
  var violations = [];
  var savedState;
  window.acquireVsCodeApi = function () {
    return {
      postMessage: function (message) { posted.push(JSON.parse(JSON.stringify(message))); },
      getState: function () { return savedState; },
      setState: function (value) { savedState = value; },
    };
  };
  document.addEventListener("securitypolicyviolation", function (event) {
    violations.push(event.violatedDirective + " " + event.blockedURI + " " + (event.sample || ""));
  });

  var checks = [];
  function check(name, ok, detail) {
    checks.push({ name: name, ok: !!ok, detail: detail === undefined ? null : detail });
  }
  function wait(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }
  function send(message) { window.postMessage(message, "*"); return wait(50).then(frame); }
  function $(id) { return document.getElementById(id); }
  function cards() { return Array.prototype.slice.call(document.querySelectorAll("#stage [data-node-id]")); }
  function ids() { return cards().map(function (c) { return c.getAttribute("data-node-id"); }).join(","); }
  // Every card the page holds (the DOM has only those in view).
  function allIds() { return window.bracketPreview.geometry().nodes.map(function (n) { return n.id; }).join(","); }
  function card(id) { return cards().filter(function (c) { return c.getAttribute("data-node-id") === id; })[0]; }
  function highlighted() {
    return Array.prototype.slice.call(document.querySelectorAll("#stage .bracket-highlight"))
      .map(function (c) { return c.getAttribute("data-node-id"); }).join(",");
  }
  function reveals() { return posted.filter(function (m) { return m.type === "reveal"; }); }
  function scale() { return window.bracketPreview.scale(); }
  function view() { var v = window.bracketPreview.view(); return { scale: v.scale, x: v.x, y: v.y }; }
  function frame() { return new Promise(function (resolve) { requestAnimationFrame(function () { requestAnimationFrame(resolve); }); }); }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  async function scenario(F) {
    var viewport = $("viewport");
    check("page posts ready on start", posted.length > 0 && posted[0].type === "ready", posted);
    check("VS Code transport chosen", document.body.getAttribute("data-transport") === "vscode");
    check("the page itself loads without CSP violations", violations.length === 0, violations);
    window.__bracketMarker = "still the same page";

    await send({ type: "preview", payload: F["tutorial-v1"] });
    check("first payload shows the tutorial cards in pre-order", ids() === "1,2,4,5,3,6,7", ids());
    check("placeholder hidden once there is a picture", $("placeholder").hidden);
    check("no error badge without errors", $("status").hidden);
    check("connectors are shown", document.querySelectorAll("#stage polyline.bracket-connector").length === 6);

    $("zoom-reset").click();
    check("100 % button sets scale 1", scale() === 1, scale());
    $("zoom-in").click();
    $("zoom-in").click();
    $("zoom-in").click();
    check("+ button zooms in", Math.abs(scale() - 1.953125) < 1e-9, scale());
    check("zoom label follows", $("zoom-level").textContent === "195 %", $("zoom-level").textContent);
    var panned = new WheelEvent("wheel", { deltaX: 120, deltaY: 70, bubbles: true, cancelable: true });
    var start = view();
    viewport.dispatchEvent(panned);
    var before = view();
    check("the wheel pans the picture at this zoom", panned.defaultPrevented &&
      Math.abs((before.x - start.x) * scale() - 120) < 1e-6 && Math.abs((before.y - start.y) * scale() - 70) < 1e-6, [start, before]);

    await send({ type: "preview", payload: F["tutorial-v2"] });
    check("second payload replaces the picture", ids() === "1,2,4,5,3,6,7,8", ids());
    check("second payload shows the new label", card("1").textContent.indexOf("Final") >= 0);
    check("no reload between payloads", window.__bracketMarker === "still the same page");
    var after = view();
    check("zoom and pan survive the update", same(before, after), { before: before, after: after });
    var box = card("1").querySelector("rect").getBoundingClientRect();
    check("cards are drawn at the zoom (132 × 1.953125 wide)", Math.abs(box.width - 132 * 1.953125) < 1.5, box.width);

    card("3").querySelector("rect").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    var node3 = F["tutorial-v2"].geometry.nodes.filter(function (n) { return n.id === "3"; })[0];
    var last = reveals()[reveals().length - 1];
    check("clicking a card posts reveal with its id and range",
      reveals().length === 1 && last.id === "3" && same(last.range, node3.range), reveals());
    card("8").dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    last = reveals()[reveals().length - 1];
    check("Enter on a focused card reveals it too", reveals().length === 2 && last.id === "8", reveals());

    await send({ type: "highlight", id: "6" });
    check("highlight marks exactly that card", highlighted() === "6", highlighted());
    await send({ type: "highlight", id: "7" });
    check("a new highlight moves the mark", highlighted() === "7", highlighted());
    await send({ type: "highlight", id: null });
    check("highlight null clears", highlighted() === "", highlighted());
    await send({ type: "highlight", id: "6" });

    var beforeErrors = view();
    await send({ type: "preview", payload: F["errors-picture"] });
    check("picture with errors is still shown", allIds() === "1,2,4,5,3,6,7,8,9", allIds());
    check("error badge shows the count", !$("status").hidden &&
      $("status").classList.contains("has-errors") && /\b1 error\b/.test($("status").textContent), $("status").textContent);
    check("highlight survives a picture update", highlighted() === "6", highlighted());
    check("zoom survives an update with errors", scale() === beforeErrors.scale);

    await send({ type: "preview", payload: F["errors-empty"] });
    check("an empty picture with errors keeps the last good one", allIds() === "1,2,4,5,3,6,7,8,9", allIds());
    check("badge shows the new error count", /\b2 errors\b/.test($("status").textContent), $("status").textContent);

    await send({ type: "preview", payload: F["tutorial-v1"] });
    check("an older version is ignored", allIds() === "1,2,4,5,3,6,7,8,9", allIds());

    await send({ type: "preview", payload: F["hostile"] });
    await wait(200);
    var stage = $("stage");
    check("hostile payload shows the geometry's cards, not the SVG's extra markup", ids() === "r,a,b,c", ids());
    check("labels are shown as text", card("r").textContent.indexOf("<script>") >= 0 &&
      card("b").textContent.indexOf('onload="') >= 0, card("r").textContent);
    check("nothing from the document ran", window.__pwned === undefined, String(window.__pwned));
    var bad = Array.prototype.slice.call(stage.querySelectorAll("*")).filter(function (el) {
      var local = el.localName.toLowerCase();
      if (["script", "foreignobject", "iframe", "image", "a", "animate", "set"].indexOf(local) >= 0) return true;
      for (var i = 0; i < el.attributes.length; i++) {
        var attr = el.attributes[i];
        if (/^on/i.test(attr.localName)) return true;
        if (attr.localName === "href" && attr.value.charAt(0) !== "#") return true;
      }
      return false;
    }).map(function (el) { return el.outerHTML.slice(0, 80); });
    check("dangerous elements and attributes are removed", bad.length === 0, bad);
    card("b").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    check("clicking a hostile card runs nothing", window.__pwned === undefined);
    check("badge cleared when errors are gone", $("status").hidden, $("status").textContent);

    // A diagram past the server's size limit comes as counts (docs/protocol.md): the page says
    // so instead of waiting for a picture.
    await send({ type: "preview", payload: { uri: "file:///work/tutorial.bracket", version: 5,
      tooLarge: { cards: 1000001, connectors: 1000000, limit: 150000 }, diagnostics: { errors: 0, warnings: 0 } } });
    check("a too-large diagram shows the message, not a picture",
      document.querySelector("#stage [data-node-id]") === null && window.bracketPreview.cardCount() === 0 && !$("placeholder").hidden &&
      /1000001 cards/.test($("placeholder").textContent) && /150000/.test($("placeholder").textContent),
      $("placeholder").textContent);

    // Theme: VS Code's body class and variables win over the SVG's own fallbacks.
    await send({ type: "preview", payload: Object.assign({}, F["tutorial-v2"], { version: 6 }) });
    $("zoom-fit").click();
    await frame();
    document.body.classList.add("vscode-dark");
    document.body.style.setProperty("--vscode-editorWidget-background", "rgb(1, 2, 3)");
    document.body.style.setProperty("--vscode-editor-foreground", "rgb(4, 5, 6)");
    var rect = card("1").querySelector("rect");
    check("card fill follows the VS Code theme", getComputedStyle(rect).fill === "rgb(1, 2, 3)", getComputedStyle(rect).fill);
    check("card text follows the VS Code theme",
      getComputedStyle(card("1").querySelector("text")).fill === "rgb(4, 5, 6)", getComputedStyle(card("1").querySelector("text")).fill);
    check("the picture's own stylesheet applies (edges unfilled)",
      getComputedStyle(document.querySelector("#stage polyline")).fill === "none", getComputedStyle(document.querySelector("#stage polyline")).fill);

    // Export in the webview goes through the extension: the page posts the bytes.
    function exports() { return posted.filter(function (m) { return m.type === "export"; }); }
    await send({ type: "highlight", id: "2" });
    $("save-svg").click();
    var svgExport = exports()[exports().length - 1];
    check("Save SVG posts the standalone SVG to the extension", svgExport && svgExport.format === "svg" &&
      svgExport.name === "tutorial.svg" && /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/.test(svgExport.data) &&
      svgExport.data.indexOf("<style>") > 0 && svgExport.data.indexOf('data-node-id="8"') > 0, svgExport && svgExport.data.slice(0, 200));
    check("the exported SVG carries none of the page's marks",
      svgExport && !/bracket-highlight|data-bracket-stylesheet|<metadata/.test(svgExport.data), svgExport && svgExport.data);
    $("save-png").click();
    for (var tries = 0; tries < 100 && exports().length < 2; tries++) await wait(30);
    var pngExport = exports()[exports().length - 1];
    check("Save PNG posts a base64 PNG to the extension", pngExport && pngExport.format === "png" &&
      pngExport.name === "tutorial.png" && pngExport.data.indexOf("iVBORw0KGgo") === 0, pngExport && pngExport.data.slice(0, 40));
    await send({ type: "notice", text: "Saved tutorial.png" });
    check("the extension's notice shows in the toolbar", !$("notice").hidden && $("notice").textContent === "Saved tutorial.png");
    $("copy-image").click();
    for (var waited = 0; waited < 100 && $("notice").textContent === "Saved tutorial.png"; waited++) await wait(30);
    check("Copy image copies or says why it cannot", /^(Copied|Copying images is not allowed)/.test($("notice").textContent),
      $("notice").textContent);
    await send({ type: "highlight", id: "6" });

    $("zoom-fit").click();
    await frame();
    var g = window.bracketPreview.geometry(), v = view();
    var canvas = { width: (g.width + 2 * g.margin) * v.scale, height: (g.height + 2 * g.margin) * v.scale };
    check("Fit makes the whole picture visible", canvas.width <= viewport.clientWidth + 1 &&
      canvas.height <= viewport.clientHeight + 1 && (canvas.width >= viewport.clientWidth - 2 || canvas.height >= viewport.clientHeight - 2),
      { canvas: [canvas.width, canvas.height], viewport: [viewport.clientWidth, viewport.clientHeight] });
    var shownBoxes = cards().map(function (c) { return c.getBoundingClientRect(); });
    var port = viewport.getBoundingClientRect();
    check("... every card is drawn inside the view", shownBoxes.length === 8 && shownBoxes.every(function (b) {
      return b.left >= port.left - 1 && b.right <= port.right + 1 && b.top >= port.top - 1 && b.bottom <= port.bottom + 1;
    }), shownBoxes.length);

    $("zoom-reset").click();
    var wheel = new WheelEvent("wheel", { deltaY: -200, ctrlKey: true, clientX: 50, clientY: 60, bubbles: true, cancelable: true });
    viewport.dispatchEvent(wheel);
    check("ctrl + wheel zooms in and is not passed on", scale() > 1.2 && wheel.defaultPrevented, scale());
    var plain = new WheelEvent("wheel", { deltaY: -20, bubbles: true, cancelable: true });
    var s = scale();
    viewport.dispatchEvent(plain);
    check("a plain wheel pans, it does not zoom", scale() === s);

    $("zoom-in").click();
    await frame();
    var dragStart = view();
    var revealsBefore = reveals().length;
    var target = card("1").querySelector("rect");
    function pointer(type, x, y) {
      target.dispatchEvent(new PointerEvent(type, { pointerId: 1, button: 0, clientX: x, clientY: y, bubbles: true }));
    }
    pointer("pointerdown", 300, 200);
    pointer("pointermove", 280, 190);
    pointer("pointermove", 260, 180);
    pointer("pointerup", 260, 180);
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    var dragEnd = view();
    check("dragging pans (40 × 20 pixels)", Math.abs((dragEnd.x - dragStart.x) * scale() - 40) < 1e-6 &&
      Math.abs((dragEnd.y - dragStart.y) * scale() - 20) < 1e-6, [dragStart, dragEnd]);
    check("a drag that ends on a card does not reveal it", reveals().length === revealsBefore);

    check("view state saved for the webview", savedState && savedState.scale === scale() && savedState.x === view().x, savedState);
    // DOMParser's document inherits the page's CSP, so parsing the picture reports its <style>
    // element and (for the hostile payload) its event-handler attributes as blocked. Those are
    // refusals, not leaks; anything else would mean the page relies on something forbidden.
    var unexpected = violations.filter(function (v) {
      return !/^(style-src-elem|script-src-attr) inline\b/.test(v);
    });
    check("the only CSP reports are refusals of document markup", unexpected.length === 0, violations);
  }

  // Delta payloads recorded from the real server (fixtures/make_delta_fixtures.py): applied to
  // the live picture, they must leave exactly the DOM and geometry the final full payload gives.
  async function deltaScenario(F) {
    var D = F["delta-sequence"];
    var viewport = $("viewport");
    function svgMarkup() { return window.bracketPreview.markup(); }
    function resyncs() { return posted.filter(function (m) { return m.type === "resync"; }); }
    await send({ type: "highlight", id: "g9" });
    await send({ type: "preview", payload: D.payloads[0] });
    check("delta: the first, full payload is numbered", window.bracketPreview.sequence() === 1, window.bracketPreview.sequence());
    $("zoom-fit").click();
    viewport.dispatchEvent(new WheelEvent("wheel", { deltaX: 40, deltaY: 60, bubbles: true, cancelable: true }));
    await frame();
    var shown = view();
    var untouched = card("g3a");
    for (var i = 1; i < D.payloads.length; i++) await send({ type: "preview", payload: D.payloads[i] });
    check("delta: all deltas applied", window.bracketPreview.sequence() === D.payloads[D.payloads.length - 1].sequence &&
      resyncs().length === 0, { sequence: window.bracketPreview.sequence(), resyncs: resyncs() });
    check("delta: the picture was patched, not redrawn (a card kept its element)", untouched && card("g3a") === untouched);
    check("delta: zoom and pan survive", same(shown, view()), [shown, view()]);
    check("delta: highlight survives a replaced card", highlighted() === "g9", highlighted());
    var finalIds = D.final.geometry.nodes.map(function (n) { return n.id; }).join(",");
    check("delta: card order", allIds() === finalIds && ids() === finalIds, [allIds(), ids()]);
    var patched = svgMarkup();
    var patchedGeometry = window.bracketPreview.geometry();
    check("delta: the patched picture's SVG is the server's SVG of the final text, byte for byte", patched === D.final.svg,
      { patched: patched.length, full: D.final.svg.length, at: firstDifference(patched, D.final.svg) });
    await send({ type: "preview", payload: D.final });
    check("delta: patched SVG equals the final full payload's", patched === svgMarkup(),
      { patched: patched.length, full: svgMarkup().length, at: firstDifference(patched, svgMarkup()) });
    check("delta: patched geometry equals the final full payload's", same(patchedGeometry, window.bracketPreview.geometry()));
    check("delta: an unnumbered full payload clears the sequence", window.bracketPreview.sequence() === null);

    // A delta for another base is not applied; the page asks for a full payload, once.
    var before = svgMarkup();
    var stale = Object.assign({}, D.payloads[1], { version: 9, sequence: 40, base: 39 });
    await send({ type: "preview", payload: stale });
    await send({ type: "preview", payload: Object.assign({}, stale, { sequence: 41, base: 40 }) });
    check("delta: a delta for another base changes nothing", svgMarkup() === before);
    check("delta: it asks the host for a resync once", resyncs().length === 1 && resyncs()[0].uri === D.final.uri, resyncs());

    // Markup inside a delta is never parsed: the card is drawn from its geometry node.
    var restart = Object.assign({}, D.final, { version: 10, sequence: 50 });
    await send({ type: "preview", payload: restart });
    var hostile = JSON.parse(JSON.stringify(D.payloads[1]));
    hostile.version = 11; hostile.sequence = 51; hostile.base = 50;
    hostile.delta.cards.changed[0].svg = '<g class="bracket-card" data-node-id="g0a" onclick="window.__pwned=\'delta\'">' +
      '<script>window.__pwned = "delta script"</script><rect x="0" y="0" width="9" height="9" onload="window.__pwned=1"/>' +
      '<a href="javascript:window.__pwned=2"><text>x</text></a></g>';
    await send({ type: "preview", payload: hostile });
    await wait(100);
    var evil = card("g0a");
    check("delta: hostile card markup is not used (the card comes from the geometry)", window.bracketPreview.sequence() === 51 &&
      evil && !evil.hasAttribute("onclick") && evil.querySelector("script, a") === null &&
      !evil.querySelector("rect").hasAttribute("onload"), evil && evil.outerHTML);
    if (evil) evil.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    check("delta: nothing from the delta ran", window.__pwned === undefined, String(window.__pwned));
  }

  function firstDifference(a, b) {
    for (var i = 0; i < Math.max(a.length, b.length); i++) {
      if (a.charAt(i) !== b.charAt(i)) return [i, a.slice(Math.max(0, i - 60), i + 60), b.slice(Math.max(0, i - 60), i + 60)];
    }
    return null;
  }

  window.addEventListener("load", function () {
    scenario(window.BRACKET_FIXTURES).then(function () {
      return deltaScenario(window.BRACKET_FIXTURES);
    }).catch(function (error) {
      check("scenario ran to the end", false, String(error && error.stack || error));
    }).then(function () {
      var out = document.createElement("pre");
      out.id = "bracket-test-verdict";
      out.textContent = JSON.stringify(checks);
      document.body.appendChild(out);
    });
  });
})();
