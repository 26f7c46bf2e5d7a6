"""The loopback page's columns (docs/protocol.md, "Geometry-only payloads") read back as plain
lists, whichever spelling the server chose: a numeric column may be a JSON array or its values
in binary (`{"i32" | "f32" | "f64": base64}`, little-endian, `shift` k beside `i32`: each
integer is the value times 2^k), a card's `lines` may be `0` (its
label as its one line), and `edgeLabels` may be left out (no connector has a label)."""
import base64
import json
import os
import struct

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "schema", "preview.schema.json")


def numeric_columns(schema_path=SCHEMA):
    """The columns the schema lets the server spell in binary (`#/$defs/binaryNumbers`), in the
    schema's order: the one list of them, read rather than repeated here."""
    with open(schema_path, encoding="utf-8") as handle:
        columns = json.load(handle)["$defs"]["geometryColumns"]["properties"]
    return tuple(name for name, member in columns.items()
                 if {"$ref": "#/$defs/binaryNumbers"} in member.get("anyOf", []))


NUMERIC = numeric_columns()
KINDS = {"i32": ("i", 4), "f32": ("f", 4), "f64": ("d", 8)}


def numbers(value):
    """A numeric column as a list of numbers (integers stay integers)."""
    if isinstance(value, list):
        return value
    value = dict(value)
    shift = value.pop("shift", 0)
    (kind, text), = value.items()
    code, size = KINDS[kind]
    data = base64.b64decode(text, validate=True)
    if len(data) % size:
        raise ValueError(f"{kind} column of {len(data)} bytes")
    values = list(struct.unpack(f"<{len(data) // size}{code}", data))
    if shift:
        kind = "f64"
        values = [v / (1 << shift) for v in values]
    # A float that is whole reads as the JSON integer it was spelled as.
    return [int(v) if kind != "i32" and v == int(v) and not (v == 0 and str(v).startswith("-")) else v
            for v in values] if kind != "i32" else values


def decode_columns(columns):
    """A copy of `columns` with every column as the JSON arrays the geometry JSON would give."""
    out = dict(columns)
    for name in NUMERIC:
        if name in out:
            out[name] = numbers(out[name])
    if "lines" in out:
        out["lines"] = [[label] if lines == 0 else lines for lines, label in zip(out["lines"], out["labels"])]
    if "edgeLabels" not in out and "edgeChildren" in out:
        out["edgeLabels"] = [None] * len(out["edgeChildren"])
    return out
