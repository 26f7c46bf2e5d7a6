#!/usr/bin/env python3
"""The preview page's first picture of a big tree, drawn before the start-up's deferred work.

A tree big enough for levels of detail (a complete binary tree, laid out by
delta_model.py apart from the server; 131,071 cards) reaches the page as a binary body. The page draws its
first frame without the spatial grid and from the levels of detail it needs (preview.js,
"spatial index": the grid, the other levels and the warm-up wait for idle time after that
frame). Here that deferred work is held (`bracketPreviewTest.holdDeferred`) so that the page is
looked at and used before any of it ran, and compared with a page that finished it:
  * the first picture is the full picture: the overview's pixels and the minimap's equal those
    of a page that built everything and painted every tile again, and no grid was built for it;
  * search, a click on the overview, the arrow keys and a delta (a structural edit) each work
    before the deferred work ran — each builds what it needs first — and give what the page
    that finished it gives: the same match, the same pinned path, the same focused card, and
    after the delta the same store, indices and card elements as a fresh load;
  * releasing the held work afterwards changes none of that.

    python3 Tests/editors/test_preview_first.py [--nodes 131071]

Needs chromium and Playwright for Python. Prints one line per check, `N passed, N failed` last.
"""
import argparse
import os
import random
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from checks import check, watch_page  # noqa: E402
import delta_model as model  # noqa: E402
from synthetic_preview import PageServer  # noqa: E402

URI = "file:///first/big.bracket"
HOLD = "window.bracketPreviewTest = { holdDeferred: true };"

# A hash of a canvas's pixels (FNV-1a over the RGBA bytes), with its size.
PIXELS = """(id) => {
  const canvas = document.getElementById(id);
  if (!canvas || canvas.width === 0 || canvas.height === 0) return null;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let h = 2166136261, inked = 0;
  for (let i = 0; i < data.length; i++) { h ^= data[i]; h = Math.imul(h, 16777619) >>> 0; }
  for (let i = 0; i < data.length; i += 4) if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) inked++;
  return { width: canvas.width, height: canvas.height, hash: h, inked: inked };
}"""

# The page's store column by column, each as its JSON text's length and FNV-1a hash: what
# `bracketPreview.columns()` would give, without carrying 131,071 cards' columns over the
# DevTools protocol (a minute per call).
COLUMN_DIGESTS = """() => {
  const columns = window.bracketPreview.columns(), out = {};
  for (const name of Object.keys(columns).sort()) {
    const value = columns[name], text = JSON.stringify(ArrayBuffer.isView(value) ? Array.from(value) : value);
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 16777619) >>> 0; }
    out[name] = text.length + ":" + h;
  }
  return out;
}"""

CARDS_DOM = """() => Array.from(document.querySelectorAll('#stage [data-node-id], #stage polyline'))
  .map(e => e.outerHTML)"""


def wait_version(page, version):
    page.wait_for_function(f"() => window.bracketPreview.painted().version === {version}", timeout=120000, polling="raf")


def settle(page):
    """Until a frame paints no more overview tiles (the first frames paint a few each)."""
    for _ in range(200):
        work = page.evaluate("""() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => {
            const w = window.bracketPreview.painted().work; r(w.length ? w[w.length - 1] : null); })))""")
        if work and work.get("tilesPainted", 0) == 0 and not work.get("tileItems"):  # (no tile's slices under way)
            break
    page.wait_for_timeout(400)  # the minimap is drawn a moment after its frame
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def finished(page):
    """Until the deferred work has all run."""
    page.wait_for_function("() => { const d = window.bracketPreview.deferred(); return !d.held && d.pending === 0 && d.grid; }",
                           timeout=120000, polling=100)


def open_page(browser, server, init_script=None):
    """A page of the preview at version 1 and the list its script errors go to; init_script
    (HOLD, PAUSE) runs before the page's own."""
    page = browser.new_page(viewport={"width": 1000, "height": 700})
    errors = []
    watch_page(page, errors)
    if init_script:
        page.add_init_script(init_script)
    page.goto(server.url)
    wait_version(page, 1)
    return page, errors


