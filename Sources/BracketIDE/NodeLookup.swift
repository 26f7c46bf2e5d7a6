import BracketModel
import BracketSyntax

/// Finds the diagram node whose ID token touches a byte offset: the question behind hover,
/// definition, references, highlight and rename.
public func nodeIndex(at offset: Int, in diagram: Diagram) -> Int? {
    diagram.nodes.firstIndex { $0.idRange.touches(offset) }
}
