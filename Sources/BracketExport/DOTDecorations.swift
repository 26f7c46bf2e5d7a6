import BracketBytes
import BracketLayout
import BracketModel

// DOT for what the picture draws besides the cards: edge labels and the `@rounds` headers,
// and the edge directions of a two-sided draw.

/// The connectors, parent → child. An edge label becomes an `xlabel` (Graphviz draws `label`
/// on orthogonal edges poorly). In a two-sided draw (`rankdir=LR`) the left half's edges are
/// written child → parent, so its children rank before their parents and that half grows to
/// the left, as in the picture.
func dotEdges(_ diagram: Diagram, _ geometry: Geometry, names: [String]) -> String {
    var out = ""
    let parents = diagram.nodes.parents, labels = diagram.nodes.edgeLabels
    let sides = dotSides(diagram)
    let hidden = geometry.hidesRoot
    for index in parents.indices {
        let parent = Int(parents[index])
        guard parent >= 0, parent < index, !(hidden && parent == 0) else { continue }
        out += sides[index] < 0 ? "  \(names[index]) -> \(names[parent])" : "  \(names[parent]) -> \(names[index])"
        if index < labels.count, let label = labels[index], !label.isEmpty {
            out += " [xlabel=\(dotQuoted(label)), fontname=\(dotQuoted(primaryFontFamily)), fontsize=\(DecimalText.string(geometry.edgeLabelFontSize, decimals: 2))]"
        }
        out += ";\n"
    }
    return out
}

/// The headers as a row of plain-text nodes, one in each level's rank (`rank=same` with the
/// level's cards), chained by invisible edges in the levels' order so they line up; nothing
/// without `@rounds`. Their names start with `#`, which no ID can, so they clash with no card.
func dotHeaderRow(_ diagram: Diagram, _ geometry: Geometry, names: [String]) -> String {
    guard !geometry.headers.isEmpty, geometry.headers.contains(where: { !$0.text.isEmpty }) else { return "" }
    let nodes = diagram.nodes
    let deepest = nodes.depths.map(Int.init).max() ?? 0
    let alignLeaves = diagram.settings.align == .leaves
    let sides = dotSides(diagram)
    let twoSided = diagram.settings.root == .center
    // Each header's slot key: its level, and in a two-sided draw its half.
    func key(level: Int, side: Int8) -> Int { twoSided && level > 0 ? Int(side) * (level + 1) : level }
    var members: [Int: [String]] = [:]
    // Aligned leaves already share the outermost rank (`dotAlignedLeaves`); a node is in one
    // rank group only, so the deepest header joins that group's rank instead.
    let hidden = geometry.hidesRoot
    for index in nodes.indices where !(alignLeaves && nodes.childCounts[index] == 0) && !(hidden && index == 0) {
        members[key(level: Int(nodes.depths[index]), side: sides[index]), default: []].append(names[index])
    }
    var out = "  node [shape=plaintext, style=\"\", fixedsize=false, fontsize=\(DecimalText.string(geometry.headerFontSize, decimals: 2))];\n"
    var headerNames: [String] = []
    for (position, header) in geometry.headers.enumerated() where !(hidden && header.level == 0) {
        let name = dotQuoted("#round-\(position)")
        headerNames.append(name)
        out += "  \(name) [label=\(dotQuoted(header.text))];\n"
        let side: Int8 = !twoSided || header.level == 0 ? 0 : (position < geometry.headers.count / 2 ? -1 : 1)
        if alignLeaves && header.level == deepest && deepest > 0 {
            out += "  { rank=\(side < 0 ? "min" : "max"); \(name); }\n"
        } else {
            let cards = members[key(level: header.level, side: side)] ?? []
            out += "  { rank=same; \(([name] + cards).joined(separator: "; ")); }\n"
        }
    }
    // In the order the levels are drawn, whichever way the ranks run.
    let chain = diagram.settings.root == .right || diagram.settings.root == .bottom ? headerNames.reversed() : headerNames
    if chain.count > 1 { out += "  \(chain.joined(separator: " -> ")) [style=invis];\n" }
    return out
}

/// Each node's half of a two-sided draw: -1 left, +1 right, 0 for a root or a one-sided draw
/// (the first half of the root's children, rounded up, go left, as in the layout).
private func dotSides(_ diagram: Diagram) -> [Int8] {
    let nodes = diagram.nodes
    var sides = [Int8](repeating: 0, count: nodes.count)
    guard diagram.settings.root == .center else { return sides }
    var seen: [Int: Int] = [:]
    for index in nodes.indices {
        let parent = Int(nodes.parents[index])
        guard parent >= 0, parent < index else { continue }
        if nodes.parents[parent] < 0 {
            let ordinal = seen[parent, default: 0] + 1
            seen[parent] = ordinal
            sides[index] = ordinal <= (Int(nodes.childCounts[parent]) + 1) / 2 ? -1 : 1
        } else {
            sides[index] = sides[parent]
        }
    }
    return sides
}

/// With `@align leaves`, every leaf in the outermost rank (like the picture's aligned leaf
/// column); in a two-sided draw the left half's leaves in the first rank and the right half's
/// in the last.
func dotAlignedLeaves(_ diagram: Diagram, names: [String]) -> String {
    guard diagram.settings.align == .leaves else { return "" }
    let nodes = diagram.nodes, sides = dotSides(diagram)
    var out = ""
    for (rank, side) in [("min", Int8(-1)), ("max", Int8(1)), ("max", Int8(0))] {
        let leaves = nodes.indices.filter { nodes.childCounts[$0] == 0 && sides[$0] == side }.map { names[$0] }
        if leaves.count > 1 || (leaves.count == 1 && side != 0) { out += "  { rank=\(rank); \(leaves.joined(separator: "; ")); }\n" }
    }
    return out
}
