#!/usr/bin/env python3
"""Checks the VS Code extension's manifest files and runs its TextMate grammar.

The grammar is run by a small TextMate tokenizer written here on top of Python's `re`
(begin/end/match rules, includes, captures, the earliest-match-wins rule with `end` winning
ties), over examples written below, and every token of each example must get the expected scope.
Prints one line per check and `N passed, N failed` last; exits 1 on any failure.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXTENSION = os.path.join(ROOT, "editors", "vscode")
from checks import check  # noqa: E402  (this folder is on sys.path: it holds the script)
import page_assets  # noqa: E402  (the page's list of assets: index.html's own)

def load_json(relative):
    path = os.path.join(EXTENSION, relative)
    try:
        with open(path, encoding="utf-8") as handle:
            value = json.load(handle)
        check(f"{relative} parses as JSON", True)
        return value
    except (OSError, ValueError) as error:
        check(f"{relative} parses as JSON", False, error)
        return None


# ---------------------------------------------------------------------------- tokenizer

class Grammar:
    """Enough of TextMate for this grammar: rules with match, begin/end, patterns, include
    (#name, $self), name, captures / beginCaptures / endCaptures."""

    def __init__(self, data):
        self.data = data
        self.compiled = {}

    def regex(self, source):
        if source not in self.compiled:
            self.compiled[source] = re.compile(source)
        return self.compiled[source]

    def flatten(self, patterns):
        """Expands includes into a flat list of rules with match or begin (explicit stack)."""
        result, stack, seen = [], list(reversed(patterns)), 0
        while stack:
            rule = stack.pop()
            seen += 1
            if seen > 1000:
                raise ValueError("include cycle")
            if "include" in rule:
                target = rule["include"]
                if target == "$self":
                    included = self.data["patterns"]
                elif target.startswith("#"):
                    included = [self.data["repository"][target[1:]]]
                else:
                    raise ValueError(f"unsupported include {target}")
                stack.extend(reversed(included))
            elif "match" in rule or "begin" in rule:
                result.append(rule)
            elif "patterns" in rule:
                stack.extend(reversed(rule["patterns"]))
        return result

    def tokenize(self, text):
        """Returns one list of scope lists per character of `text`."""
        scopes_per_char = []
        stack = [{"rule": None, "scopes": [self.data["scopeName"]], "end": None,
                  "patterns": self.flatten(self.data["patterns"])}]
        for line in text.splitlines(keepends=True):
            if not line.endswith("\n"):
                line += "\n"
            chars = [None] * len(line)
            pos, stalls = 0, 0
            while pos < len(line):
                frame = stack[-1]
                best = None  # (start, order, kind, rule, match)
                if frame["end"] is not None:
                    m = self.regex(frame["end"]).search(line, pos)
                    if m:
                        best = (m.start(), -1, "end", frame["rule"], m)
                for order, rule in enumerate(frame["patterns"]):
                    m = self.regex(rule.get("match") or rule["begin"]).search(line, pos)
                    if m and (best is None or m.start() < best[0]):
                        best = (m.start(), order, "match" if "match" in rule else "begin", rule, m)
                if best is None:
                    for i in range(pos, len(line)):
                        chars[i] = list(frame["scopes"])
                    break
                start, _, kind, rule, m = best
                for i in range(pos, start):
                    chars[i] = list(frame["scopes"])
                if kind == "end":
                    self.paint(chars, m, frame["scopes"], rule.get("endCaptures", rule.get("captures", {})))
                    stack.pop()
                elif kind == "match":
                    scopes = frame["scopes"] + ([rule["name"]] if "name" in rule else [])
                    self.paint(chars, m, scopes, rule.get("captures", {}))
                else:
                    scopes = frame["scopes"] + ([rule["name"]] if "name" in rule else [])
                    self.paint(chars, m, scopes, rule.get("beginCaptures", rule.get("captures", {})))
                    stack.append({"rule": rule, "scopes": scopes, "end": rule["end"],
                                  "patterns": self.flatten(rule.get("patterns", []))})
                if m.end() > pos:
                    pos, stalls = m.end(), 0
                else:
                    stalls += 1
                    if stalls > 8:
                        raise ValueError(f"grammar makes no progress at {pos} in {line!r}")
                    if kind == "match":  # an empty match: skip one character, as editors do
                        chars[pos] = list(frame["scopes"])
                        pos += 1
            scopes_per_char.extend(chars)
        return scopes_per_char

    @staticmethod
    def paint(chars, match, scopes, captures):
        for i in range(match.start(), match.end()):
            chars[i] = list(scopes)
        for key in sorted(captures, key=int):
            group = int(key)
            if group > (match.re.groups) or match.start(group) < 0:
                continue
            for i in range(match.start(group), match.end(group)):
                chars[i].append(captures[key]["name"])


def walk_regexes(node, found):
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key in ("match", "begin", "end", "while") and isinstance(value, str):
                    found.append(value)
                else:
                    stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
    return found


# Each example: a source text and, in order, (fragment, scope) pairs that together cover every
# non-blank character; a pair may add `not:` scopes that must be absent.
ID = "variable.other.node-id.bracket"
KEY = "keyword.other.setting.bracket"
STR = "string.quoted.double.bracket"
ESC = "constant.character.escape.bracket"
BAD_ESC = "invalid.illegal.escape.bracket"
OPEN = "punctuation.section.block.begin.bracket"
CLOSE = "punctuation.section.block.end.bracket"
COMMENT = "comment.line.number-sign.bracket"
STRAY = "invalid.illegal.stray-character.bracket"
Q_OPEN = "punctuation.definition.string.begin.bracket"
Q_CLOSE = "punctuation.definition.string.end.bracket"

EXAMPLES = [
    ("# a comment runs to the end of the line",
     [("#", "punctuation.definition.comment.bracket"), (" a comment runs to the end of the line", COMMENT)]),
    ('@title "Spring Open 2026"      # settings come first',
     [("@", "punctuation.definition.keyword.bracket"), ("title", KEY), ('"', Q_OPEN),
      ("Spring Open 2026", STR), ('"', Q_CLOSE), ("# settings come first", COMMENT)]),
    ("@card-width 132", [("@card-width", KEY), ("132", "constant.numeric.setting-value.bracket")]),
    ("@level-gap 12.5 # half", [("@level-gap", KEY), ("12.5", "constant.numeric.setting-value.bracket"),
                                ("# half", COMMENT)]),
    ("@root right", [("@root", KEY), ("right", "constant.language.setting-value.bracket")]),
    ("@align leaves", [("@align", KEY), ("leaves", "constant.language.setting-value.bracket")]),
    ("@margin wide", [("@margin", KEY), ("wide", "string.unquoted.setting-value.bracket")]),
    ("@leaf-gap 2x", [("@leaf-gap", KEY), ("2x", "string.unquoted.setting-value.bracket")]),
    ('@title "Round # 1"', [("@title", KEY), ('"Round # 1"', STR, COMMENT)]),
    ("@card-height 44 ~", [("@card-height", KEY), ("44", "constant.numeric.setting-value.bracket"), ("~", STRAY)]),
    ('final "Final \U0001F3C6" {', [("final", ID), ('"', Q_OPEN), ("Final \U0001F3C6", STR), ('"', Q_CLOSE), ("{", OPEN)]),
    ('  semi_a "Semi A" { 4 5 }',
     [("semi_a", ID), ('"Semi A"', STR), ("{", OPEN), ("4", ID), ("5", ID), ("}", CLOSE)]),
    ('  semi-b { 6 "Node \\"six\\"" 7 }',
     [("semi-b", ID), ("{", OPEN), ("6", ID), ('"Node ', STR), ('\\"', ESC), ("six", STR), ('\\"', ESC),
      ('"', Q_CLOSE), ("7", ID), ("}", CLOSE)]),
    ('x "a\\\\b\\nc\\td\\u{1F3C6}"',
     [("x", ID), ('"a', STR), ("\\\\", ESC), ("b", STR), ("\\n", ESC), ("c", STR), ("\\t", ESC), ("d", STR),
      ("\\u{1F3C6}", ESC), ('"', Q_CLOSE)]),
    ('y "bad \\q and \\u{ZZ}"',
     [("y", ID), ('"bad ', STR), ("\\q", BAD_ESC), (" and ", STR), ("\\u", BAD_ESC), ("{ZZ}", STR, OPEN),
      ('"', Q_CLOSE)]),
    ('z "a # not a comment" # but this is',
     [("z", ID), ('"a # not a comment"', STR, COMMENT), ("# but this is", COMMENT, STR)]),
    ('n "unterminated {\nm { }',
     [("n", ID), ('"unterminated {', STR, OPEN), ("m", ID, STR), ("{", OPEN, STR), ("}", CLOSE)]),
    ("a.b-c_1 07 _x", [("a.b-c_1", ID), ("07", ID), ("_x", ID)]),
    ("node $ % ; }", [("node", ID), ("$", STRAY), ("%", STRAY), (";", STRAY), ("}", CLOSE)]),
    ("-lead { }", [("-", STRAY), ("lead", ID), ("{", OPEN), ("}", CLOSE)]),
    ('1 { 2 { 4 5 } 3 { 6 7 } } # tutorial',
     [("1", ID), ("{", OPEN), ("2", ID), ("{", OPEN), ("4", ID), ("5", ID), ("}", CLOSE), ("3", ID),
      ("{", OPEN), ("6", ID), ("7", ID), ("}", CLOSE), ("}", CLOSE), ("# tutorial", COMMENT)]),
]


def run_example(grammar, source, expectations):
    text = source + "\n"
    scopes = grammar.tokenize(text)
    cursor = 0
    for expectation in expectations:
        fragment, wanted, *forbidden = expectation
        while not text.startswith(fragment, cursor) and cursor < len(text) and text[cursor].isspace():
            cursor += 1
        if not text.startswith(fragment, cursor):
            return f"expected {fragment!r} at {cursor} of {text!r}"
        for i in range(cursor, cursor + len(fragment)):
            if wanted not in scopes[i]:
                return f"{fragment!r}: char {text[i]!r} has {scopes[i]}, not {wanted}"
            for scope in forbidden:
                if scope in scopes[i]:
                    return f"{fragment!r}: char {text[i]!r} should not have {scope}"
        cursor += len(fragment)
    rest = text[cursor:]
    if rest.strip():
        return f"example has unchecked text {rest!r}"
    return None


# ---------------------------------------------------------------------------- corpus

# Every kind of token the language has, the scope the grammar must give it, and a file of the
# corpus that has one; each must be met at least once over the whole corpus.
TOKEN_KINDS = [
    ("comment", COMMENT),
    ("setting key", KEY),
    ("numeric setting value", "constant.numeric.setting-value.bracket"),
    ("keyword setting value", "constant.language.setting-value.bracket"),
    ("unquoted setting value", "string.unquoted.setting-value.bracket"),
    ("node ID", ID),
    ("label", STR),
    ("escape", ESC),
    ("invalid escape", BAD_ESC),
    ("opening brace", OPEN),
    ("closing brace", CLOSE),
    ("stray character", STRAY),
]


def corpus_files():
    found = []
    for folder in (os.path.join(ROOT, "examples"), os.path.join(ROOT, "Tests", "Fixtures", "ok")):
        if os.path.isdir(folder):
            found += sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".bracket"))
    return found


