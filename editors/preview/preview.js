// Bracket preview page: draws a `bracket/preview` payload from its geometry, keeps zoom and
// pan across updates, and talks to its host (a VS Code webview or the loopback HTTP server).
// This file owns payloads (full and delta) and the picture's layers, and makes the page's
// modules, loaded before it (index.html), in "the page's modules" below: the view, the frame
// that draws it (card elements), the overview canvas, the minimap, the store and its numeric
// and text columns, the ID index, the spatial index, transport, results, the server's markup,
// focus, level headers and edge labels, a competitor's path, search, input, export, deltas,
// tiles, links.
//
// Big trees: the page never holds the whole picture in the DOM. The geometry is copied into
// typed arrays (the "store"); only the cards and connectors in and near the viewport exist as
// SVG elements (at most MAX_DOM_CARDS, recycled as the view moves), built exactly as the
// server's SVG builds them (same classes, attributes and text). When more cards than that are in
// view, a canvas draws them as coloured rectangles instead (the overview), which stays cheap at a
// million cards. A minimap shows where the view is; search, keyboard navigation and the editor's
// cursor highlight can reach any card.
//
// No libraries, no eval, no innerHTML: fragments from the server (the `<desc>` element) are
// parsed with DOMParser and only their text is used, so a document can never make this page
// run script.
(function () {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";
  var ZOOM_STEP = 1.25;
  var DRAG_THRESHOLD = 4; // pixels a pointer must move before a press counts as a pan
  // More cards than this in view and the canvas draws them: the DOM stays small however big
  // the tree (a 1000×700 view holds about 700 cards at 15 %, where labels are 2 px tall).
  var MAX_DOM_CARDS = 1200;

  var viewport = document.getElementById("viewport");
  var stage = document.getElementById("stage");
  var overview = document.getElementById("overview");
  var placeholder = document.getElementById("placeholder");
  var statusBadge = document.getElementById("status");
  var zoomLabel = document.getElementById("zoom-level");
  var announcer = document.getElementById("announce");
  var minimap = document.getElementById("minimap");
  var minimapCanvas = document.getElementById("minimap-canvas");
  var minimapView = document.getElementById("minimap-view");
  var searchBox = document.getElementById("search");
  var searchCount = document.getElementById("search-count");

  var state = {
    scale: 1,
    x: 0, // the picture point (SVG user units, margin included) at the view's top left
    y: 0,
    uri: null,
    version: null,
    sequence: null, // the `sequence` of the payload shown (delta clients only)
    resyncRequested: false,
    store: null,
    picture: null, // { svgWidth, svgHeight, title, desc, style }
    hasPicture: false,
    highlightId: null,
    focus: -1, // the card index that has (or last had) keyboard focus
    match: -1, // the current search match
    viewSaved: null,
  };

  var pictureSheet = null;
  try {
    pictureSheet = new CSSStyleSheet();
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([pictureSheet]);
  } catch (e) {
    pictureSheet = null; // older engines: the page CSS alone styles the cards
  }

  // ---------------------------------------------------------------- payloads

  function count(value) {
    return typeof value === "number" && isFinite(value) && value > 0 ? Math.floor(value) : 0;
  }

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function showDiagnostics(errors, warnings) {
    statusBadge.classList.remove("has-errors", "has-warnings");
    document.body.setAttribute("data-errors", String(errors));
    if (errors > 0) {
      statusBadge.textContent = "\u26A0 " + plural(errors, "error") + (warnings > 0 ? ", " + plural(warnings, "warning") : "");
      statusBadge.title = "The document has errors; the picture is the server's best layout.";
      statusBadge.classList.add("has-errors");
      statusBadge.hidden = false;
    } else if (warnings > 0) {
      statusBadge.textContent = plural(warnings, "warning");
      statusBadge.title = "";
      statusBadge.classList.add("has-warnings");
      statusBadge.hidden = false;
    } else {
      statusBadge.textContent = "";
      statusBadge.hidden = true;
    }
  }

  function isNewer(payload) {
    if (payload.uri !== state.uri) return true;
    if (typeof payload.version !== "number" || typeof state.version !== "number") return true;
    return payload.version >= state.version; // an equal version may carry new settings
  }

  // The text content of a `<desc>` fragment, parsed inertly.
  function descText(markup) {
    if (typeof markup !== "string" || markup === "") return "";
    var doc = new DOMParser().parseFromString('<svg xmlns="' + SVG_NS + '">' + markup + "</svg>", "image/svg+xml");
    if (doc.getElementsByTagName("parsererror").length > 0) return "";
    var desc = doc.documentElement.firstElementChild;
    return desc ? desc.textContent || "" : "";
  }

  // `picture` from a geometry-only payload, or the same parts taken from an old payload's SVG
  // (by a scan of its head: the page never builds a DOM of the whole document).
  function pictureOf(payload, geometry) {
    var p = payload.picture && typeof payload.picture === "object" ? payload.picture : null;
    if (p) {
      return {
        svgWidth: num(p.svgWidth, 0), svgHeight: num(p.svgHeight, 0),
        title: typeof p.title === "string" ? p.title : "Bracket diagram",
        descMarkup: typeof p.desc === "string" ? p.desc : "", style: typeof p.style === "string" ? p.style : "",
        text: p.text,
      };
    }
    var svg = typeof payload.svg === "string" ? payload.svg : "";
    var head = svg.slice(0, 8192);
    var style = /<style>([\s\S]*?)<\/style>/.exec(head);
    var desc = /<desc id="bracket-desc">[\s\S]*?<\/desc>/.exec(head);
    var title = /<title id="bracket-title">([\s\S]*?)<\/title>/.exec(head);
    var margin = num(geometry.margin, 0);
    return {
      svgWidth: num(geometry.width, 0) + 2 * margin, svgHeight: num(geometry.height, 0) + 2 * margin,
      title: title ? descText("<desc>" + title[1] + "</desc>") : "Bracket diagram",
      descMarkup: desc ? desc[0] : "", style: style ? style[1] : "", text: null,
    };
  }

  function applyPayload(payload) {
    if (!payload || typeof payload !== "object") return;
    if (payload.delta !== undefined) { applyDelta(payload); return; }
    if (!isNewer(payload)) return;
    var sameDocument = payload.uri === state.uri;
    state.uri = payload.uri;
    state.version = payload.version;
    state.sequence = typeof payload.sequence === "number" ? payload.sequence : null;
    state.resyncRequested = false;
    var diagnostics = payload.diagnostics && typeof payload.diagnostics === "object" ? payload.diagnostics : {};
    var errors = count(diagnostics.errors);
    showDiagnostics(errors, count(diagnostics.warnings));

    if (payload.tooLarge && typeof payload.tooLarge === "object") {
      // The server's cap (docs/protocol.md): nothing to draw, and it says why.
      replaceStore(null, null, null);
      showPlaceholder("This diagram has " + plural(count(payload.tooLarge.cards), "card") +
        ", more than the preview draws (" + count(payload.tooLarge.limit) + "). " +
        "Use bracket render to draw it as SVG.");
      return;
    }
    var columns = payload.columns && typeof payload.columns === "object" ? payload.columns : null;
    var geometry = columns || (payload.geometry && typeof payload.geometry === "object" ? payload.geometry : {});
    var store = columns ? storeFromColumns(columns, null) : storeFromGeometry(geometry, null, payload.attributes);
    var empty = store.n === 0;
    // While the user is typing, a broken document may lay out to nothing; the last good
    // picture (with the error badge) is more useful than a blank page.
    if (empty && errors > 0 && state.hasPicture && sameDocument) return;
    var picture = pictureOf(payload, geometry);
    store.metrics = picture.text && typeof picture.text === "object" ? picture.text : null;
    if (pictureSheet) {
      try { pictureSheet.replaceSync(picture.style); } catch (e) { pictureSheet.replaceSync(""); }
      overviewDrawing.styleChanged();
    }
    picture.desc = descText(picture.descMarkup);
    var first = !state.hasPicture;
    replaceStore(store, picture, null);
    if (empty) {
      showPlaceholder(errors > 0 ? "The document has errors and nothing to show yet." : "The diagram is empty.");
      return;
    }
    placeholder.hidden = true;
    if (first) {
      frame.warmUp();
      var saved = vscode && vscode.getState ? vscode.getState() : null;
      if (saved && typeof saved.scale === "number" && typeof saved.x === "number") {
        setView(saved.scale, saved.x, saved.y);
      } else {
        pageView.fitTo(Math.min(1, pageView.fitScale()));
      }
    } else {
      setView(state.scale, state.x, state.y);
    }
  }

  function showPlaceholder(text) {
    placeholder.textContent = text;
    placeholder.hidden = false;
    requestDraw();
  }

  // `moves` (from a delta, else null): { map, renamed } as patchStore returns them. With it,
  // what the page holds by card index (focus, search match, shown elements, the path) follows
  // each card to its new index, a renamed card included, and the highlight follows a rename;
  // without it, by ID.
  function replaceStore(store, picture, moves) {
    var old = state.store;
    state.store = store;
    state.picture = picture;
    state.hasPicture = !!store && store.n > 0;
    stage.setAttribute("aria-label", picture ? picture.title + ". " + picture.desc : "Diagram");
    var follow = cardFollower(old, store, moves);
    if (moves && state.highlightId !== null && moves.renamed.has(state.highlightId)) state.highlightId = moves.renamed.get(state.highlightId);
    if (moves) followPath(store, follow, moves.renamed);
    frame.rekey(old, store, follow);
    minimapDrawing.minimapChanged();
    // The match follows its card; the match list is brought up to date a moment later, never
    // inside a keystroke's frame (a million labels take a while to scan).
    state.match = follow(state.match);
    if (searchBox.value) search.refreshLater();
    requestDraw();
  }

  // ---------------------------------------------------------------- delta payloads

  function applyDelta(payload) {
    var patched = null, started = performance.now();
    minimapDrawing.postponeMinimap(); // this delta's frame first
    // What a delta keeps up to date (the grid) is built first if a new store deferred it.
    if (state.hasPicture && state.store.spatial) gridOf(state.store);
    try {
      patched = payload.uri === state.uri && typeof payload.base === "number" && payload.base === state.sequence &&
        state.hasPicture ? patchStore(state.store, payload.delta) : null;
    } catch (e) {
      patched = null; // a malformed delta: ask for the whole picture
    }
    if (!patched) { requestResync(payload.uri); return; }
    var frame = payload.delta.frame;
    var picture = {
      svgWidth: num(frame.svgWidth, 0), svgHeight: num(frame.svgHeight, 0), title: state.picture.title,
      descMarkup: typeof frame.desc === "string" ? frame.desc : state.picture.descMarkup,
      style: typeof frame.style === "string" ? frame.style : state.picture.style, text: state.picture.text,
    };
    // A class defined, edited or first used changes the picture's style (its class rules).
    if (pictureSheet && picture.style !== state.picture.style) {
      try { pictureSheet.replaceSync(picture.style); } catch (e) { pictureSheet.replaceSync(""); }
      overviewDrawing.styleChanged();
    }
    picture.desc = descText(picture.descMarkup);
    state.version = payload.version;
    state.sequence = typeof payload.sequence === "number" ? payload.sequence : null;
    var diagnostics = payload.diagnostics && typeof payload.diagnostics === "object" ? payload.diagnostics : {};
    showDiagnostics(count(diagnostics.errors), count(diagnostics.warnings));
    var stored = performance.now();
    replaceStore(patched.store, picture, patched);
    painted.applied = [stored - started, performance.now() - stored];
  }

  function requestResync(uri) {
    if (state.resyncRequested) return;
    state.resyncRequested = true;
    post({ type: "resync", uri: typeof uri === "string" ? uri : state.uri });
  }

  // ---------------------------------------------------------------- the picture's layers

  var world = document.createElementNS(SVG_NS, "g"); // view transform
  var content = document.createElementNS(SVG_NS, "g"); // the margin, as in the server's SVG
  var headingLayer = document.createElementNS(SVG_NS, "g");
  var connectorLayer = document.createElementNS(SVG_NS, "g");
  var cardLayer = document.createElementNS(SVG_NS, "g");
  var svgRoot = document.createElementNS(SVG_NS, "svg");
  svgRoot.setAttribute("class", "bracket-picture");
  svgRoot.setAttribute("role", "group");
  connectorLayer.setAttribute("class", "bracket-connectors");
  connectorLayer.setAttribute("aria-hidden", "true");
  headingLayer.setAttribute("aria-hidden", "true");
  cardLayer.setAttribute("role", "list");
  cardLayer.setAttribute("aria-label", "Cards");
  content.append(headingLayer, connectorLayer, cardLayer);
  world.append(content);
  svgRoot.append(world);
  stage.append(svgRoot);

  var shownCards = new Map(); // card index -> element

  // A card index of the old store → its index in the new one (-1: gone): through a delta's
  // map, else by ID (a full payload).
  function cardFollower(old, store, moves) {
    if (moves) {
      var map = moves.map;
      return function (i) { return i >= 0 && i < old.n ? (map ? map[i] : i) : -1; };
    }
    return function (i) { return old && store && i >= 0 && i < old.n ? indexOfId(store, cardId(old, i)) : -1; };
  }

  // The pinned and hovered paths follow their card (and its new ID) through a delta.
  function followPath(store, follow, renamed) {
    ["hover", "pinned"].forEach(function (which) {
      var key = paths[which], index = key ? follow(key.index) : -1;
      if (index < 0) return;
      var id = renamed.has(key.id) ? renamed.get(key.id) : key.id;
      if (idEquals(store, index, id)) paths[which] = { kind: key.kind, id: id, index: index };
    });
  }

  // When the newest version reached the screen: a message posted from the frame that drew it
  // arrives after that frame is painted (benchmarks/page_big.py reads it).
  var painted = { version: null, at: 0, frames: [], draws: [], work: [], received: 0, receivedAt: 0, applied: null, bytes: 0, bytesAt: 0, marks: null };
  var paintChannel = typeof MessageChannel === "function" ? new MessageChannel() : null;
  if (paintChannel) {
    paintChannel.port1.onmessage = function (event) {
      painted.version = event.data.version;
      painted.receivedAt = painted.received;
      painted.bytesAt = painted.bytes;
      painted.at = performance.timeOrigin + performance.now();
      if (painted.marks && painted.marks.drawn && !painted.marks.painted) painted.marks.painted = painted.at;
      if (idle.firstFrameWaiting()) runFirstFrameTasks(event.data.frame);
      painted.frames.push(painted.at - event.data.started);
      painted.draws.push(event.data.draw);
      painted.work.push(event.data.work);
      if (painted.frames.length > 2000) { painted.frames.splice(0, 1000); painted.draws.splice(0, 1000); painted.work.splice(0, 1000); }
    };
  }
  // The start-up of the last full payload, epoch ms (painted().marks; benchmarks/preview_open.py):
  // for a binary body, script (this script started), stream (the event stream answered) and
  // announced (the event naming the body came); received (the payload in hand), decoded, store
  // (its columns), links, drawn (the first frame's script done), painted (that frame on
  // screen), and what was deferred past it, when it was built (grid, levels).
  function startMarks(at) { painted.marks = { received: at }; }
  function mark(name) {
    if (painted.marks && !(name in painted.marks)) painted.marks[name] = performance.timeOrigin + performance.now();
  }

  // ---------------------------------------------------------------- the page's modules

  // The sections with one responsibility each live in their own files (index.html loads them
  // before this one): each is made here from what it needs of the page. A module made after
  // another that calls it (or one whose value changes, like the view's origin) is reached
  // through a function, so every dependency is named here and nothing is shared by a global.
  // The view, the overview, the minimap and the frame are made last, from the modules before
  // them, which reach them through these.
  var pageView, overviewDrawing, minimapDrawing, frame;
  function requestDraw() { frame.requestDraw(); }
  function markCard(g, s, i) { frame.markCard(g, s, i); }
  function whenBuilt() { overviewDrawing.whenBuilt(); }
  function overviewFollow(s, change) { overviewDrawing.overviewFollow(s, change); }
  function overviewChanged(r) { overviewDrawing.overviewChanged(r); }
  function itemRect(s, edge, i) { return overviewDrawing.itemRect(s, edge, i); }
  function minimapMarksChanged() { minimapDrawing.minimapMarksChanged(); }
  function bringIntoView(i, always, toRead) { pageView.bringIntoView(i, always, toRead); }
  function viewRect(extra) { return pageView.viewRect(extra); }
  function fit() { pageView.fit(); }
  function setScale(scale, ax, ay) { pageView.setScale(scale, ax, ay); }
  function setView(scale, x, y) { pageView.setView(scale, x, y); }
  function pictureSize() { return pageView.pictureSize(); }
  function percent(scale) { return pageView.percent(scale); }

  var columns, idle, spatial, levelsOfDetail, textColumns, ids, links, store, storeDelta, transport, results, markup, cardFocus, decorations, competitorPath, search, input, exporter;
  columns = window.bracketPreviewColumns.create({
    parseJSON: function (text) { return transport.parseJSON(text); },
  });
  var byNumber = columns.byNumber, columnWork = columns.columnWork, exactFloats = columns.exactFloats,
    floatColumn = columns.floatColumn, intColumn = columns.intColumn, num = columns.num, numberColumn = columns.numberColumn,
    payloadOfBody = columns.payloadOfBody, spliceList = columns.spliceList, spliceTyped = columns.spliceTyped,
    renumberPast = columns.renumberPast;

  idle = window.bracketPreviewIdle.create({ paintChannel: paintChannel, requestDraw: requestDraw });
  var BUILD_SLICE_MS = idle.BUILD_SLICE_MS, afterFirstFrame = idle.afterFirstFrame, deferredTask = idle.deferredTask,
    idSlices = idle.idSlices, runFirstFrameTasks = idle.runFirstFrameTasks, sliceClock = idle.sliceClock,
    whenIdle = idle.whenIdle;
  spatial = window.bracketPreviewSpatial.create({
    state: state, spliceTyped: spliceTyped, mark: mark, requestDraw: requestDraw, whenBuilt: whenBuilt,
    overviewFollow: overviewFollow, currentWork: function () { return frame.currentWork(); },
    afterFirstFrame: afterFirstFrame, buildSlice: idle.buildSlice, sliceClock: sliceClock, BUILD_SLICE_MS: BUILD_SLICE_MS,
    levels: function () { return levelsOfDetail; },
  });
  var BUILD_CHUNK = spatial.BUILD_CHUNK, QUIET_MS = spatial.QUIET_MS,
    buildGridsFor = spatial.buildGridsFor, cardsIn = spatial.cardsIn, edgesIn = spatial.edgesIn,
    gridBuildOf = spatial.gridBuildOf, gridOf = spatial.gridOf, gridQuery = spatial.gridQuery,
    itemBox = spatial.itemBox, manyItemsIn = spatial.manyItemsIn, moreCardsIn = spatial.moreCardsIn,
    stepGrid = spatial.stepGrid, storeChanged = spatial.storeChanged;
  levelsOfDetail = window.bracketPreviewLevels.create({
    state: state, mark: mark, requestDraw: requestDraw, whenBuilt: whenBuilt, overviewChanged: overviewChanged,
    minimapChanged: function () { minimapDrawing.minimapChanged(); }, afterFirstFrame: afterFirstFrame, buildSlice: idle.buildSlice,
    buildsPaused: idle.buildsPaused, deferredTask: deferredTask, sliceClock: sliceClock, BUILD_SLICE_MS: BUILD_SLICE_MS,
    buildSpatial: spatial.buildSpatial, buildGridsFor: buildGridsFor, cellOf: spatial.cellOf, itemBox: itemBox,
    storeChanges: spatial.changes, BUILD_CHUNK: BUILD_CHUNK, QUIET_MS: QUIET_MS,
  });
  var coarserBuilt = levelsOfDetail.coarserBuilt, levelFor = levelsOfDetail.levelFor, levelsOf = levelsOfDetail.levelsOf,
    paintLevels = levelsOfDetail.paintLevels;
  textColumns = window.bracketPreviewText.create({ byNumber: byNumber });
  var cardId = textColumns.cardId, cardLabel = textColumns.cardLabel, chunkOf = textColumns.chunkOf,
    chunksOfJoined = textColumns.chunksOfJoined, forEachTextChunk = textColumns.forEachTextChunk,
    idEquals = textColumns.idEquals, setText = textColumns.setText, spliceText = textColumns.spliceText,
    textAt = textColumns.textAt, textColumn = textColumns.textColumn, textEquals = textColumns.textEquals;

  ids = window.bracketPreviewIds.create({
    BUILD_SLICE_MS: BUILD_SLICE_MS, QUIET_MS: QUIET_MS, cardId: cardId, chunkOf: chunkOf, idEquals: idEquals,
    idSlices: idSlices, sliceClock: sliceClock, state: state, textEquals: textEquals, whenIdle: whenIdle,
  });
  var ID_BUILD_CHUNK = ids.ID_BUILD_CHUNK, buildIdsWhenIdle = ids.buildIdsWhenIdle, enterId = ids.enterId,
    hasDuplicates = ids.hasDuplicates, indexOfId = ids.indexOfId, spliceIdTable = ids.spliceIdTable;

  // The tree's links (parents, children, siblings, bus ends, each card's connector) are kept
  // by preview-links.js, from the depths for a new store and through a delta's splice.
  links = window.bracketPreviewLinks.create({ renumberPast: renumberPast, spliceTyped: spliceTyped });
  var edgeOfCard = links.edgeOfCard;

  transport = window.bracketPreviewTransport.create({
    mark: mark, painted: painted, startMarks: startMarks, applyPayload: applyPayload, payloadOfBody: payloadOfBody,
    requestResync: requestResync,
    highlight: function (id, options) { return cardFocus.highlight(id, options); },
    notify: function (text) { return exporter.notify(text); },
  });
  var vscode = transport.vscode, post = transport.post, parseJSON = transport.parseJSON;

  results = window.bracketPreviewResults.create({
    cardId: cardId, cardLabel: cardLabel, idEquals: idEquals, indexOfId: indexOfId, num: num,
  });
  var lacksResults = results.lacksResults, readResultColumns = results.readResultColumns, finishResults = results.finishResults,
    patchResults = results.patchResults, resultOf = results.resultOf, nameSuffix = results.nameSuffix,
    entrantAttr = results.entrantAttr, slotOf = results.slotOf, setSlot = results.setSlot, seedOf = results.seedOf;

  markup = window.bracketPreviewMarkup.create({
    state: state, num: num, cardId: cardId, cardLabel: cardLabel, cardLines: function (s, i) { return store.cardLines(s, i); },
    entrantAttr: entrantAttr, nameSuffix: nameSuffix, resultOf: resultOf, slotOf: slotOf, seedOf: seedOf,
    attributeClasses: columns.attributeClasses, edgeLabelsMarkup: function (s) { return decorations.edgeLabelsMarkup(s); },
    notesMarkup: function (s) { return decorations.notesMarkup(s); },
    roundsMarkup: function (s, origin) { return decorations.roundsMarkup(s, origin); },
  });
  var numberText = markup.numberText, cleanText = markup.cleanText, baselines = markup.baselines, textSpec = markup.textSpec,
    scoreAttrs = markup.scoreAttrs, scoreSpans = markup.scoreSpans, seedAttrs = markup.seedAttrs, RESULT_CLASSES = markup.RESULT_CLASSES, rectAttrs = markup.rectAttrs,
    pointsText = markup.pointsText, pictureMarkup = markup.pictureMarkup;

  cardFocus = window.bracketPreviewFocus.create({
    state: state, announcer: announcer, post: post, cardId: cardId, cardLabel: cardLabel,
    childCount: function (s, i) { return store.childCount(s, i); },
    indexOfId: indexOfId, shownCards: shownCards, markCard: markCard, minimapMarksChanged: minimapMarksChanged,
    bringIntoView: bringIntoView, requestDraw: requestDraw, nameSuffix: nameSuffix, plural: plural,
    // The focused card is drawn at once (and the frame already asked for is then not needed).
    drawNow: function () { frame.drawNow(); },
    followCursor: function (i) { return competitorPath.followCursor(i); },
  });
  var rangeFor = cardFocus.rangeFor;

  decorations = window.bracketPreviewDecorations.create({
    SVG_NS: SVG_NS, MAX_DOM_CARDS: MAX_DOM_CARDS, state: state, num: num, edgeKey: function (s, e) { return store.edgeKey(s, e); },
    baselines: baselines,
    escapeText: markup.escapeText, numberText: numberText, content: content, cardLayer: cardLayer,
    connectorLayer: connectorLayer, viewRect: viewRect, edgesIn: edgesIn,
    currentOrigin: function () { return frame.currentOrigin(); }, currentWork: function () { return frame.currentWork(); },
  });
  var headersOf = decorations.headersOf, edgeLabelOf = decorations.edgeLabelOf, sameEdgeLabel = decorations.sameEdgeLabel,
    setEdgeLabel = decorations.setEdgeLabel, drawDecorations = decorations.drawDecorations, labelMeets = decorations.labelMeets,
    shownEdgeLabels = decorations.shownEdgeLabels;

  store = window.bracketPreviewStore.create({
    count: count, buildIdsWhenIdle: buildIdsWhenIdle, cardId: cardId, cardLabel: cardLabel, chunksOfJoined: chunksOfJoined,
    columnWork: columnWork, edgeLabelOf: edgeLabelOf, exactFloats: exactFloats, finishResults: finishResults,
    floatColumn: floatColumn, hasDuplicates: hasDuplicates, headersOf: headersOf, notesOf: decorations.notesOf, idEquals: idEquals,
    indexOfId: indexOfId, intColumn: intColumn, links: links, mark: mark, num: num, numberColumn: numberColumn,
    prepareForEdits: function (s) { return storeDelta.prepareForEdits(s); },
    readNodeResult: results.readNodeResult, readResultColumns: readResultColumns, setEdgeLabel: setEdgeLabel,
    storeChanged: storeChanged, textColumn: textColumn, attributeColumns: columns,
  });
  var cardLines = store.cardLines, childCount = store.childCount, edgeKey = store.edgeKey,
    storeFromColumns = store.storeFromColumns, storeFromGeometry = store.storeFromGeometry;

  // A delta applied to the store, and the store made ready for edits (preview-store-delta.js).
  storeDelta = window.bracketPreviewStoreDelta.create({
    state: state, afterFirstFrame: afterFirstFrame, columnWork: columnWork, planDelta: window.bracketPreviewDelta.planDelta,
    addToPairs: columns.addToPairs, addToRange: columns.addToRange, fillSequence: columns.fillSequence,
    renumberPast: renumberPast, shiftRanges: columns.shiftRanges, warmKernels: columns.warmKernels,
    deferredTask: deferredTask, edgeLabelOf: edgeLabelOf, edgeOfCard: edgeOfCard, enterId: enterId,
    hasDuplicates: hasDuplicates, indexOfId: indexOfId, itemRect: itemRect, lacksResults: lacksResults, links: links,
    newStore: store.newStore, nodeResult: results.nodeResult, num: num, overviewChanged: overviewChanged,
    patchResults: patchResults, sameEdgeLabel: sameEdgeLabel, setEdgeLabel: setEdgeLabel,
    setLines: store.setLines, setSlot: setSlot, setSeed: results.setSeed, setText: setText, spliceIdTable: spliceIdTable, spliceList: spliceList,
    spliceText: spliceText, spliceTyped: spliceTyped, storeChanged: storeChanged, writeFloat: store.writeFloat, attributeColumns: columns,
  });
  var patchStore = storeDelta.patchStore;

  competitorPath = window.bracketPreviewPath.create({
    SVG_NS: SVG_NS, state: state, searchBox: searchBox, stage: stage, viewport: viewport, content: content,
    edgeLabelLayer: decorations.edgeLabelLayer, shownCards: shownCards, markCard: markCard, cardId: cardId,
    cardLabel: cardLabel, edgeOfCard: edgeOfCard, idEquals: idEquals, indexOfId: indexOfId, entrantOf: results.entrantOf,
    resultOf: resultOf, scoreOf: results.scoreOf, statusOf: results.statusOf, numberText: numberText, cardsIn: cardsIn, requestDraw: requestDraw,
    minimapMarksChanged: minimapMarksChanged, announce: cardFocus.announce,
    currentOrigin: function () { return frame.currentOrigin(); }, currentMode: function () { return frame.currentMode(); },
    panning: function () { return input.panning(); }, clickSuppressed: function () { return input.clickSuppressed(); },
  });
  var currentPath = competitorPath.currentPath, onPath = competitorPath.onPath, drawPathLayer = competitorPath.drawPathLayer, pathLine = competitorPath.pathLine,
    paths = competitorPath.paths;

  search = window.bracketPreviewSearch.create({
    state: state, searchBox: searchBox, searchCount: searchCount, viewport: viewport, forEachTextChunk: forEachTextChunk,
    textAt: textAt, shownCards: shownCards, markCard: markCard, bringIntoView: bringIntoView, requestDraw: requestDraw,
    minimapMarksChanged: minimapMarksChanged, announce: cardFocus.announce, describeCard: cardFocus.describeCard,
    focusCard: cardFocus.focusCard,
  });

  input = window.bracketPreviewInput.create({
    DRAG_THRESHOLD: DRAG_THRESHOLD, ZOOM_STEP: ZOOM_STEP, state: state, searchBox: searchBox, stage: stage,
    viewport: viewport, fit: fit, setScale: setScale, setView: setView, requestDraw: requestDraw,
    viewResized: function () { pageView.viewResized(); minimapDrawing.minimapChanged(); },
    toggleMinimap: function () { return minimapDrawing.toggleMinimap(); },
    AWAY: cardFocus.AWAY, announce: cardFocus.announce, describeCard: cardFocus.describeCard, focusCard: cardFocus.focusCard,
    focusedIndex: cardFocus.focusedIndex, navigate: cardFocus.navigate, reveal: cardFocus.reveal,
    cardIndexAt: competitorPath.cardIndexAt, clickedCard: competitorPath.clickedCard,
  });

  exporter = window.bracketPreviewExport.create({
    state: state, pictureSize: pictureSize, percent: percent, pictureMarkup: pictureMarkup, vscode: vscode, post: post,
  });
  var preparePrint = exporter.preparePrint;

  // The view (preview-view.js): the zoom and pan, fitted, zoomed about a point, centred.
  pageView = window.bracketPreviewView.create({
    state: state, viewport: viewport, zoomLabel: zoomLabel, vscode: vscode, requestDraw: requestDraw,
    currentMode: function () { return frame.currentMode(); },
    minimapChanged: function () { minimapDrawing.minimapChanged(); },
  });
  var viewSize = pageView.viewSize;

  // The overview canvas and its tiles, and the painter the minimap shares (preview-overview.js).
  overviewDrawing = window.bracketPreviewOverview.create({
    state: state, overview: overview, holdingDeferred: idle.holdingDeferred, storeChanges: spatial.changes,
    gridOf: gridOf, gridQuery: gridQuery, itemBox: itemBox, manyItemsIn: manyItemsIn, levelsOf: levelsOf,
    levelFor: levelFor, coarserBuilt: coarserBuilt, paintLevels: paintLevels, hasDuplicates: hasDuplicates,
    indexOfId: indexOfId, idEquals: idEquals, currentPath: currentPath, requestDraw: requestDraw,
    currentWork: function () { return frame.currentWork(); },
    minimapChanged: function () { minimapDrawing.minimapChanged(); },
    minimapBuilt: function () { minimapDrawing.minimapBuilt(); },
  });
  var colours = overviewDrawing.colours, paintPicture = overviewDrawing.paintPicture;

  // The minimap (preview-minimap.js).
  minimapDrawing = window.bracketPreviewMinimap.create({
    state: state, viewport: viewport, minimap: minimap, minimapCanvas: minimapCanvas, minimapView: minimapView,
    whenIdle: whenIdle, holdingDeferred: idle.holdingDeferred, rebuildWaiting: levelsOfDetail.rebuildWaiting,
    levelsOf: levelsOf, levelFor: levelFor, colours: colours, coloursStale: overviewDrawing.coloursStale,
    markedCards: overviewDrawing.markedCards, paintMarks: overviewDrawing.paintMarks, paintPicture: paintPicture,
    pictureSize: pictureSize, viewSize: viewSize, centreOn: pageView.centreOn,
  });

  // The frame: card and connector elements, or the overview, and everything drawn over them
  // (preview-frame.js).
  frame = window.bracketPreviewFrame.create({
    SVG_NS: SVG_NS, MAX_DOM_CARDS: MAX_DOM_CARDS, state: state, overview: overview, minimap: minimap, world: world,
    content: content, headingLayer: headingLayer, connectorLayer: connectorLayer, cardLayer: cardLayer, svgRoot: svgRoot,
    shownCards: shownCards, painted: painted, paintChannel: paintChannel, mark: mark, frameDrawn: idle.frameDrawn,
    afterFirstFrame: afterFirstFrame, sliceClock: sliceClock, cardId: cardId, cardLabel: cardLabel, idEquals: idEquals,
    num: num, numberText: numberText, cleanText: cleanText, baselines: baselines, textSpec: textSpec, rectAttrs: rectAttrs,
    scoreAttrs: scoreAttrs, scoreSpans: scoreSpans, seedAttrs: seedAttrs, pointsText: pointsText, RESULT_CLASSES: RESULT_CLASSES, resultOf: resultOf,
    entrantAttr: entrantAttr, slotOf: slotOf, seedOf: seedOf, nameSuffix: nameSuffix, cardsIn: cardsIn, edgesIn: edgesIn,
    moreCardsIn: moreCardsIn, gridBuildOf: gridBuildOf, stepGrid: stepGrid, buildGridsFor: buildGridsFor,
    levelsOf: levelsOf, paintLevels: paintLevels, drawDecorations: drawDecorations, onPath: onPath,
    drawPathLayer: drawPathLayer, pathLine: pathLine, colours: colours, paintPicture: paintPicture,
    drawOverview: overviewDrawing.drawOverview, drawMinimapView: minimapDrawing.drawMinimapView, viewSize: viewSize,
    viewRect: viewRect, attributeClasses: columns.attributeClasses,
  });

  // Read-only view of the state, for hosts and tests that want to inspect the page.
  window.bracketPreview = Object.freeze({
    scale: function () { return state.scale; },
    version: function () { return state.version; },
    sequence: function () { return state.sequence; },
    // What the start-up deferred past the first frame: whether the grid is built, how many
    // levels of detail of how many, how many deferred tasks are still to run.
    deferred: function () {
      var sp = state.store && state.store.spatial;
      var levels = sp && sp.levels ? sp.levels.filter(function (level) { return level.data; }).length : 0;
      // (gridSlices: the calls that built grids; more than one a grid when idle slices did.)
      return { grid: !!(sp && sp.cards), levels: levels, levelCount: sp && sp.levels ? sp.levels.length : 0,
        pending: idle.pendingTasks(), held: idle.holdingDeferred(), gridSlices: spatial.gridSlices(), rebuilds: levelsOfDetail.rebuilds() };
    },
    releaseDeferred: function () { idle.releaseDeferred(); },
    resumeBuilds: function () { idle.resumeBuilds(); },
    // Every overview tile and the minimap painted again, from what the store holds now.
    repaint: function () { overviewChanged(null); minimapDrawing.minimapChanged(); requestDraw(); },
    view: function () { return { scale: state.scale, x: state.x, y: state.y, mode: frame.currentMode() }; },
    cardCount: function () { return state.store ? state.store.n : 0; },
    // The picture's size in SVG user units (margin included), as Fit fits it.
    size: function () { return pictureSize(); },
    focused: function () { return state.focus >= 0 && state.store ? cardId(state.store, state.focus) : null; },
    match: function () { return state.match >= 0 && state.store ? cardId(state.store, state.match) : null; },
    // The competitor's path shown: { kind, id, cards: [card index], edges: [connector index], text }.
    path: function () {
      var path = currentPath(state.store);
      return path ? { kind: path.key.kind, id: path.key.id, cards: path.cards.slice(), edges: path.edges.slice(), text: path.text } : null;
    },
    markup: pictureMarkup,
    // { version, at, received, frames, draws, work, applied, bytes }: the last painted version,
    // when (epoch ms), when its payload arrived, the recent frames from frame start to painted
    // (ms), the page's own script time in each (ms), what each drew (work: { mode, cards and
    // edges shown, cards made, overview tiles drawn, painted and stood in for, labelConnectors:
    // the connectors looked at for edge labels near the view }), a delta's
    // [patch, view update] times (ms), and the size of the painted payload's event (characters;
    // the loopback transport).
    painted: function () {
      return { version: painted.version, at: painted.at, received: painted.receivedAt, frames: painted.frames.slice(), draws: painted.draws.slice(),
        work: painted.work.slice(), applied: painted.applied, bytes: painted.bytesAt,
        marks: painted.marks ? Object.assign({}, painted.marks) : null };
    },
    preparePrint: preparePrint,
    // What the store's upkeep did, for tests: { links: { linked, spliced } } (stores linked
    // afresh, and kept through a delta's splice), { ids: { maps, added } } (the splices the ID
    // index maps its slots through, and the cards it keeps by ID beside them; null: none yet),
    // { columns: { ready, grown, widened, warmed } } (prepareForEdits; warmed: the rounds the
    // structural kernels were warmed in, preview-columns.js).
    storeWork: function () {
      var t = state.store && state.store.idTable;
      var s = state.store;
      return { links: links.counts(), ids: t ? { maps: t.maps.length, added: t.added.size } : null,
        textChunks: s && s.idText ? [s.idText.chunks.length, s.labelText.chunks.length] : null,
        columns: Object.assign({}, columnWork) };
    },
    // The edge labels shown (connector indices) and those a scan of every label finds meeting
    // the drawn view, for tests (the frame finds them through the spatial index).
    edgeLabelsInView: function () {
      var s = state.store, scan = [];
      if (s && s.edgeLabels && frame.currentMode() === "cards") {
        var r = viewRect();
        r.x0 -= s.margin; r.x1 -= s.margin; r.y0 -= s.margin; r.y1 -= s.margin;
        for (var e = 0; e < s.m; e++) if (labelMeets(s.edgeLabels[e], r)) scan.push(e);
      }
      return { shown: Array.from(shownEdgeLabels.keys()).sort(function (a, b) { return a - b; }), scan: scan, connectors: s ? s.m : 0 };
    },
    // The minimap's repaints so far (each one's time since the last delta arrived, ms) and
    // whether one is pending (or the spatial index's rebuild once edits pause, which repaints
    // it), for tests.
    slices: function () {
      return { ids: idSlices.slice(), idChunk: ID_BUILD_CHUNK, budgetMs: BUILD_SLICE_MS, gridFrameMs: frame.GRID_FRAME_MS, buildChunk: BUILD_CHUNK,
        merges: levelsOfDetail.merges.slice(), mergeCells: levelsOfDetail.MERGE_CELLS };
    },
    // The levels of detail whose bytes differ from one merge of the level before (none).
    levelMergesDiffer: function () {
      var sp = state.store && state.store.spatial;
      return sp && sp.levels ? levelsOfDetail.mergesDiffer(sp.levels) : [];
    },
    minimap: function () { return minimapDrawing.report(); },
    // Every column of the store as plain lists, for tests: a store patched by deltas must equal
    // a fresh load of the same picture.
    columns: function () {
      var s = state.store;
      if (!s) return null;
      var out = { n: s.n, m: s.m, width: s.width, height: s.height, ids: [], labels: [], lines: [], parentIds: [] };
      for (var i = 0; i < s.n; i++) {
        out.ids.push(cardId(s, i)); out.labels.push(cardLabel(s, i)); out.lines.push(cardLines(s, i));
      }
      ["cx", "cy", "w", "h", "depth", "parent", "hasRange", "flags"].forEach(function (name) { out[name] = Array.from(s[name].subarray(0, s.n)); });
      ["edgeChild", "edgeEnd"].forEach(function (name) { out[name] = Array.from(s[name].subarray(0, s.m)); });
      out.pts = Array.from(s.pts.subarray(0, 8 * s.m));
      out.ranges = [];
      for (var r = 0; r < s.n; r++) out.ranges.push(s.hasRange[r] ? Array.from(s.ranges.subarray(4 * r, 4 * r + 4)) : null);
      out.first = Array.from(s.children.first.subarray(0, s.n)); out.next = Array.from(s.children.next.subarray(0, s.n));
      out.prev = Array.from(s.children.prev.subarray(0, s.n));
      out.scores = s.scores ? s.scores.slice() : null;
      out.slots = s.slots ? s.slots.slice() : null;
      out.seeds = s.seeds ? s.seeds.slice() : null;
      out.entrant = s.hasResults && s.entrant ? Array.from(s.entrant.subarray(0, s.n)) : null;
      out.edgeLabels = s.edgeLabels ? s.edgeLabels.slice() : null;
      out.attributes = (s.attributes || []).map(function (a) {
        var values = a.values && a.values.some(function (v) { return v !== null; }) ? a.values.slice(0, s.n) : null;
        return { key: a.key, values: values };
      });
      out.hasResults = s.hasResults;
      return out;
    },
    // The store's indices checked against scans, for tests: every ID found at its card, every
    // connector at its child, and the cards and connectors the spatial index finds in each
    // rectangle (content coordinates) equal to those a scan finds. Returns the problems.
    checkIndices: function (rects) {
      var s = state.store, problems = [];
      if (!s) return ["no store"];
      for (var i = 0; i < s.n; i++) if (indexOfId(s, cardId(s, i)) !== i) { problems.push("ID " + cardId(s, i) + " not found at " + i); break; }
      for (var e = 0; e < s.m; e++) if (edgeOfCard(s, s.edgeChild[e]) !== e) { problems.push("connector " + e + " not found"); break; }
      var b = [0, 0, 0, 0];
      (rects || []).forEach(function (r) {
        [false, true].forEach(function (edge) {
          var found = [], scan = [];
          gridQuery(s, edge ? gridOf(s).edges : gridOf(s).cards, r, function (k) { found.push(k); });
          for (var k = 0; k < (edge ? s.m : s.n); k++) {
            itemBox(s, edge, k, b);
            if (!(b[2] < r.x0 || b[0] > r.x1 || b[3] < r.y0 || b[1] > r.y1)) scan.push(k);
          }
          found.sort(function (x, y) { return x - y; });
          if (found.join() !== scan.join()) problems.push((edge ? "connectors" : "cards") + " in " + JSON.stringify(r) + ": " + found.length + " found, " + scan.length + " there");
        });
      });
      return problems;
    },
    // The geometry as the page holds it, in the payload's shape (nodes and edges), for tests.
    geometry: function () {
      var s = state.store;
      if (!s) return null;
      var nodes = [], edges = [];
      for (var i = 0; i < s.n; i++) {
        nodes.push({ id: cardId(s, i), label: cardLabel(s, i), x: s.cx[i], y: s.cy[i], width: s.w[i], height: s.h[i],
          depth: s.depth[i], parent: s.parent[i] >= 0 ? cardId(s, s.parent[i]) : null, range: rangeFor(i) });
      }
      for (var e = 0; e < s.m; e++) {
        var pts = [];
        for (var k = 0; k < 4; k++) pts.push({ x: s.pts[8 * e + 2 * k], y: s.pts[8 * e + 2 * k + 1] });
        edges.push({ child: edgeKey(s, e), points: pts });
      }
      return { width: s.width, height: s.height, margin: s.margin, nodes: nodes, edges: edges };
    },
  });

  transport.connect();
})();