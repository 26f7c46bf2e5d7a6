import BracketBytes
import BracketLayout
import BracketModel
import BracketSyntax

/// What hovering an ID shows.
public struct HoverInfo: Hashable, Sendable {
    /// The ID token hovered.
    public var range: ByteRange
    public var markdown: String
}

/// Hover for the ID token at `offset`: label, depth, children, leaves below, and the card
/// centre in content coordinates (the same numbers the preview and the geometry JSON use);
/// for a match in a tree with results, who played, their scores and who advanced.
public func hover(at offset: Int, in document: Document, defaults: LayoutSettings = .tutorial) -> HoverInfo? {
    let diagram = document.diagram(defaults: defaults)
    guard let index = nodeIndex(at: offset, in: diagram) else { return nil }
    let node = diagram.nodes[index]
    var leaves = 0
    for inner in index..<node.subtreeEnd where diagram.nodes.childCounts[inner] == 0 { leaves += 1 }
    let geometry = layout(diagram)
    var lines = ["**\(node.id)** — \(node.label)", ""]
    lines.append("- depth: \(node.depth)")
    lines.append("- children: \(node.childCount)")
    lines.append("- leaves: \(leaves)")
    if index < geometry.cards.count {
        let centre = geometry.cards[index].center
        lines.append("- centre: (\(DecimalText.string(centre.x, decimals: 2)), \(DecimalText.string(centre.y, decimals: 2)))")
    }
    lines.append(contentsOf: matchLines(index, in: diagram))
    return HoverInfo(range: node.idRange, markdown: lines.joined(separator: "\n"))
}

/// The match decided at `index`, when the tree records results: one line per competitor with
/// its score, then who advanced (or that it is still to be decided).
private func matchLines(_ index: Int, in diagram: Diagram) -> [String] {
    let nodes = diagram.nodes
    guard nodes.childCounts[index] > 0, diagram.hasAttributes,
        nodes.isWinners.contains(true) || nodes.isPendings.contains(true)
    else { return [] }
    let children = diagram.children(of: index)
    var lines = ["", children.count == 1 ? "**Bye**" : "**Match**"]
    var advanced: String?
    for child in children {
        let who = nodes.isPendings[child] ? "(to be decided)" : nodes.labels[child]
        let score = nodes.scores[child].map { " — \($0)" } ?? ""
        let mark = nodes.isWinners[child] ? " ✓" : ""
        lines.append("- \(who) (`\(nodes.ids[child])`)\(score)\(mark)")
        if nodes.isWinners[child] { advanced = nodes.labels[child] }
    }
    lines.append("")
    if let advanced, !nodes.isPendings[index] {
        lines.append(children.count == 1 ? "\(advanced) advances without playing." : "\(advanced) advanced.")
    } else {
        lines.append("Still to be decided.")
    }
    return lines
}
