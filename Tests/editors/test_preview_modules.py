#!/usr/bin/env python3
"""The preview page's modules and their dependencies (editors/preview/README.md, "The page's files").

preview.js makes each module with `create(deps)` in one place, so that place must say exactly
what each module uses. This checks, with the page loaded in headless Chromium (Playwright and
Debian's chromium):
  * index.html loads every preview-*.js file of the folder, each before preview.js;
  * each module file sets one global, `window.bracketPreviewX`, and the page as a whole adds no
    other global than those and `window.bracketPreview` (no hidden globals);
  * every dependency a module reads from `deps` is given (a missing one would only fail when
    its code runs: a key, a click, a payload), and every one given is read (none left stale);
  * under node, each module file exports its factory through `module.exports`;
  * every script's free names (free_names.py: identifiers used but never declared in the file,
    so looked up on `window` when their line runs) are the browser's globals: a dependency read
    by name, not through `deps`, fails here even when the page never runs that line, where the
    Proxy above sees only what a module reads while it is made.
Prints one line per check and `N passed, N failed` last; exits 1 on any failure.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PREVIEW = os.path.join(ROOT, "editors", "preview")

import page_assets  # noqa: E402  (index.html's list of assets, and the page as the server fills it)
from checks import check, watch_page  # noqa: E402
from free_names import free_names  # noqa: E402

GLOBAL = re.compile(r"\broot\.(bracketPreview[A-Za-z]+) = api;")

# Free names that are not the browser's: `module` (the factory's export under node, behind a
# typeof test) and VS Code's webview API (behind one too).
NOT_IN_BROWSER = {"module", "acquireVsCodeApi"}

# Runs before any of the page's scripts: records the window's own properties, and wraps each
# module's `create` as its file publishes it, so that the deps it is given are a Proxy that
# notes which keys the module reads that are not there and which given keys it never reads.
INIT = """
(function (names) {
  var report = { before: Object.getOwnPropertyNames(window), modules: {} };
  Object.defineProperty(window, "__modulesReport", { value: report, enumerable: false });
  names.forEach(function (name) {
    var api;
    Object.defineProperty(window, name, {
      configurable: true, enumerable: true,
      get: function () { return api; },
      set: function (value) {
        api = value;
        if (!value || typeof value.create !== "function") return;
        var create = value.create;
        value.create = function (deps) {
          var entry = report.modules[name] = { given: [], read: [], missing: [] };
          if (deps === undefined || deps === null) return create.apply(this, arguments);
          entry.given = Object.keys(deps);
          var read = new Set();
          var proxy = new Proxy(deps, { get: function (target, key) {
            if (typeof key === "string") {
              read.add(key);
              if (!(key in target) || target[key] === undefined) entry.missing.push(key);
            }
            return target[key];
          } });
          var made = create.call(this, proxy);
          entry.read = Array.from(read);
          return made;
        };
      },
    });
  });
})(%s);
"""


def read(name):
    with open(os.path.join(PREVIEW, name), encoding="utf-8") as handle:
        return handle.read()


def serve(files):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            body = files.get(self.path.split("?")[0])
            if body is None:
                self.send_response(404)
                self.end_headers()
                return
            kind, text = body
            data = text.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", kind + "; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    template = read("index.html")
    assets = page_assets.assets(template)
    scripts = [name for name in assets if name.endswith(".js")]
    modules = [name for name in scripts if name != "preview.js"]
    on_disk = sorted(name for name in os.listdir(PREVIEW) if re.fullmatch(r"preview-[a-z-]+\.js", name))
    check("index.html loads every preview-*.js file of the folder", sorted(modules) == on_disk,
          f"loaded {sorted(modules)}, on disk {on_disk}")
    check("index.html loads preview.js after every module", scripts[-1:] == ["preview.js"], scripts)

    globals_of = {}
    for name in modules:
        found = GLOBAL.findall(read(name))
        check(f"{name} publishes one global", len(found) == 1, found)
        if found:
            globals_of[name] = found[0]

    node = shutil.which("node")
    if node:
        for name in modules:
            script = ("const api = require(%s); process.stdout.write(JSON.stringify(Object.keys(api)));"
                      % json.dumps(os.path.join(PREVIEW, name)))
            result = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
            keys = json.loads(result.stdout) if result.returncode == 0 and result.stdout else None
            check(f"{name} exports its factory to node", bool(keys), result.stderr.strip()[-300:] or keys)
    else:
        print("(node not installed: module.exports not checked)")

    files = {"/page/": ("text/html", page_assets.browser_html(template))}
    for name in assets:
        files["/page/" + name] = (page_assets.content_type(name), read(name))
    server = serve(files)
    url = f"http://127.0.0.1:{server.server_address[1]}/page/"

    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        page = browser.new_page()
        errors = []
        watch_page(page, errors)
        page.add_init_script(INIT % json.dumps(sorted(set(globals_of.values()))))
        page.goto(url)
        page.wait_for_function("window.bracketPreview !== undefined")
        free = {name: [n for n in free_names(read(name)) if n not in NOT_IN_BROWSER] for name in scripts}
        unknown = page.evaluate("""(free) => {
          const out = {};
          for (const [name, names] of Object.entries(free)) {
            // A module's own globals are reached through deps, never by name.
            const bad = names.filter((n) => !(n in window) || /^bracketPreview/.test(n));
            if (bad.length) out[name] = bad;
          }
          return out;
        }""", free)
        report = page.evaluate("""() => {
          const r = window.__modulesReport;
          const before = new Set(r.before);
          return { added: Object.getOwnPropertyNames(window).filter((k) => !before.has(k) && k !== "__modulesReport"), modules: r.modules };
        }""")
        browser.close()
    server.shutdown()

    check("the page loads without errors", not errors, errors)
    for name in scripts:
        check(f"{name}: every free name is a browser global", name not in unknown,
              f"not declared in the file nor a global of the page: {unknown.get(name)}")
    expected = sorted(set(globals_of.values()) | {"bracketPreview"})
    check("the page adds no globals but its modules' and bracketPreview", sorted(report["added"]) == expected,
          f"added {sorted(report['added'])}")
    made = report["modules"]
    for name, root in sorted(globals_of.items()):
        if "create(" not in read(name):
            continue
        entry = made.get(root)
        check(f"{name}: the page makes it", entry is not None, sorted(made))
        if entry is None:
            continue
        check(f"{name}: every dependency it reads is given", not entry["missing"], f"missing {sorted(set(entry['missing']))}")
        unread = sorted(set(entry["given"]) - set(entry["read"]))
        check(f"{name}: every dependency given is read", not unread, f"never read {unread}")
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
