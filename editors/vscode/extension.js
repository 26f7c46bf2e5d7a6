// VS Code client for the bracket language server: starts `bracket lsp --stdio`, shows one
// live preview panel per document (the shared page in editors/preview), and links cards and
// text both ways (cursor → highlight, card click → selection).
"use strict";
const vscode = require("vscode");
const fs = require("fs");
const path = require("path");

const PREVIEW_VIEW_TYPE = "bracket.preview";
const LAYOUT_KEYS = ["cardWidth", "cardHeight", "levelGap", "leafGap", "margin", "root", "align"];

let client = null;
/** Latest pushed payload per document URI string (as the server spells it). */
const latestPayloads = new Map();
/** Open preview panels per document URI string. */
const panels = new Map();
/** The preview panel that has focus, if any; commands then act on its document. */
let activePanel = null;

function layoutSettings() {
  const config = vscode.workspace.getConfiguration("bracket.layout");
  const layout = {};
  for (const key of LAYOUT_KEYS) {
    const value = config.get(key);
    if (value !== undefined) layout[key] = value;
  }
  return layout;
}

function uriKey(uri) {
  return client ? client.code2ProtocolConverter.asUri(uri) : uri.toString();
}

// ------------------------------------------------------------------ language client

function createClient(context) {
  let languageClient;
  try {
    languageClient = require("vscode-languageclient/node");
  } catch (error) {
    vscode.window.showErrorMessage(
      "Bracket: the vscode-languageclient module is missing; run `npm install` in the extension folder.");
    return null;
  }
  const config = vscode.workspace.getConfiguration("bracket");
  const executable = {
    command: config.get("server.path", "bracket"),
    // No `transport` on purpose: vscode-languageclient would append its own --stdio.
    args: ["lsp", "--stdio", ...config.get("server.extraArgs", [])],
  };
  const serverOptions = { run: executable, debug: executable };
  const clientOptions = {
    documentSelector: [{ language: "bracket" }],
    // delta: pushes after the first carry only what changed (docs/protocol.md); the webview
    // applies them and asks for a resync when it cannot.
    initializationOptions: () => ({ preview: { push: true, delta: true, svg: false, runs: true }, layout: layoutSettings() }),
    synchronize: { configurationSection: "bracket" },
    outputChannelName: "Bracket",
  };
  const result = new languageClient.LanguageClient("bracket", "Bracket", serverOptions, clientOptions);
  context.subscriptions.push(result.onNotification("bracket/didChangePreview", receivePayload));
  return result;
}

function receivePayload(payload) {
  if (!payload || typeof payload.uri !== "string") return;
  if (payload.delta) {
    // Keep the geometry current for cursor highlights; the cached SVG is stale from now on,
    // so a webview that (re)loads asks the server for a full payload.
    const previous = latestPayloads.get(payload.uri);
    const patcher = deltaPatcher();
    const geometry = patcher && previous && previous.sequence === payload.base
      ? patcher.patchGeometry(previous.geometry, payload.delta) : null;
    if (geometry) {
      latestPayloads.set(payload.uri, Object.assign({}, payload, { delta: undefined, base: undefined, geometry, svg: null }));
    } else {
      latestPayloads.delete(payload.uri);
    }
  } else {
    latestPayloads.set(payload.uri, payload);
  }
  const panel = panels.get(payload.uri);
  if (panel) panel.show(payload);
}

async function requestPayload(key) {
  if (!client) return latestPayloads.get(key);
  try {
    const payload = await client.sendRequest("bracket/preview", { textDocument: { uri: key } });
    if (payload && typeof payload.uri === "string") latestPayloads.set(payload.uri, payload);
    return payload;
  } catch (error) {
    return latestPayloads.get(key); // e.g. the server is restarting: the last picture will do
  }
}

// ------------------------------------------------------------------ preview panels

let extensionPath = null;

function previewFolder() {
  if (!extensionPath) return null;
  // From the checkout, the page itself (../preview, with the page's README.md, which the packaged
  // copy lacks), so an edit to it shows without copying; packaged, ./preview (copied by
  // scripts/copy-preview.js).
  const checkout = path.join(extensionPath, "..", "preview");
  if (fs.existsSync(path.join(checkout, "README.md")) && fs.existsSync(path.join(checkout, "index.html"))) return checkout;
  const packaged = path.join(extensionPath, "preview");
  return fs.existsSync(path.join(packaged, "index.html")) ? packaged : null;
}

let patcher;

/** The page's own delta patcher (preview-delta.js), so the extension's copy of each
 * document's geometry accepts exactly the deltas the page accepts; null if it is missing. */
function deltaPatcher() {
  if (patcher === undefined) {
    const folder = previewFolder();
    try {
      patcher = folder ? require(path.join(folder, "preview-delta.js")) : null;
    } catch (error) {
      patcher = null;
    }
  }
  return patcher;
}

