import BracketModel
import BracketSyntax

/// Finds the diagram node whose ID token touches a byte offset: the question behind hover,
/// definition, references, highlight and rename.
public func nodeIndex(at offset: Int, in diagram: Diagram) -> Int? {
    // The range column alone: building whole rows would copy two strings per node scanned.
    diagram.nodes.idRanges.firstIndex { $0.touches(offset) }
}

/// Every ID token spelling `id`, in document order (duplicates included: they are the same name).
public func occurrences(of id: String, in diagram: Diagram) -> [ByteRange] {
    diagram.nodes.indices.filter { diagram.nodes.ids[$0] == id }.map { diagram.nodes.idRanges[$0] }
}

/// The smallest non-negative integer not yet used as an ID, as text: the name a new node or a
/// renamed duplicate can take without clashing.
public func nextFreeID(in diagram: Diagram) -> String {
    let used = Set(diagram.nodes.ids)
    var candidate = 0
    while used.contains(String(candidate)) { candidate += 1 }
    return String(candidate)
}

/// True when `text` is a valid ID (the lexer's rule, `Lexer.isIdentifier`).
public func isValidID(_ text: String) -> Bool {
    Lexer.isIdentifier(text.utf8)
}

/// Applies edits whose ranges all refer to the ORIGINAL text and do not overlap (the LSP
/// convention for one response), by applying them from the last to the first.
public func applying(_ edits: [TextEdit], to text: [UInt8]) -> [UInt8] {
    var result = text
    for edit in edits.sorted(by: { $0.range > $1.range }) {
        let start = min(edit.range.start, result.count)
        let end = min(max(edit.range.end, start), result.count)
        result.replaceSubrange(start..<end, with: edit.replacement)
    }
    return result
}
