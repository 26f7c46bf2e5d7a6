// Runs editors/vscode/extension.js against small stand-ins for the `vscode` and
// `vscode-languageclient/node` modules (neither is installed in CI) and checks the wiring:
// client options, preview panel HTML, notification forwarding, highlight and reveal.
// Prints a JSON list of { name, ok, detail } for test_vscode_package.py.
"use strict";
const Module = require("module");
const path = require("path");
const fs = require("fs");

const root = path.resolve(__dirname, "..", "..");
// BRACKET_EXTENSION_DIR runs an installed-style copy (test_vscode_package.py makes one), which
// has the page only in its own preview/ folder.
const extensionDir = process.env.BRACKET_EXTENSION_DIR || path.join(root, "editors", "vscode");
const checkoutPage = path.join(extensionDir, "..", "preview");
const servedPage = fs.existsSync(path.join(checkoutPage, "README.md")) ? checkoutPage : path.join(extensionDir, "preview");
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "tutorial-v1.json"), "utf8"));
const results = [];
const check = (name, ok, detail) => results.push({ name, ok: !!ok, detail: detail === undefined ? null : detail });

class Position {
  constructor(line, character) { this.line = line; this.character = character; }
  isBefore(other) { return this.line < other.line || (this.line === other.line && this.character < other.character); }
  isAfter(other) { return other.isBefore(this); }
}
class Range {
  constructor(a, b, c, d) {
    this.start = a instanceof Position ? a : new Position(a, b);
    this.end = a instanceof Position ? b : new Position(c, d);
  }
  contains(p) { return !p.isBefore(this.start) && !p.isAfter(this.end); }
}
class Uri {
  constructor(scheme, p) { this.scheme = scheme; this.path = p; this.fsPath = p; }
  static file(p) { return new Uri("file", p); }
  static parse(text) { return new Uri("file", text.replace(/^file:\/\//, "")); }
  toString() { return this.scheme + "://" + this.path; }
}

const listeners = { selection: [] };
const registered = {};
const panels = [];
const shown = [];
const saveDialogs = [];
const written = [];
let saveTarget = null;
const document = { uri: Uri.parse(fixture.uri), languageId: "bracket" };
const editor = { document, viewColumn: 1, selection: { active: new Position(0, 0) }, revealRange() {} };

const vscode = {
  Position, Range, Uri,
  ViewColumn: { Active: -1, Beside: -2, One: 1 },
  TextEditorRevealType: { InCenterIfOutsideViewport: 2 },
  commands: { registerCommand: (id, fn) => { registered[id] = fn; return { dispose() {} }; } },
  window: {
    activeTextEditor: editor,
    visibleTextEditors: [editor],
    onDidChangeTextEditorSelection: (fn) => { listeners.selection.push(fn); return { dispose() {} }; },
    createWebviewPanel: (viewType, title, showOptions, options) => {
      const panel = {
        viewType, title, showOptions, options, posted: [], handlers: {},
        webview: {
          cspSource: "vscode-resource:",
          html: "",
          asWebviewUri: (uri) => ({ toString: () => "vscode-webview-resource:" + uri.path }),
          onDidReceiveMessage: (fn) => { panel.handlers.message = fn; },
          postMessage: (message) => { panel.posted.push(message); return Promise.resolve(true); },
        },
        onDidChangeViewState: () => {},
        onDidDispose: (fn) => { panel.handlers.dispose = fn; },
        reveal: () => { panel.revealed = true; },
      };
      panels.push(panel);
      return panel;
    },
    showTextDocument: async (doc, options) => { shown.push(options); return editor; },
    showSaveDialog: async (options) => { saveDialogs.push(options); return saveTarget; },
    showErrorMessage: (message) => check("no error message", false, message),
    showInformationMessage: () => {},
    showWarningMessage: () => {},
  },
  workspace: {
    getConfiguration: (section) => ({
      get: (key, fallback) => {
        const values = { "bracket.layout.cardWidth": 150, "bracket.layout.root": "top", "bracket": {} };
        const full = section + "." + key;
        return full in values ? values[full] : fallback;
      },
    }),
    onDidCloseTextDocument: () => ({ dispose() {} }),
    onDidChangeConfiguration: () => ({ dispose() {} }),
    openTextDocument: async () => document,
    fs: { writeFile: async (uri, bytes) => { written.push({ uri, bytes }); } },
  },
};

let created = null;
const languageClient = {
  LanguageClient: class {
    constructor(id, name, serverOptions, clientOptions) {
      created = this;
      this.id = id; this.serverOptions = serverOptions; this.clientOptions = clientOptions;
      this.notifications = {};
      this.code2ProtocolConverter = { asUri: (uri) => uri.toString() };
      this.protocol2CodeConverter = {
        asRange: (r) => new Range(r.start.line, r.start.character, r.end.line, r.end.character),
      };
    }
    onNotification(method, fn) { this.notifications[method] = fn; return { dispose() {} }; }
    async sendRequest(method, params) { this.lastRequest = { method, params }; return fixture; }
    async start() { this.started = true; }
    async stop() { this.stopped = true; }
  },
};

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === "vscode") return vscode;
  if (request === "vscode-languageclient/node") return languageClient;
  return load.call(this, request, parent, isMain);
};

(async () => {
  const extension = require(path.join(extensionDir, "extension.js"));
  const context = { extensionPath: extensionDir, subscriptions: [] };
  await extension.activate(context);
  check("client started", created && created.started);
  check("server command is `bracket lsp --stdio`",
    created.serverOptions.run.command === "bracket" && created.serverOptions.run.args.join(" ") === "lsp --stdio"
    && created.serverOptions.run.transport === undefined, created.serverOptions.run);
  const init = typeof created.clientOptions.initializationOptions === "function"
    ? created.clientOptions.initializationOptions() : created.clientOptions.initializationOptions;
  check("initializationOptions ask for pushed delta previews and carry the layout",
    init.preview.push === true && init.preview.delta === true && init.layout.cardWidth === 150 && init.layout.root === "top", init);
  check("document selector and configuration section",
    created.clientOptions.documentSelector[0].language === "bracket"
    && created.clientOptions.synchronize.configurationSection === "bracket");
  check("commands registered", ["bracket.openPreviewToSide", "bracket.openPreview", "bracket.exportSvg"]
    .every((id) => typeof registered[id] === "function"), Object.keys(registered));

  await registered["bracket.openPreviewToSide"]();
  const panel = panels[0];
  check("one panel opened beside the editor", panels.length === 1 && panel.showOptions.viewColumn === -2, panel && panel.showOptions);
  check("webview runs scripts only from the preview folder",
    panel.options.enableScripts === true && panel.options.localResourceRoots.length === 1);
  const html = panel.webview.html;
  check("the panel serves the page from " + path.relative(root, servedPage),
    panel.options.localResourceRoots[0].path === servedPage, panel.options.localResourceRoots);
  check("panel HTML has the placeholders filled",
    !html.includes("{{") && html.includes("script-src vscode-resource:")
    && /src="vscode-webview-resource:[^"]*\/preview\/preview\.js"/.test(html), html.slice(0, 300));

  await panel.handlers.message({ type: "ready" });
  const previewMessage = panel.posted.find((m) => m.type === "preview");
  check("ready gets the picture", previewMessage && previewMessage.payload.uri === fixture.uri, panel.posted);

  const update = Object.assign({}, fixture, { version: 2 });
  created.notifications["bracket/didChangePreview"](update);
  const last = panel.posted.filter((m) => m.type === "preview").pop();
  check("didChangePreview is forwarded to the panel", last.payload.version === 2);

  const node5 = fixture.geometry.nodes.find((n) => n.id === "5");
  listeners.selection[0]({ textEditor: editor, selections: [{ active: new Position(0, node5.range.start.character) }] });
  const highlight = panel.posted.filter((m) => m.type === "highlight").pop();
  check("cursor on an ID highlights its card", highlight && highlight.id === "5", panel.posted);
  listeners.selection[0]({ textEditor: editor, selections: [{ active: new Position(0, 2) }] });
  const cleared = panel.posted.filter((m) => m.type === "highlight").pop();
  check("cursor off the IDs clears the highlight", cleared && cleared.id === null, cleared);

  // A delta is forwarded as it is; the extension's own geometry follows it, so the cursor
  // still finds the moved card.
  const numbered = Object.assign({}, fixture, { version: 3, sequence: 7 });
  created.notifications["bracket/didChangePreview"](numbered);
  const moved = Object.assign({}, fixture.geometry.nodes.find((n) => n.id === "5"),
    { range: { start: { line: 0, character: 40 }, end: { line: 0, character: 41 } } });
  const delta = { uri: fixture.uri, version: 4, sequence: 8, base: 7, diagnostics: fixture.diagnostics, delta: {
    frame: { width: fixture.geometry.width, height: fixture.geometry.height, svgWidth: 1, svgHeight: 1, desc: "<desc id=\"bracket-desc\">x</desc>" },
    cards: { removed: [], changed: [{ id: "5", node: moved }], added: [] },
    edges: { removed: [], changed: [], added: [] } } };
  created.notifications["bracket/didChangePreview"](delta);
  const forwarded = panel.posted.filter((m) => m.type === "preview").pop();
  check("a delta is forwarded to the panel unchanged", forwarded.payload === delta);
  listeners.selection[0]({ textEditor: editor, selections: [{ active: new Position(0, 40) }] });
  const followed = panel.posted.filter((m) => m.type === "highlight").pop();
  check("cursor highlight uses the geometry after the delta", followed && followed.id === "5", followed);
  // One patcher (issue 13): the extension's geometry follows the page's preview-delta.js, so
  // a delta the page refuses is refused here too, and no stale geometry is kept.
  const pagePatcher = path.join(servedPage, "preview-delta.js");
  check("the extension patches geometry with the page's preview-delta.js", require.cache[pagePatcher] !== undefined,
    Object.keys(require.cache).filter((name) => name.includes("preview")));
  const unfitting = JSON.parse(JSON.stringify(delta));
  unfitting.version = 5; unfitting.sequence = 9; unfitting.base = 8;
  unfitting.delta.cards.removed = ["no-such-node"];
  created.notifications["bracket/didChangePreview"](unfitting);
  check("a delta that does not fit is still forwarded (the page asks for a resync)",
    panel.posted.filter((m) => m.type === "preview").pop().payload === unfitting);
  listeners.selection[0]({ textEditor: editor, selections: [{ active: new Position(0, 40) }] });
  const dropped = panel.posted.filter((m) => m.type === "highlight").pop();
  check("... and the extension keeps no geometry from it", dropped && dropped.id === null, dropped);
  created.notifications["bracket/didChangePreview"](numbered);

  // The same patcher, replayed over the recorded delta sequence, ends on the final geometry.
  const sequence = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "delta-sequence.json"), "utf8"));
  const patcher = require(pagePatcher);
  let replayed = sequence.payloads[0].geometry;
  for (const payload of sequence.payloads.slice(1)) replayed = replayed && patcher.patchGeometry(replayed, payload.delta);
  check("patchGeometry replays the recorded deltas to the final full payload's geometry",
    replayed && JSON.stringify(replayed) === JSON.stringify(sequence.final.geometry));
  const broken = JSON.parse(JSON.stringify(sequence.payloads[1].delta));
  const refusals = [
    ["an unknown removed ID", (d) => { d.cards.removed.push("nope"); }],
    ["a change to an unknown ID", (d) => { d.cards.changed.push({ id: "nope", node: { id: "nope" } }); }],
    ["an added node after an anchor that is not there", (d) => { d.cards.added.push({ id: "new", after: "nope", node: { id: "new" } }); }],
    ["two additions after one anchor", (d) => { d.cards.added.push({ id: "a1", after: null, node: {} }, { id: "a2", after: null, node: {} }); }],
    ["a missing frame size", (d) => { delete d.frame.svgWidth; }],
    ["a missing edges part", (d) => { delete d.edges; }],
  ];
  for (const [name, spoil] of refusals) {
    const spoilt = JSON.parse(JSON.stringify(broken));
    spoil(spoilt);
    check("patchGeometry refuses " + name, patcher.patchGeometry(sequence.payloads[0].geometry, spoilt) === null);
  }

  created.lastRequest = null;
  await panel.handlers.message({ type: "resync", uri: fixture.uri });
  check("resync asks the server for a full preview and forwards it",
    created.lastRequest && created.lastRequest.method === "bracket/preview"
    && panel.posted[panel.posted.length - 1].payload === fixture, created.lastRequest);

  const node3 = fixture.geometry.nodes.find((n) => n.id === "3");
  await panel.handlers.message({ type: "reveal", id: "3", range: node3.range });
  const selection = shown.length > 0 ? shown[shown.length - 1].selection : null;
  check("reveal selects the node's ID range",
    selection && selection.start.character === node3.range.start.character
    && selection.end.character === node3.range.end.character, shown);

  // The page's Save PNG / Save SVG: the extension asks where and writes the bytes.
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  saveTarget = Uri.file("/tmp/out/tutorial.png");
  await panel.handlers.message({ type: "export", format: "png", name: "tutorial.png", data: png.toString("base64") });
  const dialog = saveDialogs[saveDialogs.length - 1];
  check("Save PNG opens a save dialog beside the document, for PNG files",
    dialog && dialog.defaultUri.path.endsWith(".png") && JSON.stringify(Object.values(dialog.filters)) === '[["png"]]', dialog);
  check("... writes the PNG bytes there", written.length === 1 && written[0].uri === saveTarget
    && Buffer.compare(Buffer.from(written[0].bytes), png) === 0, written);
  check("... and tells the page", panel.posted[panel.posted.length - 1].type === "notice"
    && panel.posted[panel.posted.length - 1].text === "Saved tutorial.png", panel.posted[panel.posted.length - 1]);
  saveTarget = Uri.file("/tmp/out/tutorial.svg");
  await panel.handlers.message({ type: "export", format: "svg", data: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n" });
  check("Save SVG writes the markup as UTF-8", written.length === 2 && Buffer.from(written[1].bytes).toString("utf8").startsWith("<svg"));
  saveTarget = null;
  await panel.handlers.message({ type: "export", format: "svg", data: "<svg/>" });
  check("a cancelled dialog writes nothing", written.length === 2);
  const dialogs = saveDialogs.length;
  await panel.handlers.message({ type: "export", format: "exe", data: "x" });
  await panel.handlers.message({ type: "export", format: "png", data: 42 });
  check("unknown formats and bad data are ignored", saveDialogs.length === dialogs && written.length === 2);

  await registered["bracket.openPreviewToSide"]();
  check("a second open reuses the panel", panels.length === 1 && panel.revealed);

  await extension.deactivate();
  check("deactivate stops the client", created.stopped);
  process.stdout.write(JSON.stringify(results));
})().catch((error) => {
  check("smoke run finished", false, String(error && error.stack || error));
  process.stdout.write(JSON.stringify(results));
});