def picture_state(page):
    return {"overview": page.evaluate(PIXELS, "overview"), "minimap": page.evaluate(PIXELS, "minimap-canvas"),
            "mode": page.evaluate("() => window.bracketPreview.view().mode")}


def search(page, text):
    page.click("#search")
    page.fill("#search", text)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.bracketPreview.match() !== null", timeout=30000)
    settle(page)
    return {"match": page.evaluate("() => window.bracketPreview.match()"),
            "view": page.evaluate("() => window.bracketPreview.view()"), "dom": page.evaluate(CARDS_DOM)}


def click_overview(page, pic, index):
    view = page.evaluate("() => window.bracketPreview.view()")
    card = pic["cards"][index]
    box = page.evaluate("() => { const r = document.getElementById('viewport').getBoundingClientRect(); return [r.left, r.top]; }")
    x = box[0] + (card["x"] + model.MARGIN - view["x"]) * view["scale"]
    y = box[1] + (card["y"] + model.MARGIN - view["y"]) * view["scale"]
    page.mouse.click(x, y)
    page.wait_for_timeout(200)
    path = page.evaluate("() => window.bracketPreview.path()")
    return None if path is None else {"id": path["id"], "cards": path["cards"], "edges": path["edges"]}


def keys(page):
    page.click("#zoom-reset")
    page.focus("#viewport")
    walked = []
    for key in ("Home", "ArrowLeft", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowRight"):
        page.keyboard.press(key)
        walked.append(page.evaluate("() => window.bracketPreview.focused()"))
    settle(page)
    return {"walked": walked, "dom": page.evaluate(CARDS_DOM)}


def first_picture(browser, first, pic):
    with PageServer(first, binary=True) as held_server, PageServer(first, binary=True) as full_server:
        held, held_errors = open_page(browser, held_server, HOLD)
        full, full_errors = open_page(browser, full_server)
        settle(held)
        before = held.evaluate("() => window.bracketPreview.deferred()")
        check("the first picture came as a binary body", held_server.fetches == ["payload/1"], held_server.fetches)
        check("the first frame was drawn without the grid, from part of the levels of detail",
              before["held"] and not before["grid"] and 0 < before["levels"] < before["levelCount"], before)
        first_look = picture_state(held)
        check("the first frame is the overview, with ink on it", first_look["mode"] == "overview" and first_look["overview"]["inked"] > 0,
              first_look)
        finished(full)
        full.evaluate("() => window.bracketPreview.repaint()")
        settle(full)
        full_look = picture_state(full)
        check("the first picture's overview pixels equal those of a page that built everything and painted again",
              first_look["overview"] == full_look["overview"], (first_look["overview"], full_look["overview"]))
        # Zoomed in twice: still the overview, now with the minimap.
        for page in (held, full):
            page.click("#zoom-in")
            page.click("#zoom-in")
            settle(page)
        full.evaluate("() => window.bracketPreview.repaint()")
        settle(full)
        near_look, near_full = picture_state(held), picture_state(full)
        check("zoomed in before the deferred work: the overview with a minimap",
              near_look["mode"] == "overview" and (near_look["minimap"] or {}).get("inked", 0) > 0, near_look)
        check("… its overview pixels and its minimap equal the finished page's", near_look == near_full, (near_look, near_full))
        still = held.evaluate("() => window.bracketPreview.deferred()")
        check("looking at those pictures built no grid", not still["grid"], still)

        # Search before the deferred work ran: the same match, view and card elements.
        target = pic["cards"][len(pic["cards"]) * 2 // 3]["id"]
        got, want = search(held, target), search(full, target)
        check("search before the deferred work finds the card and shows it as the finished page does",
              got == want and got["match"] == target, (got["match"], got["view"], want["match"], want["view"]))
        held.close()
        full.close()
        check("no page errors", not held_errors and not full_errors, held_errors[:2] + full_errors[:2])


def interactions(browser, first, pic):
    """A click on the overview and the arrow keys before the deferred work, each on a page of
    its own, against a page that finished it; then releasing the work changes nothing."""
    with PageServer(first, binary=True) as held_server, PageServer(first, binary=True) as full_server:
        full, _ = open_page(browser, full_server)
        finished(full)
        index = len(pic["cards"]) // 3
        for name, act in (("a click on the overview", lambda page: click_overview(page, pic, index)), ("the arrow keys", keys)):
            held, errors = open_page(browser, held_server, HOLD)
            settle(held)
            got = act(held)
            grid = held.evaluate("() => window.bracketPreview.deferred().grid")
            if name == "the arrow keys":
                full.click("#zoom-fit")
                settle(full)
            want = act(full)
            check(f"{name} before the deferred work gives what the finished page gives", got == want and got is not None,
                  (str(got)[:300], str(want)[:300]))
            check(f"{name} built the grid it needed", grid, grid)
            held.evaluate("() => window.bracketPreview.releaseDeferred()")
            finished(held)
            again = held.evaluate("() => window.bracketPreview.path()") if name.startswith("a click") else None
            if again is not None:
                again = {"id": again["id"], "cards": again["cards"], "edges": again["edges"]}
                check(f"{name}: the same after the deferred work ran", again == got, (again, got))
            check(f"{name}: no page errors", not errors, errors[:2])
            held.close()
        full.close()


def first_delta(browser, first, pic, tree, seed):
    """A structural edit's delta reaching the page before its deferred work ran applies exactly:
    the store, its indices and the card elements equal a fresh load of the new picture's."""
    rng = random.Random(seed)
    edits = model.Edits(rng)
    kind, names = "subtree deleted", edits.delete(tree)
    new = model.picture(tree)
    renamed = {a: b for a, b in names.items() if a != b and a in {c["id"] for c in pic["cards"]}}
    delta = model.delta(pic, new, renamed, rng, overrides=True)
    message = {"uri": URI, "version": 2, "sequence": 2, "base": 1, "delta": delta, "diagnostics": {"errors": 0, "warnings": 0}}
    with PageServer(first, binary=True) as ps, PageServer(first, binary=True) as rs, \
            PageServer(model.full_payload(new, 2, URI)) as qs:
        p, errors = open_page(browser, ps, HOLD)
        r, _ = open_page(browser, rs)
        finished(r)
        q = browser.new_page(viewport={"width": 1000, "height": 700})
        q.goto(qs.url)
        wait_version(q, 2)
        before = p.evaluate("() => window.bracketPreview.deferred()")
        ps.push(message)
        rs.push(message)
        wait_version(p, 2)
        wait_version(r, 2)
        label = f"a {kind} delta ({len(new['cards'])} cards) before the deferred work ran"
        check(f"{label}: applied, not resynchronised", p.evaluate("() => window.bracketPreview.sequence()") == 2 and not before["grid"],
              (before, ps.posts[-2:]))
        pc, qc = p.evaluate(COLUMN_DIGESTS), q.evaluate(COLUMN_DIGESTS)
        check(f"{label}: the store equals a fresh load's, every column", pc == qc and len(pc) > 10,
              sorted(k for k in set(pc) | set(qc) if pc.get(k) != qc.get(k)))
        rects = [{"x0": x, "y0": y, "x1": x + 3000, "y1": y + 40000} for x in (0, 1500) for y in range(0, int(new["height"]), 300000)]
        problems = p.evaluate("(r) => window.bracketPreview.checkIndices(r)", rects)
        check(f"{label}: its indices find what a scan finds", not problems, problems[:3])
        for page in (p, r):
            page.click("#zoom-reset")
            settle(page)
        a, b = p.evaluate(CARDS_DOM), r.evaluate(CARDS_DOM)
        check(f"{label}: the card elements are those of a page that had finished its deferred work", a == b and len(a) > 0,
              (len(a), len(b)))
        p.evaluate("() => window.bracketPreview.releaseDeferred()")
        finished(p)
        pc = p.evaluate(COLUMN_DIGESTS)
        check(f"{label}: the same after the deferred work ran", pc == qc,
              sorted(k for k in set(pc) | set(qc) if pc.get(k) != qc.get(k)))
        check(f"{label}: no page errors", not errors, errors[:2])
        p.close()
        q.close()
        r.close()


PAUSE = "window.bracketPreviewTest = { pauseBuilds: true };"  # the idle builds' slices wait


def move(page):
    """Zoom in from Fit past four tile levels (no cached tile stands in any more) and pan."""
    page.mouse.move(500, 400)
    for step in range(16):
        page.click("#zoom-in")
        if step % 4 == 3:
            page.mouse.move(500, 400)
            page.mouse.wheel(400, 300 if step % 8 == 3 else -300)


def sliced_build(browser, first):
    """The grid and the finest level of detail built in idle slices while the view moves (here
    paused until the view has moved): the frames before they are built leave new tiles to their
    stand-ins or paint them from a coarser level, never build them, and once built every tile
    is painted again, as a page that had finished its deferred work paints it."""
    with PageServer(first, binary=True) as slow_server, PageServer(first, binary=True) as full_server:
        page, errors = open_page(browser, slow_server, PAUSE)
        start = page.evaluate("() => window.bracketPreview.painted().work.length")
        move(page)
        during = page.evaluate(f"() => ({{ work: window.bracketPreview.painted().work.slice({start}),"
                               " deferred: window.bracketPreview.deferred() })")
        waited = sum(w.get("tilesWaiting", 0) for w in during["work"])
        coarse = sum(w.get("tilesCoarse", 0) for w in during["work"])
        check("frames before the sliced build left tiles to their stand-ins and painted others from a coarser level",
              not during["deferred"]["grid"] and waited > 0 and coarse > 0, (during["deferred"], waited, coarse))
        # The minimap (shown once zoomed in) needs a finer level than the first frames built: it
        # waits for the paused build instead of marking that level from every card in a task of
        # its own (50–190 ms between two frames at a million cards), and stays blank meanwhile.
        page.wait_for_timeout(3 * MINIMAP_QUIET_MS)
        waiting = page.evaluate("() => ({ minimap: window.bracketPreview.minimap(), deferred: window.bracketPreview.deferred() })")
        blank = page.evaluate(PIXELS, "minimap-canvas")
        check("the minimap waited for the sliced build of its level of detail, not building it itself",
              waiting["minimap"].get("waiting") is True and waiting["deferred"]["levels"] == during["deferred"]["levels"]
              and (blank is None or blank["inked"] == 0), (waiting, during["deferred"], blank))
        page.evaluate("() => window.bracketPreview.resumeBuilds()")
        finished(page)
        settle(page)
        slices = page.evaluate("() => window.bracketPreview.deferred().gridSlices")
        check("the grid was built in idle slices, not by a frame", slices > 1, slices)
        full, full_errors = open_page(browser, full_server)
        finished(full)
        move(full)
        full.evaluate("() => window.bracketPreview.repaint()")
        settle(full)
        got, want = picture_state(page), picture_state(full)
        views = page.evaluate("() => window.bracketPreview.view()"), full.evaluate("() => window.bracketPreview.view()")
        check("once built, the overview's pixels and the minimap equal those of a page that had built everything",
              got == want and views[0] == views[1] and got["overview"]["inked"] > 0, (got, want, views))
        check("the sliced build: no page errors", not errors and not full_errors, errors[:2] + full_errors[:2])
        page.close()
        full.close()
MINIMAP_QUIET_MS = 250  # preview-minimap.js: the minimap waits this long without a delta


def minimap_settled(page):
    """Until no minimap repaint is pending, nor the spatial index's rebuild once edits pause
    (which repaints the minimap again)."""
    page.wait_for_timeout(2000)  # past QUIET_MS (1,500 ms), when the rebuild is started
    for _ in range(2):  # the rebuild's idle task, then its frame, may schedule a repaint
        page.wait_for_function("() => !window.bracketPreview.minimap().pending && window.bracketPreview.deferred().pending === 0",
                               timeout=120000, polling=100)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def minimap_after_deltas(browser, n=32767):
    """A burst of structural deltas (a leaf inserted and removed, a subtree deleted and typed
    back, each sent as soon as the one before was painted): no minimap repaint — the levels of
    detail built again and painted, a long task — starts within MINIMAP_QUIET_MS of a delta's
    arrival (the deltas of the burst share the repaints after it), and the minimap then equals a
    fresh load's of the last picture. The spatial index's rebuild once the edits pause is made
    aside in idle slices (the page's clock here counts its reads: a slice is a few steps) and
    swapped in, not built in one task that also left every tile without a level of detail."""
    tree = model.complete_tree(n)
    pic = model.picture(tree)
    middle = len(tree) // 2 + 1
    while tree[middle][2] < max(d for _, _, d in tree[middle - 3:middle + 3]):
        middle += 1
    depth = tree[middle][2]
    messages, old = [], pic
    for k in range(4):
        trees = []
        tree.insert(middle + 1, (f"inserted{k}", "New", depth)); trees.append(list(tree))
        del tree[middle + 1]; trees.append(list(tree))
        parent = middle - 1
        while tree[parent][2] >= depth:
            parent -= 1
        end = model.subtree_end(tree, parent)
        removed = tree[parent:end]
        del tree[parent:end]; trees.append(list(tree))
        tree[parent:parent] = removed; trees.append(list(tree))
        for t in trees:
            new = model.picture(t)
            version = len(messages) + 2
            messages.append({"uri": URI, "version": version, "sequence": version, "base": version - 1,
                             "delta": model.delta(old, new, {}), "diagnostics": {"errors": 0, "warnings": 0}})
            old = new
    with PageServer(model.full_payload(pic, 1, URI)) as ps, PageServer(model.full_payload(old, len(messages) + 1, URI)) as qs:
        p, errors = open_page(browser, ps, COUNTING_CLOCK)
        p.click("#zoom-reset")
        minimap_settled(p)
        label = f"minimap after {len(messages)} structural deltas ({n} cards)"
        before = p.evaluate("() => window.bracketPreview.minimap()")["paints"]
        built = p.evaluate("() => window.bracketPreview.deferred()")
        check(f"{label}: the minimap was painted at 100 %", len(before) > 0, before)
        for message in messages:
            ps.push(message)
            wait_version(p, message["version"])
            p.wait_for_timeout(20)
        check(f"{label}: all applied as deltas", p.evaluate("() => window.bracketPreview.sequence()") == len(messages) + 1
              and not any(path.endswith("resync") for path, _ in ps.posts), ps.posts[-2:])
        minimap_settled(p)
        rebuilt = p.evaluate("() => window.bracketPreview.deferred()")
        check(f"{label}: the spatial index was rebuilt aside, in idle slices, once the edits paused",
              rebuilt["rebuilds"] > built["rebuilds"] and rebuilt["gridSlices"] - built["gridSlices"] > 2 * (rebuilt["rebuilds"] - built["rebuilds"]),
              (built, rebuilt))
        paints = p.evaluate("() => window.bracketPreview.minimap()")["paints"][len(before):]
        check(f"{label}: repainted after the burst, no repaint within {MINIMAP_QUIET_MS} ms of a delta",
              len(paints) > 0 and min(paints) >= MINIMAP_QUIET_MS, [round(ms, 2) for ms in paints])
        q = browser.new_page(viewport={"width": 1000, "height": 700})
        q.goto(qs.url)
        wait_version(q, len(messages) + 1)
        q.click("#zoom-reset")
        minimap_settled(q)
        a, b = p.evaluate(PIXELS, "minimap-canvas"), q.evaluate(PIXELS, "minimap-canvas")
        check(f"{label}: the minimap equals a fresh load's of the last picture", a == b and a and a["inked"] > 0, (a, b))
        check(f"{label}: no page errors", not errors, errors[:2])
        p.close()
        q.close()


def zoom_low(page, steps):
    """From Fit, wheel steps around a point low in the picture ((zoom, delta): Ctrl + wheel
    zooms, a plain wheel pans); the view after each step's frame."""
    box = page.evaluate("() => { const r = document.getElementById('viewport').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }")
    page.mouse.move(box[0] + box[2] * 0.55, box[1] + box[3] * 0.85)
    views = []
    for zoom, delta in steps:
        if zoom:
            page.keyboard.down("Control")
        page.mouse.wheel(0, delta)
        if zoom:
            page.keyboard.up("Control")
        for _ in range(100):  # until no frame asks for another (a choice spread over frames)
            frames = page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() =>"
                                   " r(window.bracketPreview.painted().work.length))))")
            if frames == page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() =>"
                                       " r(window.bracketPreview.painted().work.length))))"):
                break
        views.append(page.evaluate("() => ({ view: window.bracketPreview.view(), frames: window.bracketPreview.painted().work.length })"))
    return views


