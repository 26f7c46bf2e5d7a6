#!/usr/bin/env python3
"""Characters no output carries (`UncarriedCharacters` in BracketBytes: the Unicode
noncharacters U+FDD0–U+FDEF and U+xFFFE/U+xFFFF of every plane, and controls other than tab
and line feed) put into every text field a document has, then every output format read by its
real consumer:

- the SVG (`bracket render`) by an XML parser and by rsvg-convert (`bracket render -o x.png`
  and rsvg-convert on the SVG directly);
- the DOT (`bracket export`) by Graphviz (`dot -Tsvg`), whose SVG must then parse as XML;
- the geometry JSON (`bracket geometry`) by a strict JSON parser;
- the preview page's payload (`bracket preview`, its event stream) by the same JSON parser.

The text fields are the label, `@title`, `@rounds` names and every attribute whose value is
text in docs/language.md's attribute table (so an attribute added there is covered here). In
every output no uncarried character may remain, in any string.

Prints one line per check and `N passed, N failed` last.
"""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "editors"))
from checks import check  # noqa: E402
BINARY = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))

# Escapes for the ones a label can only name, raw bytes for the rest (C0, DEL, a C1 control
# and noncharacters written straight into the file as UTF-8).
ESCAPED = r"\u{FDD0}\u{FDEF}\u{FFFE}\u{FFFF}\u{1FFFE}\u{10FFFF}\u{1}\u{1B}\u{7F}\u{85}\u{D}"
RAW = "\x01\x02\x08\x0b\x0c\x1b\x7f\u0085\u009f\ufdd0\ufdef\ufffe\uffff\U0001fffe\U0010ffff"


def uncarried(character):
    value = ord(character)
    noncharacter = 0xFDD0 <= value <= 0xFDEF or (value & 0xFFFE) == 0xFFFE
    control = (value < 0x20 and value not in (0x09, 0x0A)) or 0x7F <= value <= 0x9F
    return noncharacter or control


