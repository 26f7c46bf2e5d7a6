#!/usr/bin/env python3
"""Generates the advance-width table that BracketText measures labels with.

Run once, by hand, when the table should change (the output is committed):

    pip install fonttools pillow        # Pillow with libraqm: shaped widths
    apt-get install fonts-dejavu-core fonts-noto-core fonts-noto-color-emoji
    scripts/generate-font-metrics.py

Writes Sources/BracketText/FontTable+Data.swift (the table) and
Tests/BracketTextTests/FontSamples+Data.swift (widths read straight from the fonts and shaped
by HarfBuzz, which the tests compare the table with).

Where each code point's advance comes from, first match wins:
  1. Zero: controls (Cc), combining marks (Mn, Me) and default-ignorable code points
     (variation selectors, joiners, tags) — they never advance the pen on their own.
  2. The widest advance among the fonts the SVG's font stack names that have the glyph:
     DejaVu Sans, the family named first (Bitstream Vera licence + public domain changes:
     free to embed and redistribute derived data), then Noto Sans and Liberation Sans (SIL
     Open Font License; Liberation Sans has Arial's metrics, which Helvetica's match). So a
     viewer that falls back to any of them draws the text no wider than it was measured.
     An Arabic letter takes the widest of its isolated, final, initial and medial forms (the
     width used when its neighbours are unknown); the forms themselves go into a separate
     table for measuring in context. Likewise a Devanagari consonant that a virama joins to
     the next one takes the room its half form needs (a separate table, from HarfBuzz).
  3. Otherwise the widest advance among the installed Noto Sans fonts for other scripts that
     have the glyph: what a viewer falls back to for scripts the stack's fonts lack.
  4. Otherwise East Asian Wide or Fullwidth (CJK ideographs, kana, Hangul, fullwidth forms):
     one em, the advance of every CJK font.
  Then every code point the colour emoji font draws (above Latin-1) takes at least the emoji
  advance, since browsers may pick the colour glyph even where a text glyph exists.
Anything else is absent from the table, and BracketText gives it a deliberately wide estimate.

All widths are in DejaVu Sans units (2048 per em), rounded up. A width with 32768 added marks
a code point that may share a grapheme cluster with a neighbour (marks, joiners, Hangul jamo,
regional indicators, prepended signs…): a label made only of unmarked code points has one
cluster per code point, which lets BracketText skip grapheme breaking for it (the tests hold
every unmarked code point to that, against Swift's own grapheme breaking).
"""

import glob
import json
import math
import os
import sys
import unicodedata

from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
# The fonts FontTable.fontFamily names, in its order (Arial and Helvetica share Liberation Sans's metrics).
STACK = [DEJAVU, "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
         "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"]
# Noto fonts that are not for running text, or whose glyphs a browser would not pick for labels.
NOT_FALLBACK = ("NotoSans-Regular.ttf", "NotoSansDisplay-Regular.ttf", "NotoSansMono-Regular.ttf")
NOTO_DIR = "/usr/share/fonts/truetype/noto"
EMOJI = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
UNITS_PER_EM = 2048
MAX_CODE_POINT = 0x10FFFF


def advances(path):
    """Maps every code point of a font's best cmap to its advance in UNITS_PER_EM units."""
    font = TTFont(path, lazy=True)
    scale = UNITS_PER_EM / font["head"].unitsPerEm
    hmtx = font["hmtx"]
    return {cp: math.ceil(hmtx[glyph][0] * scale - 1e-9) for cp, glyph in font.getBestCmap().items()}


def is_default_ignorable(cp):
    return (cp in (0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFEFF, 0xFFA0)
            or 0x180B <= cp <= 0x180F or 0x200B <= cp <= 0x200F or 0x202A <= cp <= 0x202E
            or 0x2060 <= cp <= 0x206F or 0xFE00 <= cp <= 0xFE0F or 0x1BCA0 <= cp <= 0x1BCA3
            or 0x1D173 <= cp <= 0x1D17A or 0xE0000 <= cp <= 0xE0FFF)


FORMS = ("<isolated>", "<final>", "<initial>", "<medial>")


