#!/usr/bin/env python3
"""The preview page's store after deltas with renames, runs and splices equals a fresh load.

Random trees and random edits (a label typed, an ID renamed, a leaf inserted, a subtree deleted,
wrapped or unwrapped, a few at once), laid out and diffed here (delta_model.py, written apart
from the server): one page (P) gets the first picture and then only deltas — `renamed`, removed
and added cards and connectors, `runs`, changed items (docs/protocol.md, "Delta payloads") — and
another (Q) gets every picture whole. After each step both have painted that version, and
  * P's store equals Q's, column by column (IDs, labels, lines, positions, sizes, depths, parents,
    ranges, children and sibling links, connectors and which end a bus);
  * P's ID index finds every card, its connector index every connector, and its spatial index
    (which follows splices and runs by segments) finds exactly what a scan finds in rectangles
    over the picture;
  * the card and connector elements in P's DOM are Q's, byte for byte;
  * preview-delta.js's patchGeometry (the VS Code extension's patcher) turns the old geometry
    JSON into the new one.
The same runs with geometry-JSON payloads (the VS Code webview's) instead of columns, and with
documents written on one line (runs then shift characters). Then a focused card that is
renamed and moved keeps the keyboard focus, the search match follows it, and a delta that
does not fit (a run past the end) asks for a resync and changes nothing.

    python3 Tests/editors/test_preview_runs.py [--steps 24] [--size 300] [--seed 1] [--real-only]

Needs chromium and Playwright for Python. Prints one line per check, `N passed, N failed` last.
"""
import argparse
import json
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from checks import check, watch_page  # noqa: E402
import delta_model as model  # noqa: E402
from synthetic_preview import PageServer, announcement  # noqa: E402

URI = "file:///runs/test.bracket"
BINARY = os.environ.get("BRACKET_BIN", os.path.join(os.path.dirname(os.path.dirname(HERE)), ".build", "debug", "bracket"))

CARDS_DOM = """() => Array.from(document.querySelectorAll('#stage [data-node-id], #stage polyline'))
  .map(e => e.outerHTML)"""


def wait_version(page, version):
    page.wait_for_function(f"() => window.bracketPreview.painted().version === {version}", timeout=30000, polling="raf")


def stable_dom(p, q):
    """Both pages' card and connector elements once they stop changing (elements are made for
    a few milliseconds a frame, so a big change takes a few frames)."""
    last = None
    for _ in range(40):
        a, b = p.evaluate(CARDS_DOM), q.evaluate(CARDS_DOM)
        if a == b or (a, b) == last:
            return a, b
        last = (a, b)
        p.wait_for_timeout(50)
    return a, b


def first_difference(a, b):
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            va, vb = a.get(key), b.get(key)
            if isinstance(va, list) and isinstance(vb, list):
                at = next((k for k in range(min(len(va), len(vb))) if va[k] != vb[k]), min(len(va), len(vb)))
                return f"{key}[{at}]: {va[at] if at < len(va) else '—'} != {vb[at] if at < len(vb) else '—'} (lengths {len(va)}, {len(vb)})"
            return f"{key}: {va} != {vb}"
    return ""


def rects(p):
    """Rectangles over the picture (content coordinates): the whole, and bands and boxes."""
    w, h = p["width"], p["height"]
    out = [{"x0": -10, "y0": -10, "x1": w + 10, "y1": h + 10}]
    for k in range(6):
        y = h * k / 6
        out.append({"x0": 0, "y0": y, "x1": w, "y1": y + h / 9})
        out.append({"x0": w * k / 7, "y0": y, "x1": w * k / 7 + 300, "y1": y + 200})
    return out


def expected_search(cards, query):
    """What search finds for `query` (lower case): the first card whose ID is the query, else
    the first in tree order whose ID or label contains it, and how many cards match."""
    hits = [c for c in cards if query in c["id"].lower() or query in c["label"].lower()]
    exact = [c for c in hits if c["id"].lower() == query]
    return ((exact or hits)[0]["id"] if hits else None), len(hits)


def search_result(page, query):
    page.fill("#search", "")
    page.wait_for_function("() => document.getElementById('search-count').textContent === ''", timeout=10000)
    page.fill("#search", query)
    page.wait_for_function("() => document.getElementById('search-count').textContent !== ''", timeout=10000)
    count = page.evaluate("() => document.getElementById('search-count').textContent")
    total = 0 if count == "No match" else int(count.split(" of ")[1])
    return page.evaluate("() => window.bracketPreview.match()") if total else None, total


