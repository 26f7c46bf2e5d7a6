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
/// centre in content coordinates (the same numbers the preview and the geometry JSON use).
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
    return HoverInfo(range: node.idRange, markdown: lines.joined(separator: "\n"))
}