# Zoomed in around a point low in the picture, panned up and zoomed on to card elements.
LOW_ZOOM, LOW_PAN, LOW_REST = [(True, -200)] * 12, [(False, -300)] * 6, [(True, -60)] * 30
LOW_STEPS = LOW_ZOOM + LOW_PAN + LOW_REST


def choice_before_grid(browser, first, n):
    """Before the grid is built, each frame's choice between card elements and the overview is
    answered from the grid build's counting pass (preview.js, moreCardsIn): zooming in low in
    the picture (where a scan of the cards in tree order reads nearly all of them before it
    finds enough in view) reads each card at most once over all the frames, and every frame
    chooses what a page with its grid built chooses, up to the first frame of card elements."""
    zoom, pan, rest = LOW_ZOOM, LOW_PAN, LOW_REST
    steps = LOW_STEPS
    with PageServer(first, binary=True) as slow_server, PageServer(first, binary=True) as full_server:
        page, errors = open_page(browser, slow_server, PAUSE)
        start = page.evaluate("() => window.bracketPreview.painted().work.length")
        got = zoom_low(page, steps)
        ends = [v.pop("frames") for v in got]
        work = page.evaluate(f"() => window.bracketPreview.painted().work.slice({start})")
        full, full_errors = open_page(browser, full_server)
        finished(full)
        want = zoom_low(full, steps)
        for v in want:
            v.pop("frames")
        modes = [v["view"]["mode"] for v in got]
        first_cards = modes.index("cards") if "cards" in modes else len(modes)
        check("zoomed in low in the picture before the grid was built: the overview, then card elements",
              0 < first_cards < len(modes) and modes.count("overview") >= 10, modes)
        check("each step chose what the page with its grid built chose, in the same view",
              got == want, [(a, b) for a, b in zip(got, want) if a != b][:3])
        before = work[:next((k for k, w in enumerate(work) if w.get("mode") == "cards"), len(work))]
        read = sum(w.get("cardsRead", 0) for w in before)
        check("the frames before the first card elements counted each card once, plus at most a view's worth each",
              0 < read <= n + 1201 * len(before) and len(before) >= 10, (read, n, len(before)))
        # The pan up goes over cards counted already (but for a few in its first frame's strip).
        panned = [w.get("cardsRead", -1) for w in work[ends[len(zoom) - 1] - start:ends[len(zoom) + len(pan) - 1] - start]]
        check("the frames of the pan up (their cards counted) were answered from the counts alone",
              len(panned) >= len(pan) and panned[0] <= 301 and all(r == 0 for r in panned[1:]) and modes[len(zoom):len(zoom) + len(pan)] == ["overview"] * len(pan),
              (panned, modes))
        check("the choice before the grid: no page errors", not errors and not full_errors, errors[:2] + full_errors[:2])
        page.close()
        full.close()


