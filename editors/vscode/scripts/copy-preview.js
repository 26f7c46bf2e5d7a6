// Copies the shared preview page (editors/preview) into this extension's `preview/` folder, and
// the JSON Schemas (schema/*.schema.json at the repository root) into its `schema/` folder, so
// the packaged .vsix carries both. Run by `vscode:prepublish`; extension.js also finds the page
// at ../preview when it runs straight from the checkout. The schemas back the `jsonValidation`
// entries of package.json; they reference each other by relative name, so they travel together.
"use strict";
const fs = require("fs");
const path = require("path");

function copy(source, target, files) {
  fs.mkdirSync(target, { recursive: true });
  for (const file of files) {
    fs.copyFileSync(path.join(source, file), path.join(target, file));
  }
  console.log(`copied ${files.length} files to ${path.relative(process.cwd(), target) || "."}`);
}

// The page's own index.html lists what it loads (every {{assetBase}}NAME outside its comments,
// as the build embeds it into the server: Sources/embed-preview-page), so a new module is one script tag.
const pageSource = path.resolve(__dirname, "..", "..", "preview");
const page = fs.readFileSync(path.join(pageSource, "index.html"), "utf8").replace(/<!--[\s\S]*?-->/g, "");
const assets = [...new Set([...page.matchAll(/\{\{assetBase\}\}([A-Za-z0-9][A-Za-z0-9._-]*)/g)].map((m) => m[1]))];
copy(pageSource, path.resolve(__dirname, "..", "preview"), ["index.html", ...assets]);

const schemaSource = path.resolve(__dirname, "..", "..", "..", "schema");
copy(schemaSource, path.resolve(__dirname, "..", "schema"),
  fs.readdirSync(schemaSource).filter((name) => name.endsWith(".schema.json")));
