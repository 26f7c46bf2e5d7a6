import BracketExport
import BracketLayout
import BracketModel
import BracketSyntax

/// The diff for clients that take `renamed` and `runs` (docs/protocol.md, "Runs and renames").
///
/// Cards are paired by ID as in the plain diff (the ends by position, the middle stretch by
/// key). An old card and a new card left unpaired alone between the same paired neighbours
/// are one card whose ID was edited: a rename. Then each paired card, in the new drawing order,
/// is unchanged, moved by an offset with nothing else changed (joining the run of the card
/// before it when the offset is the same), or changed, as today; added cards are added.
/// Everything is decided from the columns, in one pass over the cards.
func previewUpdateWithRuns(from old: PreviewSnapshot, to new: PreviewSnapshot, maxFraction: Double) -> PreviewUpdate {
    var pairs = [Int32](repeating: -1, count: new.cardCount)
    var removed: [Int] = []
    let order = pairByKey(
        oldCount: old.cardCount, newCount: new.cardCount, oldKey: old.id, newKey: new.id,
        removed: { removed.append($0) }, added: { _, _ in },
        paired: { before, index in
            pairs[index] = Int32(truncatingIfNeeded: before)
            return true
        })
    if let order { return .full(order) }
    let renamed = pairRenames(&pairs, oldCount: old.cardCount)
    if !renamed.isEmpty {
        var kept = Set<Int>()
        for index in renamed { kept.insert(Int(pairs[index])) }
        removed.removeAll { kept.contains($0) }
    }
    var differ = RunDiff(old: old, new: new, pairing: .table(pairs), renamed: renamed, maxFraction: maxFraction)
    return differ.run(removed: removed, known: nil)
}

/// `previewUpdateOfChangedCards(from:to:changed:)` for clients that take runs: the same promise (the new
/// picture is the old one with only the `changed` cards' text or ID different, ID ranges
/// anywhere), so every other card is compared by its ID range alone. A one-line file's label
/// keystroke moves every later ID by some characters: one run instead of a card each.
///
/// `ranges`, when the caller knows it (ascending: the only cards whose ID range can differ), and
/// the renamed card's children (their parent has another ID) are then, with `changed`, the only
/// cards visited: an ID keystroke's diff no longer compares every card's range and parent.
func previewUpdateWithRuns(
    from old: PreviewSnapshot, to new: PreviewSnapshot, changed: [Int], rename: Int, ranges: [Int]? = nil,
    maxFraction: Double
) -> PreviewUpdate {
    var differ = RunDiff(old: old, new: new, pairing: .same, renamed: rename >= 0 ? [rename] : [], maxFraction: maxFraction)
    let visited = ranges.map { ranges in
        var named = ranges
        let ends = new.diagram.nodes.subtreeEnds
        if rename >= 0, rename < ends.count {
            var child = rename + 1
            while child < Int(ends[rename]) {
                named.append(child)
                child = max(Int(ends[child]), child + 1)
            }
            named.sort()
        }
        return mergedAscending(changed, named, below: new.cardCount)
    }
    return differ.run(removed: [], known: changed, visiting: visited)
}

/// Pairs each gap of exactly one unpaired new card between paired neighbours (or an end) with
/// the one unpaired old card between the same neighbours: an ID edited in place. Returns the
/// new indices of those cards, ascending. Only the unpaired stretch is looked at beyond one
/// pass over `pairs`.
private func pairRenames(_ pairs: inout [Int32], oldCount: Int) -> [Int] {
    var renamed: [Int] = []
    var index = 0
    let count = pairs.count
    while index < count {
        guard pairs[index] < 0 else { index += 1; continue }
        var end = index + 1
        while end < count, pairs[end] < 0 { end += 1 }
        let before = index > 0 ? Int(pairs[index - 1]) : -1
        let after = end < count ? Int(pairs[end]) : oldCount
        if end - index == 1, after - before == 2 {
            pairs[index] = Int32(truncatingIfNeeded: before + 1)
            renamed.append(index)
        }
        index = end
    }
    return renamed
}

/// Which old card each new card is.
enum RunPairing {
    /// For each new card, the old card it is, or -1 (added).
    case table([Int32])
    /// Every card is the old card of the same index (the known-change diff).
    case same
    /// The old cards `low..<low + removed` were replaced by the new `low..<low + inserted`
    /// (a diagram splice); the others are the same cards, those after it renumbered.
    case splice(low: Int, removed: Int, inserted: Int)
}

