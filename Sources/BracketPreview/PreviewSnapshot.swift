import BracketExport
import BracketLayout
import BracketModel

/// Everything a preview payload is made of, kept by the server as the base the next delta is
/// computed against: the diagram, its geometry, and each node's ID range already converted to
/// positions. A value: no I/O, no LSP types.
public struct PreviewSnapshot: Sendable {
    public let diagram: Diagram
    public let geometry: Geometry
    /// Index-aligned with the drawn cards (`cardCount` of them).
    public let ranges: [NodeRange]
    /// Cards drawn: like the renderer and the geometry writer, never more than there are
    /// both nodes and cards.
    public let cardCount: Int
    /// Indices into `geometry.edges` of the connectors that are drawn, in drawing order.
    public let drawnEdges: DrawnEdges
    /// False when two cards share an ID: then cards cannot be addressed by ID and every update
    /// is a full one.
    let idsAreUnique: Bool
    /// `diagram.recordsResults`, worked out once: whether cards carry their results.
    public let recordsResults: Bool

    /// `ranges` must hold one entry per drawn card; missing entries read as empty ranges at 0:0,
    /// which only makes the picture's reveal positions wrong, never crashes.
    ///
    /// `idsAreUnique: true` says the caller knows no two nodes share an ID (the document's ID
    /// table), which spares hashing every ID; nil checks.
    public init(diagram: Diagram, geometry: Geometry, ranges: [NodeRange], idsAreUnique known: Bool? = nil) {
        self.diagram = diagram
        self.geometry = geometry
        let count = min(diagram.nodes.count, geometry.cards.count)
        cardCount = count
        let zero = NodeRange(startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 0)
        self.ranges = ranges.count == count ? ranges
            : ranges.count > count ? Array(ranges.prefix(count))
            : ranges + Array(repeating: zero, count: count - ranges.count)
        // The index columns: `geometry.edges[i]` would work out each connector's points. With
        // every card drawn (the usual case) every connector is: its child and parent are cards.
        let edgeCount = geometry.edgeChildren.count
        drawnEdges = count == diagram.nodes.count && count == geometry.cards.count
            ? DrawnEdges(all: edgeCount)
            : DrawnEdges(listed: geometry.edgeChildren.indices.filter {
                Int(geometry.edgeChildren[$0]) < count && Int(geometry.edgeParents[$0]) < count
            })
        idsAreUnique = known ?? Self.unique(diagram.nodes.ids.prefix(count))
        recordsResults = diagram.recordsResults
    }

    private static func unique(_ ids: ArraySlice<String>) -> Bool {
        var seen = Set<String>()
        seen.reserveCapacity(ids.count)
        for id in ids where !seen.insert(id).inserted { return false }
        return true
    }

    /// True when card `index` here and card `other` of `snapshot` show the same attributes: every
    /// way an attribute is stored (`AttributeStorage`) compared, so a declared attribute cannot go
    /// unpushed (AttributeCoverageTests). An edge label belongs to the connector, compared with
    /// connectors.
    func sameAttributes(_ index: Int, as other: Int, of snapshot: PreviewSnapshot) -> Bool {
        for storage in AttributeStorage.allCases {
            switch storage {
            case .score:
                // Scores, outcomes (what `winner` decides), entrants, byes and pending slots.
                guard sameResult(index, as: other, of: snapshot) else { return false }
            case .winner, .edgeLabel:
                continue  // the outcome is compared with the score's results; a label with its connector
            case .scorePart:
                continue  // kept in the drawn columns, compared with them; the slot with the geometry
            case .drawn:
                guard diagram.nodes.drawn.sameRow(index, as: other, of: snapshot.diagram.nodes.drawn) else { return false }
            }
        }
        return true
    }

    /// True when card `index` here and card `other` of `snapshot` show the same results: the
    /// same outcome, score, entrant and bye or pending state (the score slot as drawn is part of
    /// the geometry, compared by `Geometry.sameCard`).
    private func sameResult(_ index: Int, as other: Int, of snapshot: PreviewSnapshot) -> Bool {
        guard recordsResults == snapshot.recordsResults else { return false }
        guard recordsResults else { return true }
        let mine = diagram.nodes, theirs = snapshot.diagram.nodes
        return mine.scores[index] == theirs.scores[other] && mine.isWinners[index] == theirs.isWinners[other]
            && mine.isPendings[index] == theirs.isPendings[other] && mine.isByes[index] == theirs.isByes[other]
            && mine.hasExplicitLabels[index] == theirs.hasExplicitLabels[other]
            && mine.outcome(index) == theirs.outcome(other) && mine.entrantID(index) == theirs.entrantID(other)
    }

    func id(_ index: Int) -> String { diagram.nodes.ids[index] }

    /// The parent's ID as the geometry JSON writes it (nil for a root or a parent not drawn).
    func parentID(_ index: Int) -> String? {
        let parent = Int(diagram.nodes.parents[index])
        return parent >= 0 && parent < cardCount ? diagram.nodes.ids[parent] : nil
    }
}
