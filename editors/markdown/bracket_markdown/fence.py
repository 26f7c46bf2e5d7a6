"""One ```bracket fence drawn as inline HTML by the `bracket` command, for the MkDocs plugin and
the pandoc filter (the VS Code Markdown preview has the same rules in
editors/vscode/markdown-it-bracket.js).

Nothing here reads the diagram: the fence's text goes to `bracket render - --format svg` on
stdin, and what comes back is placed in the page as it is. A good fence becomes its SVG (with
its <title> and <desc>, its ids prefixed so that several fences share a page); a fence with
errors, one with more nodes than `max_nodes`, a bad option or a missing `bracket` becomes a box
that says so in words, with the diagnostics' line:column and message as `bracket check` prints
them.
"""
import html
import re
import subprocess

# The fence options: the layout flags of `bracket render --help` without their dashes, given as
# key=value (`root=left title="Spring Open"`). Tests/editors/test_markdown_*.py hold this list
# equal to the help's.
OPTIONS = ("root", "align", "card-width", "card-height", "level-gap", "leaf-gap", "margin",
           "max-card-width", "max-lines", "fit", "label-align", "title")

# The most nodes a fence draws: a bigger tree is a picture of megabytes inside a page.
MAX_NODES = 5000

_DIAGNOSTIC = re.compile(r"^<stdin>:(\d+):(\d+): (error|warning): ", re.MULTILINE)

_BOX_STYLE = ("border:1px solid #d1242f;border-left-width:4px;border-radius:6px;padding:0.5em 1em;"
              "margin:1em 0;background:#fff8f8;color:#1c2430")
_PRE_STYLE = "white-space:pre-wrap;margin:0.5em 0 0;background:none;color:inherit;font-size:0.85em"


class FenceRenderer:
    """Draws the fences of one page; each gets its own id prefix (`bracket-1`, `bracket-2`, …)."""

    def __init__(self, command="bracket", max_nodes=MAX_NODES, timeout=60, id_prefix="bracket"):
        self.command = command
        self.max_nodes = max_nodes
        self.timeout = timeout
        self.id_prefix = id_prefix
        self.count = 0

    def render(self, source, options):
        """The HTML for one fence: `source` is its text, `options` its key=value pairs."""
        self.count += 1
        unknown = [key for key in options if key not in OPTIONS]
        if unknown:
            return error_box("unknown fence option " + ", ".join(repr(key) for key in unknown),
                             "The options are " + ", ".join(OPTIONS) + ".")
        arguments = [self.command, "render", "-", "--format", "svg", "--color", "never",
                     "--id-prefix", f"{self.id_prefix}-{self.count}", "--max-nodes", str(self.max_nodes)]
        for key, value in options.items():
            arguments.append(f"--{key}={value}")
        try:
            result = subprocess.run(arguments, input=source.encode("utf-8"), capture_output=True,
                                    timeout=self.timeout)
        except FileNotFoundError:
            return error_box("the bracket command was not found",
                             f"Looked for {self.command!r}. Install bracket and put it on PATH, "
                             "or give its path in the plugin's or filter's settings.")
        except OSError as error:
            return error_box("the bracket command could not be started", f"{self.command}: {error.strerror}")
        except subprocess.TimeoutExpired:
            return error_box("the diagram took too long to draw", f"Stopped after {self.timeout} seconds.")
        report = result.stderr.decode("utf-8", "replace")
        if result.returncode == 0:
            return '<div class="bracket-diagram">' + fitted(result.stdout.decode("utf-8", "replace")) + "</div>"
        if result.returncode == 1:
            errors = sum(1 for match in _DIAGNOSTIC.finditer(report) if match.group(3) == "error")
            heading = f"this diagram has {errors} error{'' if errors == 1 else 's'}"
            return error_box(heading, report.replace("<stdin>:", "line "), preformatted=True)
        message = report.strip()
        if message.startswith("bracket: "):
            message = message[len("bracket: "):]
        return error_box("the diagram was not drawn", message or f"bracket exited with status {result.returncode}")


def fitted(svg):
    """The SVG scaled down to the page's width when it is wider (it keeps its proportions)."""
    return re.sub(r"^<svg ", '<svg style="max-width:100%;height:auto" ', svg, count=1)


def error_box(heading, detail, preformatted=False):
    """A box in the page's flow: what went wrong in a heading line, then the detail."""
    body = (f'<pre style="{_PRE_STYLE}">{html.escape(detail.rstrip())}</pre>' if preformatted
            else f"<p style=\"margin:0.5em 0 0\">{html.escape(detail)}</p>")
    return (f'<div class="bracket-diagram bracket-error" role="note" style="{_BOX_STYLE}">'
            f"<p style=\"margin:0\"><strong>bracket: {html.escape(heading)}</strong></p>{body}</div>")
