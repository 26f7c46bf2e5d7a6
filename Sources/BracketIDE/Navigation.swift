import BracketModel
import BracketSyntax

/// Go-to-definition: the FIRST node spelling the ID under `offset`. A duplicate ID is the same
/// name written twice, and the first writing is the one the diagnostics call the definition.
public func definition(at offset: Int, in document: Document) -> ByteRange? {
    let diagram = document.diagram()
    guard let index = nodeIndex(at: offset, in: diagram) else { return nil }
    return occurrences(of: diagram.nodes[index].id, in: diagram).first
}

/// Every occurrence of the ID under `offset` (the definition included), in document order.
/// Also serves documentHighlight, where every occurrence is highlighted as plain text.
public func references(at offset: Int, in document: Document) -> [ByteRange] {
    let diagram = document.diagram()
    guard let index = nodeIndex(at: offset, in: diagram) else { return [] }
    return occurrences(of: diagram.nodes[index].id, in: diagram)
}
