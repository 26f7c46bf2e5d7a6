"""The output every Python check here prints: `PASS name` or `FAIL name: detail` per check, then
`N passed, N failed` as the last line (what scripts/test and editor_test_lib.sh read).

    from checks import check
    check("the page loads", ok, detail)
    return check.summary()   # prints the last line; 0 when nothing failed, else 1
"""


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def __call__(self, name, ok, detail=None):
        if ok:
            self.passed += 1
            print(f"PASS {name}")
        else:
            self.failed += 1
            text = "" if detail is None else f": {detail}"
            print(f"FAIL {name}{text[:2000]}")
        return bool(ok)

    def summary(self):
        print(f"{self.passed} passed, {self.failed} failed")
        return 0 if self.failed == 0 else 1


check = Checks()


def browser_prerequisites(binary):
    """The path of Debian's chromium when the `bracket` binary, Playwright and chromium are all
    there; otherwise a failed check saying which is missing, and None."""
    import os
    import shutil
    if not os.access(binary, os.X_OK):
        check(f"the bracket binary is at {binary} (set BRACKET_BIN)", False)
        return None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        check("playwright is installed (pip install playwright)", False)
        return None
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        check("chromium is installed (apt-get install chromium)", False)
    return chromium


def screenshots_dir(argv):
    """The folder after `--screenshots` on the command line, made if missing; None without it."""
    import os
    if "--screenshots" not in argv:
        return None
    folder = argv[argv.index("--screenshots") + 1]
    os.makedirs(folder, exist_ok=True)
    return folder


def watch_page(page, errors):
    """Appends to `errors` every script error of `page` (pageerror) and every error it logs
    (console.error: the page logs there an exception it recovers from, e.g. a payload that failed
    to apply and was asked for again, which would otherwise pass unseen). Chromium's own lines
    for a failed request ("Failed to load resource") are not the page's and are left out: tests
    answer some requests with 404 or 410 on purpose."""
    page.on("pageerror", lambda error: errors.append(str(error)))

    def console(message):
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            errors.append("console.error: " + message.text)
    page.on("console", console)
    return errors
