"""The VS Code Markdown preview route: ```bracket fences drawn by the extension's markdown-it
plugin (editors/vscode/markdown-it-bracket.js), run through the extension's own
`extendMarkdownIt` with Debian's markdown-it and the real `bracket` binary. Checks the HTML
(markdown_fences.check_page), that a second render of the page gives the same ids, that the
plugin's options are the CLI's layout flags, and what a missing binary shows."""
import json
import os
import subprocess
import sys
import tempfile

from checks import check
from markdown_fences import (HERE, binary_or_fail, check_missing_binary, check_page, fence_document,
                             help_options, parse_page)

MARKDOWN_IT = "/usr/share/nodejs"



def render(path, command):
    environment = dict(os.environ, NODE_PATH=MARKDOWN_IT)
    result = subprocess.run(["node", os.path.join(HERE, "markdown_it_render.js"), path, command],
                            capture_output=True, text=True, env=environment, timeout=120)
    if result.returncode != 0:
        check("markdown-it renders the page", False, result.stderr[-2000:])
        return None
    return json.loads(result.stdout)


def main():
    binary = binary_or_fail(check)
    if binary is None or not check("markdown-it is installed (apt-get install node-markdown-it)",
                                   os.path.isdir(os.path.join(MARKDOWN_IT, "markdown-it"))):
        return check.summary()
    with tempfile.TemporaryDirectory() as folder:
        page = os.path.join(folder, "page.md")
        with open(page, "w", encoding="utf-8") as handle:
            handle.write(fence_document())
        output = render(page, binary)
        if output is not None:
            check("package.json contributes markdown.markdownItPlugins", output["contributed"])
            check("activate() returns extendMarkdownIt", output["extends"])
            check_page(check, output["html"], "markdown-it")
            check("markdown-it: a second render gives the same page", output["again"] == output["html"])
            check("markdown-it: the fence options are the CLI's layout flags",
                  output["options"] == help_options(binary), (output["options"], help_options(binary)))
        # The info string's own forms: options outside braces get a box that shows where they
        # go; single quotes and escaped double quotes inside a value are read.
        forms = os.path.join(folder, "forms.md")
        with open(forms, "w", encoding="utf-8") as handle:
            handle.write("```bracket root=left\n1\n```\n\n"
                         "```{.bracket #ignored title='Cup \\'A\\'' align=leaves}\n1 { 2 }\n```\n\n"
                         "```{.bracket title=\"Say \\\"hi\\\" & go\"}\n1\n```\n")
        output = render(forms, binary)
        if output is not None:
            forms_page = parse_page(output["html"])
            check("markdown-it: options outside braces are a box that says where they go",
                  len(forms_page.boxes) == 1 and "Options go in braces" in forms_page.boxes[0]
                  and "'root=left'" in forms_page.boxes[0], forms_page.boxes)
            titles = [svg["title"] for svg in forms_page.svgs]
            check("markdown-it: quoted values keep their escaped quotes", titles == ["Cup 'A'", 'Say "hi" & go'], titles)
        missing = render(page, os.path.join(folder, "no-such-bracket"))
        if missing is not None:
            check_missing_binary(check, missing["html"], "markdown-it")
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
