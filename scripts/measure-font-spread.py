#!/usr/bin/env python3
"""How wide other fonts draw labels compared with BracketText's table (DejaVu Sans).

The figures behind "Text and fonts" in docs/language.md. For each script, a handful of real
labels is shaped by HarfBuzz (Pillow with libraqm: kerning, ligatures, joining) in each font a
viewer might end up with, and with --browser also drawn by headless Chromium in an SVG, and
each width is divided by the table's width for the same label. A ratio above 1 means that
font draws the label wider than BracketText measured it.

    pip install fonttools pillow playwright
    apt-get install fonts-dejavu-core fonts-liberation2 fonts-noto-core chromium
    scripts/measure-font-spread.py [--browser]
"""

import importlib.util
import os
import shutil
import sys

from PIL import ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("metrics", os.path.join(HERE, "generate-font-metrics.py"))
metrics = importlib.util.module_from_spec(spec)
spec.loader.exec_module(metrics)

TT = "/usr/share/fonts/truetype"
FONTS = {
    "DejaVu Sans": TT + "/dejavu/DejaVuSans.ttf",
    "Liberation Sans (Arial's metrics)": TT + "/liberation2/LiberationSans-Regular.ttf",
    "Noto Sans": TT + "/noto/NotoSans-Regular.ttf",
    "Noto Sans Hebrew": TT + "/noto/NotoSansHebrew-Regular.ttf",
    "Noto Sans Arabic": TT + "/noto/NotoSansArabic-Regular.ttf",
    "Noto Naskh Arabic": TT + "/noto/NotoNaskhArabic-Regular.ttf",
    "Noto Sans Devanagari": TT + "/noto/NotoSansDevanagari-Regular.ttf",
    "Noto Serif Devanagari": TT + "/noto/NotoSerifDevanagari-Regular.ttf",
}

CORPUS = {
    "Latin": ["Vice President, Platform Engineering", "Chief Executive Officer", "Quarter-final 1",
              "Node 123", "Is the customer eligible for a refund?", "WWW MMM iiii llll", "Semi-final A"],
    "Latin with diacritics, Turkish": ["Émile Lefèvre", "Søren Kjærgaard", "José Núñez", "Ayşe Yılmaz",
                                       "Çağla Öztürk", "İstanbul Işık Gündoğdu", "Ångström Zoë"],
    "Greek": ["Αθήνα Θεσσαλονίκη", "Διευθύντρια Οικονομικών", "Ημιτελικός Α"],
    "Cyrillic": ["Дмитрий Шостакович", "Иван Петров", "Генеральный директор", "Полуфинал Б"],
    "Hebrew": ["שלום עולם", "ירושלים", "מנהלת כספים ראשית", "חצי גמר א"],
    "Arabic": ["مرحبا بالعالم", "القاهرة", "المدير التنفيذي", "نصف النهائي أ"],
    "Devanagari": ["अनन्या", "प्रिया शर्मा", "क्षत्रिय हिन्दी", "मुख्य कार्यकारी अधिकारी"],
}

SCRIPT_FONTS = {
    "Latin": ["DejaVu Sans", "Liberation Sans (Arial's metrics)", "Noto Sans"],
    "Latin with diacritics, Turkish": ["DejaVu Sans", "Liberation Sans (Arial's metrics)", "Noto Sans"],
    "Greek": ["DejaVu Sans", "Liberation Sans (Arial's metrics)", "Noto Sans"],
    "Cyrillic": ["DejaVu Sans", "Liberation Sans (Arial's metrics)", "Noto Sans"],
    "Hebrew": ["DejaVu Sans", "Liberation Sans (Arial's metrics)", "Noto Sans Hebrew"],
    "Arabic": ["DejaVu Sans", "Noto Sans Arabic", "Noto Naskh Arabic"],
    "Devanagari": ["Noto Sans Devanagari", "Noto Serif Devanagari"],
}

