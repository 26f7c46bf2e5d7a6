import BracketLayout
import BracketModel

/// Why a preview update has to carry the whole picture instead of a delta.
public enum PreviewFullReason: String, Sendable, Equatable {
    /// One of the two pictures has no cards (the empty picture has no card groups to patch).
    case empty
    /// Layout settings (sizes, gaps, margin, root side, alignment, title) differ: the style
    /// and every card may change, and the page must be reset anyway.
    case settingsChanged
    /// Two cards share an ID in one of the pictures, so cards cannot be addressed by ID.
    case duplicateIDs
    /// Cards or connectors that survive appear in a different order.
    case reordered
    /// The delta would touch more than the allowed fraction of the picture.
    case tooLarge
}

/// A card in the new picture that is new or differs from the old one.
public struct CardUpdate: Sendable, Equatable {
    /// Index of the card in the new snapshot.
    public var index: Int
    /// False when only the geometry JSON node changed (its parent or ID range), so the SVG
    /// card can stay as it is.
    public var markupChanged: Bool
}

/// What changed between two previews, keyed by node ID (connectors by their child's ID).
/// Lists are in the new picture's order.
public struct PreviewDelta: Sendable, Equatable {
    public var removedCards: [String] = []
    public var changedCards: [CardUpdate] = []
    /// Cards that are new; each goes right after the card before it in the new picture.
    public var addedCards: [Int] = []
    public var removedEdges: [String] = []
    /// Indices into the new `geometry.edges`.
    public var changedEdges: [Int] = []
    public var addedEdges: [AddedEdge] = []

    /// Cards and connectors the delta carries or removes.
    public var itemCount: Int {
        removedCards.count + changedCards.count + addedCards.count
            + removedEdges.count + changedEdges.count + addedEdges.count
    }
}

/// A new connector and the drawn connector it follows (nil: it comes first).
public struct AddedEdge: Sendable, Equatable {
    /// Index into the new `geometry.edges`.
    public var index: Int
    public var after: Int?
}

public enum PreviewUpdate: Sendable, Equatable {
    case full(PreviewFullReason)
    case delta(PreviewDelta)
}

/// Compares two previews of one document. A delta is chosen only when it is addressable by
/// ID, keeps the order of what survives, and touches at most `maxFraction` of the new
/// picture's cards and connectors; otherwise the caller sends the whole payload, which is then
/// about as small and much simpler to apply.
public func previewUpdate(
    from old: PreviewSnapshot, to new: PreviewSnapshot, maxFraction: Double = 0.5
) -> PreviewUpdate {
    guard old.cardCount > 0, new.cardCount > 0 else { return .full(.empty) }
    guard old.diagram.settings == new.diagram.settings, old.geometry.margin == new.geometry.margin else {
        return .full(.settingsChanged)
    }
    guard let oldIndex = old.indexByID, let newIndex = new.indexByID else { return .full(.duplicateIDs) }
    // Compared as doubles: any fraction, even infinity or NaN (no limit / nothing fits), is safe.
    let limit = Double(new.cardCount + new.drawnEdges.count) * maxFraction
    func tooLarge(_ delta: PreviewDelta) -> Bool { !(Double(delta.itemCount) <= limit) }

    var delta = PreviewDelta()
    for index in 0..<old.cardCount where newIndex[old.id(index)] == nil {
        delta.removedCards.append(old.id(index))
    }
    var lastOld = -1
    for index in 0..<new.cardCount {
        guard let before = oldIndex[new.id(index)] else {
            delta.addedCards.append(index)
            continue
        }
        guard before > lastOld else { return .full(.reordered) }
        lastOld = before
        let markupChanged = old.diagram.nodes[before].label != new.diagram.nodes[index].label
            || old.geometry.cards[before] != new.geometry.cards[index]
        if markupChanged || old.parentID(before) != new.parentID(index) || old.ranges[before] != new.ranges[index] {
            delta.changedCards.append(CardUpdate(index: index, markupChanged: markupChanged))
        }
        if tooLarge(delta) { return .full(.tooLarge) }
    }

    // Connectors, keyed by their child's ID (a child has one parent, so one connector).
    var oldEdgeByChild: [String: Int] = [:]
    oldEdgeByChild.reserveCapacity(old.drawnEdges.count)
    for edge in old.drawnEdges { oldEdgeByChild[old.id(old.geometry.edges[edge].child)] = edge }
    var newChildren = Set<String>()
    newChildren.reserveCapacity(new.drawnEdges.count)
    var lastOldEdge = -1
    var previous: Int?
    for edgeIndex in new.drawnEdges {
        defer { previous = edgeIndex }
        let edge = new.geometry.edges[edgeIndex]
        let child = new.id(edge.child)
        newChildren.insert(child)
        guard let before = oldEdgeByChild[child] else {
            delta.addedEdges.append(AddedEdge(index: edgeIndex, after: previous))
            continue
        }
        guard before > lastOldEdge else { return .full(.reordered) }
        lastOldEdge = before
        let oldEdge = old.geometry.edges[before]
        if oldEdge.pointList != edge.pointList || old.id(oldEdge.parent) != new.id(edge.parent) {
            delta.changedEdges.append(edgeIndex)
        }
    }
    for edge in old.drawnEdges {
        let child = old.id(old.geometry.edges[edge].child)
        if !newChildren.contains(child) { delta.removedEdges.append(child) }
    }
    return tooLarge(delta) ? .full(.tooLarge) : .delta(delta)
}
