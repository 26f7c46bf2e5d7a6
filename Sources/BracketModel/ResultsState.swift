import BracketSyntax

/// What the results pass (`DiagramResults`) found for a document's diagram, kept between edits
/// so that a one-token edit works out again only the matches it reaches instead of building
/// and resolving the whole diagram (`Document.updateResults(afterToken:)`).
///
/// The diagnostics are kept by the node they are about: a match's (or a root's) by that node,
/// a `long-label` beside a score slot by its card. Flattened, they come in the order the whole
/// pass finds them (matches from the last node to the first, then cards in order).
struct ResultsState: Sendable {
    /// The resolved diagram's nodes (`Document.diagram(defaults:)` hands them out).
    var nodes: DiagramNodes
    /// Each attributed node's `score`, `winner` and `edge`, with their ranges.
    var attributes: [Int: NodeAttributes]
    /// The label tokens the results' diagnostics point at (attributed nodes and parents).
    var labelRanges: [Int: ByteRange]
    var matchDiagnostics: [Int: [Diagnostic]]
    var roomDiagnostics: [Int: Diagnostic]
    /// Whether some attribute counts as a result (`NodeAttributes.recordsResult`): a tree whose
    /// result attributes are all malformed (`score` without a value, `winner=1`) has its
    /// attributes kept but no match decided, and so must it stay after an edit.
    var recordsResults: Bool

    /// Every diagnostic, in the whole pass's order.
    var diagnostics: [Diagnostic] {
        guard !matchDiagnostics.isEmpty || !roomDiagnostics.isEmpty else { return [] }
        var all: [Diagnostic] = []
        for key in matchDiagnostics.keys.sorted(by: >) { all += matchDiagnostics[key]! }
        for key in roomDiagnostics.keys.sorted() { all.append(roomDiagnostics[key]!) }
        return all
    }

    /// Moves every kept range for an edit that replaced `edit` (old offsets) and changed the
    /// length by `delta`, as `DiagramNodes.shiftOffsets` moves the rows' ranges: a range after
    /// the edit moves, one holding it grows or shrinks. One pass over what is kept (a few
    /// entries a scored node), no text read.
    mutating func shiftRanges(after edit: ByteRange, by delta: Int) {
        guard delta != 0 else { return }
        func moved(_ range: ByteRange) -> ByteRange { range.moved(after: edit, by: delta) }
        for (index, var node) in attributes {
            node.scoreRange = node.scoreRange.map(moved)
            node.winnerRange = node.winnerRange.map(moved)
            attributes[index] = node
        }
        for (index, range) in labelRanges { labelRanges[index] = moved(range) }
        func movedDiagnostic(_ diagnostic: Diagnostic) -> Diagnostic {
            var copy = diagnostic
            copy.range = moved(diagnostic.range)
            copy.related = diagnostic.related.map { RelatedLocation(range: moved($0.range), message: $0.message) }
            return copy
        }
        for (index, found) in matchDiagnostics { matchDiagnostics[index] = found.map(movedDiagnostic) }
        for (index, found) in roomDiagnostics { roomDiagnostics[index] = movedDiagnostic(found) }
    }
}

extension ByteRange {
    /// This range after an edit that replaced `edit` and changed the text's length by `delta`:
    /// a range after the edit moves; one that holds its end keeps its start and moves its end.
    @inline(__always)
    func moved(after edit: ByteRange, by delta: Int) -> ByteRange {
        ByteRange(start >= edit.end ? start + delta : start,
                  end > edit.start && end >= edit.end ? end + delta : end)
    }
}
