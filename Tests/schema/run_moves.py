"""How a delta's run moves a card and its connector, read from preview.schema.json
(`#/$defs/run/x-moves`) rather than repeated in each test model; and which members of a changed
or added item carry its key and its geometry (`#/$defs/changedCard`, `changedEdge`).

`MOVES["node"]` and `MOVES["edge"]` map a path of member names (`*`: every item of an array)
to the run member added to that number, or None for a number a run leaves alone.
"""
import json
import os

SCHEMA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "schema")


def _load(name):
    with open(os.path.join(SCHEMA_DIR, f"{name}.schema.json"), encoding="utf-8") as handle:
        return json.load(handle)


PREVIEW = _load("preview")
MOVES = {kind: table for kind, table in PREVIEW["$defs"]["run"]["x-moves"].items() if kind != "description"}
OFFSETS = tuple(name for name in PREVIEW["$defs"]["run"]["properties"] if name not in ("first", "count"))


def item_members(definition):
    """(key member, geometry member) of a delta item definition such as `changedCard`: the
    geometry is the member that refers to geometry.schema.json, the key the other required one."""
    members = PREVIEW["$defs"][definition]["properties"]
    value = next(name for name, member in members.items() if member.get("$ref", "").startswith("geometry.schema.json"))
    key = next(name for name in PREVIEW["$defs"][definition]["required"] if name != value)
    return key, value


# MOVES with each path split once: (kind) -> [(members before the last, last member, offset)],
# only the paths a run moves. Splitting per call was most of a 131,071-card delta's time.
_MOVED_PATHS = {kind: [(tuple(path.split("/")[:-1]), path.split("/")[-1], offset)
                       for path, offset in table.items() if offset is not None]
                for kind, table in MOVES.items()}


def _places(obj, parents, last):
    """(container, member) for every number at the path `parents` + `last` in `obj` (missing
    members skipped)."""
    found = [obj]
    for part in parents:
        deeper = []
        for item in found:
            if part == "*" and isinstance(item, list):
                deeper.extend(item)
            elif isinstance(item, dict) and isinstance(item.get(part), (dict, list)):
                deeper.append(item[part])
        found = deeper
    return [(o, last) for o in found if isinstance(o, dict) and isinstance(o.get(last), (int, float))
            and not isinstance(o.get(last), bool)]


def _number(value):
    return int(value) if float(value).is_integer() else value


def _copy(value):
    """A copy of a JSON value (a geometry node or edge: a few levels of dicts and lists)."""
    if isinstance(value, dict):
        return {key: _copy(member) for key, member in value.items()}
    if isinstance(value, list):
        return [_copy(member) for member in value]
    return value


def moved(obj, kind, run):
    """A copy of `obj` (a geometry `node` or `edge`) moved by `run` (its offsets; absent ones 0)."""
    out = _copy(obj)
    for parents, last, offset in _MOVED_PATHS[kind]:
        if not run.get(offset):
            continue
        for container, member in _places(out, parents, last):
            container[member] = _number(container[member] + run[offset])
    return out


def offsets_between(old, new, kind):
    """The run offsets that take `old` to `new` (a dict of every run member), or None when they
    differ in anything a run does not move, or move two numbers of one offset differently."""
    found, seen = {name: 0 for name in OFFSETS}, set()
    if old == new:  # most cards of an edit's picture did not move
        return found
    for parents, last, offset in _MOVED_PATHS[kind]:
        before, after = _places(old, parents, last), _places(new, parents, last)
        if len(before) != len(after):
            return None
        for (o, m), (n, _) in zip(before, after):
            step = n[m] - o[m]
            if offset in seen and found[offset] != step:
                return None
            found[offset] = step
            seen.add(offset)
    return found if moved(old, kind, found) == new else None


def numeric_paths(definition, schema=None, prefix=""):
    """Every path to a number in a geometry.schema.json definition, as `MOVES` spells them; a
    stack of (schema, path), no recursion."""
    geometry = _load("geometry")
    out, stack = [], [(schema or geometry["$defs"][definition], prefix)]
    while stack:
        node, path = stack.pop()
        ref = node.get("$ref")
        if ref:
            node = geometry["$defs"][ref.split("/")[-1]]
        types = node.get("type")
        types = types if isinstance(types, list) else [types]
        if "number" in types or "integer" in types:
            out.append(path)
        for name, member in node.get("properties", {}).items():
            stack.append((member, f"{path}/{name}" if path else name))
        if isinstance(node.get("items"), dict):
            stack.append((node["items"], f"{path}/*"))
        for choice in node.get("oneOf", []) + node.get("anyOf", []):
            stack.append((choice, path))
    return sorted(out)
