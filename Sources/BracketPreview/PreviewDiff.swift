import BracketLayout
import BracketModel

/// Why a preview update has to carry the whole picture instead of a delta.
public enum PreviewFullReason: String, Sendable, Equatable {
    /// One of the two pictures has no cards (the empty picture has no card groups to patch).
    case empty
    /// Layout settings (sizes, gaps, margin, root side, alignment, title) differ: the style
    /// and every card may change, and the page must be reset anyway.
    case settingsChanged
    /// Level headers, edge labels or the gaps they widened differ: they are drawn outside the
    /// cards and connectors a delta addresses, so the whole picture goes.
    case decorationsChanged
    /// The tree started or stopped recording results: the style sheet gains or loses the
    /// results rules and every card's markup changes.
    case styleChanged
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
    /// Cards whose ID was edited, in drawing order (only for clients that take runs).
    public var renamedCards: [CardRename] = []
    /// Stretches of cards that moved by one offset, in drawing order (only for clients that
    /// take runs).
    public var runs: [CardRun] = []

    /// Cards and connectors the delta carries or removes; a rename and a run count one each.
    public var itemCount: Int {
        removedCards.count + changedCards.count + addedCards.count
            + removedEdges.count + changedEdges.count + addedEdges.count + renamedCards.count + runs.count
    }
}

/// A card that keeps its place and takes a new ID (an ID edited in place), and its connector.
public struct CardRename: Sendable, Equatable {
    /// Index of the card in the new snapshot (which holds the new ID).
    public var index: Int
    /// The card's ID in the old picture.
    public var from: String
}

