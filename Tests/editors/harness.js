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
  function send(message) { window.postMessage(message, "*"); return wait(50); }
  function $(id) { return document.getElementById(id); }
  function cards() { return Array.prototype.slice.call(document.querySelectorAll("#stage [data-node-id]")); }
  function ids() { return cards().map(function (c) { return c.getAttribute("data-node-id"); }).join(","); }
  function card(id) { return cards().filter(function (c) { return c.getAttribute("data-node-id") === id; })[0]; }
  function highlighted() {
    return Array.prototype.slice.call(document.querySelectorAll("#stage .bracket-highlight"))
      .map(function (c) { return c.getAttribute("data-node-id"); }).join(",");
  }
  function reveals() { return posted.filter(function (m) { return m.type === "reveal"; }); }
  function scale() { return window.bracketPreview.scale(); }
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
    var firstSvg = document.querySelector("#stage svg");
    check("connectors are shown", firstSvg.querySelectorAll("polyline").length === 6);

    $("zoom-reset").click();
    check("100 % button sets scale 1", scale() === 1, scale());
    $("zoom-in").click();
    $("zoom-in").click();
    $("zoom-in").click();
    check("+ button zooms in", Math.abs(scale() - 1.953125) < 1e-9, scale());
    check("zoom label follows", $("zoom-level").textContent === "195 %", $("zoom-level").textContent);
    viewport.scrollLeft = 120;
    viewport.scrollTop = 70;
    var before = { scale: scale(), left: viewport.scrollLeft, top: viewport.scrollTop };
    check("picture is scrollable at this zoom", before.left === 120 && before.top === 70, before);

    await send({ type: "preview", payload: F["tutorial-v2"] });
    var secondSvg = document.querySelector("#stage svg");
    check("second payload replaces the picture", secondSvg !== firstSvg && ids() === "1,2,4,5,3,6,7,8", ids());
    check("second payload shows the new label", card("1").textContent.indexOf("Final") >= 0);
    check("no reload between payloads", window.__bracketMarker === "still the same page");
    var after = { scale: scale(), left: viewport.scrollLeft, top: viewport.scrollTop };
    check("zoom and scroll survive the update", same(before, after), { before: before, after: after });
    var transform = document.getElementById("stage").style.transform;
    var scaled = /^scale\(([0-9.]+)\)$/.exec(transform);
    check("stage keeps the scale transform", scaled && Math.abs(parseFloat(scaled[1]) - 1.953125) < 1e-4, transform);

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

    var beforeErrors = { scale: scale(), left: viewport.scrollLeft, top: viewport.scrollTop };
    await send({ type: "preview", payload: F["errors-picture"] });
    check("picture with errors is still shown", ids() === "1,2,4,5,3,6,7,8,9", ids());
    check("error badge shows the count", !$("status").hidden &&
      $("status").classList.contains("has-errors") && /\b1 error\b/.test($("status").textContent), $("status").textContent);
    check("highlight survives a picture update", highlighted() === "6", highlighted());
    check("zoom survives an update with errors", scale() === beforeErrors.scale);

    var withErrorsSvg = document.querySelector("#stage svg");
    await send({ type: "preview", payload: F["errors-empty"] });
    check("an empty picture with errors keeps the last good one",
      document.querySelector("#stage svg") === withErrorsSvg && ids() === "1,2,4,5,3,6,7,8,9", ids());
    check("badge shows the new error count", /\b2 errors\b/.test($("status").textContent), $("status").textContent);

    await send({ type: "preview", payload: F["tutorial-v1"] });
    check("an older version is ignored", ids() === "1,2,4,5,3,6,7,8,9", ids());

    await send({ type: "preview", payload: F["hostile"] });
    await wait(200);
    var stage = $("stage");
    check("hostile payload still shows its cards", ids().indexOf("r,a,b,c") === 0, ids());
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
    card("evil").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    check("clicking a stripped card runs nothing", window.__pwned === undefined);
    check("badge cleared when errors are gone", $("status").hidden, $("status").textContent);

    // A diagram past the server's size limit comes as counts (docs/protocol.md): the page says
    // so instead of waiting for a picture.
    await send({ type: "preview", payload: { uri: "file:///work/tutorial.bracket", version: 5,
      tooLarge: { cards: 1000001, connectors: 1000000, limit: 150000 }, diagnostics: { errors: 0, warnings: 0 } } });
    check("a too-large diagram shows the message, not a picture",
      document.querySelector("#stage svg") === null && !$("placeholder").hidden &&
      /1000001 cards/.test($("placeholder").textContent) && /150000/.test($("placeholder").textContent),
      $("placeholder").textContent);

    // Theme: VS Code's body class and variables win over the SVG's own fallbacks.
    await send({ type: "preview", payload: Object.assign({}, F["tutorial-v2"], { version: 6 }) });
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
    var canvas = $("canvas").getBoundingClientRect();
    check("Fit makes the whole picture visible", canvas.width <= viewport.clientWidth + 1 &&
      canvas.height <= viewport.clientHeight + 1 && (canvas.width >= viewport.clientWidth - 2 || canvas.height >= viewport.clientHeight - 2),
      { canvas: [canvas.width, canvas.height], viewport: [viewport.clientWidth, viewport.clientHeight] });

    $("zoom-reset").click();
    var wheel = new WheelEvent("wheel", { deltaY: -200, ctrlKey: true, clientX: 50, clientY: 60, bubbles: true, cancelable: true });
    viewport.dispatchEvent(wheel);
    check("ctrl + wheel zooms in and is not passed on", scale() > 1.2 && wheel.defaultPrevented, scale());
    var plain = new WheelEvent("wheel", { deltaY: -200, bubbles: true, cancelable: true });
    var s = scale();
    viewport.dispatchEvent(plain);
    check("a plain wheel does not zoom", scale() === s && !plain.defaultPrevented);

    $("zoom-in").click();
    viewport.scrollLeft = 10;
    viewport.scrollTop = 10;
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
    check("dragging pans", viewport.scrollLeft === 50 && viewport.scrollTop === 30, [viewport.scrollLeft, viewport.scrollTop]);
    check("a drag that ends on a card does not reveal it", reveals().length === revealsBefore);

    check("view state saved for the webview", savedState && savedState.scale === scale(), savedState);
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
    function svgMarkup() { return document.querySelector("#stage svg").outerHTML; }
    function resyncs() { return posted.filter(function (m) { return m.type === "resync"; }); }
    await send({ type: "highlight", id: "g9" });
    await send({ type: "preview", payload: D.payloads[0] });
    check("delta: the first, full payload is numbered", window.bracketPreview.sequence() === 1, window.bracketPreview.sequence());
    $("zoom-reset").click();
    $("zoom-in").click();
    viewport.scrollLeft = 40;
    viewport.scrollTop = 60;
    var view = { scale: scale(), left: viewport.scrollLeft, top: viewport.scrollTop };
    var svgElement = document.querySelector("#stage svg");
    var untouched = card("g3a");
    for (var i = 1; i < D.payloads.length; i++) await send({ type: "preview", payload: D.payloads[i] });
    check("delta: all deltas applied", window.bracketPreview.sequence() === D.payloads[D.payloads.length - 1].sequence &&
      resyncs().length === 0, { sequence: window.bracketPreview.sequence(), resyncs: resyncs() });
    check("delta: the picture was patched, not replaced", document.querySelector("#stage svg") === svgElement && card("g3a") === untouched);
    check("delta: zoom and scroll survive", same(view, { scale: scale(), left: viewport.scrollLeft, top: viewport.scrollTop }),
      [view, scale(), viewport.scrollLeft, viewport.scrollTop]);
    check("delta: highlight survives a replaced card", highlighted() === "g9", highlighted());
    check("delta: card order", ids() === D.final.geometry.nodes.map(function (n) { return n.id; }).join(","), ids());
    var patched = svgMarkup();
    var patchedGeometry = window.bracketPreview.geometry();
    var canvasSize = [$("canvas").style.width, $("canvas").style.height];
    await send({ type: "preview", payload: D.final });
    check("delta: patched SVG DOM equals the final full payload's", patched === svgMarkup(),
      { patched: patched.length, full: svgMarkup().length, at: firstDifference(patched, svgMarkup()) });
    check("delta: patched geometry equals the final full payload's", same(patchedGeometry, D.final.geometry));
    check("delta: canvas size equals the full payload's", same(canvasSize, [$("canvas").style.width, $("canvas").style.height]), canvasSize);
    check("delta: an unnumbered full payload clears the sequence", window.bracketPreview.sequence() === null);

    // A delta for another base is not applied; the page asks for a full payload, once.
    var before = svgMarkup();
    var stale = Object.assign({}, D.payloads[1], { version: 9, sequence: 40, base: 39 });
    await send({ type: "preview", payload: stale });
    await send({ type: "preview", payload: Object.assign({}, stale, { sequence: 41, base: 40 }) });
    check("delta: a delta for another base changes nothing", svgMarkup() === before);
    check("delta: it asks the host for a resync once", resyncs().length === 1 && resyncs()[0].uri === D.final.uri, resyncs());

    // Hostile markup inside a delta is filtered like a whole picture.
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
    check("delta: hostile card applied without its script and handlers", window.bracketPreview.sequence() === 51 &&
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