def arabic_forms(dejavu):
    """Each Arabic letter that has presentation forms (U+FB50–U+FEFF) → the advance of its
    isolated, final, initial and medial forms in DejaVu Sans (0 for a form it lacks: a
    right-joining letter has no initial or medial form). A letter with an initial or medial
    form joins on both sides; one with only final and isolated forms joins only to the letter
    before it. The tatweel (U+0640) joins on both sides and is its own form."""
    forms = {}
    for cp in list(range(0xFB50, 0xFE00)) + list(range(0xFE70, 0xFF00)):
        parts = unicodedata.decomposition(chr(cp)).split()
        if len(parts) == 2 and parts[0] in FORMS and cp in dejavu:
            base = int(parts[1], 16)
            if base in dejavu and 0x0600 <= base <= 0x06FF:
                widths = forms.setdefault(base, [0, 0, 0, 0])
                index = FORMS.index(parts[0])
                widths[index] = max(widths[index], dejavu[cp])
    for base in [base for base, widths in forms.items() if not any(widths[1:])]:
        del forms[base]  # only an isolated form (hamza): joins to nothing, measured as itself
    for base, widths in forms.items():
        widths[0] = max(widths[0], dejavu[base])  # the letter's own glyph is its isolated form
        if widths[1] == 0:
            widths[1] = widths[0]
        if widths[2] or widths[3]:  # dual-joining: a missing form is drawn like the nearest one
            widths[2] = widths[2] or widths[0]
            widths[3] = widths[3] or widths[1]
    forms[0x0640] = [dejavu[0x0640]] * 4
    return forms


CLUSTER_FLAG = 0x8000
# Code points that join a neighbour in a grapheme cluster but whose general category does not
# say so: Hangul jamo and syllables, regional indicators, emoji modifiers, prepended
# concatenation marks and letters, and the few letters and modifiers that are Extend or
# SpacingMark (Thai and Lao AM, halfwidth kana voicing marks).
CLUSTER_RANGES = [(0x1100, 0x11FF), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0x1F1E6, 0x1F1FF),
                  (0x1F3FB, 0x1F3FF), (0x0E33, 0x0E33), (0x0EB3, 0x0EB3), (0xFF9E, 0xFF9F),
                  (0x0D4E, 0x0D4E), (0x111C2, 0x111C3), (0x1193F, 0x1193F), (0x11941, 0x11941),
                  (0x11A3A, 0x11A3A), (0x11A84, 0x11A89), (0x11D46, 0x11D46), (0x11F02, 0x11F02)]


def may_join_a_cluster(cp):
    if unicodedata.category(chr(cp)) in ("Mn", "Me", "Mc", "Cf", "Cc", "Zl", "Zp", "Co", "Cn"):
        return True
    return any(low <= cp <= high for low, high in CLUSTER_RANGES)


def build_table():
    dejavu = advances(DEJAVU)
    stack = [advances(path) for path in STACK]
    arabic = {base: max(widths) for base, widths in arabic_forms(dejavu).items()}
    noto = {}
    for path in sorted(glob.glob(os.path.join(NOTO_DIR, "NotoSans*-Regular.ttf"))):
        if os.path.basename(path) in NOT_FALLBACK:
            continue
        for cp, width in advances(path).items():
            noto[cp] = max(noto.get(cp, 0), width)
    emoji_font = advances(EMOJI)
    emoji_width = max(emoji_font.values())

    table = {}
    for cp in range(MAX_CODE_POINT + 1):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        ch = chr(cp)
        category = unicodedata.category(ch)
        if category in ("Cc", "Mn", "Me") or is_default_ignorable(cp):
            table[cp] = 0
            continue
        in_stack = [font[cp] for font in stack if cp in font]
        if in_stack:
            width = max(in_stack + [arabic.get(cp, 0)])
        elif cp in noto:
            width = noto[cp]
        elif unicodedata.east_asian_width(ch) in ("W", "F") and category not in ("Cn", "Co", "Cs"):
            width = UNITS_PER_EM
        else:
            width = None
        if cp > 0xFF and cp in emoji_font and emoji_font[cp] > 0:
            width = max(width or 0, emoji_width)
        if width is not None:
            table[cp] = width
    return table, emoji_width


def runs(table):
    """(start, count, width) for each maximal run of consecutive code points of equal width."""
    result = []
    for cp in sorted(table):
        width = table[cp]
        if result and result[-1][0] + result[-1][1] == cp and result[-1][2] == width:
            result[-1][1] += 1
        else:
            result.append([cp, 1, width])
    return result


# Base-64 digits for the packed table: printable, and none of them needs escaping in Swift.
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/"


def pack(number):
    """A number as base-64 digits: groups of 5 bits, most significant first. Every digit but the
    last has a value below 32; the last one has 32 added, which marks where the number ends."""
    groups = []
    while True:
        groups.append(number & 31)
        number >>= 5
        if number == 0:
            break
    groups.reverse()
    return "".join(DIGITS[g] for g in groups[:-1]) + DIGITS[32 + groups[-1]]