class PreviewPanel {
  constructor(document, viewColumn, preserveFocus) {
    this.key = uriKey(document.uri);
    this.documentUri = document.uri;
    this.payload = null;
    this.ready = false;
    this.highlighted = undefined;
    const folder = previewFolder();
    this.panel = vscode.window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      "Preview " + path.basename(document.uri.path),
      { viewColumn, preserveFocus },
      {
        enableScripts: true,
        localResourceRoots: folder ? [vscode.Uri.file(folder)] : [],
      });
    this.panel.webview.html = folder ? this.html(folder) : "<p>The preview page is missing from the extension.</p>";
    this.panel.webview.onDidReceiveMessage((message) => this.onMessage(message));
    this.panel.onDidChangeViewState((event) => {
      if (event.webviewPanel.active) activePanel = this;
      else if (activePanel === this) activePanel = null;
    });
    this.panel.onDidDispose(() => {
      panels.delete(this.key);
      if (activePanel === this) activePanel = null;
    });
  }

  html(folder) {
    const webview = this.panel.webview;
    const template = fs.readFileSync(path.join(folder, "index.html"), "utf8");
    const assetBase = webview.asWebviewUri(vscode.Uri.file(folder)).toString() + "/";
    return template.split("{{cspSource}}").join(webview.cspSource).split("{{assetBase}}").join(assetBase);
  }

  reveal(viewColumn, preserveFocus) {
    this.panel.reveal(viewColumn, preserveFocus);
  }

  show(payload) {
    this.payload = payload;
    if (this.ready) this.panel.webview.postMessage({ type: "preview", payload });
  }

  highlight(id) {
    if (!this.ready || id === this.highlighted) return;
    this.highlighted = id;
    this.panel.webview.postMessage({ type: "highlight", id });
  }

  async onMessage(message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "ready") {
      // A (re)loaded webview has nothing: send the latest picture and the cursor's card.
      this.ready = true;
      this.highlighted = undefined;
      const cached = latestPayloads.get(this.key);
      const payload = cached && typeof cached.svg === "string" ? cached : await requestPayload(this.key);
      if (payload) this.show(payload);
      const editor = vscode.window.visibleTextEditors.find((e) => uriKey(e.document.uri) === this.key);
      if (editor) this.highlight(nodeAt(latestPayloads.get(this.key), editor.selection.active));
    } else if (message.type === "resync") {
      // The page could not apply a delta: a full `bracket/preview` also restarts the
      // server's delta stream for this document.
      const payload = await requestPayload(this.key);
      if (payload) this.show(payload);
    } else if (message.type === "reveal") {
      await revealInEditor(this.documentUri, message.range);
    } else if (message.type === "export") {
      const text = await saveExport(this.documentUri, message);
      if (text) this.panel.webview.postMessage({ type: "notice", text });
    }
  }
}

const EXPORT_FORMATS = {
  svg: { label: "SVG image", decode: (data) => Buffer.from(data, "utf8") },
  png: { label: "PNG image", decode: (data) => Buffer.from(data, "base64") },
};

/** Saves what the page's Save SVG / Save PNG made (a webview cannot write files): asks where,
 * beside the document by default, and writes it. Returns the notice for the page, or null. */
async function saveExport(documentUri, message) {
  const format = EXPORT_FORMATS[message.format];
  if (!format || typeof message.data !== "string" || message.data === "") return null;
  const base = documentUri.scheme === "file" ? documentUri.fsPath.replace(/\.bracket$/i, "") : null;
  const target = await vscode.window.showSaveDialog({
    defaultUri: base ? vscode.Uri.file(base + "." + message.format) : undefined,
    filters: { [format.label]: [message.format] },
  });
  if (!target) return null;
  try {
    await vscode.workspace.fs.writeFile(target, format.decode(message.data));
  } catch (error) {
    vscode.window.showErrorMessage(`Bracket: could not write ${target.fsPath || target.path}: ${error.message || error}`);
    return null;
  }
  return "Saved " + path.basename(target.path);
}

async function openPreview(argument, toSide) {
  const document = await documentFor(argument);
  if (!document) {
    vscode.window.showInformationMessage("Bracket: open a .bracket file to preview it.");
    return;
  }
  const editorColumn = vscode.window.activeTextEditor ? vscode.window.activeTextEditor.viewColumn : undefined;
  const viewColumn = toSide ? vscode.ViewColumn.Beside : (editorColumn || vscode.ViewColumn.Active);
  const key = uriKey(document.uri);
  const existing = panels.get(key);
  if (existing) {
    existing.reveal(viewColumn, toSide);
    return;
  }
  panels.set(key, new PreviewPanel(document, viewColumn, toSide));
}

