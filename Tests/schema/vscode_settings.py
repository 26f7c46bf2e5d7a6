"""Compares VS Code's `bracket.layout.*` configuration with settings.schema.json, so the editor
offers exactly the keys, types, enums, defaults and ranges the server accepts."""

CHECKED = ("type", "enum", "default", "minimum", "maximum")


def resolve(schema, node):
    """Follows local `#/$defs/...` references and merges the referring schema's own keywords."""
    merged = {}
    while True:
        merged = {**node, **merged}
        ref = node.get("$ref")
        if not ref:
            break
        assert ref.startswith("#/"), f"unexpected reference {ref}"
        node = schema
        for part in ref[2:].split("/"):
            node = node[part]
    merged.pop("$ref", None)
    return merged


def check_vscode_configuration(package, settings_schema):
    properties = package["contributes"]["configuration"]["properties"]
    vscode = {k[len("bracket.layout."):]: v for k, v in properties.items() if k.startswith("bracket.layout.")}
    layout = settings_schema["$defs"]["layout"]["properties"]
    assert set(vscode) == set(layout), \
        f"keys differ: only in package.json {sorted(set(vscode) - set(layout))}, only in schema {sorted(set(layout) - set(vscode))}"
    problems = []
    for key, entry in layout.items():
        expected = resolve(settings_schema, entry)
        for field in CHECKED:
            if expected.get(field) != vscode[key].get(field):
                problems.append(f"{key}.{field}: package.json {vscode[key].get(field)!r}, schema {expected.get(field)!r}")
    assert not problems, "; ".join(problems)
