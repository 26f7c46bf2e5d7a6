"""The Markdown document the three fence routes (markdown-it, pandoc, MkDocs) are tested on, and
the checks on the HTML each makes of it. Each route's test writes the document
(`fence_document()`), runs the real tool and hands the HTML to `check_page`.

The document has: a plain fence, a fence with options (root side and title), a fence with an
unterminated label (line 2, column 5), one with more nodes than a fence draws, a second plain
fence (two pictures on a page need unique ids), a fence with an unknown option, one in a block
quote with a value the CLI refuses, and a Python fence that must stay code.
"""
import os
import re
import subprocess
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MAX_NODES = 5000

PLAIN = 'final "Final" {\n  semi_a "Semi A" { qf1 qf2 }\n  semi_b "Semi B" { qf3 qf4 }\n}\n'
OPTIONED = 'cup { left_side right_side }\n'
BROKEN = 'a {\n  b "Unclosed\n  c\n}\n'
SECOND = '1 { 2 3 }\n'
TITLE = "Spring Open — Ayşe's 2026"
TOO_BIG = "root { " + " ".join(f"n{index}" for index in range(MAX_NODES)) + " }\n"


def header(options):
    """A bracket fence's opening line in the one syntax all three routes read: `bracket`, or
    with options, attributes in braces (`{.bracket root=left title="Spring Open"}`)."""
    if not options:
        return "```bracket\n"
    pairs = "".join(f' {key}="{value}"' if " " in value else f" {key}={value}" for key, value in options)
    return "```{.bracket" + pairs + "}\n"


def fence_document():
    """The document every route is tested on."""
    def fence(options, body):
        return header(options) + body + "```\n"
    parts = [
        "# Fences\n",
        fence([], PLAIN),
        "Spring Open, root on the left:\n",
        fence([("root", "left"), ("title", TITLE), ("card-width", "150")], OPTIONED),
        "A fence with a mistake:\n",
        fence([], BROKEN),
        "A fence too big to draw:\n",
        fence([], TOO_BIG),
        "Another diagram:\n",
        fence([], SECOND),
        "An unknown option:\n",
        fence([("colour", "red")], SECOND),
        "A value the layout does not take, in a quote:\n",
        "".join("> " + line + "\n" for line in fence([("root", "sideways")], SECOND).splitlines()),
        "```python\nprint('not a diagram')\n```\n",
    ]
    return "\n".join(parts)


class _Page(HTMLParser):
    """The page's <svg> elements (with their <title> text and aria-labelledby), every id, and
    the text of each bracket error box, in document order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.svgs = []
        self.ids = []
        self.boxes = []
        self.code_text = ""
        self._stack = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.append(attributes["id"])
        classes = (attributes.get("class") or "").split()
        kind = None
        if tag == "svg" and not any(item[0] == "svg" for item in self._stack):
            self.svgs.append({"labelledby": attributes.get("aria-labelledby", ""), "width": attributes.get("width"),
                              "title": None, "desc": None})
            kind = "svg"
        elif tag == "div" and "bracket-error" in classes:
            self.boxes.append("")
            kind = "box"
        elif tag in ("title", "desc") and self._stack and self._stack[-1][0] == "svg":
            kind = tag
        elif tag == "code":
            kind = "code"
        if tag not in ("rect", "path", "line", "br", "img", "meta", "link", "input", "hr"):
            self._stack.append((kind, tag))

    def handle_endtag(self, tag):
        while self._stack:
            kind, opened = self._stack.pop()
            if opened == tag:
                break

    def handle_data(self, data):
        kinds = [kind for kind, _ in self._stack]
        if "box" in kinds:
            self.boxes[-1] += data
        if kinds and kinds[-1] in ("title", "desc") and kinds[-2:-1] == ["svg"]:
            svg = self.svgs[-1]
            svg[kinds[-1]] = (svg[kinds[-1]] or "") + data
        if "code" in kinds:
            self.code_text += data


def parse_page(html):
    page = _Page()
    page.feed(html)
    return page


def check_page(check, html, route):
    """The checks every route's page must pass."""
    page = parse_page(html)
    check(f"{route}: three pictures, one per good fence", len(page.svgs) == 3, [svg["title"] for svg in page.svgs])
    titles = [svg["title"] for svg in page.svgs]
    check(f"{route}: each picture keeps its accessible title",
          titles == ["Bracket diagram", TITLE, "Bracket diagram"], titles)
    descs = [svg["desc"] or "" for svg in page.svgs]
    check(f"{route}: each picture keeps its description",
          len(descs) == 3 and descs[0].startswith("Tree diagram with 7 cards") and "on the left" in descs[1], descs)
    check(f"{route}: the fence's root=left reached the layout", len(descs) > 1 and "on the left" in descs[1], descs)
    # Two levels of 150-point cards, the 64-point gap and the 24-point margins: 412 wide.
    widths = [svg["width"] for svg in page.svgs]
    check(f"{route}: the fence's card-width=150 reached the layout", widths[1:2] == ["412"], widths)
    duplicates = sorted({value for value in page.ids if page.ids.count(value) > 1})
    check(f"{route}: every id on the page is unique", not duplicates, duplicates)
    labelled = all(svg["labelledby"] and all(part in page.ids for part in svg["labelledby"].split())
                   for svg in page.svgs)
    check(f"{route}: each picture's aria-labelledby names its own title and desc", labelled,
          [svg["labelledby"] for svg in page.svgs])
    check(f"{route}: four boxes (errors, too big, unknown option, bad value)", len(page.boxes) == 4, page.boxes)
    boxes = page.boxes + ["", "", "", ""]
    check(f"{route}: the error box gives line:column and message",
          "this diagram has 1 error" in boxes[0] and "line 2:5: error: This label has no closing quote" in boxes[0]
          and "[unterminated-string]" in boxes[0], boxes[0])
    check(f"{route}: the error box shows the line in question", 'b "Unclosed' in boxes[0], boxes[0])
    check(f"{route}: the too-big fence says so",
          f"the diagram has {MAX_NODES + 1} nodes, more than the limit of {MAX_NODES}" in boxes[1], boxes[1])
    check(f"{route}: an unknown option is named", "unknown fence option 'colour'" in boxes[2]
          and "root, align, card-width" in boxes[2], boxes[2])
    check(f"{route}: a value the CLI refuses is a box with its message (in a block quote too)",
          "--root must be right, left, top, bottom or center, not 'sideways'" in boxes[3], boxes[3])
    check(f"{route}: the Python fence stays code", "print('not a diagram')" in page.code_text, page.code_text[:200])
    order = [html.find("Spring Open, root on the left"), html.find("A fence with a mistake"),
             html.find("A fence too big"), html.find("Another diagram")]
    check(f"{route}: the page's text around the fences is all there", -1 not in order and order == sorted(order), order)


def check_missing_binary(check, html, route):
    page = parse_page(html)
    check(f"{route}: without the bracket binary every fence is a box that says so",
          not page.svgs and len(page.boxes) == 7
          and sum("bracket command was not found" in box for box in page.boxes) == 6,
          page.boxes[:2])


def help_options(binary):
    """The layout flags `bracket render --help` lists, without their dashes: the fence options."""
    text = subprocess.run([binary, "render", "--help"], capture_output=True, text=True, check=True).stdout
    section = text.split("Layout defaults", 1)[1]
    return re.findall(r"^\s{4}--([a-z-]+) ", section, re.MULTILINE)


def binary_or_fail(check):
    binary = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))
    if not os.access(binary, os.X_OK):
        check(f"the bracket binary is at {binary} (set BRACKET_BIN)", False)
        return None
    return binary
