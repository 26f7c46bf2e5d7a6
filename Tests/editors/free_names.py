"""The free names of a page script: identifiers it uses that it never declares (test_preview_modules.py).

A module of the preview page runs in a function of its own, so a name it uses without declaring
it (a `var`, a function, a parameter, a `catch` binding) is looked up on `window` when that line
runs: a browser global, or a mistake that fails only then (a value of preview.js's read by
name, never given through `deps`). This lists those names, from the text alone: comments,
strings and regular expressions removed, then the identifiers that are neither a property
(after `.`), an object literal's key, nor declared anywhere in the file. It is a scan of tokens,
not a parser (the page's scripts are ES5 without shorthand properties or methods in literals), and
it ignores scope: a name declared anywhere in the file counts as declared everywhere in it, which
can hide a mistake, never invent one.
"""
import re

KEYWORDS = set("""
break case catch class const continue debugger default delete do else export extends finally for
function if import in instanceof let new of return super switch this throw try typeof var void
while with yield null true false undefined arguments get set static async await
""".split())

# Tokens after which a `/` starts a regular expression, not a division.
REGEX_AFTER = set("( , = : [ ! & | ? { } ; + - * % < > ~ ^ return typeof case do else in of void delete".split())

TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)
  | (?P<number>(?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?))
  | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<punct>\?\.|=>|\.\.\.|[{}()\[\];,<>=!+\-*%&|^~?:.])
  | (?P<slash>/)
""", re.S | re.X)

REGEX_BODY = re.compile(r"(?:[^/\\\[\n]|\\.|\[(?:[^\]\\\n]|\\.)*\])+/[a-z]*")


def tokens(text):
    """(kind, text) for each token: name, punct, or a placeholder for strings, numbers and regexes."""
    out, at, last = [], 0, None
    while at < len(text):
        m = TOKEN.match(text, at)
        if not m:
            raise ValueError(f"cannot read the script at offset {at}: {text[at:at + 40]!r}")
        kind = m.lastgroup
        at = m.end()
        if kind in ("space", "comment"):
            continue
        if kind == "slash":
            if last is None or last[1] in REGEX_AFTER:
                body = REGEX_BODY.match(text, at)
                if not body:
                    raise ValueError(f"cannot read a regular expression at offset {at}")
                at = body.end()
                last = ("value", "/re/")
            else:
                last = ("punct", "/")
            out.append(last)
            continue
        if kind in ("string", "number"):
            last = ("value", m.group())
        else:
            last = (kind, m.group())
        out.append(last)
    return out


def declared_and_used(text):
    """The names the script declares and the names it uses (reads or writes), as two sets."""
    toks = tokens(text)
    declared, used = set(), set()
    stack = []  # the open brackets, each with whether it is an object literal
    for k, (kind, word) in enumerate(toks):
        prev = toks[k - 1][1] if k > 0 else None
        nxt = toks[k + 1][1] if k + 1 < len(toks) else None
        if kind == "punct" and word in "([{":
            # A `{` after `)` (a function body, a block) or at a statement's start is a block; after
            # `=`, `(`, `,`, `:`, `return`, `[` or `?` it is an object literal.
            literal = word == "{" and prev in ("=", "(", ",", ":", "return", "[", "?", "||", "&&")
            stack.append((word, literal))
            if prev == "function" or (k >= 2 and toks[k - 2][1] == "function" and word == "("):
                pass
            continue
        if kind == "punct" and word in ")]}":
            if stack:
                stack.pop()
            continue
        if kind != "name" or word in KEYWORDS:
            continue
        if prev in (".", "?."):
            continue
        in_literal = bool(stack) and stack[-1][1]
        if in_literal and nxt == ":" and prev in ("{", ","):
            continue  # an object literal's key
        used.add(word)
    declared |= declarations(toks)
    return declared, used


def declarations(toks):
    """Names bound by `var`/`let`/`const` lists, functions, their parameters and `catch`."""
    names = set()
    for k, (kind, word) in enumerate(toks):
        if word == "function":
            j = k + 1
            if j < len(toks) and toks[j][0] == "name":
                names.add(toks[j][1])
                j += 1
            if j < len(toks) and toks[j][1] == "(":
                j += 1
                while j < len(toks) and toks[j][1] != ")":
                    if toks[j][0] == "name":
                        names.add(toks[j][1])
                    j += 1
        elif word == "catch" and k + 2 < len(toks) and toks[k + 1][1] == "(":
            names.add(toks[k + 2][1])
        elif word in ("var", "let", "const"):
            # The names at depth 0 of the list: the first, then each after a `,`, until `;` or
            # the `in`/`of` of a for loop or the `)` closing it.
            depth, j, expect = 0, k + 1, True
            while j < len(toks):
                t = toks[j][1]
                if depth == 0 and (t in (";", "in", "of") or t == ")"):
                    break
                if t in "([{":
                    depth += 1
                elif t in ")]}":
                    depth -= 1
                elif depth == 0 and t == ",":
                    expect = True
                    j += 1
                    continue
                if expect and depth == 0 and toks[j][0] == "name":
                    names.add(t)
                    # A `var` list ends at a line's end without a semicolon only where a keyword
                    # starts the next statement; the page's scripts end each with `;`.
                expect = False
                j += 1
        elif kind == "name" and k + 1 < len(toks) and toks[k + 1][1] == "=>":
            names.add(word)
    return names


def free_names(text):
    """The names the script uses and never declares, sorted."""
    declared, used = declared_and_used(text)
    return sorted(used - declared)
