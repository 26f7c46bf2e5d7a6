import BracketLayout
import BracketModel

/// `previewUpdateByPairingIDs(from:to:)` for a caller that knows what changed: `new` has `old`'s nodes in
/// the same order with the same parents, places and sizes, and differs only at `changed`
/// (ascending), where a card may show other lines or a label, or carry another ID; ID ranges
/// may differ anywhere (they are compared, four integers a card). That is what a character
/// typed into a label or an ID gives (`layoutReusingPositions`'s `changedCards`), and then the diff compares
/// no strings outside `changed`, where pairing every card by ID compared them all.
///
/// The answer is the one `previewUpdateByPairingIDs(from:to:)` gives (PreviewDiffTests checks both over
/// random edits); it falls back to it when the promise cannot be used: more than one card
/// renamed, counts that differ, settings, duplicates, nothing drawn.
///
/// `runs: true` (a client that takes `renamed` and `runs`): the edited ID is a rename, and ID
/// ranges that all moved by the same amount (a keystroke in a file written on one line) are runs.
///
/// `ranges`, when the caller knows it: ascending indices, the only cards whose ID range can
/// differ (the server converts again only the ranges on the edited lines). Then, when no ID was
/// edited, only those cards and `changed` are visited instead of every card's range compared.
public func previewUpdateOfChangedCards(
    from old: PreviewSnapshot, to new: PreviewSnapshot, changed: [Int], ranges: [Int]? = nil, maxFraction: Double = 0.5,
    runs: Bool = false
) -> PreviewUpdate {
    let count = new.cardCount
    guard count > 0, old.cardCount == count, old.drawnEdges.count == new.drawnEdges.count,
          old.diagram.settings == new.diagram.settings, old.geometry.margin == new.geometry.margin,
          old.idsAreUnique, new.idsAreUnique, changed.allSatisfy({ $0 >= 0 && $0 < count })
    else { return previewUpdateByPairingIDs(from: old, to: new, maxFraction: maxFraction, runs: runs) }
    let renamed = changed.filter { old.id($0) != new.id($0) }
    guard renamed.count <= 1 else { return previewUpdateByPairingIDs(from: old, to: new, maxFraction: maxFraction, runs: runs) }
    let rename = renamed.first ?? -1
    if runs, rename >= 0 {
        return previewUpdateWithRuns(from: old, to: new, changed: changed, rename: rename, ranges: ranges,
                                     maxFraction: maxFraction)
    }
    let limit = Double(count + new.drawnEdges.count) * maxFraction

    var delta = PreviewDelta()
    var next = 0  // position in `changed`
    let parents = new.diagram.nodes.parents
    // Every card, or (no rename, the ranges that can differ known) those that can differ.
    let visited: [Int]? = rename < 0 ? ranges.map { mergedAscending(changed, $0, below: count) } : nil
    for position in 0..<(visited?.count ?? count) {
        let index = visited?[position] ?? position
        let listed = next < changed.count && changed[next] == index
        if listed { next += 1 }
        if index == rename {
            delta.removedCards.append(old.id(index))
            delta.addedCards.append(index)
            continue
        }
        let markupChanged = listed
            && (!old.geometry.sameCard(index, as: index, of: new.geometry)
                || old.diagram.nodes.labels[index] != new.diagram.nodes.labels[index]
                || !old.sameAttributes(index, as: index, of: new))
        let parentRenamed = rename >= 0 && Int(parents[index]) == rename
        if markupChanged || parentRenamed || old.ranges[index] != new.ranges[index] {
            delta.changedCards.append(CardUpdate(index: index, markupChanged: markupChanged))
            if !(Double(delta.itemCount) <= limit) {
                return runs ? previewUpdateWithRuns(from: old, to: new, changed: changed, rename: -1, maxFraction: maxFraction)
                    : .full(.tooLarge)
            }
        }
    }
    // An edge label typed (the layout kept every gap): the connector of that card changed. Sent
    // as a changed connector to a client that takes runs; the others have always had the whole
    // picture when an edge label changed.
    if !old.geometry.edgeLabels.isEmpty || !new.geometry.edgeLabels.isEmpty {
        guard old.geometry.levelGaps == new.geometry.levelGaps else {
            return previewUpdateByPairingIDs(from: old, to: new, maxFraction: maxFraction, runs: runs)
        }
        for index in changed where index != rename {
            guard let edge = drawnConnector(of: index, in: new),
                  old.geometry.edgeLabel(ofConnector: edge) != new.geometry.edgeLabel(ofConnector: edge) else { continue }
            guard runs else { return .full(.decorationsChanged) }
            delta.changedEdges.append(edge)
        }
    }
    if rename >= 0 {
        let children = new.geometry.edgeChildren, edgeParents = new.geometry.edgeParents
        for position in 0..<new.drawnEdges.count {
            let edge = new.drawnEdges[position]
            if Int(children[edge]) == rename {
                delta.removedEdges.append(old.id(rename))
                delta.addedEdges.append(AddedEdge(index: edge, after: position > 0 ? new.drawnEdges[position - 1] : nil))
            } else if Int(edgeParents[edge]) == rename {
                delta.changedEdges.append(edge)
            }
        }
    }
    // A client that takes runs gets this delta when every card in it is one the caller named
    // and its markup changed: the runs diff gives exactly that then (no ID moved, so no run).
    // Otherwise (a file on one line moves every later ID by some characters) the runs diff.
    if runs, !delta.changedCards.allSatisfy({ $0.markupChanged && isListed($0.index, in: changed) }) {
        return previewUpdateWithRuns(from: old, to: new, changed: changed, rename: -1, maxFraction: maxFraction)
    }
    return Double(delta.itemCount) <= limit ? .delta(delta) : .full(.tooLarge)
}

/// The union of two ascending lists, ascending, without repeats, only values in `0..<count`.
func mergedAscending(_ a: [Int], _ b: [Int], below count: Int) -> [Int] {
    var out: [Int] = []
    out.reserveCapacity(a.count + b.count)
    var i = 0, j = 0
    while i < a.count || j < b.count {
        let value = j >= b.count || (i < a.count && a[i] <= b[j]) ? a[i] : b[j]
        if i < a.count, a[i] == value { i += 1 }
        if j < b.count, b[j] == value { j += 1 }
        if value >= 0, value < count, out.last.map({ $0 < value }) ?? true { out.append(value) }
    }
    return out
}

/// The drawn connector (an index into `geometry.edges`) whose child is card `card`, or nil.
private func drawnConnector(of card: Int, in snapshot: PreviewSnapshot) -> Int? {
    let children = snapshot.geometry.edgeChildren
    var low = 0, high = children.count
    while low < high {
        let middle = (low + high) / 2
        if Int(children[middle]) < card { low = middle + 1 } else { high = middle }
    }
    guard low < children.count, Int(children[low]) == card, isListed(low, in: snapshot.drawnEdges) else { return nil }
    return low
}

/// Whether `index` is in the ascending list `changed`.
private func isListed<List: RandomAccessCollection<Int>>(_ index: Int, in changed: List) -> Bool where List.Index == Int {
    var low = 0, high = changed.count
    while low < high {
        let middle = (low + high) / 2
        if changed[middle] < index { low = middle + 1 } else { high = middle }
    }
    return low < changed.count && changed[low] == index
}
