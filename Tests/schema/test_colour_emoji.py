#!/usr/bin/env python3
"""Colour emoji keep their colour in `bracket render -o x.png|pdf`.

rsvg-convert draws text as outlines, so a flag comes out as a black silhouette; the CLI draws a
picture that shows colour emoji through headless Chromium instead. Checked here by the pixels:
inside the card of a flag label, some pixels are clearly coloured (rsvg-convert's silhouette is
grey, |r-g|, |g-b| <= a few levels; the card itself is a light grey-blue with a spread under 16),
and a PDF is made too. With BRACKET_CHROMIUM="" (no Chromium) the picture is still written,
with one line on stderr saying the emoji are monochrome. A plain picture never mentions it.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("BRACKET_BIN") or os.path.join(ROOT, ".build", "debug", "bracket")

sys.path.insert(0, os.path.join(ROOT, "Tests", "editors"))
from checks import check  # noqa: E402


SOURCE = '@title "Flags"\nfinal "🇦🇷 Argentina" { a "🇦🇷 Argentina" [score=3] b "🇫🇷 France" [score=2] }\n'
PLAIN = 'final "Argentina" { a "Argentina" [score=3] b "France" [score=2] }\n'


def coloured_pixels(png, box, scale):
    from PIL import Image
    image = Image.open(png).convert("RGBA")
    left, top, right, bottom = (int(v * scale) for v in box)
    count = 0
    for y in range(top, bottom):
        for x in range(left, right):
            r, g, b, a = image.getpixel((x, y))
            if a > 200 and max(r, g, b) - min(r, g, b) > 60:
                count += 1
    return count


def main():
    if not os.path.exists(BIN):
        raise SystemExit(f"no bracket binary at {BIN}; build first or set BRACKET_BIN")
    try:
        import PIL  # noqa: F401
    except ImportError:
        check("pillow is installed (pip install pillow)", False)
        return finish()
    chromium = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
                     if shutil.which(n)), None)
    if not shutil.which("rsvg-convert") or not chromium:
        check("rsvg-convert and Chromium are installed", False)
        return finish()
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "flags.bracket")
        with open(source, "w", encoding="utf-8") as handle:
            handle.write(SOURCE)
        geometry = json.loads(subprocess.run([BIN, "geometry", source], capture_output=True, check=True).stdout)
        card = next(n for n in geometry["nodes"] if n["id"] == "b")
        # Centres in content coordinates; the picture adds the margin on every side.
        margin = geometry["margin"]
        left, top = card["x"] - card["width"] / 2 + margin, card["y"] - card["height"] / 2 + margin
        box = (left, top, left + card["width"], top + card["height"])
        picture = (geometry["width"] + 2 * margin, geometry["height"] + 2 * margin)

        for scale in (1, 2):
            png = os.path.join(folder, f"flags{scale}.png")
            run = subprocess.run([BIN, "render", source, "--scale", str(scale), "-o", png], capture_output=True, text=True)
            check(f"render -o png (scale {scale}) succeeds quietly", run.returncode == 0 and not run.stderr, run.stderr)
            from PIL import Image
            width, height = Image.open(png).size
            check(f"the PNG has the SVG's size × {scale}",
                  (width, height) == (round(picture[0] * scale), round(picture[1] * scale)), (width, height, picture))
            count = coloured_pixels(png, box, scale)
            check(f"the flag in the PNG (scale {scale}) is in colour", count > 20 * scale * scale, count)

        pdf = os.path.join(folder, "flags.pdf")
        run = subprocess.run([BIN, "render", source, "-o", pdf], capture_output=True, text=True)
        with open(pdf, "rb") as handle:
            head = handle.read(5)
        check("render -o pdf with a flag makes a PDF", run.returncode == 0 and head == b"%PDF-", (run.stderr, head))

        environment = dict(os.environ, BRACKET_CHROMIUM="")
        mono = os.path.join(folder, "mono.png")
        run = subprocess.run([BIN, "render", source, "-o", mono], capture_output=True, text=True, env=environment)
        lines = run.stderr.splitlines()
        check("without Chromium the picture is written with one line saying the emoji are monochrome",
              run.returncode == 0 and os.path.getsize(mono) > 0 and len(lines) == 1 and "monochrome" in lines[0],
              run.stderr)
        check("rsvg-convert's flag is the grey silhouette this test tells apart",
              coloured_pixels(mono, box, 1) <= 20, coloured_pixels(mono, box, 1))

        # Past Chromium's 16384-pixel limit the picture is still written, by rsvg-convert, with one line.
        tall = os.path.join(folder, "tall.bracket")
        with open(tall, "w", encoding="utf-8") as handle:
            handle.write("r {\n" + "".join(f'  n{i} "Player {i} 🇫🇷"\n' for i in range(240)) + "}\n")
        tall_png = os.path.join(folder, "tall.png")
        run = subprocess.run([BIN, "render", tall, "-o", tall_png], capture_output=True, text=True)
        lines = run.stderr.splitlines()
        check("a picture too large for Chromium is written by rsvg-convert with one line saying so",
              run.returncode == 0 and os.path.getsize(tall_png) > 0 and len(lines) == 1 and "too large" in lines[0],
              run.stderr)

        plain = os.path.join(folder, "plain.bracket")
        with open(plain, "w", encoding="utf-8") as handle:
            handle.write(PLAIN)
        run = subprocess.run([BIN, "render", plain, "-o", os.path.join(folder, "plain.png")],
                             capture_output=True, text=True, env=environment)
        check("a picture without colour emoji goes through rsvg-convert without a word", run.returncode == 0 and not run.stderr,
              run.stderr)
    return finish()


def finish():
    sys.exit(check.summary())


if __name__ == "__main__":
    main()