/// One pass over the new cards with their pairing, building the delta (or, for a structural
/// edit, a visit of the cards it names, `PreviewDiff+Structure.swift`). The columns it reads
/// for every card are held here once: reaching them through the snapshots copied a whole
/// `Geometry` (and retained each of its arrays) per card, which was most of the diff.
struct RunDiff {
    let old: PreviewSnapshot
    let new: PreviewSnapshot
    let oldGeometry: Geometry
    let newGeometry: Geometry
    let oldCentres: [Point], newCentres: [Point]
    let oldSizes: [Size], newSizes: [Size]
    let oldDepths: [Int32], newDepths: [Int32]
    let oldParents: [Int32], newParents: [Int32]
    let oldRanges: [NodeRange], newRanges: [NodeRange]
    let oldLabels: [String], newLabels: [String]
    let oldCount: Int, newCount: Int
    let oldDrawn: DrawnEdges, newDrawn: DrawnEdges
    let recordsResults: Bool
    let slotted: Bool
    /// Either picture has a seed column (on every card).
    let seeded: Bool
    let pairing: RunPairing
    /// New indices of renamed cards, ascending.
    let renamed: [Int]
    let limit: Double
    /// Per card, the position in `drawnEdges` of its connector (or -1); empty for the
    /// known-change and structural diffs, which look up the few cards they compare
    /// (`connector(of:…)`).
    let oldConnectors: [Int32]
    let newConnectors: [Int32]
    var delta = PreviewDelta()
    /// Removed connectors as (old card, key), gathered out of order.
    var removedEdges: [(card: Int, key: String)] = []
    /// The last card of the open run (-1: none open); the next card joins it only when it
    /// follows it and moved by the same offset.
    var runEnd = -1

    init(old: PreviewSnapshot, new: PreviewSnapshot, pairing: RunPairing, renamed: [Int], maxFraction: Double) {
        self.old = old
        self.new = new
        oldGeometry = old.geometry
        newGeometry = new.geometry
        oldCentres = old.geometry.centres
        newCentres = new.geometry.centres
        oldSizes = old.geometry.sizes
        newSizes = new.geometry.sizes
        oldDepths = old.geometry.depths
        newDepths = new.geometry.depths
        oldParents = old.diagram.nodes.parents
        newParents = new.diagram.nodes.parents
        oldRanges = old.ranges
        newRanges = new.ranges
        oldLabels = old.diagram.nodes.labels
        newLabels = new.diagram.nodes.labels
        oldCount = old.cardCount
        oldDrawn = old.drawnEdges
        newDrawn = new.drawnEdges
        newCount = new.cardCount
        recordsResults = old.recordsResults || new.recordsResults
        slotted = !old.geometry.scores.isEmpty || !new.geometry.scores.isEmpty
        seeded = old.geometry.seedRoom > 0 || new.geometry.seedRoom > 0
        self.pairing = pairing
        self.renamed = renamed
        limit = Double(new.cardCount + new.drawnEdges.count) * maxFraction
        if case .table = pairing {
            oldConnectors = Self.connectors(old)
            newConnectors = Self.connectors(new)
        } else {
            oldConnectors = []
            newConnectors = []
        }
    }

    func pair(_ index: Int) -> Int {
        switch pairing {
        case .table(let pairs): Int(pairs[index])
        case .same: index
        case .splice(let low, let removed, let inserted):
            index < low ? index : index < low + inserted ? -1 : index - inserted + removed
        }
    }

    func oldConnector(_ card: Int) -> Int {
        oldConnectors.isEmpty ? Self.connector(of: card, oldDrawn, oldGeometry.edgeChildren) : Int(oldConnectors[card])
    }

    func newConnector(_ card: Int) -> Int {
        newConnectors.isEmpty ? Self.connector(of: card, newDrawn, newGeometry.edgeChildren) : Int(newConnectors[card])
    }

    /// The position in `drawn` of card `card`'s connector, or -1: connectors are drawn in the
    /// order of their children, so a binary search finds it.
    private static func connector(of card: Int, _ drawn: DrawnEdges, _ children: [Int32]) -> Int {
        var low = 0, high = drawn.count
        while low < high {
            let middle = (low + high) / 2
            if Int(children[drawn[middle]]) < card { low = middle + 1 } else { high = middle }
        }
        return low < drawn.count && Int(children[drawn[low]]) == card ? low : -1
    }

    private static func connectors(_ snapshot: PreviewSnapshot) -> [Int32] {
        var result = [Int32](repeating: -1, count: snapshot.cardCount)
        let children = snapshot.geometry.edgeChildren
        for (position, edge) in snapshot.drawnEdges.enumerated() {
            result[Int(children[edge])] = Int32(truncatingIfNeeded: position)
        }
        return result
    }

    var tooLarge: Bool { !(Double(delta.itemCount) <= limit) }