def read_as_editor(path):
    """The text as an editor hands it to the tokenizer: a leading BOM is not part of the
    document, and line endings are normalised."""
    with open(path, encoding="utf-8-sig") as handle:
        return handle.read().replace("\r\n", "\n")


def check_corpus(grammar):
    """Runs the grammar over every example and `ok` fixture: each non-blank character gets a
    scope beyond source.bracket, files that are valid get no `invalid.illegal` scope, and every
    token kind is met with its scope somewhere (the stray `;` in examples/mistakes.bracket)."""
    files = corpus_files()
    check("corpus has the examples and ok fixtures", len(files) >= 10, len(files))
    met = {scope: [] for _, scope in TOKEN_KINDS}
    for path in files:
        name = os.path.relpath(path, ROOT)
        text = read_as_editor(path)
        try:
            scopes = grammar.tokenize(text)
        except ValueError as error:
            check(f"corpus: {name} tokenizes", False, error)
            continue
        bare = [(i, text[i]) for i in range(len(text)) if not text[i].isspace() and len(scopes[i] or []) < 2]
        check(f"corpus: every non-blank character of {name} is scoped", not bare, bare[:5])
        invalid = sorted({text[i] for i in range(len(text))
                          if any(scope.startswith("invalid.illegal") for scope in scopes[i] or [])})
        if os.path.basename(path) == "mistakes.bracket":
            line_of = {i: text.count("\n", 0, i) + 1 for i in range(len(text)) if text[i] == ";"}
            check("corpus: the stray ';' of examples/mistakes.bracket (line 12) is a stray character",
                  any(line == 12 and STRAY in scopes[i] for i, line in line_of.items()), line_of)
            check("corpus: the '\\q' of examples/mistakes.bracket is an invalid escape",
                  any(BAD_ESC in scopes[i] for i in range(len(text)) if text.startswith("\\q", i)))
        else:
            check(f"corpus: no invalid scope in the valid file {name}", not invalid, invalid)
        for i in range(len(text)):
            for scope in scopes[i] or []:
                if scope in met and (not met[scope] or met[scope][-1] != name):
                    met[scope].append(name)
    for kind, scope in TOKEN_KINDS:
        check(f"corpus: a {kind} is met with {scope}", bool(met[scope]))