/// `count` cards that follow one another in the new drawing order, from `first`, each moved by
/// the same offset with nothing else changed: its centre and its connector's points by (dx,
/// dy), its ID range by `lines` lines and `characters` characters, its depth by `depth`.
public struct CardRun: Sendable, Equatable {
    /// Index in the new snapshot of the run's first card.
    public var first: Int
    public var count: Int
    public var dx: Double
    public var dy: Double
    public var lines: Int
    public var characters: Int
    public var depth: Int
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
///
/// `runs: true` (a client that applies `renamed` and `runs`, docs/protocol.md "Runs and
/// renames") lets the delta carry an edited ID as a rename and cards that all moved by one
/// offset as runs (`previewUpdateWithRuns`); without it the answer is exactly the one clients
/// have always got.
public func previewUpdateByPairingIDs(
    from old: PreviewSnapshot, to new: PreviewSnapshot, maxFraction: Double = 0.5, runs: Bool = false
) -> PreviewUpdate {
    if let reason = fullReason(from: old, to: new, runs: runs) { return .full(reason) }
    if runs { return previewUpdateWithRuns(from: old, to: new, maxFraction: maxFraction) }
    // Compared as doubles: any fraction, even infinity or NaN (no limit / nothing fits), is safe.
    let limit = Double(new.cardCount + new.drawnEdges.count) * maxFraction
    func tooLarge(_ delta: PreviewDelta) -> Bool { !(Double(delta.itemCount) <= limit) }

    var delta = PreviewDelta()
    // Cards, keyed by ID.
    let cards = pairByKey(
        oldCount: old.cardCount, newCount: new.cardCount, oldKey: old.id, newKey: new.id,
        removed: { delta.removedCards.append(old.id($0)) },
        added: { index, _ in delta.addedCards.append(index) },
        paired: { before, index in
            let markupChanged = !old.geometry.sameCard(before, as: index, of: new.geometry)
                || old.diagram.nodes.labels[before] != new.diagram.nodes.labels[index]
                || !old.sameAttributes(before, as: index, of: new)
            if markupChanged || old.ranges[before] != new.ranges[index] || old.parentID(before) != new.parentID(index) {
                delta.changedCards.append(CardUpdate(index: index, markupChanged: markupChanged))
                return !tooLarge(delta)
            }
            return true
        })
    if let cards { return .full(cards) }

    // Connectors, keyed by their child's ID (a child has one parent, so one connector).
    func oldChild(_ position: Int) -> String { old.id(Int(old.geometry.edgeChildren[old.drawnEdges[position]])) }
    func newChild(_ position: Int) -> String { new.id(Int(new.geometry.edgeChildren[new.drawnEdges[position]])) }
    let edges = pairByKey(
        oldCount: old.drawnEdges.count, newCount: new.drawnEdges.count, oldKey: oldChild, newKey: newChild,
        removed: { delta.removedEdges.append(oldChild($0)) },
        added: { position, previous in
            delta.addedEdges.append(AddedEdge(index: new.drawnEdges[position], after: previous.map { new.drawnEdges[$0] }))
        },
        paired: { before, position in
            let oldEdge = old.drawnEdges[before], edge = new.drawnEdges[position]
            let moved = !connectorMoved(oldEdge: oldEdge, of: old.geometry, to: edge, of: new.geometry, dx: 0, dy: 0)
            if moved || old.id(Int(old.geometry.edgeParents[oldEdge])) != new.id(Int(new.geometry.edgeParents[edge])) {
                delta.changedEdges.append(edge)
                return !tooLarge(delta)
            }
            return true
        })
    if let edges { return .full(edges) }
    return tooLarge(delta) ? .full(.tooLarge) : .delta(delta)
}

/// Why no delta can say what changed between the two pictures, or nil.
///
/// With `runs`, a level added or removed at the deep end (a subtree wrapped in a new parent
/// below the deepest level so far, or its undo) is no reason: its gap is drawn nowhere but in
/// the positions of cards and connectors, which the delta carries. Without it the rule is the
/// one clients have always had: any change of the level gaps sends the whole picture.
func fullReason(from old: PreviewSnapshot, to new: PreviewSnapshot, runs: Bool = false) -> PreviewFullReason? {
    guard old.cardCount > 0, new.cardCount > 0 else { return .empty }
    guard old.diagram.settings == new.diagram.settings, old.geometry.margin == new.geometry.margin else {
        return .settingsChanged
    }
    guard runs ? sameDrawnDecorations(old.geometry, new.geometry) : old.geometry.sameDecorations(as: new.geometry)
    else { return .decorationsChanged }
    // A change of the class rules alone goes in the delta's frame (`style`); a picture that
    // loses its last class sends the whole one, as its frame then carries no style.
    guard old.recordsResults == new.recordsResults, new.classSheet.isEmpty == old.classSheet.isEmpty || !new.classSheet.isEmpty
    else { return .styleChanged }
    guard old.idsAreUnique, new.idsAreUnique else { return .duplicateIDs }
    return nil
}

/// `Geometry.sameDecorations`, but with the level gaps compared only on the levels both
/// pictures have, and without the edge labels: for a client that takes runs an edge label goes
/// with its connector (a run moves it, a changed or added connector carries it), so the diffs
/// compare it with the connector (`connectorMoved`). Match notes are compared whole: a delta
/// never carries one.
private func sameDrawnDecorations(_ old: Geometry, _ new: Geometry) -> Bool {
    let common = min(old.levelGaps.count, new.levelGaps.count)
    return old.headers == new.headers && old.notes == new.notes
        && old.headerFontSize == new.headerFontSize && old.edgeLabelFontSize == new.edgeLabelFontSize
        && old.levelGaps.prefix(common) == new.levelGaps.prefix(common)
}

/// Pairs two lists of uniquely keyed items (cards by ID, connectors by child ID), reporting
/// each old item that is gone, each new one (with the new item before it), and each pair.
///
/// Typing changes a small stretch of the tree: items before and after it keep their keys and
/// positions, so they are paired by position and only the stretch in between is looked up by
/// key (hashing every key on every push cost more than the rest of the diff). With unique keys
/// an item of the middle stretch cannot pair with one at either end, so the middle is compared
/// on its own. Returns why a delta cannot be used (surviving items reordered, or `paired`
/// returned false because the delta grew too large), or nil.
func pairByKey(
    oldCount: Int, newCount: Int, oldKey: (Int) -> String, newKey: (Int) -> String,
    removed: (Int) -> Void, added: (_ index: Int, _ previous: Int?) -> Void, paired: (_ old: Int, _ new: Int) -> Bool
) -> PreviewFullReason? {
    let ends = commonEnds(oldCount, newCount) { oldKey($0) == newKey($1) }
    let oldMiddle = ends.prefix..<(oldCount - ends.suffix)
    var oldByKey: [String: Int] = [:]
    oldByKey.reserveCapacity(oldMiddle.count)
    for position in oldMiddle { oldByKey[oldKey(position)] = position }
    var newMiddleKeys = Set<String>()
    var lastOld = -1
    for position in 0..<newCount {
        let before: Int
        if position < ends.prefix {
            before = position
        } else if position >= newCount - ends.suffix {
            before = position - newCount + oldCount
        } else {
            let key = newKey(position)
            newMiddleKeys.insert(key)
            guard let found = oldByKey[key] else {
                added(position, position > 0 ? position - 1 : nil)
                continue
            }
            before = found
        }
        guard before > lastOld else { return .reordered }
        lastOld = before
        if !paired(before, position) { return .tooLarge }
    }
    for position in oldMiddle where !newMiddleKeys.contains(oldKey(position)) { removed(position) }
    return nil
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