def run_sequence(browser, rng, steps, size, as_columns, one_line, name, binary=False, text_chunk=None):
    """`binary`: P's first picture is a binary body it fetches (docs/protocol.md, "The payload
    as a binary body"), Q's every picture inline JSON. `text_chunk`: P's text columns in chunks
    of that many cards (instead of 1,024, more than the tree has), so that the splices cut,
    empty and join chunks, at the start, the end and across chunk edges; P's search is then
    checked after every step (its lower-cased copies are per chunk)."""
    tree = model.random_tree(rng, size)
    edits = model.Edits(rng)
    pic = model.picture(tree, one_line)
    first = model.full_payload(pic, 1, URI, as_columns)
    failures = 0
    kinds = {}
    splices = 0  # steps that insert or delete cards and change no card's depth
    mapped = 0  # the most splices the ID index mapped through when it was checked
    with PageServer(first, binary=binary) as ps, PageServer(first) as qs:
        p = browser.new_page(viewport={"width": 1000, "height": 700})
        q = browser.new_page(viewport={"width": 1000, "height": 700})
        errors = []
        watch_page(p, errors)
        if text_chunk:
            p.add_init_script(f"window.bracketPreviewTest = {{ textChunk: {text_chunk} }};")
        p.goto(ps.url)
        q.goto(qs.url)
        wait_version(p, 1)
        wait_version(q, 1)
        chunks = [0, 0]
        if binary:
            check(f"{name}: the first picture was fetched as a binary body", ps.fetches == ["payload/1"], ps.fetches)
            pc, qc = p.evaluate("() => window.bracketPreview.columns()"), q.evaluate("() => window.bracketPreview.columns()")
            check(f"{name}: the binary body's store equals the inline payload's, every column", pc == qc, first_difference(pc, qc))
        # Half the steps at 100 % (card elements), half fitted (the overview).
        for k in range(1, steps + 1):
            if k == steps // 2:
                for page in (p, q):
                    page.click("#zoom-fit")
            elif k == 1:
                for page in (p, q):
                    page.click("#zoom-reset")
            renamed, done = {}, []
            for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 3)):
                kind, names = edits.random(tree)
                done.append(kind)
                kinds[kind] = kinds.get(kind, 0) + 1
                for frm, to in names.items():
                    original = next((a for a, b in renamed.items() if b == frm), frm)
                    renamed[original] = to
            renamed = {a: b for a, b in renamed.items() if a != b and a in {c["id"] for c in pic["cards"]}}
            splices += bool({"insert", "delete"} & set(done)) and not {"wrap", "unwrap"} & set(done)
            new = model.picture(tree, one_line)
            version = k + 1
            delta = model.delta(pic, new, renamed, rng, overrides=True)
            old_geometry = model.geometry(pic)
            ps.push({"uri": URI, "version": version, "sequence": version, "base": version - 1, "delta": delta,
                     "diagnostics": {"errors": 0, "warnings": 0}})
            qs.push(model.full_payload(new, version, URI, as_columns))
            wait_version(p, version)
            wait_version(q, version)
            label = f"{name} step {k} ({'+'.join(done)}, {len(new['cards'])} cards)"
            pc, qc = p.evaluate("() => window.bracketPreview.columns()"), q.evaluate("() => window.bracketPreview.columns()")
            ok = pc == qc
            failures += not ok
            if not ok or k == steps:
                check(f"{label}: the patched store equals a fresh load, every column", ok, first_difference(pc, qc))
            ids = p.evaluate("() => window.bracketPreview.storeWork().ids")
            mapped = max(mapped, ids["maps"] if ids else 0)
            problems = p.evaluate("(r) => window.bracketPreview.checkIndices(r)", rects(new))
            failures += bool(problems)
            if problems or k == steps:
                check(f"{label}: ID, connector and spatial indices find what a scan finds", not problems, problems[:3])
            a, b = stable_dom(p, q)
            failures += a != b
            if a != b or k == steps:
                diff = next((f"{x} != {y}" for x, y in zip(a, b) if x != y), f"{len(a)} != {len(b)} elements")
                check(f"{label}: the card and connector elements are a fresh load's", a == b, diff[:600])
            patched = p.evaluate("([g, d]) => window.bracketPreviewDelta.patchGeometry(g, d)", [old_geometry, delta])
            expected = model.geometry(new)
            same = patched is not None and patched["nodes"] == expected["nodes"] and patched["edges"] == expected["edges"]
            failures += not same
            if not same or k == steps:
                check(f"{label}: patchGeometry gives the new geometry JSON", same,
                      "null" if patched is None else first_difference({"nodes": patched["nodes"], "edges": patched["edges"]},
                                                                      {"nodes": expected["nodes"], "edges": expected["edges"]}))
            if text_chunk:
                work = p.evaluate("() => window.bracketPreview.storeWork()")
                chunks = [max(a, b) for a, b in zip(chunks, work["textChunks"])]
                card = rng.choice(new["cards"])
                for query in (card["label"].lower(), card["id"].lower(), card["label"].lower()[1:4]):
                    # (both pages search, moving to the same match: their views stay the same)
                    got, want = search_result(p, query), expected_search(new["cards"], query)
                    search_result(q, query)
                    failures += got != want
                    if got != want or k == steps:
                        check(f"{label}: search {query!r} finds {want}", got == want, got)
            if p.evaluate("() => window.bracketPreview.sequence()") != version:
                check(f"{label}: the delta applied (no resync)", False, ps.posts[-3:])
                failures += 1
            pic = new
            if failures > 3:
                break
        check(f"{name}: {k} steps, edits {kinds}, no page errors", not errors, errors[:3])
        # The links (parents, children, bus ends) were kept through splices, not only relinked:
        # the columns above compared them with a fresh load's.
        work = p.evaluate("() => window.bracketPreview.storeWork()")
        check(f"{name}: the {splices} deltas that only insert and delete kept the tree's links through the splice "
              f"({work['links']})", splices > 0 and work["links"]["spliced"] >= splices, work)
        check(f"{name}: the ID index was checked while it mapped its slots through splices (up to {mapped})", mapped >= 2)
        if text_chunk:
            check(f"{name}: the text columns were in many chunks (up to {chunks})", min(chunks) >= size // text_chunk // 2, chunks)
        p.close()
        q.close()
    return failures


def follow_checks(browser):
    """Focus, search match and resync across deltas that rename and move the focused card."""
    tree = [("r", "Root", 0), ("a", "Alpha", 1), ("a1", "Leaf a1", 2), ("a2", "Leaf a2", 2),
            ("b", "Beta", 1), ("b1", "Leaf b1", 2), ("b2", "Leaf b2", 2)]
    pic = model.picture(tree)
    with PageServer(model.full_payload(pic, 1, URI)) as ps:
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        page.goto(ps.url)
        wait_version(page, 1)
        page.focus('[data-node-id="b1"]')
        page.fill("#search", "Leaf b2")
        page.wait_for_function("() => window.bracketPreview.match() === 'b2'")
        page.focus('[data-node-id="b1"]')
        # b1 renamed to renamed-b1, and a leaf inserted above it: b1 moves one slot down.
        new_tree = [("r", "Root", 0), ("a", "Alpha", 1), ("a1", "Leaf a1", 2), ("a2", "Leaf a2", 2), ("a3", "New", 2),
                    ("b", "Beta", 1), ("renamed-b1", "Leaf b1", 2), ("b2", "Leaf b2", 2)]
        new = model.picture(new_tree)
        delta = model.delta(pic, new, {"b1": "renamed-b1"})
        check("follow: the delta has a rename, an added card and a run",
              delta.get("renamed") and delta["cards"]["added"] and delta.get("runs"), delta)
        ps.push({"uri": URI, "version": 2, "sequence": 2, "base": 1, "delta": delta, "diagnostics": {"errors": 0, "warnings": 0}})
        wait_version(page, 2)
        focused = page.evaluate("() => window.bracketPreview.focused()")
        active = page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-node-id')")
        check("follow: the renamed, moved card keeps the keyboard focus", focused == "renamed-b1" and active == "renamed-b1",
              (focused, active))
        check("follow: the search match follows its card to its new index",
              page.evaluate("() => window.bracketPreview.match()") == "b2")
        # A run past the end does not fit: nothing changes, a resync is asked for.
        bad = model.delta(new, new, {})
        bad["runs"] = [{"first": "b2", "count": 5, "dy": 72}]
        before = page.evaluate("() => window.bracketPreview.columns()")
        ps.push({"uri": URI, "version": 3, "sequence": 3, "base": 2, "delta": bad, "diagnostics": {"errors": 0, "warnings": 0}})
        for _ in range(50):
            if any(path.endswith("resync") for path, _ in ps.posts):
                break
            page.wait_for_timeout(50)
        check("follow: a run past the end asks for a resync", any(path.endswith("resync") for path, _ in ps.posts), ps.posts)
        check("follow: ... and changes nothing", page.evaluate("() => window.bracketPreview.columns()") == before)
        page.close()


def kept_connector_of_removed_card(browser):
    """A delta that removes a card but keeps its connector does not fit (the connector would
    point at no card): the page asks for a resync and changes nothing. The cards removed are
    checked against their connectors' range (the connectors in card order); one removed card
    with its connector kept among several removed is found too."""
    tree = [("r", "Root", 0), ("a", "Alpha", 1), ("a1", "Leaf a1", 2), ("a2", "Leaf a2", 2),
            ("b", "Beta", 1), ("b1", "Leaf b1", 2), ("b2", "Leaf b2", 2)]
    pic = model.picture(tree)
    for keep in ("a1", "b2"):
        with PageServer(model.full_payload(pic, 1, URI)) as ps:
            page = browser.new_page(viewport={"width": 1000, "height": 700})
            page.goto(ps.url)
            wait_version(page, 1)
            new = model.picture([row for row in tree if row[0] not in ("a1", "b2")])
            bad = model.delta(pic, new, {})
            check(f"kept connector ({keep}): the delta removes both leaves and their connectors",
                  sorted(bad["cards"]["removed"]) == ["a1", "b2"] and sorted(bad["edges"]["removed"]) == ["a1", "b2"], bad)
            bad["edges"]["removed"].remove(keep)
            before = page.evaluate("() => window.bracketPreview.columns()")
            ps.push({"uri": URI, "version": 2, "sequence": 2, "base": 1, "delta": bad, "diagnostics": {"errors": 0, "warnings": 0}})
            for _ in range(50):
                if any(path.endswith("resync") for path, _ in ps.posts):
                    break
                page.wait_for_timeout(50)
            check(f"kept connector ({keep}): a removed card whose connector is kept asks for a resync",
                  any(path.endswith("resync") for path, _ in ps.posts), ps.posts)
            check(f"kept connector ({keep}): ... and changes nothing",
                  page.evaluate("() => window.bracketPreview.columns()") == before)
            page.close()


def ready_for_edits(browser):
    """Once a store is on screen, idle time readies its columns for splices (prepareForEdits:
    room to grow, positions in Float64) and warms the kernels of a splice's and a run's loops
    (six rounds on scratch columns), so the first structural keystroke copies no column: a
    leaf inserted and a subtree deleted then grow no column and widen none, and the store still
    equals a fresh load's. (Without the readiness, the first insert grows every column: a fresh
    store's are exactly its size.)"""
    tree = model.complete_tree(2047)
    pic = model.picture(tree)
    with PageServer(model.full_payload(pic, 1, URI), binary=True) as ps, PageServer(model.full_payload(pic, 1, URI)) as qs:
        p = browser.new_page(viewport={"width": 1000, "height": 700})
        q = browser.new_page(viewport={"width": 1000, "height": 700})
        p.goto(ps.url)
        q.goto(qs.url)
        wait_version(p, 1)
        wait_version(q, 1)
        p.wait_for_function("() => window.bracketPreview.storeWork().columns.ready >= 1", timeout=30000)
        pc, qc = p.evaluate("() => window.bracketPreview.columns()"), q.evaluate("() => window.bracketPreview.columns()")
        check("ready for edits: the readied store equals a fresh load, every column", pc == qc, first_difference(pc, qc))
        # The kernels of a structural delta's loops (preview-columns.js: runs' adds, renumbering,
        # the order's map) run in idle time before the first structural delta, all six rounds,
        # so it does not run them for the first time in the interpreter.
        warmed = p.evaluate("""() => new Promise(function (done) {
            var t0 = Date.now();
            (function poll() { var w = window.bracketPreview.storeWork().columns.warmed;
              if (w >= 6 || Date.now() - t0 > 20000) done(w); else setTimeout(poll, 50); })(); })""")
        check(f"ready for edits: the structural delta's kernels warmed in idle time before the first one ({warmed} rounds)",
              warmed == 6, warmed)
        before = p.evaluate("() => window.bracketPreview.storeWork().columns")
        middle = next(i for i in range(len(tree) // 2, len(tree) - 1) if tree[i + 1][2] <= tree[i][2])  # a leaf
        edits = [("a leaf inserted", lambda t: t[:middle + 1] + [("ready0", "New", t[middle][2])] + t[middle + 1:])]
        parent = middle - 1
        while tree[parent][2] >= tree[middle][2]:
            parent -= 1
        edits.append(("a subtree deleted", lambda t: t[:parent] + t[model.subtree_end(t, parent):]))
        version = 1
        for what, edit in edits:
            tree = edit(tree)
            new = model.picture(tree)
            version += 1
            ps.push({"uri": URI, "version": version, "sequence": version, "base": version - 1,
                     "delta": model.delta(pic, new, {}), "diagnostics": {"errors": 0, "warnings": 0}})
            qs.push(model.full_payload(new, version, URI))
            wait_version(p, version)
            wait_version(q, version)
            pic = new
            pc, qc = p.evaluate("() => window.bracketPreview.columns()"), q.evaluate("() => window.bracketPreview.columns()")
            check(f"ready for edits, {what}: the store equals a fresh load, every column", pc == qc, first_difference(pc, qc))
            work = p.evaluate("() => window.bracketPreview.storeWork().columns")
            check(f"ready for edits, {what}: no column grown or widened after the store was readied ({before} → {work})",
                  work["grown"] == before["grown"] and work["widened"] == before["widened"], work)
            check(f"ready for edits, {what}: the delta applied (no resync)", p.evaluate("() => window.bracketPreview.sequence()") == version)
        p.close()
        q.close()


def search_after_splice(browser):
    """Search after splices once its lower-cased copy of the texts exists (it is cut and joined
    with the texts): an added label is found, in any case, a removed one is not, a kept card
    after the splice is found at its new index, and a label whose lower case is longer
    (U+0130, "İ") still finds its card."""
    tree = [("r", "Root", 0)] + [row for k in range(6) for row in
                                 ((f"p{k}", f"Parent {k}", 1), (f"p{k}a", f"Leaf {k}a", 2), (f"p{k}b", f"Leaf {k}b", 2))]
    pic = model.picture(tree)

    def found(page, query):
        page.fill("#search", query)
        page.wait_for_function("() => document.getElementById('search-count').textContent !== ''", timeout=10000)
        count = page.evaluate("() => document.getElementById('search-count').textContent")
        return page.evaluate("() => window.bracketPreview.match()"), count

    with PageServer(model.full_payload(pic, 1, URI)) as ps:
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        page.goto(ps.url)
        wait_version(page, 1)
        check("search after splice: before, a label is found", found(page, "leaf 4b")[0] == "p4b")
        steps = [
            # a subtree removed and a leaf with a mixed-case label added after the first parent
            lambda t: [row for row in t if not row[0].startswith("p2")][:2] + [("new1", "Added ÄbC Leaf", 2)]
            + [row for row in t if not row[0].startswith("p2")][2:],
            # a leaf added at the end, and the first leaf removed
            lambda t: [row for row in t if row[0] != "p0a"] + [("new2", "Tail Zeta", 2)],
            # a leaf whose label lower-cases longer, in the middle
            lambda t: t[:5] + [("new3", "Dotted İstanbul", 2)] + t[5:],
        ]
        version = 1
        for step in steps:
            new_tree = step(tree)
            new = model.picture(new_tree)
            version += 1
            ps.push({"uri": URI, "version": version, "sequence": version, "base": version - 1,
                     "delta": model.delta(pic, new, {}), "diagnostics": {"errors": 0, "warnings": 0}})
            wait_version(page, version)
            tree, pic = new_tree, new
            for query in (tree[-1][1].lower(), "leaf 4a", "äbc", "tail", "parent 2", "leaf 0a", "DOTTED"):
                ident = next((i for i, label, _ in tree if query.lower() in label.lower()), None)
                match, count = found(page, query)
                check(f"search after splice (version {version}): {query!r} finds {ident}",
                      match == ident and (count == "No match") == (ident is None), (match, count))
        check("search after splice: no resync", not any(path.endswith("resync") for path, _ in ps.posts), ps.posts)
        page.close()


def stale_payload(browser):
    """A full payload announced after its body was replaced (the server answers 410 Gone) is
    skipped: the page keeps its picture, asks for nothing, and the next delta on it applies."""
    tree = [("r", "Root", 0), ("a", "Alpha", 1), ("b", "Beta", 1)]
    pic = model.picture(tree)
    first = model.full_payload(pic, 1, URI)
    with PageServer(first, binary=True) as ps:
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        errors = []
        watch_page(page, errors)
        page.goto(ps.url)
        wait_version(page, 1)
        note = json.loads(announcement({"uri": URI, "version": 2, "sequence": 2}, path="payload/2", size=100))
        ps.push(note)
        for _ in range(50):
            if "payload/2" in ps.fetches:
                break
            page.wait_for_timeout(50)
        check("stale: the page fetched the announced body and got 410", ps.fetches == ["payload/1", "payload/2"], ps.fetches)
        new = model.picture([("r", "Root", 0), ("a", "Alpha", 1), ("b", "Beta now", 1)])
        ps.push({"uri": URI, "version": 3, "sequence": 3, "base": 1, "delta": model.delta(pic, new, {}),
                 "diagnostics": {"errors": 0, "warnings": 0}})
        wait_version(page, 3)
        check("stale: ... kept its picture, asked for no resync, and applied the next delta",
              not any(path.endswith("resync") for path, _ in ps.posts) and page.evaluate("() => window.bracketPreview.sequence()") == 3,
              ps.posts)
        check("stale: no page errors", not errors, errors[:3])
        page.close()


def overview_click(browser):
    """A click on a card drawn by the overview canvas (fitted, 2,047 cards) reveals that card:
    the stage lies over the canvas and gets the click."""
    tree = model.complete_tree(2047)
    pic = model.picture(tree)
    with PageServer(model.full_payload(pic, 1, URI)) as ps:
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        page.goto(ps.url)
        wait_version(page, 1)
        page.click("#zoom-fit")
        page.wait_for_timeout(300)
        view = page.evaluate("() => window.bracketPreview.view()")
        card = pic["cards"][len(pic["cards"]) // 3]
        box = page.evaluate("() => { const r = document.getElementById('viewport').getBoundingClientRect(); return [r.left, r.top]; }")
        x = box[0] + (card["x"] + model.MARGIN - view["x"]) * view["scale"]
        y = box[1] + (card["y"] + model.MARGIN - view["y"]) * view["scale"]
        page.mouse.click(x, y)
        for _ in range(40):
            if any(path.endswith("reveal") for path, _ in ps.posts):
                break
            page.wait_for_timeout(50)
        reveals = [body for path, body in ps.posts if path.endswith("reveal")]
        check("overview: the picture is drawn by the canvas", view["mode"] == "overview", view)
        # Cards are under a pixel apart there: the one revealed is the nearest, within 3 pixels.
        by_id = {c["id"]: c for c in pic["cards"]}
        got = by_id.get(reveals[-1]["id"]) if reveals else None
        near = got is not None and all(
            abs((got[axis] + model.MARGIN - view[axis]) * view["scale"] + box[k] - (x, y)[k]) <= 3 + size * view["scale"] / 2
            for k, (axis, size) in enumerate((("x", model.CARD_W), ("y", model.CARD_H))))
        check("overview: a click on a card there reveals the card under the pointer, with its range",
              near and reveals[-1]["range"]["start"]["line"] == got["range"][0], (card["id"], reveals[-1:]))
        page.close()


def real_chain(browser, binary, attributes=""):
    """The real chain — `bracket lsp`, `bracket/openPreview`, the loopback page — on a complete
    binary tree of 4,095 nodes, one per line: a leaf inserted in the middle, a subtree deleted
    and a character typed in an ID each reach the page as a small delta (kilobytes, where the
    full payload is hundreds), and the page's store and card elements then equal the server's
    own geometry of the new text (`bracket/preview`).

    `attributes="edge"`: the same on a decision tree with an edge label on every connector
    (page_big.attributed_tree), the labels compared too, and a character of an edge label
    retyped as a fourth edit.

    `attributes="scores"`: a knockout (a score on every card, the parents showing their
    winners), the results compared too (scores, winners, pending matches, entrants), and a
    character typed in a winning leaf's label as a fourth edit: the server lays that out from
    the kept results (the document re-decides only the matches the label reaches), and the
    page must show the new name on every card up the leaf's winner chain."""
    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "schema"))
    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "..", "benchmarks"))
    from lsp_client import LSPClient
    from page_big import attributed_tree, complete_tree
    lines = attributed_tree(complete_tree(4095), attributes)
    tag = f" ({attributes})" if attributes else ""
    uri = "file:///runs/real.bracket"
    with LSPClient([binary, "lsp"]) as client:
        client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "bracket", "version": 1,
                                                                "text": "\n".join(lines) + "\n"}})
        url = client.request("bracket/openPreview", {"textDocument": {"uri": uri}}, timeout=120)["url"]
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        errors = []
        watch_page(page, errors)
        page.goto(url)
        wait_version(page, 1)
        full = page.evaluate("() => window.bracketPreview.painted().bytes")
        page.click("#zoom-reset")
        middle = next(i for i in range(len(lines) // 2, len(lines)) if "{" not in lines[i] and lines[i].strip() != "}")
        state = {"version": 1}

        def edit(name, start, end, text, shown):
            state["version"] += 1
            version = state["version"]
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
                {"range": {"start": {"line": start[0], "character": start[1]}, "end": {"line": end[0], "character": end[1]}},
                 "text": text}]})
            wait_version(page, version)
            painted = page.evaluate("() => window.bracketPreview.painted()")
            name += tag
            # Each changed connector of a decision tree carries its edge label: a little more.
            limit = 40000 if attributes else 20000
            check(f"real chain, {name}: the page got a delta of kilobytes ({painted['bytes']:,} characters; the full "
                  f"payload was {full:,})", painted["bytes"] < limit and painted["bytes"] * 10 < full, painted["bytes"])
            geometry = client.request("bracket/preview", {"textDocument": {"uri": uri}}, timeout=60)["geometry"]
            columns = page.evaluate("() => window.bracketPreview.columns()")
            nodes, edges = geometry["nodes"], geometry["edges"]
            want = {"ids": [n["id"] for n in nodes], "labels": [n["label"] for n in nodes], "cx": [n["x"] for n in nodes],
                    "cy": [n["y"] for n in nodes], "depth": [n["depth"] for n in nodes],
                    "ranges": [[n["range"]["start"]["line"], n["range"]["start"]["character"], n["range"]["end"]["line"],
                                n["range"]["end"]["character"]] for n in nodes],
                    "parentIds": [n["parent"] for n in nodes],
                    "pts": [v for e in edges for p in e["points"] for v in (p["x"], p["y"])]}
            got = {key: columns[key] for key in want if key in columns}
            got["parentIds"] = [columns["ids"][p] if p >= 0 else None for p in columns["parent"]]
            index = {ident: k for k, ident in enumerate(want["ids"])}
            want["edgeChild"] = [index[e["child"]] for e in edges]
            got["edgeChild"] = columns["edgeChild"]
            if attributes == "edge":
                def label(value):
                    return value and [value["text"], value["lines"], value["x"], value["y"], value["width"], value["height"]]
                want["edgeLabels"] = [label(e.get("label")) for e in edges]
                got["edgeLabels"] = [label(value) for value in (columns.get("edgeLabels") or [None] * len(edges))]
            if attributes == "scores":
                want["scores"] = [n.get("score") for n in nodes]
                got["scores"] = columns["scores"] or [None] * len(nodes)
                want["won"] = [n.get("winner") is True for n in nodes]
                got["won"] = [bool(f & 1) for f in columns["flags"]]
                want["pending"] = [n.get("pending") is True for n in nodes]
                got["pending"] = [bool(f & 2) for f in columns["flags"]]
                want["entrants"] = [n.get("entrant") for n in nodes]
                got["entrants"] = [columns["ids"][e] if e >= 0 else None for e in columns["entrant"] or [-1] * len(nodes)]
            check(f"real chain, {name}: the page's store equals the server's geometry of the new text",
                  got == want, first_difference(got, want))
            page.fill("#search", shown)  # the first match, an exact ID, is centred
            page.wait_for_function(f"() => window.bracketPreview.match() === {json.dumps(shown)}", timeout=10000)
            page.wait_for_timeout(300)
            cards = page.evaluate("""() => Array.from(document.querySelectorAll('#stage [data-node-id]')).map(g => {
                const r = g.querySelector('rect');
                return [g.getAttribute('data-node-id'), +r.getAttribute('x'), +r.getAttribute('y')]; })""")
            by_id = {n["id"]: n for n in nodes}
            wrong = [c for c in cards if c[0] not in by_id or
                     (c[1], c[2]) != (by_id[c[0]]["x"] - by_id[c[0]]["width"] / 2, by_id[c[0]]["y"] - by_id[c[0]]["height"] / 2)]
            check(f"real chain, {name}: the DOM shows {shown} and every card element where the server places it",
                  cards and shown in [c[0] for c in cards] and not wrong, wrong[:3] or len(cards))
            return nodes

        indent = lines[middle][:len(lines[middle]) - len(lines[middle].lstrip())]
        edit("leaf inserted in the middle", (middle + 1, 0), (middle + 1, 0), indent + 'fresh "Fresh leaf"\n', "fresh")
        lines.insert(middle + 1, indent + 'fresh "Fresh leaf"')
        parent = next(i for i in range(middle + 40, middle + 2, -1) if lines[i].rstrip().endswith("{"))
        depth = len(lines[parent]) - len(lines[parent].lstrip())
        close = next(i for i in range(parent + 1, len(lines)) if len(lines[i]) - len(lines[i].lstrip()) == depth)
        after = next(lines[i].split()[0] for i in range(close + 1, len(lines)) if lines[i].strip() != "}")
        edit(f"a subtree deleted ({close + 1 - parent} lines)", (parent, 0), (close + 1, 0), "", after)
        del lines[parent:close + 1]
        ident = lines[middle].split()[0]
        column = len(indent) + len(ident)
        edit("a character typed in an ID", (middle, column), (middle, column), "z", ident + "z")
        if attributes == "edge":
            # "yes" becomes "yet": no wider than the labels that set its gap, so only its box changes.
            at = lines[middle].index("]")
            edit("a character of an edge label retyped", (middle, at - 1), (middle, at), "t", ident + "z")
        if attributes == "scores":
            # A leaf that wins its match (the odd-numbered sibling scores higher): its parent, and
            # every card up its chain of wins, shows its label.
            def winning_leaf(i):
                body = lines[i].strip()
                return body.startswith("n") and "{" not in body and int(body[1:body.index(" ")]) % 2 == 1
            # Far from the edits above (a leaf without a score leaves its match undecided).
            leaf = next(i for i in range(len(lines) * 3 // 4, len(lines)) if winning_leaf(i))
            at = lines[leaf].index('"') + 1
            nodes = edit("a character typed in a winning leaf's label", (leaf, at), (leaf, at), "W",
                         lines[leaf].split()[0])
            shown = [n for n in nodes if n["label"].startswith("WNode")]
            check("real chain (scores): the typed name shows on the leaf and the match above it",
                  len(shown) >= 2, [n["id"] for n in shown])
            # The cards draw it: their lines were measured again (a card left out of the
            # layout's edited ones keeps the old name in its lines, however right its label).
            columns = page.evaluate("() => window.bracketPreview.columns()")
            drawn = {ident: " ".join(card_lines) for ident, card_lines in zip(columns["ids"], columns["lines"])}
            stale = [(n["id"], drawn.get(n["id"])) for n in shown if drawn.get(n["id"]) != n["label"]]
            check("real chain (scores): every card up the chain draws the typed name", not stale, stale)
        check(f"real chain{tag}: no script errors on the page", not errors, errors[:3])
        page.close()
        client.request("shutdown", None)
        client.notify("exit", None)
        client.wait(30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--real-only", action="store_true", help="only the real chain (bracket lsp)")
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        check("chromium is installed", False)
        return check.summary()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            rng = random.Random(args.seed)
            if not args.real_only:
                run_sequence(browser, rng, args.steps, args.size, True, False, "columns, binary first", binary=True)
                run_sequence(browser, rng, args.steps, args.size, True, True, "columns, one line")
                run_sequence(browser, rng, args.steps // 2, args.size // 2, False, False, "geometry JSON")
                run_sequence(browser, rng, args.steps, args.size, True, False, "columns, text in chunks of 8", binary=True,
                             text_chunk=8)
                follow_checks(browser)
                kept_connector_of_removed_card(browser)
                search_after_splice(browser)
                ready_for_edits(browser)
                stale_payload(browser)
                overview_click(browser)
            if os.access(BINARY, os.X_OK):
                for attributes in ("", "edge", "scores"):
                    try:
                        real_chain(browser, BINARY, attributes)
                    except Exception as error:  # noqa: BLE001 - a broken step is a failed check
                        check(f"real chain {attributes}: the checks ran to the end", False,
                              f"{type(error).__name__}: {error}")
            else:
                check(f"the bracket binary is at {BINARY} (set BRACKET_BIN) for the real chain", False)
        finally:
            browser.close()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