def check_semantic_agreement(grammar):
    """The grammar and the server's semantic tokens agree on one example: every token the
    server calls a node ID, a string or a comment has the matching TextMate scope."""
    binary = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))
    if not os.access(binary, os.X_OK):
        print(f"(no bracket binary at {binary}: semantic-token comparison not run)")
        return
    sys.path.insert(0, os.path.join(ROOT, "Tests", "schema"))
    from lsp_client import LSPClient
    path = os.path.join(ROOT, "examples", "tournament.bracket")
    text = read_as_editor(path)
    uri = "file://" + path
    with LSPClient([binary, "lsp"]) as client:
        init = client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        legend = init["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"]
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "bracket",
                                                                "version": 1, "text": text}})
        data = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})["data"]
    scopes = grammar.tokenize(text)
    lines = text.split("\n")
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line) + 1

    def char_offset(line, utf16):  # LSP character (UTF-16) -> index into the Python string
        count = 0
        for index, char in enumerate(lines[line]):
            if count >= utf16:
                return starts[line] + index
            count += 2 if ord(char) > 0xFFFF else 1
        return starts[line] + len(lines[line])

    wanted = {"comment": COMMENT, "string": STR, "variable": ID, "property": KEY, "keyword": KEY}
    line = start = 0
    mismatches, compared = [], 0
    for index in range(0, len(data), 5):
        delta_line, delta_start, length, kind = data[index:index + 4]
        line += delta_line
        start = start + delta_start if delta_line == 0 else delta_start
        name = legend[kind] if kind < len(legend) else "?"
        scope = wanted.get(name)
        if scope is None:
            continue
        first, last = char_offset(line, start), char_offset(line, start + length)
        compared += 1
        if not all(scope in scopes[i] for i in range(first, last) if not text[i].isspace()):
            mismatches.append((name, text[first:last], scopes[first]))
    check("semantic tokens of examples/tournament.bracket were compared", compared > 30, compared)
    check("grammar scopes agree with the server's semantic tokens", not mismatches, mismatches[:5])


