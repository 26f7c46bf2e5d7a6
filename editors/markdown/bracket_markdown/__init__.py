"""```bracket fences drawn as inline SVG by the `bracket` command: an MkDocs plugin and a pandoc
filter (README.md beside this package)."""