// ------------------------------------------------------------------ text ↔ picture

function toRange(range) {
  if (!range || !range.start || !range.end) return null;
  if (client) return client.protocol2CodeConverter.asRange(range);
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

/** The ID of the node whose ID token holds `position` (its end included), or null. */
function nodeAt(payload, position) {
  const nodes = payload && payload.geometry && Array.isArray(payload.geometry.nodes) ? payload.geometry.nodes : [];
  for (const node of nodes) {
    const range = toRange(node && node.range);
    if (range && range.contains(position)) return node.id;
  }
  return null;
}

async function revealInEditor(documentUri, protocolRange) {
  const range = toRange(protocolRange);
  if (!range) return;
  const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === documentUri.toString());
  const editor = await vscode.window.showTextDocument(visible ? visible.document : documentUri, {
    viewColumn: visible ? visible.viewColumn : vscode.ViewColumn.One,
    selection: range,
    preserveFocus: false,
  });
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

function onSelectionChange(event) {
  const document = event.textEditor.document;
  if (document.languageId !== "bracket") return;
  const panel = panels.get(uriKey(document.uri));
  if (panel) panel.highlight(nodeAt(latestPayloads.get(panel.key), event.selections[0].active));
}

// ------------------------------------------------------------------ commands

async function documentFor(argument) {
  if (argument instanceof vscode.Uri) return vscode.workspace.openTextDocument(argument);
  const editor = vscode.window.activeTextEditor;
  if (editor && editor.document.languageId === "bracket") return editor.document;
  if (activePanel) return vscode.workspace.openTextDocument(activePanel.documentUri);
  return null;
}

async function exportSvg(argument) {
  const document = await documentFor(argument);
  if (!document) {
    vscode.window.showInformationMessage("Bracket: open a .bracket file to export it.");
    return;
  }
  const payload = await requestPayload(uriKey(document.uri));
  if (!payload || typeof payload.svg !== "string" || payload.svg === "") {
    vscode.window.showErrorMessage("Bracket: the language server has no picture for this file yet.");
    return;
  }
  const defaultUri = document.uri.scheme === "file"
    ? vscode.Uri.file(document.uri.fsPath.replace(/\.bracket$/i, "") + ".svg")
    : undefined;
  const target = await vscode.window.showSaveDialog({ defaultUri, filters: { "SVG image": ["svg"] } });
  if (!target) return;
  await vscode.workspace.fs.writeFile(target, Buffer.from(payload.svg, "utf8"));
  const errors = payload.diagnostics && payload.diagnostics.errors;
  if (errors > 0) {
    vscode.window.showWarningMessage(`Bracket: exported ${path.basename(target.path)}, but the file has ${errors} error(s).`);
  }
}

// ------------------------------------------------------------------ lifecycle

async function activate(context) {
  extensionPath = context.extensionPath;
  context.subscriptions.push(
    vscode.commands.registerCommand("bracket.openPreviewToSide", (uri) => openPreview(uri, true)),
    vscode.commands.registerCommand("bracket.openPreview", (uri) => openPreview(uri, false)),
    vscode.commands.registerCommand("bracket.exportSvg", exportSvg),
    vscode.window.onDidChangeTextEditorSelection(onSelectionChange),
    vscode.workspace.onDidCloseTextDocument((document) => {
      const key = uriKey(document.uri);
      if (!panels.has(key)) latestPayloads.delete(key);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      // Layout settings travel with didChangeConfiguration; a new executable needs a restart.
      if (client && event.affectsConfiguration("bracket.server")) {
        await stopClient();
        await startClient(context);
      }
    }));

  await startClient(context);
  // VS Code's Markdown preview calls this (package.json: contributes.markdown.markdownItPlugins)
  // and draws ```bracket fences with the same executable as the language server.
  return {
    extendMarkdownIt(md) {
      return md.use(require("./markdown-it-bracket"), {
        command: () => vscode.workspace.getConfiguration("bracket").get("server.path", "bracket"),
      });
    },
  };
}

async function startClient(context) {
  client = createClient(context);
  if (!client) return;
  try {
    await client.start();
  } catch (error) {
    const command = vscode.workspace.getConfiguration("bracket").get("server.path", "bracket");
    vscode.window.showErrorMessage(
      `Bracket: could not start the language server (${command} lsp --stdio). ` +
      "Set bracket.server.path to the bracket executable.");
  }
}

async function stopClient() {
  const running = client;
  client = null;
  if (!running) return;
  try {
    await running.stop();
  } catch (error) {
    // A client whose server never started cannot be stopped cleanly; nothing is left to do.
  }
}

function deactivate() {
  return stopClient();
}

module.exports = { activate, deactivate };
