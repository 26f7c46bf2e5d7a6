// Copies the shared preview page (editors/preview) into this extension's `preview/` folder, so
// the packaged .vsix carries it. Run by `vscode:prepublish`; extension.js also finds the page
// at ../preview when it runs straight from the checkout.
"use strict";
const fs = require("fs");
const path = require("path");

const source = path.resolve(__dirname, "..", "..", "preview");
const target = path.resolve(__dirname, "..", "preview");
const files = ["index.html", "preview.js", "preview.css"];

fs.mkdirSync(target, { recursive: true });
for (const file of files) {
  fs.copyFileSync(path.join(source, file), path.join(target, file));
}
console.log(`copied ${files.length} preview files to ${path.relative(process.cwd(), target) || "."}`);
