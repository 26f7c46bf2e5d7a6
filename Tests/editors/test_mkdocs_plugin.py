"""The MkDocs route: the plugin is installed from the checkout (pip install ./editors/markdown,
here into a temporary folder) and a real `mkdocs build` draws a page with several ```bracket
fences with the real `bracket` binary. Checks the built page (markdown_fences.check_page) of
a site that configures superfences itself (its own Mermaid fence keeps working), and what a
missing binary shows on a site that leaves superfences to the plugin.

    python3 Tests/editors/test_mkdocs_plugin.py [--screenshots DIR]   # also DIR/markdown.png
"""
import os
import shutil
import subprocess
import sys
import tempfile

from checks import browser_prerequisites, check, screenshots_dir
from markdown_fences import ROOT, binary_or_fail, check_missing_binary, check_page, fence_document

PACKAGE = os.path.join(ROOT, "editors", "markdown")
OWN_SUPERFENCES = """markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: mermaid
          class: mermaid
          format: !!python/name:pymdownx.superfences.fence_div_format
"""



def install(target):
    # From a copy: setuptools builds in the source folder, which would leave build/ in the checkout.
    source = os.path.join(os.path.dirname(target), "package")
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    result = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                             "--no-index", "--target", target, source],
                            capture_output=True, text=True, timeout=300)
    return check("pip install ./editors/markdown", result.returncode == 0, result.stderr[-2000:])


def build(folder, site_packages, command, extra_config=""):
    with open(os.path.join(folder, "mkdocs.yml"), "w", encoding="utf-8") as handle:
        handle.write(f"site_name: Fences\nplugins:\n  - bracket:\n      command: {command}\n{extra_config}")
    environment = dict(os.environ, PYTHONPATH=site_packages)
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--strict"],
                            cwd=folder, capture_output=True, text=True, env=environment, timeout=300)
    check("mkdocs build succeeds", result.returncode == 0, result.stderr[-2000:])
    with open(os.path.join(folder, "site", "index.html"), encoding="utf-8") as handle:
        return handle.read()


DEMO = """# Results

The quarter-finals on, as the club published them:

```bracket
{example}```

The club ladder, root on the left:

```{{.bracket root=left title="Club ladder"}}
top "Ayşe" {{ a "Ben" {{ c "Chloé" d "Dev" }} b "Emma" }}
```

A fence with a mistake shows what to fix:

```bracket
final {{
  semi "Semi-final {{ a b }}
}}
```
"""


def screenshot(binary, site, site_packages, folder):
    """A page like a docs site's, built by the plugin and drawn by Debian's chromium: the
    picture the README shows (docs/markdown.png)."""
    chromium = browser_prerequisites(binary)
    if chromium is None:
        return
    with open(os.path.join(ROOT, "examples", "wimbledon-2023-qf.bracket"), encoding="utf-8") as handle:
        example = handle.read()
    with open(os.path.join(site, "docs", "index.md"), "w", encoding="utf-8") as handle:
        handle.write(DEMO.format(example=example))
    page = os.path.join(site, "site", "index.html")
    build(site, site_packages, binary)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        tab = browser.new_page(viewport={"width": 900, "height": 900})
        tab.goto("file://" + page)
        path = os.path.join(folder, "markdown.png")
        tab.screenshot(path=path, full_page=True)
        browser.close()
    check("screenshot written", os.path.getsize(path) > 0, path)


def main():
    binary = binary_or_fail(check)
    try:
        import mkdocs  # noqa: F401
        import pymdownx  # noqa: F401
    except ImportError as error:
        check("mkdocs and pymdown-extensions are installed (pip install mkdocs pymdown-extensions)", False, error)
        return check.summary()
    if binary is None:
        return check.summary()
    with tempfile.TemporaryDirectory() as folder:
        site_packages = os.path.join(folder, "site-packages")
        if not install(site_packages):
            return check.summary()
        site = os.path.join(folder, "site")
        os.makedirs(os.path.join(site, "docs"))
        # The site configures superfences itself, with a Mermaid fence: the plugin adds its fence
        # beside it.
        with open(os.path.join(site, "docs", "index.md"), "w", encoding="utf-8") as handle:
            handle.write(fence_document() + "\n```mermaid\ngraph LR; a-->b\n```\n")
        html = build(site, site_packages, binary, OWN_SUPERFENCES)
        check_page(check, html, "mkdocs")
        check("mkdocs: the site's own custom fence still works", '<div class="mermaid">graph LR; a--&gt;b</div>' in html,
              html[html.find("mermaid") - 100:html.find("mermaid") + 100])
        # A site without superfences in its configuration gets it from the plugin.
        check_missing_binary(check, build(site, site_packages, os.path.join(folder, "no-such-bracket")), "mkdocs")
        shots = screenshots_dir(sys.argv)
        if shots:
            screenshot(binary, site, site_packages, shots)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
