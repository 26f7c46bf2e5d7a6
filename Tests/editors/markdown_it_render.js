// Renders a Markdown file with Debian's markdown-it (NODE_PATH=/usr/share/nodejs) through the
// VS Code extension's own Markdown contribution: extension.js is activated under stand-in
// `vscode` and `vscode-languageclient/node` modules, and the `extendMarkdownIt` it returns is
// applied to markdown-it, as VS Code's Markdown preview does. Prints
// { contributed, html } as JSON for test_markdown_it.py.
//   node markdown_it_render.js FILE.md BRACKET_COMMAND
"use strict";
const Module = require("module");
const fs = require("fs");
const path = require("path");
const MarkdownIt = require("markdown-it");

const [file, command] = process.argv.slice(2);
const root = path.resolve(__dirname, "..", "..");
const extensionDir = path.join(root, "editors", "vscode");
const disposable = { dispose() {} };
const vscode = {
  commands: { registerCommand: () => disposable },
  window: { onDidChangeTextEditorSelection: () => disposable, showErrorMessage() {} },
  workspace: {
    onDidCloseTextDocument: () => disposable,
    onDidChangeConfiguration: () => disposable,
    getConfiguration: (section) => ({
      get: (key, fallback) => (section === "bracket" && key === "server.path" ? command : fallback),
    }),
  },
};
class LanguageClient {
  onNotification() { return disposable; }
  start() { return Promise.resolve(); }
  stop() { return Promise.resolve(); }
}
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === "vscode") return vscode;
  if (request === "vscode-languageclient/node") return { LanguageClient };
  return load.call(this, request, parent, isMain);
};

(async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(extensionDir, "package.json"), "utf8"));
  const extension = require(path.join(extensionDir, "extension.js"));
  const api = await extension.activate({ extensionPath: extensionDir, subscriptions: [] });
  const md = new MarkdownIt({ html: true });
  if (api && typeof api.extendMarkdownIt === "function") api.extendMarkdownIt(md);
  const source = fs.readFileSync(file, "utf8");
  const html = md.render(source);
  // A second render of the same page: the same ids again (they restart on every render).
  const again = md.render(source);
  process.stdout.write(JSON.stringify({
    contributed: manifest.contributes["markdown.markdownItPlugins"] === true,
    extends: !!(api && typeof api.extendMarkdownIt === "function"),
    options: require(path.join(extensionDir, "markdown-it-bracket.js")).OPTIONS,
    html,
    again,
  }));
})().catch((error) => { console.error(error && error.stack || error); process.exit(1); });