# ---------------------------------------------------------------------------- checks

EXPECTED_DEFAULTS = {
    "bracket.server.path": "bracket",
    "bracket.server.extraArgs": [],
    "bracket.trace.server": "off",
    "bracket.layout.cardWidth": 132,
    "bracket.layout.cardHeight": 44,
    "bracket.layout.levelGap": 64,
    "bracket.layout.leafGap": 28,
    "bracket.layout.margin": 24,
    "bracket.layout.root": "right",
    "bracket.layout.align": "depth",
    "bracket.layout.maxCardWidth": 240,
    "bracket.layout.maxLines": 3,
    "bracket.layout.fit": "auto",
    "bracket.layout.titleVisible": True,
    "bracket.layout.labelAlign": "center",
}


def check_manifest(package):
    check("name is bracket", package.get("name") == "bracket")
    check("publisher is set", bool(package.get("publisher")))
    check("engines.vscode is set", bool(package.get("engines", {}).get("vscode")))
    check("main file exists", os.path.isfile(os.path.join(EXTENSION, package.get("main", "-"))))
    check("depends on vscode-languageclient ^9.0.1",
          package.get("dependencies", {}).get("vscode-languageclient") == "^9.0.1")
    repository = package.get("repository")
    check("repository names a git URL (vsce asks for it otherwise)",
          isinstance(repository, dict) and repository.get("type") == "git"
          and str(repository.get("url", "")).startswith("https://"), repository)
    check("npm install runs the copy too (postinstall), so the checkout has the schemas",
          "scripts/copy-preview.js" in package.get("scripts", {}).get("postinstall", ""))
    prepublish = package.get("scripts", {}).get("vscode:prepublish", "")
    check("vscode:prepublish copies the preview page",
          "scripts/copy-preview.js" in prepublish and os.path.isfile(os.path.join(EXTENSION, "scripts", "copy-preview.js")))

    contributes = package.get("contributes", {})
    languages = contributes.get("languages", [])
    language = next((entry for entry in languages if entry.get("id") == "bracket"), {})
    check("language bracket claims .bracket", ".bracket" in language.get("extensions", []))
    check("language has aliases", len(language.get("aliases", [])) > 0)
    grammars = contributes.get("grammars", [])
    grammar = next((entry for entry in grammars if entry.get("language") == "bracket"), {})
    check("grammar contributed with scope source.bracket", grammar.get("scopeName") == "source.bracket")
    check("grammar path is syntaxes/bracket.tmLanguage.json",
          os.path.normpath(grammar.get("path", "")) == os.path.normpath("syntaxes/bracket.tmLanguage.json"))

    commands = {entry.get("command"): entry for entry in contributes.get("commands", [])}
    check("every command has a title", all(entry.get("title") for entry in commands.values()), commands)
    wanted_titles = {"bracket.openPreviewToSide": "Open Preview to the Side", "bracket.openPreview": "Open Preview",
                     "bracket.exportSvg": "Export SVG"}
    check("commands and titles as specified",
          all(cid in commands and commands[cid].get("title") == title and commands[cid].get("category") == "Bracket"
              for cid, title in wanted_titles.items()))
    with open(os.path.join(EXTENSION, "extension.js"), encoding="utf-8") as handle:
        source = handle.read()
    registered = set(re.findall(r'registerCommand\("([^"]+)"', source))
    check("extension.js registers exactly the declared commands", registered == set(commands),
          sorted(registered ^ set(commands)))
    menus = contributes.get("menus", {})
    title_entry = next((entry for entry in menus.get("editor/title", [])
                        if entry.get("command") == "bracket.openPreviewToSide"), {})
    check("editor/title button for bracket files",
          title_entry.get("when") == "editorLangId == bracket" and title_entry.get("group") == "navigation"
          and bool(commands.get("bracket.openPreviewToSide", {}).get("icon")))
    used = [entry.get("command") for group in menus.values() for entry in group]
    used += [entry.get("command") for entry in contributes.get("keybindings", [])]
    check("menus and key bindings name declared commands", all(cid in commands for cid in used), used)
    binding = next((entry for entry in contributes.get("keybindings", [])
                    if entry.get("command") == "bracket.openPreviewToSide"), {})
    check("ctrl+k v / cmd+k v opens the preview to the side",
          binding.get("key") == "ctrl+k v" and binding.get("mac") == "cmd+k v"
          and "editorLangId == bracket" in binding.get("when", ""))

    properties = contributes.get("configuration", {}).get("properties", {})
    defaults = {key: value.get("default") for key, value in properties.items()}
    check("configuration defaults", defaults == EXPECTED_DEFAULTS, defaults)
    numeric = ["cardWidth", "cardHeight", "levelGap", "leafGap", "margin"]
    check("numeric layout settings have minimums and say points",
          all(isinstance(properties[f"bracket.layout.{k}"].get("minimum"), (int, float))
              and "points" in (properties[f"bracket.layout.{k}"].get("markdownDescription")
                               or properties[f"bracket.layout.{k}"].get("description", ""))
              for k in numeric))
    check("card sizes must be positive",
          properties["bracket.layout.cardWidth"]["minimum"] >= 1 and properties["bracket.layout.cardHeight"]["minimum"] >= 1)
    check("root and align are enums",
          properties["bracket.layout.root"].get("enum") == ["right", "left", "top", "bottom", "center"]
          and properties["bracket.layout.align"].get("enum") == ["depth", "leaves"]
          and len(properties["bracket.layout.root"].get("enumDescriptions", [])) == 5)
    check("every setting is described",
          all(value.get("description") or value.get("markdownDescription") for value in properties.values()))
    check("trace setting is an enum off/messages/verbose",
          properties["bracket.trace.server"].get("enum") == ["off", "messages", "verbose"])
    check("extension starts `lsp --stdio` with push previews and layout settings",
          '"lsp", "--stdio"' in source and "push: true" in source and 'configurationSection: "bracket"' in source
          and 'onNotification("bracket/didChangePreview"' in source)

    with open(os.path.join(EXTENSION, "README.md"), encoding="utf-8") as handle:
        readme = handle.read()
    missing = [key for key in properties if f"`{key}`" not in readme]
    check("README's settings table lists every setting", not missing, missing)
    check("README says how to package and install",
          all(text in readme for text in ("npm install", "npx @vscode/vsce package", "code --install-extension")))
    return language


