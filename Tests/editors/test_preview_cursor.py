#!/usr/bin/env python3
"""The editor's cursor highlight on the preview page, in headless Chromium.

Runs the real chain (`bracket lsp`, `bracket/openPreview`, the loopback page, `bracket/cursorMoved`)
on examples/knockout-32-in-progress.bracket, which has every kind of card: winner, loser, still to
be decided (pending) and bye. For each kind, in the light and the dark theme, the cursor is put on
such a card's ID and the highlight's ring is measured against the card as drawn: its contrast with
the card's fill (WCAG, at least 3:1, the minimum for a control's outline), a colour of its own
(not the card's own border colour) and at least twice the border's width. Then a click on a card
pins its competitor's path and fades the rest; the cursor moving to a card off that path clears
the path, so the highlighted card is neither faded nor hidden, while the cursor landing on the
clicked card (what the editor's reveal does) keeps it. The page names an inline icon, so no
browser asks the server for a favicon (a 404). Needs BRACKET_BIN (default .build/debug/bracket), chromium,
`pip install playwright`. Prints one line per check and `N passed, N failed` last.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "schema"))
from lsp_client import LSPClient  # noqa: E402
from checks import browser_prerequisites, check, watch_page  # noqa: E402

BINARY = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))
URI = "file:///tmp/bracket-preview-cursor/knockout-32-in-progress.bracket"
KINDS = ["winner", "loser", "pending", "bye"]


def parse_rgb(text):
    numbers = re.findall(r"[\d.]+", text or "")
    return tuple(float(n) for n in numbers[:3]) if len(numbers) >= 3 else None


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def distance(a, b):
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def settle(page):
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def card_style(page, node_id):
    return page.evaluate("""(id) => {
        const card = document.querySelector(`#stage [data-node-id="${id}"]`);
        if (!card) return null;
        const rect = getComputedStyle(card.querySelector('rect'));
        return { stroke: rect.stroke, fill: rect.fill, width: parseFloat(rect.strokeWidth),
                 dash: rect.strokeDasharray, opacity: parseFloat(getComputedStyle(card).opacity),
                 highlighted: card.classList.contains('bracket-highlight') };
    }""", node_id)


def position_of(text, node_id):
    """The LSP position of the node's ID: the first word on its line (IDs here are ASCII)."""
    for line, content in enumerate(text.split("\n")):
        match = re.match(r"^(\s*)" + re.escape(node_id) + r"(?![\w.-])", content)
        if match:
            return {"line": line, "character": len(match.group(1))}
    raise ValueError(node_id)


def move_cursor(client, page, text, node_id):
    client.notify("bracket/cursorMoved", {"textDocument": {"uri": URI}, "position": position_of(text, node_id)})
    page.wait_for_function(
        """(id) => { const c = document.querySelector(`#stage [data-node-id="${id}"]`);
                     return !!c && c.classList.contains('bracket-highlight'); }""", arg=node_id, timeout=10000)
    settle(page)


def check_contrast(page, client, text, cards, theme):
    page.emulate_media(color_scheme=theme)
    settle(page)
    for kind in KINDS:
        node_id = cards[kind]
        # Off the card first, so its own border can be measured.
        move_cursor(client, page, text, cards["winner" if kind != "winner" else "loser"])
        before = card_style(page, node_id)
        move_cursor(client, page, text, node_id)
        after = card_style(page, node_id)
        ring, fill, border = parse_rgb(after["stroke"]), parse_rgb(after["fill"]), parse_rgb(before["stroke"])
        ratio = contrast(ring, fill) if ring and fill else 0
        check(f"{theme}: the cursor ring on a {kind} card ({node_id}) contrasts with its fill (>= 3:1)",
              ratio >= 3, (round(ratio, 2), after))
        check(f"{theme}: ... in a colour of its own, twice the card border's width, solid",
              ring and border and distance(ring, border) > 60 and after["width"] >= 2 * before["width"]
              and after["dash"] in ("none", "") and after["opacity"] == 1, (before, after))


def main(argv):
    chromium = browser_prerequisites(BINARY)
    if chromium is None:
        return check.summary()
    from playwright.sync_api import sync_playwright
    with open(os.path.join(ROOT, "examples", "knockout-32-in-progress.bracket"), encoding="utf-8") as handle:
        text = handle.read()
    with LSPClient([BINARY, "lsp"]) as client, sync_playwright() as p:
        client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "bracket", "version": 1,
                                                                "text": text}})
        url = client.request("bracket/openPreview", {"textDocument": {"uri": URI}})["url"]
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            errors = watch_page(page, [])
            failed_requests = []
            page.on("response", lambda r: r.status >= 400 and failed_requests.append(f"{r.status} {r.url}"))
            page.goto(url)
            page.wait_for_function("() => window.bracketPreview && window.bracketPreview.cardCount() > 0", timeout=15000)
            page.click("#zoom-fit")
            settle(page)
            cards = page.evaluate("""(kinds) => {
                const found = {};
                for (const kind of kinds) {
                    const card = document.querySelector(`#stage [data-node-id].bracket-${kind}`);
                    if (card) found[kind] = card.getAttribute('data-node-id');
                }
                return found;
            }""", KINDS)
            if not check("the page draws every kind of card", sorted(cards) == sorted(KINDS), cards):
                return check.summary()
            # Headless Chromium asks for no favicon, so the page itself is read: a browser asks for
            # /favicon.ico (a 404 here) unless the page names an icon, which must be inline.
            icon = page.evaluate("""() => {
                const link = document.querySelector('link[rel~="icon"]');
                const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
                return { href: link ? link.getAttribute('href') : null, csp: csp ? csp.getAttribute('content') : '' };
            }""")
            img_src = re.search(r"img-src ([^;]*)", icon["csp"] or "")
            check("the page names an inline icon its CSP allows, so no browser asks for a favicon (404)",
                  (icon["href"] or "").startswith("data:image/") and img_src is not None and "data:" in img_src.group(1).split(),
                  icon)
            check("loading the page asks for nothing that fails", not failed_requests, failed_requests)

            check_contrast(page, client, text, cards, "light")
            check_contrast(page, client, text, cards, "dark")
            page.emulate_media(color_scheme="light")

            # A click pins the clicked competitor's path and fades the rest; the cursor landing on
            # that card (the editor's reveal) keeps it; moving elsewhere clears it.
            clicked, elsewhere = "p3", cards["pending"]
            page.click(f'#stage [data-node-id="{clicked}"]')
            settle(page)
            pinned = page.evaluate("() => document.body.classList.contains('bracket-has-path')")
            move_cursor(client, page, text, clicked)
            kept = page.evaluate("() => document.body.classList.contains('bracket-has-path')")
            check("a click pins the card's path, and the cursor landing on that card keeps it", pinned and kept,
                  (pinned, kept))
            faded_before = card_style(page, elsewhere)["opacity"]
            move_cursor(client, page, text, elsewhere)
            after = card_style(page, elsewhere)
            faded_after = page.evaluate("() => document.body.classList.contains('bracket-has-path')")
            check("the cursor moving off the clicked path highlights its card, clears the path and the fading",
                  faded_before < 1 and after["highlighted"] and after["opacity"] == 1 and not faded_after
                  and page.evaluate("() => window.bracketPreview.path()") is None,
                  (faded_before, after, faded_after))
            check("no script errors", not errors, errors)
        finally:
            browser.close()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
