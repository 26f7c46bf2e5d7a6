import BracketBytes
import BracketLayout
import BracketModel
import BracketSyntax

/// What hovering an ID shows: a heading (the ID and its card text) and a list of facts, which
/// the server writes as Markdown or as plain text, whichever the client takes.
public struct HoverInfo: Hashable, Sendable {
    /// The ID token hovered.
    public var range: ByteRange
    public var id: String
    public var label: String
    /// Name and value, in display order ("depth", "2").
    public var facts: [Fact]

    public struct Fact: Hashable, Sendable {
        public var name: String
        public var value: String
    }

    public var markdown: String {
        (["**\(id)** — \(label)", ""] + facts.map { "- \($0.name): \($0.value)" }).joined(separator: "\n")
    }

    /// The same content without markup, for clients that show hover text as it is.
    public var plaintext: String {
        (["\(id) — \(label)", ""] + facts.map { "\($0.name): \($0.value)" }).joined(separator: "\n")
    }
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
    var facts = [
        HoverInfo.Fact(name: "depth", value: String(node.depth)),
        HoverInfo.Fact(name: "children", value: String(node.childCount)),
        HoverInfo.Fact(name: "leaves", value: String(leaves)),
    ]
    if index < geometry.cards.count {
        let centre = geometry.cards[index].center
        facts.append(HoverInfo.Fact(name: "centre", value:
            "(\(DecimalText.string(centre.x, decimals: 2)), \(DecimalText.string(centre.y, decimals: 2)))"))
    }
    return HoverInfo(range: node.idRange, id: node.id, label: node.label, facts: facts)
}