def check_language_configuration(configuration):
    check("line comments use #", configuration.get("comments", {}).get("lineComment") == "#")
    check("braces are brackets", ["{", "}"] in configuration.get("brackets", []))
    pairs = {(pair.get("open"), pair.get("close")) for pair in configuration.get("autoClosingPairs", [])}
    check("{} and \"\" close automatically", {("{", "}"), ('"', '"')} <= pairs, pairs)
    markers = configuration.get("folding", {}).get("markers", {})
    try:
        start, end = re.compile(markers["start"]), re.compile(markers["end"])
        ok = bool(start.search("# region scores")) and bool(end.search("  # endregion")) and not start.search("x { }")
        check("folding markers compile and match # region / # endregion", ok)
    except (KeyError, re.error) as error:
        check("folding markers compile and match # region / # endregion", False, error)
    word = re.compile(configuration.get("wordPattern", "^$"))
    check("word pattern takes whole IDs", word.match("semi-b.2_x").group(0) == "semi-b.2_x")


def check_grammar(data):
    check("grammar scopeName is source.bracket", data.get("scopeName") == "source.bracket")
    errors = []
    for source in walk_regexes(data, []):
        try:
            re.compile(source)
        except re.error as error:
            errors.append(f"{source}: {error}")
    check("every grammar regex compiles with Python re", not errors, errors)
    if errors:
        return
    grammar = Grammar(data)
    for source, expectations in EXAMPLES:
        try:
            problem = run_example(grammar, source, expectations)
        except (ValueError, KeyError) as error:
            problem = str(error)
        check(f"scopes: {source.splitlines()[0][:48]}", problem is None, problem)
    check_corpus(grammar)
    check_semantic_agreement(grammar)


