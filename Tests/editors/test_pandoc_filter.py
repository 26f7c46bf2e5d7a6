"""The pandoc route: Debian's pandoc with the filter from the checkout
(editors/markdown/pandoc-bracket) turns a document with several ```{.bracket} fences into HTML
with the real `bracket` binary. Checks the HTML (markdown_fences.check_page), that a non-HTML
output keeps the fences as code, and what a missing binary shows."""
import os
import shutil
import subprocess
import sys
import tempfile

from checks import check
from markdown_fences import ROOT, binary_or_fail, check_missing_binary, check_page, fence_document

FILTER = os.path.join(ROOT, "editors", "markdown", "pandoc-bracket")



def pandoc(page, command, to="html5"):
    environment = dict(os.environ, BRACKET_COMMAND=command)
    result = subprocess.run(["pandoc", "--filter", FILTER, "-f", "markdown", "-t", to, page],
                            capture_output=True, text=True, env=environment, timeout=120)
    check(f"pandoc -t {to} with the filter succeeds", result.returncode == 0, result.stderr[-2000:])
    return result.stdout


def main():
    binary = binary_or_fail(check)
    if binary is None or not check("pandoc is installed (apt-get install pandoc)", shutil.which("pandoc")):
        return check.summary()
    with tempfile.TemporaryDirectory() as folder:
        page = os.path.join(folder, "page.md")
        with open(page, "w", encoding="utf-8") as handle:
            handle.write(fence_document())
        check_page(check, pandoc(page, binary), "pandoc")
        latex = pandoc(page, binary, to="latex")
        check("pandoc: other formats keep the fences as code", "\\begin{Shaded}" in latex
              and 'semi\\_a "Semi A"' in latex and "<svg" not in latex, latex[:300])
        check_missing_binary(check, pandoc(page, os.path.join(folder, "no-such-bracket")), "pandoc")
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