DEVANAGARI = os.path.join(NOTO_DIR, "NotoSansDevanagari-Regular.ttf")
DEVANAGARI_CONSONANTS = list(range(0x0915, 0x093A)) + list(range(0x0958, 0x0960)) + list(range(0x0979, 0x0980))


def devanagari_half_forms():
    """Each Devanagari consonant → how much of the next consonant's room it takes when a virama
    joins them (its half form, or its share of a conjunct ligature): the widest, over every
    following consonant, of shaped(C + virama + C2) − shaped(C2), by HarfBuzz in Noto Sans
    Devanagari, rounded up. Only consonants whose share is narrower than the letter are listed."""
    from PIL import ImageFont
    font = ImageFont.truetype(DEVANAGARI, UNITS_PER_EM)
    cmap = advances(DEVANAGARI)
    consonants = [cp for cp in DEVANAGARI_CONSONANTS if cp in cmap]
    alone = {cp: font.getlength(chr(cp)) for cp in consonants}
    halves = {}
    for first in consonants:
        share = max(font.getlength(chr(first) + "\u094D" + chr(second)) - alone[second] for second in consonants)
        share = max(0, math.ceil(share - 1e-6))
        if share < cmap[first]:
            halves[first] = share
    return halves


def swift_code_point_table(comment, name, rows):
    """A Swift array literal of tuples: a code point (hex), then its widths. `rows` maps each
    code point to a tuple of widths; `comment` is the doc comment's lines."""
    width_count = len(next(iter(rows.values())))
    out = ["    /// " + line for line in comment]
    out.append("    static let %s: [(%s)] = [" % (name, ", ".join(["UInt16"] * (1 + width_count))))
    for cp in sorted(rows):
        out.append("        (0x%04X, %s)," % (cp, ", ".join(str(w) for w in rows[cp])))
    out.append("    ]")
    return out


def swift_table(table, emoji_width, metrics):
    records = runs(table)
    packed = []
    previous_end = 0
    for start, count, width in records:
        packed.append(pack(start - previous_end) + pack(count) + pack(width))
        previous_end = start + count
    text = "".join(packed)
    chunk = 96
    lines = [text[i:i + chunk] for i in range(0, len(text), chunk)]
    ascent, descent, line_gap = metrics
    out = []
    out.append("// Generated by scripts/generate-font-metrics.py from DejaVu Sans " + dejavu_version()
               + ", Liberation Sans, the Noto Sans fonts")
    out.append("// and Noto Color Emoji. Do not edit; re-run the script.")
    out.append("// " + str(len(table)) + " code points in " + str(len(records)) + " runs of equal advance.")
    out.append("")
    out.append("extension FontTable {")
    out.append("    /// Font units per em of every width in the table (DejaVu Sans's own).")
    out.append("    static let unitsPerEm = " + str(UNITS_PER_EM))
    out.append("    /// DejaVu Sans's hhea ascender, descender (as a positive depth) and line gap.")
    out.append("    static let ascentUnits = " + str(ascent))
    out.append("    static let descentUnits = " + str(descent))
    out.append("    static let lineGapUnits = " + str(line_gap))
    out.append("    /// Advance of one colour emoji glyph (Noto Color Emoji), for emoji clusters.")
    out.append("    static let emojiUnits = " + str(emoji_width))
    out.extend(swift_code_point_table(
        ["Arabic letters in DejaVu Sans by joining form: code point, then the isolated, final,",
         "initial and medial advances (initial and medial 0: the letter joins only to the one before)."],
        "arabicForms", {cp: tuple(widths) for cp, widths in arabic_forms(advances(DEJAVU)).items()}))
    out.extend(swift_code_point_table(
        ["Devanagari consonants before a virama and another consonant: the width they take there",
         "(half form or share of the conjunct, the widest over every following consonant)."],
        "devanagariHalfForms", {cp: (width,) for cp, width in devanagari_half_forms().items()}))
    out.append("    /// Runs of code points of equal advance. Each run is three numbers — the gap since the")
    out.append("    /// previous run's end, the run's length, its advance — written as base-64 digits")
    out.append("    /// (" + DIGITS[:4] + "…" + DIGITS[-4:] + "), 5 bits each, high first; digits of value 32–63 end a number.")
    out.append("    /// An advance with 32768 added belongs to code points that may share a grapheme cluster.")
    out.append("    static let packedRuns: StaticString = \"\"\"")
    out.extend("    " + line for line in lines)
    out.append("    \"\"\"")
    out.append("}")
    return "\n".join(out) + "\n"


def dejavu_version():
    font = TTFont(DEJAVU, lazy=True)
    return font["name"].getDebugName(5) or "?"


