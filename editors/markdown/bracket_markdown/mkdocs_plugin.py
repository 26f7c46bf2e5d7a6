"""The MkDocs plugin `bracket`: every ```bracket fence becomes its diagram.

The fences are found by pymdownx.superfences (as mkdocs-material's mermaid fences are): the
plugin adds a custom fence named `bracket` to its configuration, enabling the extension if the
site has not. Options come from the fence's header (```bracket root=left title="Spring Open"),
which superfences reads as key=value pairs.
"""
from mkdocs.config import config_options
from mkdocs.plugins import BasePlugin

from .fence import MAX_NODES, FenceRenderer

SUPERFENCES = "pymdownx.superfences"


class BracketPlugin(BasePlugin):
    config_scheme = (
        ("command", config_options.Type(str, default="bracket")),
        ("max_nodes", config_options.Type(int, default=MAX_NODES)),
    )

    def __init__(self):
        self.renderer = None

    def on_config(self, config):
        self.renderer = FenceRenderer(self.config["command"], self.config["max_nodes"])
        if SUPERFENCES not in config["markdown_extensions"]:
            config["markdown_extensions"].append(SUPERFENCES)
        settings = config["mdx_configs"].setdefault(SUPERFENCES, {})
        fences = settings.setdefault("custom_fences", [])
        if not any(fence.get("name") == "bracket" for fence in fences):
            fences.append({"name": "bracket", "class": "bracket", "format": self.format, "validator": self.validate})
        return config

    def on_page_markdown(self, markdown, **kwargs):
        # Ids count from 1 on every page: unique within the page, stable between builds.
        self.renderer.count = 0
        return markdown

    @staticmethod
    def validate(language, inputs, options, attrs, md):
        # Every header option is kept; the renderer refuses unknown ones in a box on the page.
        options.update(inputs)
        return True

    def format(self, source, language, class_name, options, md, **kwargs):
        return self.renderer.render(source, dict(options))
