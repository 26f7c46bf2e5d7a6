#!/usr/bin/env python3
"""Checks editors/helix/languages.toml: it parses, it declares the `bracket` language for
`.bracket` files with `#` comments, and it names a language server that the same file defines
in the Helix 23.10+ form (`[language-server.NAME]`, started as `bracket lsp`), which the README
says it needs. Prints one line per check and `N passed, N failed` last; exits 1 on any failure.
"""
import os
import sys
import tomllib

from checks import check

HERE = os.path.dirname(os.path.abspath(__file__))
HELIX = os.path.join(os.path.dirname(os.path.dirname(HERE)), "editors", "helix")


def main():
    try:
        with open(os.path.join(HELIX, "languages.toml"), "rb") as handle:
            config = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        check("languages.toml parses as TOML", False, error)
        return check.summary()
    check("languages.toml parses as TOML", True)
    language = next((entry for entry in config.get("language", []) if entry.get("name") == "bracket"), {})
    check("declares the bracket language for .bracket files",
          language.get("file-types") == ["bracket"] and language.get("scope") == "source.bracket", language)
    check("# starts a comment", language.get("comment-token") == "#" or language.get("comment-tokens") in ("#", ["#"]))
    servers = config.get("language-server", {})
    names = language.get("language-servers", [])
    check("names its server in language-servers (Helix 23.10+), not the old inline language-server",
          names == ["bracket"] and "language-server" not in language, names)
    server = servers.get("bracket", {})
    check("[language-server.bracket] starts `bracket lsp`",
          server.get("command") == "bracket" and server.get("args") == ["lsp"], server)
    check("its config is the initializationOptions layout object", isinstance(server.get("config", {}).get("layout"), dict))
    with open(os.path.join(HELIX, "README.md"), encoding="utf-8") as handle:
        readme = handle.read()
    check("README says which Helix version the syntax needs and points to bracket preview",
          "23.10" in readme and "bracket preview" in readme)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