EM = metrics.UNITS_PER_EM


FORMS = metrics.arabic_forms(metrics.advances(metrics.DEJAVU))
HALVES = metrics.devanagari_half_forms()


def table_width(table, text):
    """The table's width of a label without emoji, as BracketText measures it: the sum of its
    code points' advances, Arabic letters in the form their neighbours give them (marks, which
    are zero, are skipped when looking for the neighbours)."""
    letters = [c for c in text if table.get(ord(c)) != 0]
    total = sum(table.get(ord(c), metrics.UNITS_PER_EM * 2) for c in letters)
    for i, c in enumerate(letters):
        forms = FORMS.get(ord(c))
        if forms is None:
            continue
        before = FORMS.get(ord(letters[i - 1])) if i > 0 else None
        after = FORMS.get(ord(letters[i + 1])) if i + 1 < len(letters) else None
        joins_previous = before is not None and before[2] != 0
        joins_next = after is not None and forms[2] != 0
        form = {(False, False): 0, (True, False): 1, (False, True): 2, (True, True): 3}[(joins_previous, joins_next)]
        total += forms[form] - table[ord(c)]
    # A Devanagari consonant, virama, consonant: the first takes its half form's room (a nukta
    # after a consonant belongs to it) unless a virama precedes it too.
    plain = [ord(c) for c in text if c != "\u093C"]
    for i in range(len(plain) - 2):
        if i >= 1 and plain[i - 1] == 0x094D:
            continue  # the middle of a chain of conjuncts is measured whole, as in BracketText
        if plain[i] in HALVES and plain[i + 1] == 0x094D and plain[i + 2] in metrics.DEVANAGARI_CONSONANTS:
            total -= table[plain[i]] - HALVES[plain[i]]
    return total


def pillow_ratios(table):
    rows = []
    for script, labels in CORPUS.items():
        for font_name in SCRIPT_FONTS[script]:
            font = ImageFont.truetype(FONTS[font_name], EM)
            ratios = [font.getlength(text) / table_width(table, text) for text in labels]
            rows.append((script, font_name, min(ratios), max(ratios)))
    return rows


def browser_ratios(table):
    from playwright.sync_api import sync_playwright
    families = {
        "as the SVG names it (DejaVu Sans here)": metrics_font_family(),
        "Liberation Sans": "'Liberation Sans'",
        "Noto Sans": "'Noto Sans'",
    }
    labels = [text for texts in CORPUS.values() for text in texts]
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        page = browser.new_page()
        for name, family in families.items():
            texts = "".join('<text x="0" y="%d" font-size="13" font-family="%s">%s</text>'
                            % (20 * (i + 1), family.replace('"', "'"), t) for i, t in enumerate(labels))
            page.set_content('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="2000">%s</svg>' % texts)
            page.evaluate("document.fonts.ready")
            lengths = page.evaluate("[...document.querySelectorAll('text')].map(t => t.getComputedTextLength())")
            ratios = [length / (table_width(table, t) * 13 / EM) for length, t in zip(lengths, labels)]
            rows.append((name, min(ratios), max(ratios)))
        browser.close()
    return rows


def metrics_font_family():
    source = open(os.path.join(HERE, "..", "Sources/BracketText/FontTable.swift")).read()
    start = source.index("fontFamily = \"") + len("fontFamily = \"")
    return source[start:source.index("\"", start)]


def main():
    table, _ = metrics.build_table()
    print("HarfBuzz-shaped width / table width, per script and font (min – max over the labels):")
    for script, font_name, low, high in pillow_ratios(table):
        print("  %-32s %-36s %.4f – %.4f" % (script, font_name, low, high))
    if "--browser" in sys.argv:
        print("Chromium getComputedTextLength / table width, all labels, 13 px:")
        for name, low, high in browser_ratios(table):
            print("  %-40s %.4f – %.4f" % (name, low, high))


if __name__ == "__main__":
    main()