def check_copy_script(package):
    node = shutil.which("node")
    if node is None:
        print("(node not installed: copy-preview.js not run)")
        return
    target = os.path.join(EXTENSION, "preview")
    schema_target = os.path.join(EXTENSION, "schema")
    existed = os.path.isdir(target)
    schema_existed = os.path.isdir(schema_target)
    result = subprocess.run([node, os.path.join(EXTENSION, "scripts", "copy-preview.js")],
                            cwd=EXTENSION, capture_output=True, text=True, timeout=60)
    same = result.returncode == 0 and all(
        open(os.path.join(target, name), "rb").read()
        == open(os.path.join(ROOT, "editors", "preview", name), "rb").read()
        for name in ["index.html"] + page_assets.assets())
    check("copy-preview.js copies the page into the extension", same, result.stderr)
    # What `npm install` (postinstall) leaves in a checkout: every jsonValidation URL must
    # name a file that is the repository's schema, byte for byte.
    problems = []
    entries = package.get("contributes", {}).get("jsonValidation", [])
    for entry in entries:
        url = entry.get("url", "")
        local = os.path.normpath(os.path.join(EXTENSION, url))
        source = os.path.join(ROOT, "schema", os.path.basename(url))
        if not url.startswith("./") or not local.startswith(EXTENSION + os.sep):
            problems.append(f"{url}: not inside the extension (a packaged extension has nothing else)")
        elif not os.path.isfile(local) or not os.path.isfile(source):
            problems.append(f"{url}: missing after the copy")
        elif open(local, "rb").read() != open(source, "rb").read():
            problems.append(f"{url}: differs from schema/{os.path.basename(url)}")
    check("after the dev-flow copy every jsonValidation schema exists in the extension",
          entries and not problems, problems)
    if not existed:
        shutil.rmtree(target, ignore_errors=True)
    if not schema_existed:
        shutil.rmtree(schema_target, ignore_errors=True)


