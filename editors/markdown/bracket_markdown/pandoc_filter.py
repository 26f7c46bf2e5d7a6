"""The pandoc filter: every code block with the class `bracket` becomes its diagram, as raw HTML
in HTML output (html, html5, epub and the slide formats). Its options are the block's
attributes: ```{.bracket root=left title="Spring Open"}.

A JSON filter in Python rather than a Lua filter: it needs the command's stderr and exit status
(the diagnostics and the reason for refusing), which a Lua filter's pandoc.pipe does not return,
and it shares bracket_markdown.fence with the MkDocs plugin, so the two routes draw every fence
alike. It uses only the standard library. The `bracket` command is BRACKET_COMMAND if set.
"""
import json
import os
import sys

from .fence import FenceRenderer

HTML_FORMATS = ("html", "html4", "html5", "epub", "epub2", "epub3", "revealjs", "slidy", "slideous",
                "s5", "dzslides", "chunkedhtml")


def main():
    output_format = sys.argv[1] if len(sys.argv) > 1 else "html"
    document = json.load(sys.stdin.buffer)
    if output_format in HTML_FORMATS:
        renderer = FenceRenderer(os.environ.get("BRACKET_COMMAND", "bracket"))
        document["blocks"] = replace_fences(document["blocks"], renderer)
    json.dump(document, sys.stdout)


def replace_fences(blocks, renderer):
    """The blocks with every bracket code block, however deeply nested (lists, quotes, divs),
    replaced by a RawBlock of its HTML. Walks with a stack of containers, not recursion."""
    stack = [blocks]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            for index, item in enumerate(node):
                if is_bracket_block(item):
                    node[index] = raw_html(item, renderer)
                elif isinstance(item, (list, dict)):
                    stack.append(item)
        elif isinstance(node, dict):
            stack.extend(value for value in node.values() if isinstance(value, (list, dict)))
    return blocks


def is_bracket_block(item):
    # The first class is the language, as markdown-it and superfences read it.
    return (isinstance(item, dict) and item.get("t") == "CodeBlock"
            and item["c"][0][1][:1] == ["bracket"])


def raw_html(block, renderer):
    (_identifier, _classes, pairs), source = block["c"]
    return {"t": "RawBlock", "c": ["html", renderer.render(source, dict(pairs))]}


if __name__ == "__main__":
    main()