# A clock that moves 1 ms each time it is read: a slice that reads it after each step of its
# work stops after BUILD_SLICE_MS steps whatever the machine's speed.
COUNTING_CLOCK_FIELD = "sliceClock: (() => { let t = 0; return () => ++t; })()"
COUNTING_CLOCK = "window.bracketPreviewTest = { " + COUNTING_CLOCK_FIELD + " };"


def id_index_slices(browser, first, n):
    """The ID index of a new store is built in idle slices that stop at the budget
    (BUILD_SLICE_MS), at most a step of ID_BUILD_CHUNK cards past it, not a fixed number of
    cards a slice (16,384 took 30–56 ms on a loaded machine)."""
    with PageServer(first, binary=True) as server:
        page, errors = open_page(browser, server, COUNTING_CLOCK)
        page.wait_for_function(f"() => window.bracketPreview.slices().ids.reduce((a, b) => a + b, 0) >= {n}",
                               timeout=120000, polling=100)
        got = page.evaluate("() => window.bracketPreview.slices()")
        most = (got["budgetMs"] + 1) * got["idChunk"]
        check("the ID index was built in idle slices of at most the budget's steps",
              sum(got["ids"]) == n and max(got["ids"]) <= most and len(got["ids"]) >= n // most, (got, most))
        check("the ID index's slices: no page errors", not errors, errors[:2])
        page.close()



def level_merge_slices(browser, first):
    """The coarser levels of detail are merged from the finer in idle slices that stop at the
    budget (BUILD_SLICE_MS), at most a step of MERGE_CELLS finer cells past it: one callback
    merging the finest level's 4 million cells was 10–20 ms. The sliced merges give the bytes
    of one pass over the level before."""
    with PageServer(first, binary=True) as server:
        page, errors = open_page(browser, server, COUNTING_CLOCK)
        page.wait_for_function("() => { const d = window.bracketPreview.deferred(); return d.levelCount > 0 && d.levels === d.levelCount; }",
                               timeout=120000, polling=100)
        got = page.evaluate("() => window.bracketPreview.slices()")
        most = (got["budgetMs"] + 1) * got.get("mergeCells", 0)
        merges = got.get("merges") or [0]
        check("the levels of detail were merged in idle slices of at most the budget's steps",
              len(merges) > 1 and max(merges) <= most and max(merges) < 4 * 1024 * 1024 // 2, (merges[:12], len(merges), most))
        differ = page.evaluate("() => window.bracketPreview.levelMergesDiffer()")
        check("... giving each level the bytes of one merge of the level before", differ == [], differ)
        check("the levels' slices: no page errors", not errors, errors[:2])
        page.close()


# Wraps the transport's factory as preview.js makes it so that the first full payload it hands
# on throws, as a bug in the page would.
FAILING_PAYLOAD = """
(function () {
  var api;
  Object.defineProperty(window, "bracketPreviewTransport", { configurable: true,
    get: function () { return api; },
    set: function (value) {
      api = value;
      var create = value.create, failed = false;
      value.create = function (deps) {
        var apply = deps.applyPayload;
        deps.applyPayload = function (payload) {
          if (!failed) { failed = true; throw new Error("planted: the page failed on this payload"); }
          return apply(payload);
        };
        return create.call(this, deps);
      };
    } });
})();
"""


def payload_exception(browser, first):
    """A page exception while applying a full payload is said on the console with its stack,
    and the page still asks for the picture again (resync); before, the transport's catch made
    it a silent resync."""
    with PageServer(first, binary=True) as server:
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        errors = watch_page(page, [])
        page.add_init_script(FAILING_PAYLOAD)
        page.goto(server.url)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any(path == "resync" for path, _ in server.posts):
            page.wait_for_timeout(100)
        page.wait_for_timeout(200)
        logged = [e for e in errors if e.startswith("console.error: bracket preview: handling a full payload failed")]
        check("a page exception on a payload is logged with its stack, and the page asks again",
              any("planted" in e and "at " in e for e in logged) and any(path == "resync" for path, _ in server.posts),
              (errors[:3], server.posts[:3]))
        page.close()


def sliced_tiles(browser, first, budget=512):
    """An overview tile painted item by item is painted a budget of items a frame (here
    tileSliceItems, 4,096 by default: a tile meets up to 20,000 items, one task of 20–70 ms at a
    million cards), and gives the pixels of a page that paints each tile at once."""
    with PageServer(first, binary=True) as sliced_server, PageServer(first, binary=True) as whole_server:
        pages = []
        for server, items in ((sliced_server, budget), (whole_server, 10 ** 9)):
            page, errors = open_page(browser, server, "window.bracketPreviewTest = { tileSliceItems: %d };" % items)
            finished(page)
            start = page.evaluate("() => window.bracketPreview.painted().work.length")
            zoom_low(page, LOW_ZOOM[:8])
            settle(page)
            work = page.evaluate(f"() => window.bracketPreview.painted().work.slice({start})")
            pages.append((page, errors, [w.get("tileItemsMost", w.get("tileItems", 0)) for w in work], picture_state(page)["overview"]))
        (sliced, sliced_errors, items, a), (whole, whole_errors, whole_items, b) = pages
        check("tiles painted item by item: at most the budget of items a paint, over several frames",
              0 < max(items) <= budget and max(whole_items) > budget, (max(items), max(whole_items), budget))
        check("... and the overview's pixels of a page that painted each tile at once", a == b and a and a["inked"] > 0, (a, b))
        check("sliced tiles: no page errors", not sliced_errors and not whole_errors, sliced_errors[:2] + whole_errors[:2])
        sliced.close()
        whole.close()


def cards_before_grid(browser, first):
    """Card elements shown before the grid is built (its idle slices paused): the frames build
    the rest of it a budget (GRID_FRAME_MS) at a time, the connectors drawn once their half is
    built, not a frame that counts every connector (25–130 ms at a million cards); then the
    card elements and connectors are those of a page that had built everything."""
    with PageServer(first, binary=True) as slow_server, PageServer(first, binary=True) as full_server:
        page, errors = open_page(browser, slow_server, PAUSE.replace("pauseBuilds: true", "pauseBuilds: true, " + COUNTING_CLOCK_FIELD))
        start = page.evaluate("() => window.bracketPreview.painted().work.length")
        zoom_low(page, LOW_STEPS)
        work = page.evaluate(f"() => window.bracketPreview.painted().work.slice({start})")
        budget = page.evaluate("() => window.bracketPreview.slices()")
        most = (budget["gridFrameMs"] + 1) * budget["buildChunk"]
        cards = [w for w in work if w.get("mode") == "cards"]
        counted = [w.get("edgesCounted", 0) for w in work]
        check("card elements before the grid: the frames counted the connectors a budget at a time, drawing them once done",
              cards and any(w.get("connectorsWaiting") for w in cards) and 0 < max(counted) <= most
              and page.evaluate("() => window.bracketPreview.deferred().grid") and cards[-1]["edges"] > 0,
              (len(work), max(counted), most, [(w.get("made"), w.get("edges"), w.get("connectorsWaiting")) for w in cards][:12]))
        full, full_errors = open_page(browser, full_server)
        finished(full)
        zoom_low(full, LOW_STEPS)
        a, b = page.evaluate(CARDS_DOM), full.evaluate(CARDS_DOM)
        check("… then the card elements and connectors of a page that had built everything", a == b and len(a) > 0, (len(a), len(b)))
        check("card elements before the grid: no page errors", not errors and not full_errors, errors[:2] + full_errors[:2])
        page.close()
        full.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=131071)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--only", default="first,use,delta,slices,ids,merges,errors,tiles,cards,minimap,choice",
                        help="which parts: first, use, delta, slices, ids, merges, errors, tiles, cards, minimap, choice")
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        check("chromium is installed", False)
        return check.summary()
    tree = model.complete_tree(args.nodes)
    pic = model.picture(tree)
    first = model.full_payload(pic, 1, URI)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            if "first" in args.only:
                first_picture(browser, first, pic)
            if "use" in args.only:
                interactions(browser, first, pic)
            if "delta" in args.only:
                first_delta(browser, first, pic, tree, args.seed)
            if "slices" in args.only:
                sliced_build(browser, first)
            if "ids" in args.only:
                id_index_slices(browser, first, args.nodes)
            if "merges" in args.only:
                level_merge_slices(browser, first)
            if "errors" in args.only:
                payload_exception(browser, first)
            if "tiles" in args.only:
                sliced_tiles(browser, first)
            if "cards" in args.only:
                cards_before_grid(browser, first)
            if "minimap" in args.only:
                minimap_after_deltas(browser)
            if "choice" in args.only:
                choice_before_grid(browser, first, args.nodes)
        finally:
            browser.close()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
