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
    /// Each attributed node's `score`, `winner` and `edge`, with their ranges relative to the
    /// node's start (`NodeAttributes.anchored(at:)`).
    var attributes: [Int: NodeAttributes]
    /// The label tokens the results' diagnostics point at (attributed nodes and parents),
    /// relative to their node's start too.
    var labelRanges: [Int: ByteRange]
    var matchDiagnostics: [Int: [Diagnostic]]
    var roomDiagnostics: [Int: [Diagnostic]]
    /// Whether some attribute counts as a result (`NodeAttributes.recordsResult`): a tree whose
    /// result attributes are all malformed (`score` without a value, `winner=1`) has its
    /// attributes kept but no match decided, and so must it stay after an edit.
    var recordsResults: Bool

    /// Every diagnostic, in the whole pass's order.
    var diagnostics: [Diagnostic] {
        guard !matchDiagnostics.isEmpty || !roomDiagnostics.isEmpty else { return [] }
        var all: [Diagnostic] = []
        for key in matchDiagnostics.keys.sorted(by: >) { all += matchDiagnostics[key]! }
        for key in roomDiagnostics.keys.sorted() { all.append(contentsOf: roomDiagnostics[key]!) }
        return all
    }

    /// Moves the kept ranges for an edit that replaced `edit` (old offsets) and changed the
    /// length by `delta`, as `DiagramNodes.shiftOffsets` moves the rows' ranges (a range after
    /// the edit moves, one holding it grows or shrinks). The attributes and labels are anchored
    /// at their nodes' starts, which the rows' shift moves: only those of `owner`, the node whose
    /// header holds the edit (-1 for none), can move within their node. The diagnostics are
    /// moved in place (few, and no string of theirs copied).
    mutating func shiftRanges(after edit: ByteRange, by delta: Int, owner: Int, ownerStart: Int) {
        guard delta != 0 else { return }
        if owner >= 0 {
            let relative = edit.shifted(by: -ownerStart)
            if let node = attributes[owner] { attributes[owner] = node.moved(after: relative, by: delta) }
            if let label = labelRanges[owner] { labelRanges[owner] = label.moved(after: relative, by: delta) }
        }
        func move(_ diagnostic: inout Diagnostic) {
            diagnostic.range = diagnostic.range.moved(after: edit, by: delta)
            for index in diagnostic.related.indices {
                diagnostic.related[index].range = diagnostic.related[index].range.moved(after: edit, by: delta)
            }
        }
        for position in matchDiagnostics.values.indices {
            for index in matchDiagnostics.values[position].indices { move(&matchDiagnostics.values[position][index]) }
        }
        for position in roomDiagnostics.values.indices {
            for index in roomDiagnostics.values[position].indices { move(&roomDiagnostics.values[position][index]) }
        }
    }

    /// Decides `match` again in `nodes` and keeps what it found (the one-token and the
    /// attribute updates both redo their matches through this).
    mutating func redecide(_ match: Int, in nodes: inout DiagramNodes, children: inout [Int]) {
        let found = DiagramResults.resolveMatch(match, &nodes, attributes: attributes, labelRanges: labelRanges,
                                                children: &children)
        matchDiagnostics[match] = found.isEmpty ? nil : found
    }

    /// Works out again whether card `index`'s label still has room beside its score.
    mutating func recheckRoom(of index: Int, in nodes: DiagramNodes, fit: CardTextFit) {
        let found = DiagramResults.scoreRoomDiagnostics(
            index, nodes, fit: fit, attributes: attributes, labelRanges: labelRanges)
        roomDiagnostics[index] = found.isEmpty ? nil : found
    }
}

extension ByteRange {
    /// This range after an edit that replaced `edit` and changed the text's length by `delta`:
    /// a range after the edit moves; one that holds its end keeps its start and moves its end.
    /// A range that starts inside a deletion and ends after it (a result diagnostic at a flag
    /// taken out with its comma) keeps its start and is cut to be no shorter than empty: its
    /// match is decided again by the same edit (`updateResults(afterAttributeEdit:…)`).
    @inline(__always)
    func moved(after edit: ByteRange, by delta: Int) -> ByteRange {
        let newStart = start >= edit.end ? start + delta : start
        let newEnd = end > edit.start && end >= edit.end ? end + delta : end
        return ByteRange(newStart, max(newStart, newEnd))
    }
}
