#!/usr/bin/env python3
"""Clicks one card of a live preview page in headless Chromium, as a user would.

    click_card.py URL NODE_ID

Loads URL (the loopback page that `bracket/openPreview` returned), waits until the card
`[data-node-id=NODE_ID]` is drawn, clicks it with the mouse (Playwright scrolls it into view
first) and waits for the page's POST to `reveal` to be answered. The editor tests
(nvim_test.lua, emacs_test.el) run it and then check that the editor's cursor moved to the node.
Prints one JSON line {"ok": bool, "detail": ...}; exits 0 only when the click was delivered.
"""
import json
import shutil
import sys


def main(argv):
    if len(argv) != 3:
        print(json.dumps({"ok": False, "detail": "usage: click_card.py URL NODE_ID"}))
        return 2
    url, node_id = argv[1], argv[2]
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print(json.dumps({"ok": False, "detail": "playwright is not installed (pip install playwright)"}))
        return 1
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print(json.dumps({"ok": False, "detail": "chromium is not installed (apt-get install chromium)"}))
        return 1
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 900, "height": 600})
            page.goto(url)
            # Compared as an attribute value: IDs may contain '.' and '-'.
            card = page.locator(f'#stage [data-node-id="{node_id}"]').first
            card.wait_for(state="visible", timeout=15000)
            with page.expect_response(lambda r: r.url.endswith("/reveal"), timeout=15000) as answer:
                card.click()
            status = answer.value.status
            print(json.dumps({"ok": status == 204, "detail": f"reveal answered {status}"}))
            return 0 if status == 204 else 1
        except Exception as error:  # noqa: BLE001 - the message is the finding
            print(json.dumps({"ok": False, "detail": f"{type(error).__name__}: {error}"}))
            return 1
        finally:
            browser.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
