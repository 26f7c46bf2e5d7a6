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
    // Typing changes a small stretch of the tree: cards before and after it keep their IDs and
    // positions in the list, so they are paired by position and only the stretch in between is
    // looked up by ID (hashing every ID on every push cost more than the rest of the diff).
    let cards = commonEnds(old.cardCount, new.cardCount) { old.id($0) == new.id($1) }
    let oldMiddle = cards.prefix..<(old.cardCount - cards.suffix)
    for index in oldMiddle where newIndex[old.id(index)] == nil {
        delta.removedCards.append(old.id(index))
    }
    var lastOld = -1
    for index in 0..<new.cardCount {
        let before: Int
        if index < cards.prefix {
            before = index
        } else if index >= new.cardCount - cards.suffix {
            before = index - new.cardCount + old.cardCount
        } else if let found = oldIndex[new.id(index)] {
            before = found
        } else {
            delta.addedCards.append(index)
            continue
        }
        guard before > lastOld else { return .full(.reordered) }
        lastOld = before
        let markupChanged = old.geometry.cards[before] != new.geometry.cards[index]
            || old.diagram.nodes[before].label != new.diagram.nodes[index].label
        if markupChanged || old.ranges[before] != new.ranges[index] || old.parentID(before) != new.parentID(index) {
            delta.changedCards.append(CardUpdate(index: index, markupChanged: markupChanged))
            if tooLarge(delta) { return .full(.tooLarge) }
        }
    }

    // Connectors, keyed by their child's ID (a child has one parent, so one connector); paired
    // by position at both ends like the cards. With unique IDs a child in the middle stretch
    // cannot also have a connector at either end, so the middle is compared on its own.
    func oldChild(_ position: Int) -> String { old.id(old.geometry.edges[old.drawnEdges[position]].child) }
    func newChild(_ position: Int) -> String { new.id(new.geometry.edges[new.drawnEdges[position]].child) }
    let oldEdgeCount = old.drawnEdges.count, newEdgeCount = new.drawnEdges.count
    let edges = commonEnds(oldEdgeCount, newEdgeCount) { oldChild($0) == newChild($1) }
    let oldEdgeMiddle = edges.prefix..<(oldEdgeCount - edges.suffix)
    var oldEdgeByChild: [String: Int] = [:]
    for position in oldEdgeMiddle { oldEdgeByChild[oldChild(position)] = position }
    var newMiddleChildren = Set<String>()
    var lastOldEdge = -1
    for position in 0..<newEdgeCount {
        let before: Int
        if position < edges.prefix {
            before = position
        } else if position >= newEdgeCount - edges.suffix {
            before = position - newEdgeCount + oldEdgeCount
        } else {
            let child = newChild(position)
            newMiddleChildren.insert(child)
            guard let found = oldEdgeByChild[child] else {
                delta.addedEdges.append(AddedEdge(index: new.drawnEdges[position],
                                                  after: position > 0 ? new.drawnEdges[position - 1] : nil))
                continue
            }
            before = found
        }
        guard before > lastOldEdge else { return .full(.reordered) }
        lastOldEdge = before
        let oldEdge = old.geometry.edges[old.drawnEdges[before]]
        let edge = new.geometry.edges[new.drawnEdges[position]]
        if !samePoints(oldEdge, edge) || old.id(oldEdge.parent) != new.id(edge.parent) {
            delta.changedEdges.append(new.drawnEdges[position])
            if tooLarge(delta) { return .full(.tooLarge) }
        }
    }
    for position in oldEdgeMiddle where !newMiddleChildren.contains(oldChild(position)) {
        delta.removedEdges.append(oldChild(position))
    }
    return tooLarge(delta) ? .full(.tooLarge) : .delta(delta)
}

/// How many keys at the start and at the end of two sequences pair up (`same(old, new)`), the
/// two runs never overlapping.
func commonEnds(_ oldCount: Int, _ newCount: Int, same: (Int, Int) -> Bool) -> (prefix: Int, suffix: Int) {
    var prefix = 0
    while prefix < oldCount, prefix < newCount, same(prefix, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < oldCount - prefix, suffix < newCount - prefix,
          same(oldCount - 1 - suffix, newCount - 1 - suffix) { suffix += 1 }
    return (prefix, suffix)
}

/// The four points compared in place (`pointList` would allocate two arrays per connector).
func samePoints(_ a: Edge, _ b: Edge) -> Bool {
    a.points.0 == b.points.0 && a.points.1 == b.points.1 && a.points.2 == b.points.2 && a.points.3 == b.points.3
}
