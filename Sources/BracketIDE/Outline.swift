import BracketModel
import BracketSyntax

/// One entry of the document outline. The outline is flat and in pre-order; `parent` is the
/// index of the enclosing symbol in the same list (-1 for a root), so a client can nest it
/// without recursion.
public struct OutlineSymbol: Hashable, Sendable {
    public var id: String
    /// The card text (explicit label, or "Node <ID>").
    public var label: String
    /// The whole node: ID, label and block.
    public var range: ByteRange
    /// The ID token.
    public var selectionRange: ByteRange
    public var parent: Int
    public var hasChildren: Bool
}

/// The diagram as a flat pre-order symbol list (the diagram is already pre-order and knows
/// each parent, so no tree walk is needed here).
public func outline(of document: Document) -> [OutlineSymbol] {
    document.diagram().nodes.map { node in
        OutlineSymbol(
            id: node.id, label: node.label, range: node.range, selectionRange: node.idRange,
            parent: node.parent, hasChildren: node.childCount > 0)
    }
}
