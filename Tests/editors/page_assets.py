"""The preview page's list of files and the page as the loopback server fills it, for the tests.

The `bracket` binary carries the page: at build time the EmbedPreviewPage plugin
(Plugins/EmbedPreviewPage, tool Sources/embed-preview-page) embeds index.html and every file it
loads. index.html is the one list: every `{{assetBase}}NAME` outside its HTML comments (its
`<script src>` and `<link href>`) is a file of the page. The tests serve the page from
editors/preview by the same rule, and test_preview_self_contained.py checks that the binary
serves exactly what this module reads.
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE_DIR = os.path.join(ROOT, "editors", "preview")

# What the loopback server puts in place of each placeholder.
BROWSER_SUBSTITUTIONS = {"{{cspSource}}": "'self'", "{{assetBase}}": ""}
ASSET = re.compile(r"\{\{assetBase\}\}([A-Za-z0-9][A-Za-z0-9._-]*)")
CONTENT_TYPES = {".js": "text/javascript", ".css": "text/css"}


def read(name):
    with open(os.path.join(PAGE_DIR, name), encoding="utf-8") as handle:
        return handle.read()


def split_comments(template):
    """The template cut at its HTML comments: the even pieces are outside them, the odd ones are
    the comments (which name the placeholders, so nothing in them is filled or listed)."""
    return re.split(r"(<!--.*?-->)", template, flags=re.DOTALL)


def assets(template=None):
    """The names of the assets index.html loads, in the order it loads them (each once)."""
    if template is None:
        template = read("index.html")
    pieces = split_comments(template)
    names = []
    for index in range(0, len(pieces), 2):  # outside comments, which name the placeholders
        for name in ASSET.findall(pieces[index]):
            if name not in names:
                names.append(name)
    return names


def content_type(name):
    """The asset's content type, from its extension (a script or a stylesheet)."""
    kind = CONTENT_TYPES.get(os.path.splitext(name)[1])
    if kind is None:
        raise SystemExit(f"index.html loads {name}: only .js and .css assets are embedded")
    return kind


def browser_html(template):
    """The page with its placeholders filled, except inside HTML comments, which name them."""
    pieces = split_comments(template)
    for index in range(0, len(pieces), 2):  # the even pieces are outside comments
        for placeholder, value in BROWSER_SUBSTITUTIONS.items():
            pieces[index] = pieces[index].replace(placeholder, value)
    return "".join(pieces)