def text_attributes():
    """The attributes docs/language.md lists with a `text` value."""
    with open(os.path.join(ROOT, "docs", "language.md"), encoding="utf-8") as f:
        section = f.read().split("## Attributes", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([a-z-]+)` \| text \|", section, re.MULTILINE)


def document():
    def text(word):
        return f'"{word} {ESCAPED} {RAW} end"'
    # Each text attribute in a match of its own, since one result attribute can stand in for
    # another on the same card (a slot drawn from `sets` does not show `score`).
    matches = "".join(f"  m{n} {{\n    a{n} {text('a')} [{name}={text(name)}, winner]\n    b{n} \"b\" [{name}={text(name)}]\n  }}\n"
                      for n, name in enumerate(text_attributes()))
    return (f"@title {text('title')}\n"
            f"@rounds {text('first')} {text('second')} {text('third')}\n"
            f"final {text('label')} {{\n" + matches + "}\n")


def strings_in(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def strict_json(data):
    """json.loads refusing what a strict reader refuses (NaN, duplicate keys)."""
    def pairs(items):
        keys = [key for key, _ in items]
        if len(keys) != len(set(keys)):
            raise ValueError(f"duplicate keys {keys}")
        return dict(items)

    def constant(name):
        raise ValueError(f"not JSON: {name}")
    return json.loads(data, object_pairs_hook=pairs, parse_constant=constant)


def left_in(text):
    return sorted({f"U+{ord(c):04X}" for c in text if uncarried(c)})


def run(*arguments, stdin=None):
    return subprocess.run([BINARY, *arguments], input=stdin, capture_output=True, timeout=60)


def svg_checks(path, directory):
    result = run("render", path)
    svg = result.stdout.decode("utf-8")
    check("render writes an SVG (status 1 only from the diagnostics)", result.returncode in (0, 1) and svg.startswith("<"),
          result.stderr[:300])
    try:
        root = ET.fromstring(result.stdout)
        texts = "".join(root.itertext()) + "".join(v for e in root.iter() for v in e.attrib.values())
        check("the SVG parses as XML", True)
        for field in ["title", "first", "label", "a", *text_attributes()]:
            check(f"the SVG carries the {field} text", f"{field} " in texts or field in ("winner",), field)
    except ET.ParseError as error:
        check("the SVG parses as XML", False, str(error))
    check("no uncarried character is left in the SVG", not left_in(svg), left_in(svg))
    svg_path = os.path.join(directory, "out.svg")
    with open(svg_path, "wb") as f:
        f.write(result.stdout)
    png = subprocess.run(["rsvg-convert", "-o", os.path.join(directory, "direct.png"), svg_path], capture_output=True)
    check("rsvg-convert draws the SVG", png.returncode == 0, png.stderr[:300])
    own = run("render", "-o", os.path.join(directory, "out.png"), path)
    check("render -o x.png (through rsvg-convert) succeeds", own.returncode in (0, 1)
          and os.path.getsize(os.path.join(directory, "out.png")) > 0, own.stderr[:300])


def dot_checks(path):
    result = run("export", path)
    dot = result.stdout.decode("utf-8")
    check("export writes DOT", result.returncode in (0, 1) and dot.startswith("digraph"), result.stderr[:300])
    check("no uncarried character is left in the DOT", not left_in(dot), left_in(dot))
    drawn = subprocess.run(["dot", "-Tsvg"], input=result.stdout, capture_output=True, timeout=60)
    check("Graphviz (dot -Tsvg) takes the graph", drawn.returncode == 0 and drawn.stdout, drawn.stderr[:300])
    try:
        ET.fromstring(drawn.stdout)
        check("Graphviz's SVG of it parses as XML", True)
    except ET.ParseError as error:
        check("Graphviz's SVG of it parses as XML", False, str(error))
    text = drawn.stdout.decode("utf-8", "replace")
    for field in ["title", "label", "edge", "score"]:
        check(f"Graphviz draws the {field} text", field in text, field)


def json_checks(path):
    result = run("geometry", path)
    try:
        value = strict_json(result.stdout.decode("utf-8"))
        check("the geometry JSON parses (strict)", True)
    except ValueError as error:
        check("the geometry JSON parses (strict)", False, str(error))
        return
    left = [s for s in strings_in(value) if left_in(s)]
    check("no string of the geometry JSON holds an uncarried character", not left, left[:3])
    joined = " ".join(strings_in(value))
    for field in ["title", "first", "label", *text_attributes()]:
        check(f"the geometry JSON carries the {field} text", f"{field} " in joined, field)


def payload_checks(path):
    process = subprocess.Popen([BINARY, "preview", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = process.stdout.readline().strip()
        parts = urllib.parse.urlsplit(url)
        sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
        sock.sendall(f"GET {parts.path}events HTTP/1.1\r\nHost: 127.0.0.1:{parts.port}\r\n\r\n".encode())
        buffer = b""
        deadline = time.time() + 10
        payload = None
        while time.time() < deadline and payload is None:
            chunk = sock.recv(1 << 16)
            if not chunk:
                break
            buffer += chunk
            match = re.search(rb"event: preview\ndata: (.*?)\n\n", buffer, re.DOTALL)
            if match:
                payload = match.group(1)
        sock.close()
        check("the preview's event stream carries a payload", payload is not None)
        if payload is None:
            return
        value = strict_json(payload.decode("utf-8"))
        check("the page's payload parses (strict)", True)
        left = [s for s in strings_in(value) if left_in(s)]
        check("no string of the page's payload holds an uncarried character", not left, left[:3])
    except ValueError as error:
        check("the page's payload parses (strict)", False, str(error))
    finally:
        process.terminate()
        process.wait(timeout=10)


def main():
    if not os.access(BINARY, os.X_OK):
        check(f"the bracket binary is at {BINARY} (set BRACKET_BIN)", False)
        return check.summary()
    check("docs/language.md lists text attributes", len(text_attributes()) >= 2, text_attributes())
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "uncarried.bracket")
        with open(path, "w", encoding="utf-8", errors="surrogatepass") as f:
            f.write(document())
        svg_checks(path, directory)
        dot_checks(path)
        json_checks(path)
        payload_checks(path)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
