import BracketLayout
import BracketModel

/// `previewUpdateByPairingIDs(from:to:runs:)` for a structural edit laid out from `old`'s layout: `structure`
/// is what `layoutSplice(_:from:splice:previous:)` reported when it made `new.geometry` from
/// `old.geometry` (the cards that went and came, the ancestors placed anew, the subtrees that
/// moved as wholes). A leaf inserted in the middle of 131,071 cards moves half of them; the
/// plain runs diff paired and compared every card to find the runs the layout already knew.
///
/// Here the cards the change names — the ancestors that moved and their children, the first
/// card of each moved subtree (its connector leads to a card that may have moved otherwise),
/// the splice's cards, their untouched ends paired by ID — are compared one by one as the
/// runs diff compares them (`RunDiff.classify`), and every other card is taken a stretch at a time: it moved by its
/// subtree's offset (or stayed) and its ID range by the lines and characters of the stretch.
/// The ID ranges are taken on trust only as far as `rangeMotion` (how the caller moved them,
/// `RangeMotion`) describes them: elsewhere one pass of integer comparisons over the two range
/// columns finds the stretches (a file on one line moves the IDs after the edit by characters,
/// one on many lines by lines) and any card whose range changed otherwise, which is then
/// compared on its own. With a motion nothing looks at every card.
///
/// Only for clients that take runs: without `runs` the answer is the plain diff's, exactly as
/// it always was. Falls back to the runs diff when levels moved (`StructuralChange.levels`:
/// every card on them moved and resized) or `structure` does not describe these two pictures
/// (counts that do not add up, runs out of order or not whole subtrees, IDs at the
/// edges of the splice that differ) — a caller passes it only when `old` is the render the
/// structure was computed from. Its deltas are the runs diff's, and give the new picture when
/// applied to the old one (RandomEditTests checks both over random structural edits).
public func previewUpdateOfStructuralChange(
    from old: PreviewSnapshot, to new: PreviewSnapshot, structure: StructuralChange, maxFraction: Double = 0.5,
    runs: Bool = false, rangeMotion: RangeMotion? = nil
) -> PreviewUpdate {
    guard runs else { return previewUpdateByPairingIDs(from: old, to: new, maxFraction: maxFraction) }
    if let reason = fullReason(from: old, to: new, runs: true) { return .full(reason) }
    return structuralUpdate(from: old, to: new, structure: structure, maxFraction: maxFraction, rangeMotion: rangeMotion)
        ?? previewUpdateWithRuns(from: old, to: new, maxFraction: maxFraction)
}

/// The structural diff, or nil when `structure` does not describe the two pictures.
func structuralUpdate(
    from old: PreviewSnapshot, to new: PreviewSnapshot, structure: StructuralChange, maxFraction: Double,
    rangeMotion: RangeMotion? = nil
) -> PreviewUpdate? {
    guard describes(structure, old, new) else { return nil }
    // The splice's rows often begin or end with cards that stayed (the edit's container's
    // children that it did not touch): those are paired by ID from both ends, as the runs diff
    // pairs them, and compared. Of what is left, as many rows replaced by as many rows are the
    // same cards by place (one of them renamed when only one is left and its ID differs);
    // otherwise those cards went and came.
    let low = structure.removed.lowerBound
    var lead = 0, trail = 0
    let removed = structure.removed.count, inserted = structure.inserted.count
    while lead < removed, lead < inserted, old.id(low + lead) == new.id(low + lead) { lead += 1 }
    while trail < removed - lead, trail < inserted - lead,
          old.id(low + removed - 1 - trail) == new.id(low + inserted - 1 - trail) { trail += 1 }
    let gone = (low + lead)..<(low + removed - trail), came = (low + lead)..<(low + inserted - trail)
    var pairing = RunPairing.splice(low: gone.lowerBound, removed: gone.count, inserted: came.count)
    var renamed: [Int] = []
    if gone.count == came.count, gone.count <= 1 {
        pairing = .same
        if gone.count == 1 { renamed = [came.lowerBound] }
    }
    var differ = RunDiff(old: old, new: new, pairing: pairing, renamed: renamed, maxFraction: maxFraction)
    return differ.run(structure, removed: gone, inserted: came, rangeMotion: rangeMotion)
}