    /// `known`: ascending new indices, the only cards whose geometry, text or results can
    /// differ (the layout was reused); nil compares every card. `visiting` (with `known`):
    /// ascending, holding `known`, the only cards that can be other than the usual card below;
    /// the others are skipped without a look (a skipped card closes no run: only a card right
    /// after a run's last joins it).
    mutating func run(removed: [Int], known: [Int]?, visiting: [Int]? = nil) -> PreviewUpdate {
        for index in removed {
            delta.removedCards.append(old.id(index))
            if oldConnector(index) >= 0 { removedEdges.append((index, old.id(index))) }
        }
        for index in renamed { delta.renamedCards.append(CardRename(index: index, from: old.id(pair(index)))) }
        if tooLarge { return .full(.tooLarge) }
        var nextKnown = 0
        let rename = renamed.first ?? -1
        let visited = known == nil ? nil : visiting
        for position in 0..<(visited?.count ?? newCount) {
            let index = visited?[position] ?? position
            let before = pair(index)
            var listed = true
            if let known {
                listed = nextKnown < known.count && known[nextKnown] == index
                if listed { nextKnown += 1 }
                // The usual card: not named, not moved, its parent not renamed (this diff has at
                // most one rename).
                if !listed, oldRanges[index] == newRanges[index], Int(newParents[index]) != rename || rename < 0 {
                    closeRun()
                    continue
                }
            }
            if before >= 0 {
                classify(index, before, listed: listed)
            } else {
                closeRun()
                delta.addedCards.append(index)
                let edge = newConnector(index)
                if edge >= 0 { addConnector(edge) }
            }
            if tooLarge { return .full(.tooLarge) }
        }
        removedEdges.sort { $0.card < $1.card }
        delta.removedEdges = removedEdges.map(\.key)
        return tooLarge ? .full(.tooLarge) : .delta(delta)
    }

    /// Whether the parent of new card `index` is the parent old card `before` had, under the
    /// same ID.
    func sameParent(_ index: Int, _ before: Int) -> Bool {
        let parent = Int(newParents[index]), oldParent = Int(oldParents[before])
        let drawn = parent >= 0 && parent < newCount, wasDrawn = oldParent >= 0 && oldParent < oldCount
        guard drawn, wasDrawn else { return drawn == wasDrawn }
        return pair(parent) == oldParent && !isRenamed(parent)
    }

    func isRenamed(_ index: Int) -> Bool {
        guard !renamed.isEmpty else { return false }
        let low = renamed.partitioningIndex { $0 >= index }
        return low < renamed.count && renamed[low] == index
    }

    /// The two cards show the same attributes (`PreviewSnapshot.sameAttributes`).
    func sameAttributes(_ before: Int, _ index: Int) -> Bool {
        old.sameAttributes(before, as: index, of: new)
    }

    /// Decides paired card `index` (old `before`): unchanged, a run member, or changed; and its
    /// connector.
    mutating func classify(_ index: Int, _ before: Int, listed: Bool) {
        let parentSame = sameParent(index, before)
        let oldRange = oldRanges[before], range = newRanges[index]
        // The known-change diff's usual card: the layout was reused and its ID did not move.
        if !listed, parentSame, oldRange == range {
            closeRun()
            return
        }
        // Everything but the place, the depth and the ID range.
        let shapeSame = !listed || (oldSizes[before] == newSizes[index]
            && oldGeometry.lines.sameLines(before, as: index, of: newGeometry.lines)
            && (!slotted || sameScoreSlot(before, index))
            && oldGeometry.sameSeed(before, as: index, of: newGeometry)
            && oldLabels[before] == newLabels[index]
            && sameAttributes(before, index))
        let from = oldCentres[before], to = newCentres[index]
        let dx = to.x - from.x, dy = to.y - from.y
        let lines = range.startLine - oldRange.startLine, characters = range.startCharacter - oldRange.startCharacter
        let depth = Int(newDepths[index]) - Int(oldDepths[before])
        let uniformRange = range.endLine - oldRange.endLine == lines
            && range.endCharacter - oldRange.endCharacter == characters
        let edge = newConnector(index), oldEdge = oldConnector(before)
        let still = dx == 0 && dy == 0 && depth == 0

        if shapeSame, parentSame, still, lines == 0, characters == 0, uniformRange {
            // The card is as it was; its connector may have moved with its parent.
            compareConnector(index, before, listed: listed, parentSame: parentSame)
            closeRun()
            return
        }
        let exact = from.x + dx == to.x && from.y + dy == to.y
        // A slot's and a seed column's x are the server's numbers, not moved by a run's dx.
        let slotAllowsRun = dx == 0 || (!seeded && (!slotted
            || (newGeometry.scores.index(of: index) == nil && oldGeometry.scores.index(of: before) == nil)))
        if shapeSame, parentSame, exact, uniformRange, slotAllowsRun, (edge >= 0) == (oldEdge >= 0),
           edge < 0 || (!listed && still) || connectorMoved(edge, oldEdge, dx: dx, dy: dy) {
            extendRun(index, dx: dx, dy: dy, lines: lines, characters: characters, depth: depth)
            return
        }
        closeRun()
        let markupChanged = listed && (!oldGeometry.sameCard(before, as: index, of: newGeometry)
            || oldLabels[before] != newLabels[index] || !sameAttributes(before, index))
        delta.changedCards.append(CardUpdate(index: index, markupChanged: markupChanged))
        compareConnector(index, before, listed: listed, parentSame: parentSame)
    }

