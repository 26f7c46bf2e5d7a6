#!/usr/bin/env python3
"""Checks schema/*.json: that each is a valid draft 2020-12 schema, documented, that its own
examples pass and the hand-made invalid samples fail, and -- most importantly -- that what the
real `bracket` binary prints (`geometry`, `check --format json`, and the language server's
`bracket/preview` results and `bracket/didChangePreview` notifications) matches the schemas.

Run from anywhere: python3 Tests/schema/test_schemas.py
The binary is $BRACKET_BIN (default .build/debug/bracket). A missing binary is a failure, not a
skip: a schema nobody checks against real output drifts silently.
Needs `jsonschema` (pip install jsonschema). The last line is "N passed, N failed".
"""
import copy
import glob
import json
import os
import random
import sys
import traceback

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

import delta_session
import run_moves
from lsp_client import LSPClient
from vscode_settings import check_vscode_configuration

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCHEMA_DIR = os.path.join(ROOT, "schema")
NAMES = ["geometry", "preview", "settings", "diagnostics"]
BIN = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))

SCHEMAS = {n: json.load(open(os.path.join(SCHEMA_DIR, f"{n}.schema.json"), encoding="utf-8")) for n in NAMES}
REGISTRY = Registry().with_resources(
    (s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values()
)

passed = 0
failed = 0


def test(name):
    """Runs the function at once as one named test and counts the result."""
    def run(fn):
        global passed, failed
        try:
            fn()
            passed += 1
        except Exception as error:  # any failure, assertion or crash, is a failed test
            failed += 1
            print(f"FAIL {name}: {error}")
            if os.environ.get("VERBOSE"):
                traceback.print_exc()
        return fn
    return run


def validator(name, definition=None):
    schema = SCHEMAS[name]
    if definition:
        schema = {"$ref": f"{schema['$id']}#/$defs/{definition}"}
    return Draft202012Validator(schema, registry=REGISTRY)


def assert_valid(name, instance, what, definition=None):
    errors = sorted(validator(name, definition).iter_errors(instance), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        path = "/".join(str(p) for p in first.absolute_path)
        raise AssertionError(f"{what} does not match {name}: at /{path}: {first.message}"
                             + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))


def walk_subschemas(schema, path="#"):
    """Yields (path, schema) for every sub-schema under properties, $defs, items."""
    stack = [(path, schema)]
    while stack:
        where, node = stack.pop()
        yield where, node
        for key in ("properties", "$defs"):
            for child, sub in node.get(key, {}).items():
                stack.append((f"{where}/{key}/{child}", sub))
        if isinstance(node.get("items"), dict):
            stack.append((f"{where}/items", node["items"]))


# --- the schemas themselves -------------------------------------------------------------------

for name in NAMES:
    schema = SCHEMAS[name]

    @test(f"{name}: valid draft 2020-12 schema")
    def _():
        assert schema.get("$schema") == "https://json-schema.org/draft/2020-12/schema"
        Draft202012Validator.check_schema(schema)

    @test(f"{name}: $id, description and examples")
    def _():
        assert schema["$id"] == f"https://bracket.dev/schema/{name}.schema.json", schema["$id"]
        assert schema.get("description"), "no description"
        assert schema.get("examples"), "no examples"

    @test(f"{name}: every property and definition has a description")
    def _():
        # An `items` that is only a reference is described by the definition it points at.
        missing = [p for p, s in walk_subschemas(schema) if p != "#" and not s.get("description")
                   and not (p.endswith("/items") and "$ref" in s)]
        assert not missing, f"undocumented: {missing}"

    @test(f"{name}: every object is closed (additionalProperties: false) unless documented open")
    def _():
        open_ones = [p for p, s in walk_subschemas(schema)
                     if "properties" in s and s.get("additionalProperties") is not False]
        # The workspace configuration section is open on purpose: editors put their own keys
        # (server.path, trace.server) next to `layout` and the server ignores them.
        allowed = {"#/$defs/workspaceConfiguration", "#/$defs/workspaceConfiguration/properties/bracket"}
        assert set(open_ones) <= allowed, f"open objects: {sorted(set(open_ones) - allowed)}"

    for index, example in enumerate(schema.get("examples", [])):
        @test(f"{name}: example {index} is valid")
        def _():
            assert_valid(name, example, f"example {index}")

    cases = json.load(open(os.path.join(HERE, "invalid", f"{name}.json"), encoding="utf-8"))
    for case in cases:
        @test(f"{name}: rejects {case['why']}")
        def _():
            v = validator(name, case.get("def"))
            assert not v.is_valid(case["instance"]), "accepted an invalid sample"

    @test(f"{name}: has invalid samples")
    def _():
        assert len(cases) >= 5, f"only {len(cases)} invalid samples"


@test("preview: a run's table (run/x-moves) names every number of a card and connector, and only run members")
def _():
    # A number added to the geometry's node or edge must be given here (moved by which run
    # member, or left alone): the test models apply runs from this table only.
    for kind in ("node", "edge"):
        assert sorted(run_moves.MOVES[kind]) == run_moves.numeric_paths(kind), \
            (kind, sorted(set(run_moves.MOVES[kind]) ^ set(run_moves.numeric_paths(kind))))
    used = {offset for table in run_moves.MOVES.values() for offset in table.values() if offset}
    assert used == set(run_moves.OFFSETS), (sorted(used), run_moves.OFFSETS)


@test("preview: the page tests' delta model and delta_session apply runs alike (both from run/x-moves)")
def _():
    sys.path.insert(0, os.path.join(ROOT, "Tests", "editors"))
    import delta_model as model
    rng, runs = random.Random(28), 0
    for _trial in range(60):
        tree, one_line = model.random_tree(rng, rng.randrange(3, 30)), rng.random() < 0.3
        picture, edits = model.picture(tree, one_line), model.Edits(rng)
        while len(tree) >= 3 and rng.random() < 0.8:
            kind, renamed = edits.random(tree)
            new = model.picture(tree, one_line)
            delta = model.delta(picture, new, renamed)
            runs += len(delta.get("runs", []))
            got = delta_session.apply_delta(copy.deepcopy(model.geometry(picture)), delta)
            want = model.geometry(new)
            assert (got["nodes"], got["edges"]) == (want["nodes"], want["edges"]), (kind, renamed, delta)
            picture = new
    assert runs > 0, "no delta had a run"


@test("settings: defaults are the tutorial's design values")
def _():
    layout = SCHEMAS["settings"]["$defs"]["layout"]["properties"]
    defaults = {k: v.get("default") for k, v in layout.items()}
    assert defaults == {"cardWidth": 132, "cardHeight": 44, "levelGap": 64, "leafGap": 28,
                        "margin": 24, "root": "right", "align": "depth", "maxCardWidth": 240,
                        "maxLines": 3, "fit": "auto", "titleVisible": True, "labelAlign": "center"}, defaults


@test("editors/vscode/package.json: bracket.layout.* agrees with settings.schema.json")
def _():
    package = json.load(open(os.path.join(ROOT, "editors", "vscode", "package.json"), encoding="utf-8"))
    check_vscode_configuration(package, SCHEMAS["settings"])


@test("editors/vscode/package.json: jsonValidation points at schemas the package script copies")
def _():
    package = json.load(open(os.path.join(ROOT, "editors", "vscode", "package.json"), encoding="utf-8"))
    entries = package["contributes"].get("jsonValidation", [])
    assert entries, "no jsonValidation entries"
    for entry in entries:
        url = entry["url"]
        assert url.startswith("./schema/") and url.endswith(".schema.json"), url
        assert os.path.isfile(os.path.join(SCHEMA_DIR, url[len("./schema/"):])), f"{url}: no such schema"
    script = open(os.path.join(ROOT, "editors", "vscode", "scripts", "copy-preview.js"), encoding="utf-8").read()
    assert '"schema"' in script and ".schema.json" in script, "copy-preview.js does not copy schema/"


# --- real output of the binary ----------------------------------------------------------------

def bracket_files():
    files = []
    for pattern in ("examples/*.bracket", "Tests/Fixtures/ok/*.bracket", "Tests/schema/samples/*.bracket"):
        files += sorted(glob.glob(os.path.join(ROOT, pattern)))
    return files


def clean_files():
    """Files expected to have no errors (geometry is written for every file, but these are the
    ones whose geometry should describe the whole tree)."""
    return [f for f in bracket_files() if "problems" not in os.path.basename(f)]


def run_binary(*args):
    import subprocess
    result = subprocess.run([BIN, *args], capture_output=True, timeout=60)
    return result


@test("binary exists")
def _():
    assert os.path.isfile(BIN) and os.access(BIN, os.X_OK), \
        f"no executable at {BIN} (build it with `swift build --product bracket -j 2` or set BRACKET_BIN)"


HAVE_BIN = os.path.isfile(BIN) and os.access(BIN, os.X_OK)
cli_geometry = {}

if HAVE_BIN:
    for path in bracket_files():
        rel = os.path.relpath(path, ROOT)

        @test(f"bracket geometry {rel}")
        def _():
            result = run_binary("geometry", path)
            assert result.stdout, f"no output (exit {result.returncode}): {result.stderr.decode(errors='replace')[:300]}"
            value = json.loads(result.stdout)
            assert_valid("geometry", value, f"`bracket geometry {rel}`")
            cli_geometry[path] = value

        @test(f"bracket check --format json {rel}")
        def _():
            result = run_binary("check", "--format", "json", path)
            assert result.stdout, f"no output (exit {result.returncode}): {result.stderr.decode(errors='replace')[:300]}"
            value = json.loads(result.stdout)
            assert_valid("diagnostics", value, f"`bracket check --format json {rel}`")
            has_errors = any(d["severity"] == "error" for d in value["diagnostics"])
            assert (result.returncode != 0) == has_errors, f"exit {result.returncode} with errors={has_errors}"
            assert all(d["file"] == path for d in value["diagnostics"]), "file is not the path given"

    # Files with errors: the report must still match (the geometry of these is not required).
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "err", "*.bracket"))):
        rel = os.path.relpath(path, ROOT)

        @test(f"bracket check --format json {rel}")
        def _():
            result = run_binary("check", "--format", "json", path)
            value = json.loads(result.stdout)
            assert_valid("diagnostics", value, f"`bracket check --format json {rel}`")
            assert value["diagnostics"], "a problem fixture reported nothing"
            has_errors = any(d["severity"] == "error" for d in value["diagnostics"])
            assert (result.returncode != 0) == has_errors, f"exit {result.returncode} with errors={has_errors}"

    @test("bracket check --format json: the problem sample reports several codes")
    def _():
        path = os.path.join(HERE, "samples", "problems.bracket")
        value = json.loads(run_binary("check", "--format", "json", path).stdout)
        assert_valid("diagnostics", value, "problem sample")
        codes = {d["code"] for d in value["diagnostics"]}
        assert len(codes) >= 4, f"only {sorted(codes)}"

    @test("bracket check --format json with several files")
    def _():
        files = bracket_files()
        value = json.loads(run_binary("check", "--format", "json", *files).stdout)
        assert_valid("diagnostics", value, "multi-file check")

    # --- the language server ----------------------------------------------------------------
    previews, pushes, lsp_error = {}, {}, None
    try:
        with LSPClient([BIN, "lsp"]) as client:
            client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {},
                                          "initializationOptions": {"preview": {"push": True}}})
            client.notify("initialized", {})
            uris = {}
            for path in bracket_files():
                uri = "file://" + path
                uris[path] = uri
                text = open(path, encoding="utf-8").read()
                client.notify("textDocument/didOpen", {"textDocument": {
                    "uri": uri, "languageId": "bracket", "version": 1, "text": text}})
            for path, uri in uris.items():
                previews[path] = client.request("bracket/preview", {"textDocument": {"uri": uri}})
            # One edit, so the push for a changed document is seen too; the final state must arrive.
            tutorial = os.path.join(HERE, "samples", "tutorial.bracket")
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": uris[tutorial], "version": 2},
                "contentChanges": [{"text": "@root left\n1 { 2 { 4 5 } 3 { 6 7 } 8 }\n"}]})
            pushes = client.collect_notifications(
                "bracket/didChangePreview",
                done=lambda seen: any(p.get("uri") == uris[tutorial] and p.get("version") == 2 for p in seen)
                and {p.get("uri") for p in seen} >= set(uris.values()),
                timeout=10)
            client.request("shutdown", None)
            client.notify("exit", None)
            exit_code = client.wait(timeout=5)
    except Exception as error:
        lsp_error = error
        exit_code = None

    @test("bracket lsp: session ran (initialize, didOpen, preview, didChange, shutdown, exit)")
    def _():
        if lsp_error:
            raise lsp_error
        assert exit_code == 0, f"server exit code {exit_code}"

    for path in bracket_files():
        rel = os.path.relpath(path, ROOT)

        @test(f"bracket/preview result {rel}")
        def _():
            assert path in previews, "no preview result"
            value = previews[path]
            assert_valid("preview", value, f"bracket/preview of {rel}")
            assert value["uri"] == "file://" + path, value["uri"]
            if path in cli_geometry:
                # Same file, same default settings, same UTF-16 positions: the same picture.
                assert value["geometry"] == cli_geometry[path], "preview geometry differs from `bracket geometry`"

    @test("bracket/didChangePreview: pushed for every open document and for the edit")
    def _():
        assert pushes, "no bracket/didChangePreview notification arrived"
        uris = {"file://" + p for p in bracket_files()}
        assert {p.get("uri") for p in pushes} >= uris, "some open documents were never pushed"

    for index, push in enumerate(pushes):
        @test(f"bracket/didChangePreview notification {index}")
        def _():
            assert_valid("preview", push, f"didChangePreview #{index}")

    @test("bracket/didChangePreview: the final state of the edited document")
    def _():
        edited = [p for p in pushes if p.get("uri", "").endswith("/tutorial.bracket")]
        assert edited and edited[-1]["version"] == 2, "last push is not the edited version"
        geometry = edited[-1]["geometry"]
        assert geometry["settings"]["root"] == "left"
        assert len(geometry["nodes"]) == 8 and len(geometry["edges"]) == 7


    # --- delta payloads (a client that opted in) ----------------------------------------------
    try:
        delta_pushes, delta_final, delta_exit = delta_session.run(BIN)
        delta_error = None
    except Exception as error:
        delta_pushes, delta_final, delta_exit, delta_error = [], None, None, error

    @test("bracket lsp with preview.delta: session ran")
    def _():
        if delta_error:
            raise delta_error
        assert delta_exit == 0, f"server exit code {delta_exit}"

    for index, push in enumerate(delta_pushes):
        @test(f"delta session: didChangePreview notification {index} ({'delta' if 'delta' in push else 'full'})")
        def _():
            assert_valid("preview", push, f"delta session push #{index}")
            assert_valid("preview", push, f"delta session push #{index}", "delta" if "delta" in push else "full")

    @test("delta session: full, delta, delta, full (settings changed), each numbered after the last")
    def _():
        kinds = [("delta" if "delta" in p else "full", p["version"]) for p in delta_pushes]
        assert kinds == [("full", 1), ("delta", 2), ("delta", 3), ("full", 4)], kinds
        sequences = [p["sequence"] for p in delta_pushes]
        assert sequences == sorted(sequences) and len(set(sequences)) == len(sequences), sequences
        for previous, push in zip(delta_pushes, delta_pushes[1:]):
            if "delta" in push:
                assert push["base"] == previous["sequence"], (push["base"], previous["sequence"])

    @test("delta session: bracket/preview result is a numbered full payload")
    def _():
        assert_valid("preview", delta_final, "bracket/preview with deltas", "full")
        assert delta_final["sequence"] > delta_pushes[-1]["sequence"]

    @test("delta session: applying the deltas gives the geometry a full payload reports")
    def _():
        first, label_edit, insert, _ = delta_pushes
        geometry = delta_session.apply_delta(first["geometry"], label_edit["delta"])
        geometry = delta_session.apply_delta(geometry, insert["delta"])
        # The version-3 picture, from a fresh server that never sent a delta:
        text = delta_session.document().replace('"Six"', '"Sixx"').replace("    g9d\n", "    g9d\n    g9e\n")
        assert geometry == delta_session.full_geometry(BIN, text), "deltas did not rebuild the geometry"

    # --- runs and renames (a client that takes them) -----------------------------------------
    try:
        runs_pushes, runs_exit = delta_session.run_with_runs(BIN)
        runs_error = None
    except Exception as error:
        runs_pushes, runs_exit, runs_error = [], None, error

    @test("runs session: an ID typed is a rename, a leaf inserted early is runs, all valid deltas")
    def _():
        if runs_error:
            raise runs_error
        assert runs_exit == 0, f"server exit code {runs_exit}"
        kinds = [("delta" if "delta" in p else "full", p["version"]) for p in runs_pushes]
        assert kinds == [("full", 1), ("delta", 2), ("delta", 3)], kinds
        for index, push in enumerate(runs_pushes):
            assert_valid("preview", push, f"runs session push #{index}", "delta" if "delta" in push else "geometryOnly")
        assert runs_pushes[1]["delta"].get("renamed") == [{"from": "g3b", "to": "g3bx"}], runs_pushes[1]["delta"]
        runs = runs_pushes[2]["delta"].get("runs", [])
        assert runs and all(run["dy"] == 72 and run["lines"] == 1 for run in runs[1:]), runs

    @test("runs session: applying renames and runs as run/x-moves says gives the geometry a full payload reports")
    def _():
        if runs_error:
            raise runs_error
        geometry = runs_pushes[0]["geometry"]
        for push in runs_pushes[1:]:
            geometry = delta_session.apply_delta(geometry, push["delta"])
        assert geometry == delta_session.full_geometry(BIN, delta_session.runs_document()), "deltas did not rebuild the geometry"


if HAVE_BIN:
    print(f"real output checked: {len(cli_geometry)} geometry, {len(previews)} bracket/preview, "
          f"{len(pushes)} bracket/didChangePreview")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