SAMPLE_CODE_POINTS = (
    list(range(0x20, 0x7F)) + [0xA0, 0xC9, 0xE9, 0xF1, 0xFC, 0x11E, 0x130, 0x131, 0x15F, 0x2026]
    + [0x391, 0x3A9, 0x3B1, 0x3C9, 0x410, 0x416, 0x44F, 0x5D0, 0x5E9, 0x627, 0x628, 0x645, 0x644]
    + [0x905, 0x915, 0x93E, 0x93F, 0x94D, 0x4E00, 0x65E5, 0x3042, 0x30A2, 0xAC00, 0xFF21, 0x1F3C6]
    + [0x1F600, 0x2764, 0x301, 0x308, 0xFE0F, 0x200D, 0x0A, 0x2010, 0x2013, 0x2014]
)

# One label per script; the tests require the table never to measure one narrower than HarfBuzz
# shapes it with the font a viewer would use, and not absurdly wider.
SAMPLE_LABELS = [
    ("latin", DEJAVU, "Vice President, Platform Engineering"),
    ("diacritics", DEJAVU, "Émile Zoë Çağlar Ångström"),
    ("turkish", DEJAVU, "Ayşe Işık Gündoğdu İstanbul"),
    ("greek", DEJAVU, "Αθήνα Θεσσαλονίκη"),
    ("cyrillic", DEJAVU, "Дмитрий Шостакович"),
    ("hebrew", DEJAVU, "שלום עולם ירושלים"),
    ("arabic", DEJAVU, "مرحبا بالعالم القاهرة"),
    ("devanagari", os.path.join(NOTO_DIR, "NotoSansDevanagari-Regular.ttf"), "अनन्या क्षत्रिय हिन्दी"),
    ("combining", DEJAVU, "e\u0301 a\u0308 o\u0302\u0323"),
]


def shaped_width(path, text):
    from PIL import ImageFont
    font = ImageFont.truetype(path, UNITS_PER_EM)
    return font.getlength(text, features=["-kern"]), font.getlength(text)


_FONT_ADVANCES = []


def font_advance(cp):
    """The advance of a code point in the first font that draws it, straight from that file."""
    if not _FONT_ADVANCES:
        paths = [DEJAVU, EMOJI] + sorted(glob.glob(os.path.join(NOTO_DIR, "NotoSans*-Regular.ttf")))
        _FONT_ADVANCES.extend(advances(path) for path in paths)
    for font_advances in _FONT_ADVANCES:
        if cp in font_advances:
            return font_advances[cp]
    return -1


def swift_samples(table):
    out = ["// Generated by scripts/generate-font-metrics.py straight from the fonts. Do not edit.", ""]
    out.append("/// For a sample of code points: the advance in the font file that draws it (-1 if none does),")
    out.append("/// and the advance the table must hold for it (font units, 2048 per em).")
    out.append("let fontSampleAdvances: [(codePoint: UInt32, font: Int, table: Int)] = [")
    for cp in SAMPLE_CODE_POINTS:
        out.append("    (0x%04X, %d, %d)," % (cp, font_advance(cp), table[cp]))
    out.append("]")
    out.append("")
    out.append("/// Labels shaped by HarfBuzz (through Pillow) in the font that draws them, widths in font units:")
    out.append("/// without kerning and with it.")
    out.append("let fontSampleLabels: [(script: String, text: String, unkerned: Double, kerned: Double)] = [")
    for script, path, text in SAMPLE_LABELS:
        unkerned, kerned = shaped_width(path, text)
        literal = json.dumps(text, ensure_ascii=False).replace("\\u0301", "\\u{301}")
        literal = "".join(c if ord(c) < 0x300 or ord(c) > 0x36F else "\\u{%X}" % ord(c) for c in literal)
        out.append("    (\"%s\", %s, %.1f, %.1f)," % (script, literal, unkerned, kerned))
    out.append("]")
    return "\n".join(out) + "\n"


def main():
    table, emoji_width = build_table()
    flagged = {cp: width | (CLUSTER_FLAG if may_join_a_cluster(cp) else 0) for cp, width in table.items()}
    hhea = TTFont(DEJAVU, lazy=True)["hhea"]
    metrics = (hhea.ascent, -hhea.descent, hhea.lineGap)
    with open(os.path.join(ROOT, "Sources/BracketText/FontTable+Data.swift"), "w") as out:
        out.write(swift_table(flagged, emoji_width, metrics))
    if "--no-samples" not in sys.argv:
        with open(os.path.join(ROOT, "Tests/BracketTextTests/FontSamples+Data.swift"), "w") as out:
            out.write(swift_samples(table))
    print("%d code points, %d runs" % (len(table), len(runs(table))))


if __name__ == "__main__":
    main()
