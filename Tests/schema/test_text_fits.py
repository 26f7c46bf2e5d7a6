#!/usr/bin/env python3
"""Checks that every card's text stays inside its card, in a real browser and in librsvg.

For each fixture with labels in every script the measurer covers (and the examples), the
`bracket` binary renders the SVG and the geometry JSON. Then:
  * headless Chromium (Playwright over the DevTools protocol, Debian's chromium, offline) loads
    each SVG and checks every line's box (getBoundingClientRect of its <tspan>) against its
    card's <rect>: inside horizontally, inside vertically, and the lines' block centred on the
    card. It does so with the font stack as written and again with each fallback family of the
    stack forced, because text measured with the widest family must fit in any of them;
  * `rsvg-convert` rasterises the same SVG (librsvg ignores dominant-baseline, which the SVG no
    longer uses) and Pillow finds the text's ink: every text pixel lies inside a card or the
    title, and each card's ink is centred vertically on the card within a few pixels.
Prints one line per check and `N passed, N failed` last; exits 1 on any failure.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BIN = os.environ.get("BRACKET_BIN") or os.path.join(ROOT, ".build", "debug", "bracket")
FIXTURES = [os.path.join(ROOT, "Tests", "Fixtures", "ok", name + ".bracket") for name in (
    "sized-scripts", "sized-long-labels", "sized-title", "sized-tall-parent", "sized-fit-fixed",
    "sized-root-right-depth", "sized-root-left-leaves", "sized-root-top-depth", "sized-root-bottom-leaves",
    "labels-escapes-emoji", "edge-labels-root-right", "edge-labels-root-bottom", "center-edge-labels",
)] + [os.path.join(ROOT, "examples", name + ".bracket")
      for name in ("org-chart", "decision-tree", "tournament", "decision-edges")]

sys.path.insert(0, os.path.join(ROOT, "Tests", "editors"))
from checks import check  # noqa: E402


def run(*args):
    result = subprocess.run([BIN, *args], capture_output=True)
    # Warnings (long-label in the fixtures that test it) exit 0; errors would be a broken fixture.
    if result.returncode != 0:
        raise SystemExit(f"bracket {' '.join(args)} failed: {result.stderr.decode()}")
    return result.stdout


def renders():
    for path in FIXTURES:
        yield os.path.basename(path)[:-len(".bracket")], run("render", path).decode(), json.loads(run("geometry", path))


# The boxes of every card and line, from the page: card rects and tspan boxes in CSS pixels.
# An edge label's box counts as a card: its lines must lie inside it, centred, like a card's.
MEASURE = """() => {
  const cards = [];
  for (const card of document.querySelectorAll('g.bracket-card, g.bracket-edge-label')) {
    const rect = card.querySelector('rect').getBoundingClientRect();
    const lines = [...card.querySelectorAll('tspan')].map(t => {
      const box = t.getBoundingClientRect();
      return {text: t.textContent, left: box.left, right: box.right, top: box.top, bottom: box.bottom};
    });
    cards.push({id: card.getAttribute('data-node-id') || 'edge to ' + card.getAttribute('data-child-id'),
                left: rect.left, right: rect.right,
                top: rect.top, bottom: rect.bottom, lines});
  }
  return cards;
}"""

# The fallback families of the SVG's font stack, each forced in turn: widths were measured with
# the widest family of the stack for every character, so a viewer that falls back along it must
# still draw every line inside its card (docs/language.md, "Text and fonts").
FALLBACKS = [("the SVG's own font stack", "")] + [
    (f"{family} forced",
     "<style>.bracket-card text,.bracket-edge-label text{font-family:'%s' !important}</style>" % family)
    for family in ("Liberation Sans", "Noto Sans")]


def check_browser(documents):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        check("playwright is installed (pip install playwright)", False)
        return
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        check("chromium is installed", False)
        return
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        for name, svg, _ in documents:
            for variant, extra in FALLBACKS:
                page.set_content(f"<!doctype html><html><head>{extra}<style>body{{margin:0}}</style></head>"
                                 f"<body>{svg}</body></html>")
                page.evaluate("document.fonts.ready")
                cards = page.evaluate(MEASURE)
                problems = []
                for card in cards:
                    for line in card["lines"]:
                        inside = (line["left"] >= card["left"] - 0.5 and line["right"] <= card["right"] + 0.5
                                  and line["top"] >= card["top"] - 0.5 and line["bottom"] <= card["bottom"] + 0.5)
                        if not inside:
                            problems.append((card["id"], line["text"], card, line))
                    if card["lines"] and not extra:
                        top = min(line["top"] for line in card["lines"])
                        bottom = max(line["bottom"] for line in card["lines"])
                        offset = (top + bottom) / 2 - (card["top"] + card["bottom"]) / 2
                        if abs(offset) > 2:
                            problems.append((card["id"], "block off centre by %.1f px" % offset, card, None))
                check(f"chromium, {variant}: every line of {name} lies inside its card ({len(cards)} cards)",
                      not problems, problems[:3])
        browser.close()


def check_rsvg(documents):
    try:
        from PIL import Image
    except ImportError:
        check("pillow is installed (pip install pillow)", False)
        return
    rsvg = shutil.which("rsvg-convert")
    if not rsvg:
        check("rsvg-convert is installed (librsvg2-bin)", False)
        return
    scale = 2
    with tempfile.TemporaryDirectory() as folder:
        for name, svg, geometry in documents:
            source = os.path.join(folder, name + ".svg")
            target = os.path.join(folder, name + ".png")
            with open(source, "w", encoding="utf-8") as handle:
                handle.write(svg)
            subprocess.run([rsvg, "--zoom", str(scale), source, "-o", target], check=True)
            image = Image.open(target).convert("RGB")
            width, height = image.size
            pixels = image.load()
            margin = geometry["margin"]
            boxes = []
            for node in geometry["nodes"]:
                left = (margin + node["x"] - node["width"] / 2) * scale
                top = (margin + node["y"] - node["height"] / 2) * scale
                boxes.append((node, left, top, left + node["width"] * scale, top + node["height"] * scale))
            # Edge labels are text boxes of their own, held to the same rules as cards.
            for edge in geometry["edges"]:
                label = edge.get("label")
                if label:
                    left = (margin + label["x"] - label["width"] / 2) * scale
                    top = (margin + label["y"] - label["height"] / 2) * scale
                    boxes.append(({"id": "edge to " + edge["child"], "lines": label["lines"]}, left, top,
                                  left + label["width"] * scale, top + label["height"] * scale))
            title = geometry.get("title")
            if title:
                left = (margin + title["x"] - title["width"] / 2) * scale
                top = (margin + title["y"] - title["height"] / 2) * scale
                title_box = (left - 2 * scale, top - 4 * scale, left + (title["width"] + 2) * scale,
                             top + (title["height"] + 4) * scale)
            else:
                title_box = None

            def is_ink(x, y):
                r, g, b = pixels[x, y]
                # The text colour is #1c2430; borders (#5b6b82) and connectors (#8a97a8) are lighter.
                return 0.299 * r + 0.587 * g + 0.114 * b < 80

            stray = []
            ink = {}
            for y in range(height):
                for x in range(width):
                    if not is_ink(x, y):
                        continue
                    owner = None
                    for index, (_, left, top, right, bottom) in enumerate(boxes):
                        if left + 1 <= x < right - 1 and top + 1 <= y < bottom - 1:
                            owner = index
                            break
                    if owner is not None:
                        low, high = ink.get(owner, (y, y))
                        ink[owner] = (min(low, y), max(high, y))
                    elif not (title_box and title_box[0] <= x <= title_box[2] and title_box[1] <= y <= title_box[3]):
                        stray.append((x, y))
            check(f"rsvg-convert: no text pixel of {name} falls outside its card or title",
                  not stray, f"{len(stray)} pixels, first {stray[:5]}")
            off = []
            for index, (node, left, top, right, bottom) in enumerate(boxes):
                if index not in ink or not node["lines"]:
                    continue
                low, high = ink[index]
                offset = ((low + high) / 2 - (top + bottom) / 2) / scale
                if abs(offset) > 3:
                    off.append((node["id"], round(offset, 1)))
            check(f"rsvg-convert: the text of every card of {name} is centred vertically within 3 px",
                  not off, off[:5])


def main():
    if not os.path.exists(BIN):
        raise SystemExit(f"no bracket binary at {BIN}; build first or set BRACKET_BIN")
    documents = list(renders())
    check_browser(documents)
    check_rsvg(documents)
    sys.exit(check.summary())


if __name__ == "__main__":
    main()
