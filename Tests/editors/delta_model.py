"""Pictures of arbitrary trees and the deltas between them, written independently of the server,
for the preview page's tests (Tests/editors/test_preview_runs.py).

A tree is a list of (id, label, depth) in pre-order. `picture(tree, one_line)` lays it out as
the server's default layout does for fixed-size cards (root on the right, leaves in pre-order
one slot apart, a parent centred on its first and last child, 132×44 cards, level gap 64, leaf
gap 28, margin 24) and gives each card the ID range a document written one node per line (or
all on one line) would have. `columns(p)` and `geometry(p)` are its two payload forms (docs/
protocol.md, "Geometry-only payloads"), `delta(old, new, renamed)` the delta between two
pictures with the members of "Delta payloads": `renamed`, removed and added cards and
connectors, `runs` (maximal ranges of cards in the new order that all move by one offset, with
their connectors, as preview.schema.json's run table says: Tests/schema/run_moves.py) and
changed items for everything else.
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "schema"))
import run_moves  # noqa: E402

CARD_W, CARD_H, LEVEL_GAP, LEAF_GAP, MARGIN, FONT = 132, 44, 64, 28, 24, 13
SETTINGS = {"cardWidth": CARD_W, "cardHeight": CARD_H, "levelGap": LEVEL_GAP, "leafGap": LEAF_GAP,
            "margin": MARGIN, "root": "right", "align": "depth", "maxCardWidth": 240, "maxLines": 3,
            "fit": "auto", "titleVisible": True, "labelAlign": "center"}


def subtree_end(tree, i):
    depth = tree[i][2]
    j = i + 1
    while j < len(tree) and tree[j][2] > depth:
        j += 1
    return j


def picture(tree, one_line=False):
    """Cards (dicts in pre-order) and connectors (dicts in card order) of the tree."""
    n = len(tree)
    top = max(d for _, _, d in tree)
    parent, stack = [], []
    for k, (_, _, d) in enumerate(tree):
        del stack[d:]
        parent.append(stack[d - 1] if d > 0 else -1)
        stack.append(k)
    children = [[] for _ in range(n)]
    for k in range(n):
        if parent[k] >= 0:
            children[parent[k]].append(k)
    ys, leaf = [0.0] * n, 0
    for k in range(n):
        if not children[k]:
            ys[k] = CARD_H / 2 + leaf * (CARD_H + LEAF_GAP)
            leaf += 1
    for k in range(n - 1, -1, -1):
        if children[k]:
            ys[k] = (ys[children[k][0]] + ys[children[k][-1]]) / 2
    # The text: one node per line with its closing brace on a line of its own, or all on line 0.
    ranges, line, column, closing = [], 0, 0, []
    for k, (ident, label, d) in enumerate(tree):
        while closing and closing[-1] >= d:
            closing.pop()
            if one_line:
                column += 2  # "} "
            else:
                line += 1
        start = column if one_line else 2 * d
        ranges.append([line, start, line, start + len(ident)])
        if one_line:
            column = start + len(ident) + len(label) + 4 + (2 if children[k] else 0)  # id "label" { 
        else:
            line += 1
        if children[k]:
            closing.append(d)
    cards = []
    for k, (ident, label, d) in enumerate(tree):
        cards.append({"id": ident, "label": label, "x": CARD_W / 2 + (top - d) * (CARD_W + LEVEL_GAP), "y": ys[k],
                      "depth": d, "parent": tree[parent[k]][0] if parent[k] >= 0 else None, "range": ranges[k]})
    edges = []
    for k in range(n):
        p = parent[k]
        if p < 0:
            continue
        start = cards[k]["x"] + CARD_W / 2
        half = LEVEL_GAP / 2
        edges.append({"child": tree[k][0], "parent": tree[p][0],
                      "points": [start, ys[k], start + half, ys[k], start + half, ys[p], cards[p]["x"] - CARD_W / 2, ys[p]]})
    width = CARD_W + top * (CARD_W + LEVEL_GAP)
    height = leaf * (CARD_H + LEAF_GAP) - LEAF_GAP
    return {"cards": cards, "edges": edges, "width": width, "height": height}


def _frame(p):
    return {"width": p["width"], "height": p["height"], "svgWidth": p["width"] + 2 * MARGIN,
            "svgHeight": p["height"] + 2 * MARGIN,
            "desc": f'<desc id="bracket-desc">Tree diagram with {len(p["cards"])} cards</desc>'}


def _number(value):
    return int(value) if float(value).is_integer() else value


def node_of(card):
    r = card["range"]
    return {"id": card["id"], "label": card["label"], "x": _number(card["x"]), "y": _number(card["y"]),
            "width": CARD_W, "height": CARD_H, "lines": [card["label"]], "truncated": False, "depth": card["depth"],
            "parent": card["parent"],
            "range": {"start": {"line": r[0], "character": r[1]}, "end": {"line": r[2], "character": r[3]}}}


def edge_of(edge):
    pts = edge["points"]
    return {"child": edge["child"], "parent": edge["parent"],
            "points": [{"x": _number(pts[2 * q]), "y": _number(pts[2 * q + 1])} for q in range(4)]}


def columns(p):
    cards = p["cards"]
    index = {c["id"]: k for k, c in enumerate(cards)}
    return {"width": p["width"], "height": p["height"], "margin": MARGIN, "fontSize": FONT, "settings": SETTINGS,
            "count": len(cards), "ids": [c["id"] for c in cards], "labels": [c["label"] for c in cards],
            "x": [_number(c["x"]) for c in cards], "y": [_number(c["y"]) for c in cards],
            "depths": [c["depth"] for c in cards], "widths": [CARD_W] * len(cards), "heights": [CARD_H] * len(cards),
            "lines": [[c["label"]] for c in cards], "ranges": [v for c in cards for v in c["range"]],
            "edgeChildren": [index[e["child"]] for e in p["edges"]],
            "edgePoints": [_number(v) for e in p["edges"] for v in e["points"]]}


def geometry(p):
    return {"width": p["width"], "height": p["height"], "margin": MARGIN, "fontSize": FONT, "settings": SETTINGS,
            "nodes": [node_of(c) for c in p["cards"]], "edges": [edge_of(e) for e in p["edges"]]}


def full_payload(p, version, uri, as_columns=True):
    picture_part = {"svgWidth": p["width"] + 2 * MARGIN, "svgHeight": p["height"] + 2 * MARGIN,
                    "title": "Bracket diagram", "desc": _frame(p)["desc"], "style": ""}
    message = {"uri": uri, "version": version, "sequence": version, "picture": picture_part,
               "diagnostics": {"errors": 0, "warnings": 0}}
    message["columns" if as_columns else "geometry"] = columns(p) if as_columns else geometry(p)
    return message


def _shift(old, new, old_edge, new_edge):
    """The run offsets (dx, dy, lines, characters, depth) taking card `old` and its connector to
    `new` and its connector, as preview.schema.json's run table says a run moves them
    (run_moves.py), or None when anything else differs."""
    offsets = run_moves.offsets_between(node_of(old), dict(node_of(new), id=old["id"]), "node")
    if offsets is None or (old_edge is None) != (new_edge is None):
        return None
    if new_edge is not None:
        before = dict(edge_of(old_edge), child=new_edge["child"], parent=new_edge["parent"])
        if (run_moves.moved(before, "edge", offsets) if any(offsets.values()) else before) != edge_of(new_edge):
            return None
    return tuple(offsets[name] for name in run_moves.OFFSETS)


def delta(old, new, renamed, rng=None, overrides=False, runs_allowed=True):
    """The delta from picture `old` to `new`; `renamed` maps old IDs to new ones. With `rng`
    and `overrides`, some cards in runs are also listed as changed (absolute values that
    override the run, as the protocol allows). Without `runs_allowed` (a client that did not opt
    in: pass no renames either) every moved card and connector is listed as changed."""
    back = {to: frm for frm, to in renamed.items()}
    old_cards = {c["id"]: c for c in old["cards"]}
    old_edges = {e["child"]: e for e in old["edges"]}
    new_edges = {e["child"]: e for e in new["edges"]}
    new_ids = {c["id"] for c in new["cards"]}

    def before(ident):  # the old card of a new ID
        return old_cards.get(back.get(ident, ident))

    removed = [c["id"] for c in old["cards"] if renamed.get(c["id"], c["id"]) not in new_ids]
    added, changed, runs = [], [], []
    edges_added, edges_changed = [], []
    previous = None
    run = None  # [first id, count, offset, last index]
    in_runs = set()
    for k, card in enumerate(new["cards"]):
        was = before(card["id"])
        if was is None:
            added.append({"id": card["id"], "after": previous, "node": node_of(card)})
            run = None
        else:
            offset = _shift(was, card, old_edges.get(was["id"]), new_edges.get(card["id"]))
            if offset is None:
                changed.append({"id": card["id"], "node": node_of(card)})
                run = None
            elif not any(offset):
                run = None
            elif not runs_allowed:
                changed.append({"id": card["id"], "node": node_of(card)})
                run = None
            else:
                if run is not None and run[2] == offset and run[3] == k - 1:
                    run[1] += 1
                    run[3] = k
                else:
                    run = [card["id"], 1, offset, k]
                    runs.append(run)
                in_runs.add(card["id"])
                if overrides and rng is not None and rng.random() < 0.05:
                    changed.append({"id": card["id"], "node": node_of(card)})
        previous = card["id"]
    old_edge_keys = {renamed.get(e["child"], e["child"]) for e in old["edges"]}
    edges_removed = [e["child"] for e in old["edges"] if renamed.get(e["child"], e["child"]) not in new_edges]
    previous = None
    for edge in new["edges"]:
        ident = edge["child"]
        if ident not in old_edge_keys:
            edges_added.append({"child": ident, "after": previous, "edge": edge_of(edge)})
        elif ident not in in_runs:  # a card in a run brings its connector along
            was = old_edges[back.get(ident, ident)]
            if was["points"] != edge["points"] or was["parent"] != edge["parent"]:  # a renamed parent too
                edges_changed.append({"child": ident, "edge": edge_of(edge)})
        previous = ident
    result = {"frame": _frame(new), "cards": {"removed": removed, "changed": changed, "added": added},
              "edges": {"removed": edges_removed, "changed": edges_changed, "added": edges_added}}
    if renamed:
        result["renamed"] = [{"from": frm, "to": to} for frm, to in renamed.items()]
    if runs:
        result["runs"] = []
        for first, count, offset, _ in runs:
            entry = {"first": first, "count": count}
            for name, value in zip(run_moves.OFFSETS, offset):
                if value != 0:
                    entry[name] = _number(value)
            result["runs"].append(entry)
    return result


class Edits:
    """Random edits of a tree, each returning the renames it made."""

    def __init__(self, rng):
        self.rng = rng
        self.fresh = 0

    def new_id(self):
        self.fresh += 1
        return f"x{self.fresh}"

    def label(self, tree):
        i = self.rng.randrange(len(tree))
        ident, label, d = tree[i]
        tree[i] = (ident, label + self.rng.choice("abc"), d)
        return {}

    def rename(self, tree):
        i = self.rng.randrange(len(tree))
        ident, label, d = tree[i]
        to = self.new_id() + ("" if self.rng.random() < 0.5 else "long")
        tree[i] = (to, label, d)
        return {ident: to}

    def insert(self, tree):
        i = self.rng.randrange(len(tree))
        d = tree[i][2]
        if i == 0 or self.rng.random() < 0.5:
            tree.insert(i + 1, (self.new_id(), "New", d + 1))  # a first child
        else:
            tree.insert(subtree_end(tree, i), (self.new_id(), "New", d))  # the next sibling
        return {}

    def delete(self, tree):
        if len(tree) < 3:
            return {}
        i = self.rng.randrange(1, len(tree))
        del tree[i:subtree_end(tree, i)]
        return {}

    def wrap(self, tree):
        i = self.rng.randrange(1, len(tree))
        end = subtree_end(tree, i)
        d = tree[i][2]
        tree[i:end] = [(self.new_id(), "Group", d)] + [(a, b, c + 1) for a, b, c in tree[i:end]]
        return {}

    def unwrap(self, tree):
        inner = [i for i in range(1, len(tree) - 1) if tree[i + 1][2] > tree[i][2]]
        if not inner:
            return {}
        i = self.rng.choice(inner)
        end = subtree_end(tree, i)
        tree[i:end] = [(a, b, c - 1) for a, b, c in tree[i + 1:end]]
        return {}

    def random(self, tree):
        kind = self.rng.choice(["label", "rename", "rename", "insert", "insert", "delete", "wrap", "unwrap"])
        return kind, getattr(self, kind)(tree)


def complete_tree(n):
    """The complete binary tree of n nodes (heap numbering: n1's children n2 and n3), in
    pre-order, as (id, label, depth) rows; a stack, no recursion."""
    out, stack = [], [(1, 0)]
    while stack:
        i, depth = stack.pop()
        out.append((f"n{i}", f"Node {i}", depth))
        stack.extend((c, depth + 1) for c in (2 * i + 1, 2 * i) if c <= n)
    return out


def random_tree(rng, n):
    tree = [("r", "Root", 0)]
    for k in range(1, n):
        i = rng.randrange(len(tree))
        tree.insert(subtree_end(tree, i), (f"n{k}", f"Node {k}", tree[i][2] + 1))
    return tree