    /// The score slots of the two cards show the same text at the same width, on the same edge.
    func sameScoreSlot(_ before: Int, _ index: Int) -> Bool {
        oldGeometry.sameScore(before, as: index, of: newGeometry)
            && (oldGeometry.scores.index(of: before) == nil
                || oldGeometry.scoreAtLeftEdge(before) == newGeometry.scoreAtLeftEdge(index))
    }

    /// Whether the old connector's points plus (dx, dy) are exactly the new ones.
    func connectorMoved(_ edge: Int, _ oldEdge: Int, dx: Double, dy: Double) -> Bool {
        BracketPreview.connectorMoved(oldEdge: oldDrawn[oldEdge], of: oldGeometry, to: newDrawn[edge], of: newGeometry, dx: dx, dy: dy)
    }

    /// The connector of a card that is not in a run: changed, added or removed as it differs.
    /// `listed` false (the known-change diff): the layout was reused, so only a renamed parent
    /// can have changed it.
    mutating func compareConnector(_ index: Int, _ before: Int, listed: Bool, parentSame: Bool) {
        let edge = newConnector(index), oldEdge = oldConnector(before)
        switch (edge >= 0, oldEdge >= 0) {
        case (false, false): return
        case (false, true): removedEdges.append((before, new.id(index)))
        case (true, false): addConnector(edge)
        case (true, true):
            let same = parentSame && (!listed || connectorMoved(edge, oldEdge, dx: 0, dy: 0))
            if !same { delta.changedEdges.append(newDrawn[edge]) }
        }
    }

    /// A new connector, after the one before it in the new drawing order (connectors are in the
    /// order of their children, and so are the cards).
    mutating func addConnector(_ position: Int) {
        delta.addedEdges.append(AddedEdge(index: newDrawn[position],
                                          after: position > 0 ? newDrawn[position - 1] : nil))
    }

    /// Cards `index..<index + count` join the open run when they follow it with its offset, or
    /// start one.
    mutating func extendRun(_ index: Int, count: Int = 1, dx: Double, dy: Double, lines: Int, characters: Int,
                            depth: Int) {
        if runEnd == index - 1, var last = delta.runs.last, last.dx == dx, last.dy == dy, last.lines == lines,
           last.characters == characters, last.depth == depth {
            last.count += count
            delta.runs[delta.runs.count - 1] = last
        } else {
            delta.runs.append(CardRun(first: index, count: count, dx: dx, dy: dy, lines: lines,
                                      characters: characters, depth: depth))
        }
        runEnd = index + count - 1
    }

    mutating func closeRun() { runEnd = -1 }
}

/// Whether connector `new` of `newGeometry` is connector `old` of `oldGeometry` moved by
/// (dx, dy), every point exactly (0, 0: unchanged), and its edge label with it: the same text
/// and box, its centre moved by the same offset (a label goes with its connector: a run moves
/// both, a changed connector carries its label).
func connectorMoved(oldEdge old: Int, of oldGeometry: Geometry, to new: Int, of newGeometry: Geometry,
                    dx: Double, dy: Double) -> Bool {
    let a = oldGeometry.connectorPoints(old), b = newGeometry.connectorPoints(new)
    func moved(_ p: Point, _ q: Point) -> Bool { p.x + dx == q.x && p.y + dy == q.y }
    guard moved(a.0, b.0) && moved(a.1, b.1) && moved(a.2, b.2) && moved(a.3, b.3) else { return false }
    if oldGeometry.edgeLabels.isEmpty && newGeometry.edgeLabels.isEmpty { return true }
    switch (oldGeometry.edgeLabel(ofConnector: old), newGeometry.edgeLabel(ofConnector: new)) {
    case (nil, nil): return true
    case let (before?, after?):
        return before.lines == after.lines && before.lineWidths == after.lineWidths && before.width == after.width
            && before.height == after.height && moved(before.center, after.center)
    default: return false
    }
}