def check_extension_wiring(extension_dir=None, label="extension"):
    """Runs extension.js under stand-in vscode modules (see extension_smoke.js), from the
    checkout or from `extension_dir`."""
    node = shutil.which("node")
    if node is None:
        print("(node not installed: extension wiring not run)")
        return
    env = dict(os.environ)
    if extension_dir:
        env["BRACKET_EXTENSION_DIR"] = extension_dir
    result = subprocess.run([node, os.path.join(HERE, "extension_smoke.js")],
                            capture_output=True, text=True, timeout=60, env=env)
    try:
        entries = json.loads(result.stdout)
    except ValueError:
        check(f"{label} smoke run printed its results", False, result.stdout[-500:] + result.stderr[-2000:])
        return
    check(f"{label} smoke run printed its results", bool(entries), result.stderr[-2000:])
    for entry in entries:
        check(f"{label}: " + entry["name"], entry["ok"], entry["detail"])


def check_installed_layout():
    """What a .vsix installs: the extension folder alone, with the copied page and schemas and
    no checkout around it. The extension must serve and patch with its own preview/."""
    if shutil.which("node") is None:
        return
    staging = tempfile.mkdtemp(prefix="bracket-vsix-")
    existed = {folder: os.path.isdir(os.path.join(EXTENSION, folder)) for folder in ("preview", "schema")}
    try:
        installed = os.path.join(staging, "bracket-lang.bracket-0.1.0")
        shutil.copytree(EXTENSION, installed, ignore=shutil.ignore_patterns("node_modules", "scripts"))
        subprocess.run([shutil.which("node"), os.path.join(EXTENSION, "scripts", "copy-preview.js")],
                       cwd=EXTENSION, capture_output=True, timeout=60)
        for folder in ("preview", "schema"):
            shutil.rmtree(os.path.join(installed, folder), ignore_errors=True)
            shutil.copytree(os.path.join(EXTENSION, folder), os.path.join(installed, folder))
        check_extension_wiring(installed, "installed extension")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        for folder, was_there in existed.items():
            if not was_there:
                shutil.rmtree(os.path.join(EXTENSION, folder), ignore_errors=True)


def main():
    package = load_json("package.json")
    configuration = load_json("language-configuration.json")
    grammar = load_json("syntaxes/bracket.tmLanguage.json")
    if package is not None:
        check_manifest(package)
    if configuration is not None:
        check_language_configuration(configuration)
    if grammar is not None:
        check_grammar(grammar)
    check_extension_wiring()
    if package is not None:
        check_copy_script(package)
    check_installed_layout()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
