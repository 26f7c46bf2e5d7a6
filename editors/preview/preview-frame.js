// Bracket preview page, the frame: one requestAnimationFrame draws the view. When few enough
// cards are in view, they and their connectors are SVG elements (at most MAX_DOM_CARDS,
// recycled as the view moves, made a few per frame), built exactly as the server's SVG builds
// them, placed relative to an origin near the view; otherwise the overview (preview-overview.js)
// draws them. Then the title, the level headers and edge labels, the path and the minimap's
// view. The frame records what it did (painted().work) and when it was painted.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewFrame.create(deps)` (deps: the state, the picture's layers and the
// shown cards, the paint record, the store's readers, the server's markup, the spatial index,
// the levels, the decorations, the path, the overview, the minimap and the view).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewFrame = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var SVG_NS = deps.SVG_NS, MAX_DOM_CARDS = deps.MAX_DOM_CARDS, state = deps.state, overview = deps.overview,
      minimap = deps.minimap, world = deps.world, content = deps.content, headingLayer = deps.headingLayer,
      connectorLayer = deps.connectorLayer, cardLayer = deps.cardLayer, svgRoot = deps.svgRoot,
      shownCards = deps.shownCards, painted = deps.painted, paintChannel = deps.paintChannel, mark = deps.mark,
      frameDrawn = deps.frameDrawn, afterFirstFrame = deps.afterFirstFrame, sliceClock = deps.sliceClock,
      cardId = deps.cardId, cardLabel = deps.cardLabel, idEquals = deps.idEquals, num = deps.num,
      numberText = deps.numberText, cleanText = deps.cleanText, baselines = deps.baselines,
      textSpec = deps.textSpec, rectAttrs = deps.rectAttrs, scoreAttrs = deps.scoreAttrs,
      scoreSpans = deps.scoreSpans, seedAttrs = deps.seedAttrs, seedOf = deps.seedOf,
      pointsText = deps.pointsText, RESULT_CLASSES = deps.RESULT_CLASSES, resultOf = deps.resultOf,
      entrantAttr = deps.entrantAttr, slotOf = deps.slotOf, nameSuffix = deps.nameSuffix,
      cardsIn = deps.cardsIn, edgesIn = deps.edgesIn, moreCardsIn = deps.moreCardsIn,
      gridBuildOf = deps.gridBuildOf, stepGrid = deps.stepGrid, buildGridsFor = deps.buildGridsFor,
      levelsOf = deps.levelsOf, paintLevels = deps.paintLevels, drawDecorations = deps.drawDecorations,
      onPath = deps.onPath, drawPathLayer = deps.drawPathLayer, pathLine = deps.pathLine,
      colours = deps.colours, paintPicture = deps.paintPicture, drawOverview = deps.drawOverview,
      drawMinimapView = deps.drawMinimapView, viewSize = deps.viewSize, viewRect = deps.viewRect,
      attributeClasses = deps.attributeClasses;

    var CREATE_MS = 3, CREATE_LEAST = 8, CREATE_MOST = 24; // card elements made per frame: for about this long, at least this many, at most that many (see drawDom)
    var SMALL_PICTURE = 300; // this many cards in view are elements at any zoom

    var shownEdges = new Map(); // connector index -> element
    var cardPool = [];
    var edgePool = [];

    function setAttrs(element, attrs) {
      for (var k = 0; k < attrs.length; k++) {
        if (element.getAttribute(attrs[k][0]) !== attrs[k][1]) element.setAttribute(attrs[k][0], attrs[k][1]);
      }
    }

    function newCard() {
      var g = document.createElementNS(SVG_NS, "g");
      g.setAttribute("class", "bracket-card");
      g.setAttribute("role", "listitem");
      g.setAttribute("tabindex", "0");
      var title = document.createElementNS(SVG_NS, "title");
      var rect = document.createElementNS(SVG_NS, "rect");
      var text = document.createElementNS(SVG_NS, "text");
      g.append(title, rect, text);
      return g;
    }

    // Makes `g` card i of the store, exactly as the server's markup for it parses.
    function fillCard(g, s, i) {
      g.__index = i;
      var id = cleanText(cardId(s, i)), label = cleanText(cardLabel(s, i) + nameSuffix(s, i));
      if (g.getAttribute("data-node-id") !== id) g.setAttribute("data-node-id", id);
      if (g.getAttribute("aria-label") !== label) g.setAttribute("aria-label", label);
      fillResult(g, s, i);
      fillSeed(g, s, i);
      fillAttributeClasses(g, s, i);
      var title = g.firstChild, rect = title.nextSibling, text = rect.nextSibling;
      if (title.textContent !== label) title.textContent = label;
      setAttrs(rect, rectAttrs(s, i, domOrigin));
      var t = textSpec(s, i, domOrigin);
      var key = t.spans ? JSON.stringify([t.attrs, t.spans]) : JSON.stringify([t.attrs, t.text]);
      if (text.__key !== key) {
        text.__key = key;
        while (text.attributes.length > 0) text.removeAttribute(text.attributes[0].name);
        setAttrs(text, t.attrs);
        if (t.spans) {
          text.replaceChildren.apply(text, t.spans.map(function (span) {
            var tspan = document.createElementNS(SVG_NS, "tspan");
            tspan.setAttribute("x", span.x);
            tspan.setAttribute("y", span.y);
            tspan.textContent = cleanText(span.text);
            return tspan;
          }));
        } else {
          text.textContent = cleanText(t.text);
        }
      }
      markCard(g, s, i);
    }

    // The card's result: its class, `data-entrant`, and the score slot's <text> (made, filled or
    // removed), as BracketSVG writes them.
    function fillResult(g, s, i) {
      var result = resultOf(s, i), className = result ? "bracket-" + result : "";
      for (var k = 0; k < RESULT_CLASSES.length; k++) {
        if (g.classList.contains(RESULT_CLASSES[k]) !== (RESULT_CLASSES[k] === className)) g.classList.toggle(RESULT_CLASSES[k]);
      }
      var entrant = entrantAttr(s, i);
      if (entrant === null) { if (g.hasAttribute("data-entrant")) g.removeAttribute("data-entrant"); }
      else if (g.getAttribute("data-entrant") !== cleanText(entrant)) g.setAttribute("data-entrant", cleanText(entrant));
      var slot = slotOf(s, i), score = partOfCard(g, "bracket-score");
      if (!slot) { if (score) score.remove(); return; }
      if (!score) { score = document.createElementNS(SVG_NS, "text"); g.append(score); }
      if (slot.parts) {
        // A slot in parts: its <tspan>s made anew when a part or its place changed.
        var spans = scoreSpans(s, i, slot, domOrigin), key = JSON.stringify(spans);
        if (score.__parts !== key) {
          ["x", "y"].forEach(function (name) { if (score.hasAttribute(name)) score.removeAttribute(name); });
          score.replaceChildren.apply(score, spans.map(function (p) {
            var tspan = document.createElementNS(SVG_NS, "tspan");
            tspan.setAttribute("x", p.x);
            tspan.setAttribute("y", p.y);
            if (p.size !== null) tspan.setAttribute("font-size", p.size);
            tspan.textContent = cleanText(p.text);
            return tspan;
          }));
          score.__parts = key;
        }
        setAttrs(score, scoreAttrs(s, i, slot, domOrigin));
        return;
      }
      score.__parts = null;
      setAttrs(score, scoreAttrs(s, i, slot, domOrigin));
      if (score.textContent !== cleanText(slot.text) || score.childElementCount > 0) score.textContent = cleanText(slot.text);
    }

    // The card's seed column <text class="bracket-seed"> (made, filled or removed), before the
    // score's as BracketSVG writes them.
    function fillSeed(g, s, i) {
      var seed = seedOf(s, i), element = partOfCard(g, "bracket-seed");
      if (!seed || seed.text === "") { if (element) element.remove(); return; }
      if (!element) {
        element = document.createElementNS(SVG_NS, "text");
        g.insertBefore(element, partOfCard(g, "bracket-score"));
      }
      setAttrs(element, seedAttrs(s, i, seed, domOrigin));
      if (element.textContent !== cleanText(seed.text)) element.textContent = cleanText(seed.text);
    }

    // The card's <text> after its label that has class `name` (its seed or its score), or null.
    function partOfCard(g, name) {
      for (var part = g.childNodes[3] || null; part; part = part.nextSibling) {
        if (part.classList.contains(name)) return part;
      }
      return null;
    }

    // The classes card i's attributes add (attributeClasses, preview-columns.js), swapped for the
    // ones the element had when it showed another card or value.
    function fillAttributeClasses(g, s, i) {
      var classes = attributeClasses(s, i);
      if (g.__attributeClasses === classes || (!classes && !g.__attributeClasses)) return;
      (g.__attributeClasses || "").split(" ").forEach(function (name) { if (name) g.classList.remove(name); });
      classes.split(" ").forEach(function (name) { if (name) g.classList.add(name); });
      g.__attributeClasses = classes;
    }

    function markCard(g, s, i) {
      g.classList.toggle("bracket-highlight", state.highlightId !== null && idEquals(s, i, state.highlightId));
      g.classList.toggle("bracket-match", i === state.match);
      g.classList.toggle("bracket-path", onPath(s, i));
    }

    // After a new store: cards still in it keep their elements (so focus stays on the card being
    // edited next to), at their new index; the rest go back to the pool.
    function rekey(old, store, follow) {
      var entries = Array.from(shownCards.entries());
      shownCards.clear();
      state.focus = follow(state.focus);
      for (var k = 0; k < entries.length; k++) {
        var element = entries[k][1];
        var index = follow(entries[k][0]);
        if (index >= 0 && !shownCards.has(index)) {
          shownCards.set(index, element);
          element.__stale = true;
          element.__index = index; // new elements are placed among the kept ones by index
        } else {
          element.remove();
          cardPool.push(element);
        }
      }
      shownEdges.forEach(function (element) { element.remove(); edgePool.push(element); });
      shownEdges.clear();
    }

    var drawPending = false;
    var frameWork = null; // what the frame being drawn did (painted().work; Tests/editors/test_preview_big.py)
    function requestDraw() {
      if (drawPending) return;
      drawPending = true;
      requestAnimationFrame(function () {
        var started = performance.timeOrigin + performance.now();
        drawPending = false;
        frameWork = { mode: "", cards: 0, cardsRead: 0, made: 0, edges: 0, edgesCounted: 0, connectorsWaiting: false, tilesDrawn: 0, tilesPainted: 0, standIns: 0, tilesWaiting: 0, tilesCoarse: 0 };
        draw();
        var framesDrawn = frameDrawn();
        if (state.hasPicture) mark("drawn");
        var drawn = performance.timeOrigin + performance.now() - started;
        if (paintChannel) paintChannel.port2.postMessage({ version: state.version, frame: framesDrawn, started: started, draw: drawn, work: frameWork });
        frameWork = null;
      });
    }

    // The page's card and connector elements are placed relative to domOrigin, a point near the
    // view on a coarse grid, not at their picture coordinates: Chromium lays SVG out in 1/64 px
    // fixed point that saturates at 2^25 px (a million-card tree is 37,748,736 units tall, and
    // every card past that collapsed onto one spot), and transforms in 32-bit floats, which
    // would shake cards far from the origin at high zoom. Pictures smaller than REBASE_SIZE keep
    // the origin at 0, so their elements are exactly the server's markup. When the view moves to
    // another grid cell, every shown element is rewritten once.
    var REBASE_SIZE = 1 << 20, REBASE_STEP = 1 << 18;
    var domOrigin = { x: 0, y: 0 };
    function moveOrigin(s) {
      var view = viewSize(), x = 0, y = 0;
      if (Math.max(s.width, s.height) > REBASE_SIZE) {
        x = Math.floor((state.x - s.margin + view.w / state.scale / 2) / REBASE_STEP) * REBASE_STEP;
        y = Math.floor((state.y - s.margin + view.h / state.scale / 2) / REBASE_STEP) * REBASE_STEP;
      }
      if (x === domOrigin.x && y === domOrigin.y) return;
      domOrigin = { x: x, y: y };
      shownCards.forEach(function (element) { element.__stale = true; });
      headingLayer.setAttribute("transform", "translate(" + (-x) + " " + (-y) + ")");
    }

    // The first frame that shows card elements after a far-out first picture would take
    // 60–130 ms: the card builder not yet compiled, and the text's font looked up and shaped for
    // the first time. Done once in idle time instead: one hidden card built, measured and put in the pool,
    // and each painter run once on a small buffer.
    var warmedUp = false;
    function warmUp() {
      if (warmedUp) return;
      warmedUp = true;
      // After the first frame, with the start-up's other deferred work (afterFirstFrame).
      afterFirstFrame(function () {
        var s = state.store;
        if (!s || !state.hasPicture) { warmedUp = false; return; }
        var card = cardPool.pop() || newCard();
        fillCard(card, s, 0);
        card.setAttribute("visibility", "hidden");
        cardLayer.append(card);
        try { card.getBBox(); } catch (e) { /* not laid out: nothing to warm */ }
        card.remove();
        card.removeAttribute("visibility");
        card.__index = -1;
        cardPool.push(card);
        var pixels = new Uint32Array(64), c = colours(), k = 8 / Math.max(1, s.width, s.height);
        paintPicture(s, pixels, 8, 8, k, k, 0, 0, c, []);
        if (s.spatial.levelsWanted) paintLevels(levelsOf(s), pixels, 8, 8, k, k, 0, 0, c);
        // The queries only on a grid that is there: this task built a deferred one whole (a
        // task of 100–250 ms at a million cards, which the idle slices are for).
        if (s.spatial.cards !== null) {
          var near = [];
          cardsIn(s, { x0: s.cx[0] - 1, y0: s.cy[0] - 1, x1: s.cx[0] + 1, y1: s.cy[0] + 1 }, 4, near);
          edgesIn(s, { x0: 0, y0: 0, x1: 1, y1: 1 }, 4);
        }
      });
    }

    // Sets an attribute the frame writes when its value changed only (the margin's translate is
    // the same every frame; a changed SVG transform is laid out again).
    function setAttr(element, name, value) {
      var key = "__" + name;
      if (element[key] === value) return;
      element[key] = value;
      element.setAttribute(name, value);
    }

    var lastMode = "";
    function draw() {
      var s = state.store;
      var view = viewSize();
      // A hidden viewport (printing: the print picture stands in; a collapsed panel) has nothing
      // in view: the frame keeps the card elements as they are rather than removing every one
      // and making them again when it shows (the resize then draws); printing thus keeps the
      // stage, which test_preview_browser's print check reads.
      if (view.hidden && state.hasPicture) return;
      if (s && state.hasPicture) moveOrigin(s);
      // The zoom is a CSS transform of the <svg> element, not an SVG transform: Chromium lays SVG
      // text out at its on-screen font size, so a scale inside the SVG re-laid out every card's
      // text on every zoom frame (75–110 ms for 1,200 cards on a loaded machine, the slowest
      // frames of a million-card pan and zoom); a CSS transform of the element is applied at
      // paint time, and the text is laid out once, at the picture's own size. The pan stays an
      // SVG translate (free: no text is re-laid out for it).
      // The <svg> is sized in pixels, not in per cent of the stage: a per-cent size is "changed"
      // whenever the page around it is laid out again (the zoom label's text, the minimap), and
      // a changed root size with a moved picture re-laid out every card's text as well (190–
      // 310 ms for 1,200 cards in a test page).
      var zoom = "scale(" + state.scale + ")";
      if (svgRoot.__zoom !== zoom) {
        svgRoot.__zoom = zoom;
        svgRoot.style.transform = zoom;
        // The path's line keeps its width on screen (preview.css divides it by the zoom: the
        // CSS transform is outside what vector-effect: non-scaling-stroke undoes). Set on the
        // line alone, so no other element's style is recomputed.
        pathLine.style.setProperty("--bracket-zoom", String(state.scale));
      }
      if (svgRoot.__w !== view.w || svgRoot.__h !== view.h) {
        svgRoot.__w = view.w; svgRoot.__h = view.h;
        svgRoot.style.width = view.w + "px"; svgRoot.style.height = view.h + "px";
      }
      setAttr(world, "transform", "translate(" + (domOrigin.x - state.x) + " " + (domOrigin.y - state.y) + ")");
      drawPathLayer(s);
      if (!s || !state.hasPicture) {
        clearDom();
        overview.hidden = true;
        minimap.hidden = true;
        headingLayer.replaceChildren();
        drawDecorations(null, false);
        return;
      }
      setAttr(content, "transform", "translate(" + numberText(s.margin) + " " + numberText(s.margin) + ")");
      var r = viewRect();
      r.x0 -= s.margin; r.x1 -= s.margin; r.y0 -= s.margin; r.y1 -= s.margin;
      var visible = [];
      // Cards become elements when few enough are in view, and, if there are more than a few
      // hundred, only where their text can be read (2 px and more); otherwise the overview draws
      // them (SVG text by the thousand at 3 px took half a second a frame).
      var readable = state.scale * s.fontSize >= 2;
      // Before the grid is built (a new store's first frame), a scan answers "more than that"
      // without it: only a frame that shows the cards as elements needs the grid.
      var most = readable ? MAX_DOM_CARDS : SMALL_PICTURE;
      var grid = s.spatial.cards === null ? (moreCardsIn(s, r, most) ? null : frameCards(s, s.spatial)) : s.spatial.cards;
      var found = grid === null ? -1 : cardsIn(s, r, most, visible, grid);
      var dom = found >= 0;
      if (dom) {
        drawDom(s, r, visible);
        overview.hidden = true;
      } else {
        clearDom(state.focus);
        drawOverview(s, view);
        overview.hidden = false;
      }
      drawHeading(s);
      drawDecorations(s, dom);
      // Set when it changes only (an attribute on <body> is checked against the page's style).
      if (lastMode !== (dom ? "cards" : "overview")) document.body.setAttribute("data-mode", dom ? "cards" : "overview");
      lastMode = dom ? "cards" : "overview";
      if (frameWork) { frameWork.mode = lastMode; frameWork.cards = shownCards.size; frameWork.edges = shownEdges.size; }
      drawMinimapView(view);
    }

    function drawHeading(s) {
      if (!s.title || !Array.isArray(s.title.lines)) { headingLayer.replaceChildren(); return; }
      var key = JSON.stringify(s.title);
      if (headingLayer.__key === key) return;
      headingLayer.__key = key;
      var size = num(s.title.fontSize, 13);
      var text = document.createElementNS(SVG_NS, "text");
      text.setAttribute("class", "bracket-heading");
      text.setAttribute("font-size", numberText(size));
      text.setAttribute("text-anchor", "middle");
      var saved = s.fontSize;
      s.fontSize = size;
      var b = baselines(s, s.title.lines.length);
      s.fontSize = saved;
      s.title.lines.forEach(function (line, k) {
        var tspan = document.createElementNS(SVG_NS, "tspan");
        tspan.setAttribute("x", numberText(num(s.title.x, 0)));
        tspan.setAttribute("y", numberText(num(s.title.y, 0) + b[k]));
        tspan.textContent = cleanText(line);
        text.append(tspan);
      });
      headingLayer.replaceChildren(text);
    }

    // Removes every card element but the focused one (which keeps the keyboard focus).
    function clearDom(keep) {
      shownCards.forEach(function (element, index) {
        if (index === keep && element.isConnected) return;
        element.remove();
        cardPool.push(element);
        shownCards.delete(index);
      });
      shownEdges.forEach(function (element) { element.remove(); edgePool.push(element); });
      shownEdges.clear();
    }

    // Card elements before the idle build of the grid is done (a zoom in from far out soon after
    // the picture came): a frame does GRID_FRAME_MS of the build, not the rest of it (finishing
    // the connectors' half in one frame, every connector's box read, takes 25–130 ms in a trace
    // of a million-card zoom). The cards' half is finished by frames of about that budget (the choice's counting pass did its costly part; the overview
    // is shown meanwhile) and the cards are drawn from it; the connectors' half goes on for that
    // budget a frame (and in the idle slices), and the connectors are drawn once it is done.
    // painted().work: edgesCounted (connectors counted by the frame), connectorsWaiting.
    var GRID_FRAME_MS = 4;
    function frameCards(s, sp) {
      var b = gridBuildOf(s, sp);
      if (stepGrid(s, sp, b.cards, sliceClock() + GRID_FRAME_MS)) return b.cards.grid;
      requestDraw();
      return null;
    }
    function frameConnectors(s, sp) {
      if (sp.edges !== null) return true;
      var g = gridBuildOf(s, sp).edges, from = g.step === 0 ? g.next : g.count;
      var done = buildGridsFor(s, sp, sliceClock() + GRID_FRAME_MS);
      if (frameWork) { frameWork.edgesCounted += (g.step === 0 ? g.next : g.count) - from; frameWork.connectorsWaiting = !done; }
      if (!done) requestDraw();
      return done;
    }

    function drawDom(s, r, visible) {
      if (state.focus >= 0 && state.focus < s.n && visible.indexOf(state.focus) < 0) {
        visible.push(state.focus); // the focused card stays, in view or not
        visible.sort(function (a, b) { return a - b; });
      }
      // Elements made per frame are capped by time (at least CREATE_LEAST), so jumping into a
      // dense region spreads the work over a few frames instead of one long one (in tree order),
      // on a fast machine as on a loaded one. The cap is 3 ms, not 6: in a trace of the
      // million-card zoom the frames that make cards are the slowest of all, and
      // Blink's style, layout, paint and raster of the new elements cost two to three times the
      // script that made them, so a frame's cost follows the cap. On a slower renderer that
      // ratio is five to ten (a frame that made 37 cards in 9 ms of script took 69 ms), which a
      // time cap cannot see, so the count is capped too (CREATE_MOST): the million-card zoom's
      // longest frame is 28-32 ms in six runs with it, 28-78 ms without (docs/performance.md,
      // "The preview page", "Drawing only what is in view").
      // The rest of the view's cards come in the next frames, a few tens of milliseconds later.
      var deadline = performance.now() + CREATE_MS, made = 0;
      var missing = 0;
      var wanted = new Set(visible);
      shownCards.forEach(function (element, index) {
        if (!wanted.has(index)) { element.remove(); cardPool.push(element); shownCards.delete(index); }
      });
      // Insert in pre-order, so screen readers read the list in tree order; kept elements are
      // already in order and never move (a moved element would lose focus).
      var cursor = cardLayer.firstChild;
      for (var k = 0; k < visible.length; k++) {
        var i = visible[k];
        var element = shownCards.get(i);
        if (element) {
          if (element.__stale || element.__index !== i) { element.__stale = false; fillCard(element, s, i); }
          else markCard(element, s, i);
          while (cursor && cursor !== element && cursor.__index < i) cursor = cursor.nextSibling;
          if (element.parentNode !== cardLayer) cardLayer.insertBefore(element, cursor);
          else if (cursor === element) cursor = element.nextSibling;
          continue;
        }
        if (made >= CREATE_MOST || (made >= CREATE_LEAST && performance.now() > deadline)) { missing++; continue; }
        made++;
        element = cardPool.pop() || newCard();
        fillCard(element, s, i);
        while (cursor && cursor.__index < i) cursor = cursor.nextSibling;
        cardLayer.insertBefore(element, cursor);
        shownCards.set(i, element);
      }
      if (missing > 0) requestDraw();
      if (frameWork) frameWork.made = made;
      if (!frameConnectors(s, s.spatial)) return;
      // Connectors: every leg in view, and the first and last child's of every bus in view (the
      // spatial index finds them).
      var nextEdges = new Map();
      var inView = edgesIn(s, r, 4 * MAX_DOM_CARDS);
      for (var v = 0; v < inView.length; v++) {
        var e = inView[v];
        var polyline = shownEdges.get(e);
        if (polyline) shownEdges.delete(e);
        else {
          polyline = edgePool.pop();
          if (!polyline) {
            polyline = document.createElementNS(SVG_NS, "polyline");
            polyline.setAttribute("class", "bracket-connector");
            polyline.setAttribute("fill", "none");
          }
        }
        var points = pointsText(s, e, domOrigin);
        if (polyline.getAttribute("points") !== points) polyline.setAttribute("points", points);
        polyline.__index = e;
        nextEdges.set(e, polyline);
      }
      shownEdges.forEach(function (element) { element.remove(); edgePool.push(element); });
      shownEdges = nextEdges;
      var edgeCursor = connectorLayer.firstChild;
      nextEdges.forEach(function (element, index) {
        while (edgeCursor && edgeCursor.__index < index) edgeCursor = edgeCursor.nextSibling;
        if (element.parentNode !== connectorLayer || element !== edgeCursor) connectorLayer.insertBefore(element, edgeCursor);
        else edgeCursor = element.nextSibling;
      });
    }

    // The focused card is drawn at once (and the frame already asked for is then not needed).
    function drawNow() { drawPending = false; draw(); }

    return {
      requestDraw: requestDraw, drawNow: drawNow, markCard: markCard, rekey: rekey, warmUp: warmUp,
      GRID_FRAME_MS: GRID_FRAME_MS, currentOrigin: function () { return domOrigin; },
      currentMode: function () { return lastMode; }, currentWork: function () { return frameWork; },
    };
  }

  return { create: create };
});