/// Whether `change` can be the structural change from `old` to `new`: no level moved, every
/// card drawn, the counts adding up, the moved ancestors before the splice, the runs in order, clear of the
/// splice and made of whole subtrees, none moving a score slot sideways, and the cards on
/// either side of the splice and the last card keeping their IDs. O(changed + runs log slots).
private func describes(_ change: StructuralChange, _ old: PreviewSnapshot, _ new: PreviewSnapshot) -> Bool {
    let oldCount = old.cardCount, count = new.cardCount
    let low = change.removed.lowerBound, inserted = change.inserted
    // Levels that moved or took another extent move and resize every card on them: the runs
    // diff finds those.
    guard change.levels.isEmpty, oldCount == old.diagram.nodes.count, count == new.diagram.nodes.count,
          inserted.lowerBound == low, change.removed.upperBound <= oldCount, inserted.upperBound <= count,
          count - inserted.count == oldCount - change.removed.count else { return false }
    var previous = -1
    for index in change.moved {
        guard index > previous, index < low else { return false }
        previous = index
    }
    let ends = new.diagram.nodes.subtreeEnds
    var runEnd = 0
    for shift in change.shifts {
        let cards = shift.cards
        guard shift.count > 0, cards.lowerBound >= runEnd, cards.upperBound <= count,
              cards.upperBound <= low || cards.lowerBound >= inserted.upperBound else { return false }
        var head = cards.lowerBound
        while head < cards.upperBound { head = Int(ends[head]) }
        guard head == cards.upperBound else { return false }
        runEnd = cards.upperBound
    }
    // A card with a score slot that moves sideways is never in a run (docs/protocol.md): where
    // a run moving sideways holds one, the runs diff splits it around that card.
    let scores = new.geometry.scores
    if !scores.isEmpty {
        for run in change.shifts where run.dx != 0 {
            var low = 0, high = scores.cards.count
            while low < high {
                let middle = (low + high) / 2
                if Int(scores.cards[middle]) < run.first { low = middle + 1 } else { high = middle }
            }
            if low < scores.cards.count, Int(scores.cards[low]) < run.cards.upperBound { return false }
        }
    }
    let after = inserted.upperBound, shift = change.removed.count - inserted.count
    if low > 0, old.id(low - 1) != new.id(low - 1) { return false }
    if after < count, old.id(after + shift) != new.id(after) || old.id(oldCount - 1) != new.id(count - 1) { return false }
    return true
}

extension RunDiff {
    /// The structural diff (`previewUpdateOfStructuralChange(from:to:structure:…)`). Of the splice, the old cards
    /// `removed` went and the new `inserted` came (`pairing` says so, or is `.same` when they
    /// are as many, at most one, then `renamed`); its other cards are paired by place.
    mutating func run(_ change: StructuralChange, removed: Range<Int>, inserted came: Range<Int>,
                     rangeMotion: RangeMotion? = nil) -> PreviewUpdate {
        let count = newCount
        var inserted = came
        if case .same = pairing {
            inserted = came.lowerBound..<came.lowerBound
            for index in renamed { delta.renamedCards.append(CardRename(index: index, from: old.id(index))) }
        } else {
            for index in removed {
                delta.removedCards.append(old.id(index))
                if oldConnector(index) >= 0 { removedEdges.append((index, old.id(index))) }
            }
        }
        if tooLarge { return .full(.tooLarge) }
        let ranges = rangeStretches(change, motion: rangeMotion)

        // The cards compared one by one, ascending.
        var named = change.moved + ranges.irregular
        let ends = new.diagram.nodes.subtreeEnds
        // The splice's cards that are paired.
        named += change.inserted.lowerBound..<inserted.lowerBound
        named += inserted.upperBound..<change.inserted.upperBound
        // A renamed card's children have a parent of another ID.
        for parent in renamed {
            var child = parent + 1
            while child < Int(ends[parent]) {
                named.append(child)
                child = Int(ends[child])
            }
        }
        for shift in change.shifts {
            var head = shift.first
            while head < shift.cards.upperBound {
                named.append(head)
                head = Int(ends[head])
            }
        }
        for ancestor in change.moved {
            var child = ancestor + 1
            while child < Int(ends[ancestor]) {
                if !inserted.contains(child) { named.append(child) }
                child = Int(ends[child])
            }
        }
        named.sort()

        // Every place where what a card is taken to be changes.
        var cuts = [0, count, inserted.lowerBound, inserted.upperBound]
        for shift in change.shifts { cuts += [shift.first, shift.cards.upperBound] }
        for stretch in ranges.stretches { cuts.append(stretch.first) }
        for index in named { cuts += [index, index + 1] }
        cuts.sort()

        var nextNamed = 0, nextShift = 0, nextStretch = 0
        var stretch = (first: 0, lines: 0, characters: 0)
        var start = 0
        for end in cuts where end > start {
            defer { start = end }
            if inserted.contains(start) {
                for index in start..<end {
                    closeRun()
                    delta.addedCards.append(index)
                    let edge = newConnector(index)
                    if edge >= 0 { addConnector(edge) }
                }
                continue
            }
            while nextNamed < named.count, named[nextNamed] < start { nextNamed += 1 }
            if nextNamed < named.count, named[nextNamed] == start {
                classify(start, pair(start), listed: true)
                if tooLarge { return .full(.tooLarge) }
                continue
            }
            while nextShift < change.shifts.count, change.shifts[nextShift].cards.upperBound <= start { nextShift += 1 }
            let shift = nextShift < change.shifts.count && change.shifts[nextShift].first <= start
                ? change.shifts[nextShift] : nil
            while nextStretch < ranges.stretches.count, ranges.stretches[nextStretch].first <= start {
                stretch = ranges.stretches[nextStretch]
                nextStretch += 1
            }
            let dx = shift?.dx ?? 0, dy = shift?.dy ?? 0
            if dx == 0, dy == 0, stretch.lines == 0, stretch.characters == 0 {
                closeRun()
            } else {
                extendRun(start, count: end - start, dx: dx, dy: dy, lines: stretch.lines,
                          characters: stretch.characters, depth: 0)
            }
        }
        removedEdges.sort { $0.card < $1.card }
        delta.removedEdges = removedEdges.map(\.key)
        return tooLarge ? .full(.tooLarge) : .delta(delta)
    }
}
