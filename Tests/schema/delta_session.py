"""A `bracket lsp` session that opts in to delta previews (docs/protocol.md, "Delta payloads"):
opens a document big enough for deltas to pay, makes a label edit and inserts a leaf, and
returns every push plus a final full `bracket/preview`. Used by test_schemas.py."""
import run_moves
from lsp_client import LSPClient

URI = "file:///delta-session.bracket"


def grouped_document(groups, extra_lines=()):
    """A root `1` holding groups g0, g1, ... of four leaves each, one node per line (group k
    opens on line 1 + 6k; leaf g0a has the label "Six"), then `extra_lines`, then the closing
    brace. The delta tests here and the page's recorded delta fixtures edit documents of this
    shape (Tests/editors/fixtures/make_delta_fixtures.py)."""
    lines = ["1 {"]
    for group in range(groups):
        lines.append(f"  g{group} {{")
        lines += [f"    g{group}{leaf}" + (' "Six"' if group == 0 and leaf == "a" else "") for leaf in "abcd"]
        lines.append("  }")
    return "\n".join(lines + list(extra_lines) + ["}"]) + "\n"


def document():
    """Ten groups of four leaves."""
    return grouped_document(10)


def insertion(version, line, character, text):
    at = {"line": line, "character": character}
    return {"textDocument": {"uri": URI, "version": version},
            "contentChanges": [{"range": {"start": at, "end": at}, "text": text}]}


def edit_and_collect(client, edits):
    """Sends each edit once the push of the version before it arrived; returns every push up to
    the last edit's."""
    for edit in edits:
        version = edit["textDocument"]["version"]
        client.collect_notifications(
            "bracket/didChangePreview", timeout=10,
            done=lambda seen, v=version - 1: any(p.get("version") == v for p in seen))
        client.notify("textDocument/didChange", edit)
    last = edits[-1]["textDocument"]["version"]
    return client.collect_notifications(
        "bracket/didChangePreview", timeout=10, done=lambda seen: any(p.get("version") == last for p in seen))


def run(binary):
    """Returns (pushes, final full preview result, server exit code)."""
    with LSPClient([binary, "lsp"]) as client:
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                      "initializationOptions": {"preview": {"push": True, "delta": True}}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": URI, "languageId": "bracket", "version": 1, "text": document()}})
        edits = [insertion(2, 2, 12, "x"),                # "Six" -> "Sixx"
                 insertion(3, 60, 0, "    g9e\n"),        # a new last leaf
                 insertion(4, 0, 0, "@root left\n")]      # a settings change: full again
        pushes = edit_and_collect(client, edits)
        final = client.request("bracket/preview", {"textDocument": {"uri": URI}})
        client.request("shutdown", None)
        client.notify("exit", None)
        return pushes, final, client.wait(timeout=5)


def run_with_runs(binary):
    """A client that takes runs and renames (docs/protocol.md, "Runs and renames") and draws from
    the geometry: an ID typed ("g3b" -> "g3bx") and a leaf inserted in the first group, which
    moves every later group down. Returns (pushes, server exit code)."""
    with LSPClient([binary, "lsp"]) as client:
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                      "initializationOptions": {"preview": {"push": True, "delta": True,
                                                                            "svg": False, "runs": True}}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": URI, "languageId": "bracket", "version": 1, "text": document()}})
        edits = [insertion(2, 21, 7, "x"),             # g3b -> g3bx
                 insertion(3, 6, 0, "    g0e\n")]      # a fifth leaf in the first group
        pushes = edit_and_collect(client, edits)
        client.request("shutdown", None)
        client.notify("exit", None)
        return pushes, client.wait(timeout=5)


def runs_document():
    """The text after run_with_runs's edits."""
    lines = document().split("\n")
    lines[21] = lines[21].replace("g3b", "g3bx")
    return "\n".join(lines[:6] + ["    g0e"] + lines[6:])


def full_geometry(binary, text):
    """The geometry of a full `bracket/preview` of `text` from a fresh server that never sent a delta."""
    with LSPClient([binary, "lsp"]) as client:
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": URI, "languageId": "bracket", "version": 1, "text": text}})
        expected = client.request("bracket/preview", {"textDocument": {"uri": URI}})
        client.request("shutdown", None)
        client.notify("exit", None)
        client.wait(timeout=5)
        return expected["geometry"]


def apply_delta(geometry, delta):
    """Applies a delta to geometry JSON like the page does, in the order docs/protocol.md gives:
    renames, removals, additions, runs, changes. The members that name an item and carry its
    geometry, and what a run moves, come from preview.schema.json (run_moves.py)."""
    renamed = {entry["from"]: entry["to"] for entry in delta.get("renamed", [])}
    for key, part_name, definition in (("nodes", "cards", "changedCard"), ("edges", "edges", "changedEdge")):
        item_key, value_key = run_moves.item_members(definition)
        part = delta[part_name]
        items = []
        for item in geometry[key]:
            if item[item_key] in renamed:
                item = dict(item, **{item_key: renamed[item[item_key]]})
            if item[item_key] not in set(part["removed"]):
                items.append(item)
        for entry in part["added"]:
            at = 0 if entry["after"] is None else [i[item_key] for i in items].index(entry["after"]) + 1
            items.insert(at, entry[value_key])
        geometry[key] = items
    cards = [node["id"] for node in geometry["nodes"]]
    edge_at = {edge["child"]: index for index, edge in enumerate(geometry["edges"])}
    for run in delta.get("runs", []):
        first = cards.index(run["first"])
        for index in range(first, first + run["count"]):
            geometry["nodes"][index] = run_moves.moved(geometry["nodes"][index], "node", run)
            edge = edge_at.get(cards[index])
            if edge is not None:
                geometry["edges"][edge] = run_moves.moved(geometry["edges"][edge], "edge", run)
    for key, part_name, definition in (("nodes", "cards", "changedCard"), ("edges", "edges", "changedEdge")):
        item_key, value_key = run_moves.item_members(definition)
        position = {item[item_key]: index for index, item in enumerate(geometry[key])}
        for entry in delta[part_name]["changed"]:
            geometry[key][position[entry[item_key]]] = entry[value_key]
    geometry["width"] = delta["frame"]["width"]
    geometry["height"] = delta["frame"]["height"]
    return geometry
