// A markdown-it plugin: every ```bracket fence becomes its diagram, drawn by the `bracket`
// command. VS Code's Markdown preview loads it through the extension's `extendMarkdownIt`; any
// other markdown-it user can `md.use(require("./markdown-it-bracket"), { command })`.
//
// Nothing here reads the diagram: the fence's text goes to `bracket render - --format svg` on
// stdin and the SVG comes back as it is (its <title> and <desc> kept, its ids prefixed so that
// several fences share a page). A fence with errors, one with more nodes than `maxNodes`, a bad
// option or a missing `bracket` becomes a box that says so, with the diagnostics' line:column
// and message as `bracket check` prints them. The MkDocs plugin and the pandoc filter follow
// the same rules (editors/markdown/bracket_markdown/fence.py).
"use strict";
const { spawnSync } = require("child_process");

// The fence options: the layout flags of `bracket render --help` without their dashes, given as
// key=value after the language (```bracket root=left title="Spring Open").
const OPTIONS = ["root", "align", "card-width", "card-height", "level-gap", "leaf-gap", "margin",
  "max-card-width", "max-lines", "fit", "label-align", "title"];
// The most nodes a fence draws: a bigger tree is a picture of megabytes inside a page.
const MAX_NODES = 5000;
const CACHE_SIZE = 64;

const BOX_STYLE = "border:1px solid #d1242f;border-left-width:4px;border-radius:6px;padding:0.5em 1em;" +
  "margin:1em 0;background:#fff8f8;color:#1c2430";
const PRE_STYLE = "white-space:pre-wrap;margin:0.5em 0 0;background:none;color:inherit;font-size:0.85em";

function escapeHTML(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function errorBox(heading, detail, preformatted) {
  const body = preformatted
    ? `<pre style="${PRE_STYLE}">${escapeHTML(detail.trimEnd())}</pre>`
    : `<p style="margin:0.5em 0 0">${escapeHTML(detail)}</p>`;
  return `<div class="bracket-diagram bracket-error" role="note" style="${BOX_STYLE}">` +
    `<p style="margin:0"><strong>bracket: ${escapeHTML(heading)}</strong></p>${body}</div>\n`;
}

/** The SVG scaled down to the page's width when it is wider (it keeps its proportions). */
function fitted(svg) {
  return svg.replace(/^<svg /, '<svg style="max-width:100%;height:auto" ');
}

/** The fence's language and options from its info string: `bracket`, or attributes in braces
 *  as pandoc and pymdownx.superfences write them, `{.bracket root=left title="Spring Open"}`
 *  (the first class is the language; values bare or quoted, with backslash escapes; an `#id`
 *  is ignored). `bad` is what could not be read, or null. */
function parseInfo(info) {
  const text = info.trim();
  if (!text.startsWith("{")) {
    const language = text.split(/\s/, 1)[0];
    const rest = text.slice(language.length).trim();
    return { language, options: {}, bad: rest === "" ? null : rest };
  }
  const options = {};
  const classes = [];
  const inner = text.endsWith("}") ? text.slice(1, -1) : null;
  if (inner === null) return { language: "", options, bad: text };
  const pattern = /\s*(?:\.([\w-]+)|#([\w-]+)|([A-Za-z][\w-]*)=(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^\s"']+)))/y;
  let bad = null;
  while (pattern.lastIndex < inner.trimEnd().length) {
    const start = pattern.lastIndex;
    const match = pattern.exec(inner);
    if (!match) {
      bad = inner.slice(start).trim().split(/\s/, 1)[0];
      break;
    }
    if (match[1] !== undefined) classes.push(match[1]);
    if (match[3] !== undefined) {
      const quoted = match[4] !== undefined ? match[4] : match[5];
      options[match[3]] = quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : match[6];
    }
  }
  return { language: classes.length > 0 ? classes[0] : "", options, bad };
}

/** The HTML for one fence's `source` with `options`, its ids starting with `idPrefix`, and
 *  whether the same input gives it again (not so when the command could not be run). */
function renderFence(command, source, options, idPrefix, maxNodes) {
  const html = drawFence(command, source, options, idPrefix, maxNodes);
  return typeof html === "string" ? [html, true] : [html.box, false];
}

function drawFence(command, source, options, idPrefix, maxNodes) {
  const unknown = Object.keys(options).filter((key) => !OPTIONS.includes(key));
  if (unknown.length > 0) {
    return errorBox("unknown fence option " + unknown.map((key) => `'${key}'`).join(", "),
      "The options are " + OPTIONS.join(", ") + ".");
  }
  const args = ["render", "-", "--format", "svg", "--color", "never", "--id-prefix", idPrefix,
    "--max-nodes", String(maxNodes)];
  for (const [key, value] of Object.entries(options)) args.push(`--${key}=${value}`);
  const result = spawnSync(command, args, { input: source, maxBuffer: 512 * 1024 * 1024, timeout: 60000 });
  if (result.error) {
    if (result.error.code === "ENOENT") {
      return { box: errorBox("the bracket command was not found",
        `Looked for '${command}'. Install bracket and put it on PATH, or set bracket.server.path.`) };
    }
    return { box: errorBox("the diagram was not drawn", `${command}: ${result.error.message}`) };
  }
  const report = result.stderr.toString("utf8");
  if (result.status === 0) {
    return `<div class="bracket-diagram">${fitted(result.stdout.toString("utf8"))}</div>\n`;
  }
  if (result.status === 1) {
    const errors = (report.match(/^<stdin>:\d+:\d+: error: /gm) || []).length;
    return errorBox(`this diagram has ${errors} error${errors === 1 ? "" : "s"}`,
      report.replace(/<stdin>:/g, "line "), true);
  }
  const message = report.trim().replace(/^bracket: /, "");
  return errorBox("the diagram was not drawn", message || `bracket exited with status ${result.status}`);
}

/**
 * settings.command: the `bracket` executable, or a function returning it (read at each fence,
 * so a changed setting applies at once); settings.maxNodes: the most nodes a fence draws.
 */
function bracketPlugin(md, settings = {}) {
  const fallback = md.renderer.rules.fence;
  const maxNodes = settings.maxNodes || MAX_NODES;
  const cache = new Map();
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    const token = tokens[index];
    const { language, options: fenceOptions, bad } = parseInfo(token.info);
    if (language !== "bracket") return fallback(tokens, index, options, env, self);
    // Ids count from 1 in every render of a page: unique within it, stable between renders.
    env.bracketFences = (env.bracketFences || 0) + 1;
    if (bad !== null) {
      return errorBox(`cannot read the fence options at '${bad}'`,
        "Options go in braces, as key=value pairs: ```{.bracket root=left title=\"Spring Open\"}");
    }
    const command = (typeof settings.command === "function" ? settings.command() : settings.command) || "bracket";
    const idPrefix = `bracket-${env.bracketFences}`;
    // The preview renders the whole page on every keystroke: unchanged fences are not redrawn.
    const key = JSON.stringify([command, token.content, fenceOptions, idPrefix, maxNodes]);
    const cached = cache.get(key);
    if (cached !== undefined) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const [html, repeatable] = renderFence(command, token.content, fenceOptions, idPrefix, maxNodes);
    if (repeatable) {
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value);
      cache.set(key, html);
    }
    return html;
  };
  return md;
}

module.exports = bracketPlugin;
module.exports.OPTIONS = OPTIONS;
module.exports.MAX_NODES = MAX_NODES;
