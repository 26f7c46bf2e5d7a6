import BracketModel
import BracketText

/// A match's note (`note=…`) as drawn: one line of the edge labels' font beside the join of the
/// match's connectors, in the half of the gap next to the match node's card, just off the
/// connector that runs into that card (above it when levels are columns, to its right when they
/// are rows). The layout makes the room: the gap is widened so the note fits between the bend
/// and the card with clearance (as edge labels widen it in the other half), and the card grows
/// along the leaf axis so the note stays within the card's own band, where no other card,
/// connector or note can be (docs/language.md, "Match notes").
public struct MatchNoteBox: Sendable, Hashable {
    /// The match's node (a card index).
    public var node: Int
    /// The drawn line ("…" at its end when cut).
    public var line: String
    /// The line's measured width at `Geometry.noteFontSize`.
    public var lineWidth: Double
    /// True when the note was cut to fit (`long-note`).
    public var isTruncated: Bool
    /// Centre of the text block, in content coordinates.
    public var center: Point
    /// The text block's size, in whole points.
    public var width: Double
    public var height: Double
}

/// A note measured in pass 2, waiting for its card's place.
struct PendingNote {
    var node: Int
    var text: WrappedText
    var size: Size

    /// Free space between a note and the connector, bend or card beside it.
    static let clearance = 4.0

    /// The notes of `nodes`' matches, measured with `fit`; empty (one look at the drawn
    /// columns) for a diagram without any.
    static func measure(_ nodes: DiagramNodes, count: Int, _ fit: CardTextFit) -> [PendingNote] {
        guard nodes.hasMatchNotes else { return [] }
        let measurer = fit.noteMeasurer
        let height = (measurer.ascent + measurer.descent).rounded(.up)
        var notes: [PendingNote] = []
        for index in 0..<count {
            guard let note = nodes.matchNote(index) else { continue }
            let text = fit.noteLine(note)
            guard let first = text.lineWidths.first, !text.lines.isEmpty else { continue }
            notes.append(PendingNote(node: index, text: text, size: Size(width: first.rounded(.up), height: height)))
        }
        return notes
    }

    /// Grows each noted card along the leaf axis so the note fits in the half of its band on
    /// one side of the connector's line, with clearance.
    static func growCards(_ notes: [PendingNote], _ sizes: inout [Size], axes: LayoutAxes) {
        for note in notes {
            let need = 2 * (axes.leafExtent(note.size) + clearance)
            var size = sizes[note.node]
            if axes.levelsAreColumns { size.height = max(size.height, need) } else { size.width = max(size.width, need) }
            sizes[note.node] = size
        }
    }

    /// The gap each note needs next to its card's level: the note along the depth axis with
    /// clearance at both ends, twice (the bend is in the middle of the gap), in whole points.
    static func gapNeeds(_ notes: [PendingNote], levels: Int, tree: TreeLinks, axes: LayoutAxes) -> [Double] {
        var needs = [Double](repeating: 0, count: levels)
        for note in notes {
            let level = tree.level(note.node)
            guard level < levels else { continue }
            needs[level] = max(needs[level], (2 * (axes.depthExtent(note.size) + 2 * clearance)).rounded(.up))
        }
        return needs
    }
}

extension Geometry {
    /// The notes placed: each beside its card's connector from its first child (the join's
    /// leg into the card), halfway between the bend and the card.
    func placingNotes(_ pending: [PendingNote]) -> [MatchNoteBox] {
        guard !pending.isEmpty else { return [] }
        var boxes: [MatchNoteBox] = []
        boxes.reserveCapacity(pending.count)
        for note in pending {
            let child = Int32(truncatingIfNeeded: note.node + 1)
            let connector = firstIndex(in: edgeChildren.count) { edgeChildren[$0] >= child }
            guard connector < edgeChildren.count, edgeChildren[connector] == child else { continue }
            // As far as the card, drawn or not (a hidden champion's note goes where its card was).
            let points = joinedConnectorPoints(connector)
            let depth = (axes.depthCoordinate(points.2) + axes.depthCoordinate(points.3)) / 2
            let along = axes.leafCoordinate(points.3)
            // Above the leg when levels are columns, to its right when they are rows.
            let centre = axes.levelsAreColumns
                ? Point(x: depth, y: along - PendingNote.clearance - note.size.height / 2)
                : Point(x: along + PendingNote.clearance + note.size.width / 2, y: depth)
            boxes.append(MatchNoteBox(
                node: note.node, line: note.text.lines[0], lineWidth: note.text.lineWidths[0],
                isTruncated: note.text.isTruncated, center: centre, width: note.size.width, height: note.size.height))
        }
        return boxes
    }
}
