import BracketBytes
import BracketModel
import BracketText

/// A run of cards that moved together by one offset: whole subtrees, one after another in the
/// new drawing order, each card and each connector to its parent moved by (dx, dy) and nothing
/// else about them changed.
public struct LayoutShift: Sendable, Hashable {
    /// The run's first card (new index) and how many cards follow one another from it.
    public let first: Int
    public let count: Int
    public let dx: Double
    public let dy: Double

    public var cards: Range<Int> { first..<(first + count) }
}

/// A level whose cards all moved along the depth axis, or took another extent along it: a
/// level's extent changed (a card wider, or taller, than its level came, or the last card that
/// set a level's extent went) or a level was added or emptied, and the levels after it moved.
public struct LevelMove: Sendable, Hashable {
    /// Where the centres of the level's cards lay along the depth axis (x when levels are
    /// columns, else y), and where they lie now.
    public let from: Double
    public let to: Double
    /// The extent along the depth axis of every card of the level now (its width when levels are
    /// columns, else its height); their extent along the leaf axis did not change.
    public let extent: Double
}

/// What a structural `relayout` changed: the cards of the diagram splice (`DiagramSplice`),
/// the cards placed anew on the path from the edit to the root, the runs that moved, and the
/// levels that moved. Every card not named here is where it was (moved by the splice's row
/// delta when after it).
public struct StructuralChange: Sendable, Hashable {
    /// The cards that went, in the old drawing order, and those that replaced them, in the new.
    public let removed: Range<Int>
    public let inserted: Range<Int>
    /// The edit's ancestors whose centre changed (new indices, ascending); their size and lines
    /// did not (the connectors to and from them may have), except as `levels` says. In a tree
    /// with results every ancestor is named, and its size, lines, slot and outcome may have
    /// changed too (a parent shows its winner's label), as may its children's outcomes.
    public let moved: [Int]
    /// Subtrees that moved as wholes, ascending, adjacent ones with the same offset joined.
    /// When `levels` is not empty they moved along the leaf axis only (dx or dy is 0).
    public let shifts: [LayoutShift]
    /// Levels that moved or took another extent along the depth axis, in no order, their `from`
    /// all different: a card (not inserted) whose old centre lay at a `from` along the depth
    /// axis now lies at its `to`, after its run's offset, and has its `extent` along that axis.
    /// Empty when every level kept its place and extent; a level added or emptied while every
    /// other level moves by one offset is told by `shifts`, as before.
    public let levels: [LevelMove]
    /// The depth axis is x (levels are columns: the root on the right or left), else y.
    public let depthAxisIsX: Bool

    init(removed: Range<Int>, inserted: Range<Int>, moved: [Int], shifts: [LayoutShift], levels: [LevelMove] = [],
         depthAxisIsX: Bool) {
        self.removed = removed
        self.inserted = inserted
        self.moved = moved
        self.shifts = shifts
        self.levels = levels
        self.depthAxisIsX = depthAxisIsX
    }
}

/// Lays out `diagram` from `previous`, the geometry `layout(old)` returned (or one this returned),
/// when `diagram` is `old` with the rows `splice` names replaced (`Document.diagramSplicingRows(of:at:)`):
/// a leaf inserted, a subtree deleted, a subtree wrapped in a new block or unwrapped.
///
/// Pass 3 of `layout` (each subtree's room along the leaf axis, Layout.swift) is run only for
/// the inserted subtrees and then for each ancestor of the edit, from the rooms `previous` kept
/// (`LayoutState`); pass 4 places the inserted cards and each ancestor again, and every other
/// child of an ancestor keeps its subtree's shape, so its whole subtree moves by one offset: a
/// `LayoutShift`. The work is the inserted cards, the ancestors and their children, and the
/// runs (one subtraction each, whatever their size). The result's columns (centres, sizes, lines,
/// connectors and the kept state) are then materialised by copying the previous ones around the
/// splice (the kept state's moved in place when the caller gives it up,
/// `relayout(_:from:splice:takingStateOf:)`) and adding each run's offset to its cards: plain
/// vector passes over the arrays.
///
/// Equal to `layout(diagram)` bit for bit where it answers (StructuralLayoutTests): the rooms
/// are computed by the same rules (`ParentRoom`, `roomStart`), and moving a subtree by one
/// offset gives the same bits as placing it again only because `previous` had no rounding at
/// all and the new values have none either (`LayoutState.isExact`, `onGrid`: every value a
/// multiple of a power of two, with bits to spare below 2^53).
///
/// A parent may become a leaf or a leaf a parent. Levels may change: a card wider (taller)
/// than its level widens it, the last card that set a level's extent going narrows it to its
/// widest remaining card (one pass over the cards' kept natural extents), a level may be added
/// past the deepest or the deepest emptied. When every level that stays keeps its extent and
/// moves by one offset, that offset is in the runs (as it always was); otherwise each level
/// that moved or changed its extent is a `LevelMove`, and its cards' depth coordinate and size
/// are computed again as `layout` computes them (one pass over the cards).
///
/// `@rounds` headers are measured again when the levels changed (one per level).
///
/// Nil — run `layout` — where the title (its width follows the tree's) or the headers' band
/// moves the picture, with
/// aligned leaves when the depth changes or a parent becomes a leaf (every leaf, or that
/// card, changes level), different settings, a run's offset or a new value off the exact grid,
/// and any drawing this does not model: `@root center`, a tree that starts or stops recording
/// results, a child of an ancestor whose card now says something else (a bye that came or
/// went beside the edit), an ancestor with an edge label whose card resized, or a previous
/// layout made without `forRelayout` or with rounding.
///
/// Scores, byes and results: the inserted cards are measured with their slots, and the
/// ancestors whose label or slot changed (a parent that shows its winner's label, when the
/// edit changed who won) are measured again, their extents counted into their levels and
/// used for their rooms; every ancestor is named in `moved` for the diff, whose outcome or
/// whose children's may differ (`Document.diagramSplicingRows(of:at:)` says which rows can).
///
/// Edge labels: the inserted connectors' labels are measured; each gap takes the room its
/// widest label needs, counted like the levels' extents (`LayoutState.gapAtMax`; the last label
/// that set a gap going has the gap found again from the kept needs, one pass), and a gap that
/// changed moves the levels after it. A box is placed again where its connector moved, the
/// others are kept (renumbered): one pass over the boxes.
///
/// `previous` is left as it was: its kept state is copied around the splice (see
/// `relayout(_:from:splice:takingStateOf:)` for the caller that can give it up).
public func relayout(_ diagram: Diagram, from old: Diagram, splice: DiagramSplice, previous: Geometry) -> LayoutUpdate? {
    guard var state = previous.state else { return nil }
    return relayout(diagram, from: old, splice: splice, previous: previous, state: &state)
}

/// `relayout(_:from:splice:previous:)`, taking `previous`'s kept state (`LayoutState`, which
/// only a relayout reads) instead of copying it: `previous` is left without it (it can still be
/// drawn and diffed, not laid out from again), and the state's per-card columns (room, offset,
/// shift, start and natural extent: 40 bytes a card) are spliced in place when nothing else
/// holds them (`splicedInPlace`), else copied once. The same answer, bit for bit
/// (StructuralLayoutTests).
///
/// The server's preview keeps the state only with its relayout base, never with the snapshot
/// a delta is diffed against, so a structural push moves those columns instead of copying them.
public func relayout(_ diagram: Diagram, from old: Diagram, splice: DiagramSplice,
                     takingStateOf previous: inout Geometry) -> LayoutUpdate? {
    guard var state = previous.state else { return nil }
    previous.state = nil
    return relayout(diagram, from: old, splice: splice, previous: previous, state: &state)
}

/// The structural relayout from `previous`'s cards and connectors and `state`, its kept state,
/// whose per-card columns are taken out of it (spliced in place when `state` holds the only
/// reference; `state` is spent either way).
private func relayout(_ diagram: Diagram, from old: Diagram, splice: DiagramSplice, previous: Geometry,
                      state: inout LayoutState) -> LayoutUpdate? {
    let settings = diagram.settings
    guard settings == old.settings, settings.root != .center, state.isExact else { return nil }
    let oldNodes = old.nodes, nodes = diagram.nodes
    let oldCount = oldNodes.count, count = nodes.count
    let low = splice.removed.lowerBound, high = splice.removed.upperBound, inserted = splice.insertedCount
    let rowDelta = splice.rowDelta, parent = splice.parent
    guard count > 0, low >= 0, high <= oldCount, oldCount == previous.centres.count, oldCount == state.room.count,
          count == oldCount + rowDelta, parent < low
    else { return nil }
    // Results: the splice's parent, its ancestors and their children may show other outcomes
    // (`Document.diagramSplicingRows(of:at:)`); a tree that starts or stops recording them changes
    // every single child's bye.
    let withResults = diagram.recordsResults || old.recordsResults
    guard withResults ? diagram.recordsResults == old.recordsResults : previous.scores.isEmpty else { return nil }
    let deepest = state.depthCounts.count - 1
    let alignLeaves = settings.align == .leaves
    @inline(__always) func level(_ nodes: DiagramNodes, _ index: Int) -> Int {
        alignLeaves && nodes.childCounts[index] == 0 ? deepest : Int(nodes.depths[index])
    }
    // With aligned leaves a parent that becomes a leaf (or the other way round) changes level.
    if parent >= 0, alignLeaves, (oldNodes.childCounts[parent] > 0) != (nodes.childCounts[parent] > 0) { return nil }

    let axes = LayoutAxes(settings: settings)
    let fit = CardTextFit(settings: settings)
    // With results, the ancestors whose label or slot changed (a parent shows its winner's
    // label; a score or bye is drawn in its slot) are measured again: they are placed again
    // anyway, from their new extent along the leaf axis.
    let remeasured = withResults ? remeasuredAncestors(of: parent, diagram.nodes, from: oldNodes, fit) : [:]
    for (index, card) in remeasured where nodes.edgeLabels[index] != nil || oldNodes.edgeLabels[index] != nil {
        // An edge label is measured against its child's card: one that resized is the full layout's.
        guard axes.leafExtent(card.size) == axes.leafExtent(previous.sizes[index]),
              axes.depthExtent(card.size) == state.naturalDepths[index] else { return nil }
    }

    // The levels: the cards that went and came, against each level's extent and the depth.
    var depthCounts = state.depthCounts, levelAtMax = state.levelAtMax
    var levelExtents = state.levelExtents
    for index in low..<high {
        depthCounts[Int(oldNodes.depths[index])] -= 1
        let level = level(oldNodes, index)
        if state.naturalDepths[index] == state.levelExtents[level] { levelAtMax[level] -= 1 }
    }
    for (index, card) in remeasured where axes.depthExtent(card.size) != state.naturalDepths[index] {
        let level = level(oldNodes, index)
        if state.naturalDepths[index] == state.levelExtents[level] { levelAtMax[level] -= 1 }
    }
    let insertedRows = low..<(low + inserted)
    // Levels past the deepest, or the deepest emptied, keep every leaf at its depth only when
    // leaves are not aligned to the deepest level.
    var newDeepest = deepest
    for index in insertedRows { newDeepest = max(newDeepest, Int(nodes.depths[index])) }
    if newDeepest > deepest {
        guard !alignLeaves else { return nil }
        let added = newDeepest - deepest
        depthCounts += [Int](repeating: 0, count: added)
        levelAtMax += [Int](repeating: 0, count: added)
        levelExtents += [Double](repeating: 0, count: added)
    }
    let (newLines, naturalSizes, newScores) = measureCards(nodes, in: insertedRows, fit, hasSlots: withResults)
    let decorations = DecorationText(cardFontSize: fit.measurer.fontSize)
    var newDepths: [Double] = []
    newDepths.reserveCapacity(inserted)
    for index in insertedRows {
        depthCounts[Int(nodes.depths[index])] += 1
        let level = level(nodes, index)
        let natural = axes.depthExtent(naturalSizes[index - low])
        // A level takes its widest (tallest) card's extent.
        if natural > levelExtents[level] {
            levelExtents[level] = natural
            levelAtMax[level] = 1
        } else if natural == levelExtents[level] {
            levelAtMax[level] += 1
        }
        newDepths.append(natural)
    }
    for (index, card) in remeasured where axes.depthExtent(card.size) != state.naturalDepths[index] {
        let level = level(nodes, index), natural = axes.depthExtent(card.size)
        if natural > levelExtents[level] {
            levelExtents[level] = natural
            levelAtMax[level] = 1
        } else if natural == levelExtents[level] {
            levelAtMax[level] += 1
        }
    }
    while newDeepest > 0, depthCounts[newDeepest] == 0 { newDeepest -= 1 }
    if newDeepest < deepest {
        guard !alignLeaves else { return nil }
        depthCounts.removeSubrange((newDeepest + 1)...)
        levelAtMax.removeSubrange((newDeepest + 1)...)
        levelExtents.removeSubrange((newDeepest + 1)...)
    }
    guard depthCounts[newDeepest] > 0 else { return nil }
    var naturalDepths = splicedInPlace(&state.naturalDepths, removing: low..<high, inserting: newDepths)
    for (index, card) in remeasured { naturalDepths[index] = axes.depthExtent(card.size) }

    // The gaps edge labels widened: the labels that went and came, against each gap.
    let labelled = !state.edgeNeeds.isEmpty || nodes.hasAttributes
    var levelGaps = previous.levelGaps, gapAtMax = state.gapAtMax, edgeNeeds: [Double] = []
    var newLabels: [PendingEdgeLabel?] = []
    if labelled {
        guard let gaps = splicedEdgeGaps(
            state: &state, previousGaps: previous.levelGaps, from: oldNodes, to: nodes, removed: low..<high,
            inserted: insertedRows, naturalSizes: naturalSizes, deepest: deepest, newDeepest: newDeepest,
            settings, axes, decorations, level: level)
        else { return nil }
        (levelGaps, gapAtMax, edgeNeeds, newLabels) = (gaps.levelGaps, gaps.gapAtMax, gaps.edgeNeeds, gaps.labels)
    } else if newDeepest != deepest {
        levelGaps = [Double](repeating: settings.levelGap, count: newDeepest + 1)
    }
    @inline(__always) func levelOf(_ index: Int) -> Int { level(nodes, index) }
    // A level whose last card of its extent went takes its widest remaining card's: one pass
    // over the cards' natural extents (the only work here that is not the edit's own).
    var lost = [Bool](repeating: false, count: newDeepest + 1)
    var anyLost = false
    for level in 0...newDeepest where levelAtMax[level] == 0 && level < state.levelAtMax.count
        && state.levelAtMax[level] > 0 {
        lost[level] = true
        anyLost = true
        levelExtents[level] = 0
    }
    if anyLost {
        naturalDepths.withUnsafeBufferPointer { naturals in
            for index in 0..<count {
                let level = levelOf(index)
                guard lost[level] else { continue }
                let natural = naturals[index]
                if natural > levelExtents[level] {
                    levelExtents[level] = natural
                    levelAtMax[level] = 1
                } else if natural == levelExtents[level] {
                    levelAtMax[level] += 1
                }
            }
        }
    }

    // The levels' places along the depth axis, as pass 2 adds them up. When every level that
    // stays keeps its extent and moves by one offset (a level added or emptied at the far end),
    // that offset moves every run; otherwise each level that moved or changed its extent is a
    // `LevelMove`, and its cards' depth coordinate is computed again as `layout` computes it.
    let sameLevels = newDeepest == deepest && levelExtents == state.levelExtents && levelGaps == previous.levelGaps
    var levelStarts = state.levelStarts, depthExtent = state.depthExtent, depthShift = 0.0
    var levelsMoved = false
    if !sameLevels {
        levelStarts = [Double](repeating: 0, count: newDeepest + 1)
        depthExtent = 0
        for slot in 0...newDeepest {
            let level = axes.slot(level: slot, maxLevel: newDeepest)
            levelStarts[level] = depthExtent
            depthExtent += levelExtents[level]
            if slot < newDeepest {
                depthExtent += levelGaps[min(level, axes.slot(level: slot + 1, maxLevel: newDeepest))]
            }
        }
        let shift = levelStarts[0] - state.levelStarts[0]
        let kept = 0...min(deepest, newDeepest)
        if kept.allSatisfy({ levelExtents[$0] == state.levelExtents[$0] && levelStarts[$0] - state.levelStarts[$0] == shift }),
           state.onGrid(shift), state.onGrid(depthExtent) {
            depthShift = shift
        } else {
            levelsMoved = true
        }
    }
    var newSizes: [Size] = []
    newSizes.reserveCapacity(inserted)
    for index in insertedRows {
        newSizes.append(axes.size(depthExtent: levelExtents[levelOf(index)],
                                  leafExtent: axes.leafExtent(naturalSizes[index - low])))
    }

    let zeros = [Double](repeating: 0, count: inserted)
    // Taken out of the kept state: moved where nothing else holds them (the server's preview).
    var room = splicedInPlace(&state.room, removing: low..<high, inserting: zeros)
    var offset = splicedInPlace(&state.offset, removing: low..<high, inserting: zeros)
    var shift = splicedInPlace(&state.shift, removing: low..<high, inserting: zeros)
    var start = splicedInPlace(&state.start, removing: low..<high, inserting: zeros)
    let gap = state.gap

    // Pass 3 over the inserted subtrees, backwards (Layout.swift); their stacking under the
    // splice's parent is that parent's, below.
    var stacked = zeros, fromEnd = zeros
    var lastChild = [Int](repeating: -1, count: inserted)
    for index in insertedRows.reversed() {
        let local = index - low
        let extent = axes.leafExtent(naturalSizes[local])
        let last = lastChild[local]
        if last < 0 {
            room[index] = extent
            offset[index] = extent / 2
        } else {
            let first = index + 1
            let placed = ParentRoom(
                extent: extent, stacked: stacked[local], gap: gap,
                first: (room[first], offset[first], fromEnd[first - low]), last: (room[last], offset[last], fromEnd[last - low]))
            stacked[local] = placed.children
            shift[index] = placed.shift
            offset[index] = placed.offset
            room[index] = placed.room
        }
        let link = Int(nodes.parents[index])
        if link >= low {
            if lastChild[link - low] < 0 { lastChild[link - low] = index }
            fromEnd[local] = stacked[link - low]
            stacked[link - low] += room[index] + gap
        }
    }

    // Pass 3 for the splice's parent and each ancestor, from their children's rooms; the last
    // level is the roots'.
    struct Level {
        var node: Int
        var children: [Int]
        var fromEnds: [Double]
        var extent: Double
    }
    var levels: [Level] = []
    var leafExtent = 0.0
    var node = parent
    while true {
        var children: [Int] = []
        var child = node + 1
        let end = node >= 0 ? Int(nodes.subtreeEnds[node]) : count
        while child < end {
            children.append(child)
            child = Int(nodes.subtreeEnds[child])
        }
        var fromEnds = [Double](repeating: 0, count: children.count)
        var sum = 0.0
        for position in children.indices.reversed() {
            fromEnds[position] = sum
            sum += room[children[position]] + gap
        }
        guard node >= 0 else {
            leafExtent = max(0, sum - gap)
            levels.append(Level(node: -1, children: children, fromEnds: fromEnds, extent: leafExtent))
            break
        }
        let extent = axes.leafExtent(remeasured[node]?.size ?? previous.sizes[node])
        if let first = children.first, let last = children.last {
            let placed = ParentRoom(
                extent: extent, stacked: sum, gap: gap, first: (room[first], offset[first], fromEnds[0]),
                last: (room[last], offset[last], fromEnds[fromEnds.count - 1]))
            shift[node] = placed.shift
            offset[node] = placed.offset
            room[node] = placed.room
            levels.append(Level(node: node, children: children, fromEnds: fromEnds, extent: placed.children))
        } else {
            room[node] = extent
            offset[node] = extent / 2
            shift[node] = 0
            levels.append(Level(node: node, children: [], fromEnds: [], extent: 0))
        }
        node = Int(nodes.parents[node])
    }

    // Pass 4 from the roots down the path: each child of an ancestor is placed; one on the path
    // or inserted keeps its new start, any other moves with its whole subtree.
    var runs: [LayoutShift] = []
    let leafAxisIsX = !axes.levelsAreColumns
    for position in levels.indices.reversed() {
        let step = levels[position]
        let onPath = position > 0 ? levels[position - 1].node : -1
        for (order, child) in step.children.enumerated() {
            let placed = step.node >= 0
                ? roomStart(parent: start[step.node], shift: shift[step.node], children: step.extent,
                            fromEnd: step.fromEnds[order], room: room[child])
                : rootStart(leafExtent: leafExtent, fromEnd: step.fromEnds[order], room: room[child])
            if child == onPath || insertedRows.contains(child) {
                start[child] = placed
                continue
            }
            // Its match may have another winner now, but its card must say what it said.
            if withResults {
                let before = child < low ? child : child - rowDelta
                guard nodes.labels[child] == oldNodes.labels[before], nodes.scores[child] == oldNodes.scores[before],
                      nodes.isByes[child] == oldNodes.isByes[before] else { return nil }
            }
            let delta = placed - start[child]
            guard delta != 0 || depthShift != 0 else { continue }
            guard state.onGrid(delta) else { return nil }
            runs.append(LayoutShift(first: child, count: Int(nodes.subtreeEnds[child]) - child,
                                    dx: leafAxisIsX ? delta : depthShift, dy: leafAxisIsX ? depthShift : delta))
        }
    }
    for index in insertedRows {
        let link = Int(nodes.parents[index])
        guard link >= low else { continue }
        start[index] = roomStart(parent: start[link], shift: shift[link], children: stacked[link - low],
                                 fromEnd: fromEnd[index - low], room: room[index])
    }
    // What was placed anew must be as exact as what it sits beside.
    guard state.onGrid(leafExtent) else { return nil }
    for index in insertedRows where !(state.onGrid(room[index]) && state.onGrid(offset[index])
                                      && state.onGrid(shift[index]) && state.onGrid(start[index])) {
        return nil
    }
    for step in levels where step.node >= 0 {
        let index = step.node
        guard state.onGrid(room[index]), state.onGrid(offset[index]), state.onGrid(shift[index]),
              state.onGrid(start[index]) else { return nil }
    }

    // The level headers (`@rounds`, from the levels' places and extents) and the title (its
    // width follows the tree's) must leave the cards where they were.
    var headers = previous.headers
    if !sameLevels, !headers.isEmpty {
        let slotStarts = (0...newDeepest).map { levelStarts[axes.slot(level: $0, maxLevel: newDeepest)] }
        headers = levelHeaders(
            settings, DecorationText(cardFontSize: fit.measurer.fontSize), axes: axes, slotCount: newDeepest + 1,
            levelInSlot: { axes.slot(level: $0, maxLevel: newDeepest) }, slotStarts: slotStarts,
            levelExtents: levelExtents, levelGaps: levelGaps, deepest: newDeepest)
    }
    let frame = TreeFrame(settings, DecorationText(cardFontSize: fit.measurer.fontSize), fit, axes: axes,
                          depthExtent: depthExtent, leafExtent: leafExtent, headers: headers)
    let moveX = frame.dx, moveY = frame.dy, size = frame.size, title = frame.title
    // Kept headers were placed already (the frame only needed their sizes).
    if !sameLevels { headers = frame.headers }
    guard moveX == state.moveX, moveY == state.moveY else { return nil }

    // Materialise: the columns around the splice, the runs moved, the placed cards' centres.
    runs.sort { $0.first < $1.first }
    var joined: [LayoutShift] = []
    for run in runs {
        if let last = joined.last, last.cards.upperBound == run.first, last.dx == run.dx, last.dy == run.dy {
            joined[joined.count - 1] = LayoutShift(first: last.first, count: last.count + run.count, dx: last.dx, dy: last.dy)
        } else {
            joined.append(run)
        }
    }
    @inline(__always) func centre(_ index: Int, level: Int) -> Point {
        let point = axes.point(depthAxis: levelStarts[level] + levelExtents[level] / 2, leafAxis: start[index] + offset[index])
        return moveX != 0 || moveY != 0 ? Point(x: point.x + moveX, y: point.y + moveY) : point
    }
    var centres = spliced(previous.centres, low..<high, [Point](repeating: Point(x: 0, y: 0), count: inserted))
    start.withUnsafeMutableBufferPointer { start in
        centres.withUnsafeMutableBufferPointer { centres in
            for run in joined {
                let along = leafAxisIsX ? run.dx : run.dy
                for index in run.cards {
                    start[index] += along
                    centres[index] = Point(x: centres[index].x + run.dx, y: centres[index].y + run.dy)
                }
            }
        }
    }
    // Levels that moved or took another extent: each of their cards gets the depth coordinate
    // `layout` computes for its level, and the level's extent.
    var sizes = spliced(previous.sizes, low..<high, newSizes)
    var levelMoves: [LevelMove] = []
    if levelsMoved {
        @inline(__always) func depthCoordinate(start: Double, extent: Double) -> Double {
            let point = axes.point(depthAxis: start + extent / 2, leafAxis: 0)
            let placed = moveX != 0 || moveY != 0 ? Point(x: point.x + moveX, y: point.y + moveY) : point
            return axes.levelsAreColumns ? placed.x : placed.y
        }
        var to = [Double?](repeating: nil, count: newDeepest + 1)
        var resized = [Bool](repeating: false, count: newDeepest + 1)
        for level in 0...min(deepest, newDeepest) {
            let from = depthCoordinate(start: state.levelStarts[level], extent: state.levelExtents[level])
            let now = depthCoordinate(start: levelStarts[level], extent: levelExtents[level])
            resized[level] = levelExtents[level] != state.levelExtents[level]
            guard from != now || resized[level] else { continue }
            to[level] = now
            levelMoves.append(LevelMove(from: from, to: now, extent: levelExtents[level]))
        }
        let columns = axes.levelsAreColumns
        centres.withUnsafeMutableBufferPointer { centres in
            sizes.withUnsafeMutableBufferPointer { sizes in
                for index in 0..<count where index < low || index >= low + inserted {
                    let level = levelOf(index)
                    guard let now = to[level] else { continue }
                    centres[index] = columns ? Point(x: now, y: centres[index].y) : Point(x: centres[index].x, y: now)
                    if resized[level] {
                        sizes[index] = axes.size(depthExtent: levelExtents[level], leafExtent: axes.leafExtent(sizes[index]))
                    }
                }
            }
        }
    }
    for index in insertedRows { centres[index] = centre(index, level: level(nodes, index)) }
    // The ancestors measured again take their level's extent and their own along the leaf axis.
    for (index, card) in remeasured {
        sizes[index] = axes.size(depthExtent: levelExtents[level(nodes, index)], leafExtent: axes.leafExtent(card.size))
    }
    var moved: [Int] = []
    for step in levels where step.node >= 0 {
        let index = step.node
        let placed = centre(index, level: level(nodes, index))
        // With results every ancestor is named: its outcome, label or slot may have changed.
        if placed != centres[index] || withResults {
            centres[index] = placed
            moved.append(index)
        }
    }
    moved.sort()

    // The connectors: those of the cards before the splice, the inserted cards', then the rest
    // renumbered.
    let oldChildren = previous.edgeChildren, oldParents = previous.edgeParents
    let edgeLow = firstIndex(in: oldChildren.count) { Int(oldChildren[$0]) >= low }
    let edgeHigh = firstIndex(in: oldChildren.count) { Int(oldChildren[$0]) >= high }
    var edgeChildren = Array(oldChildren[..<edgeLow]), edgeParents = Array(oldParents[..<edgeLow])
    edgeChildren.reserveCapacity(oldChildren.count + inserted)
    edgeParents.reserveCapacity(oldChildren.count + inserted)
    for index in insertedRows {
        let link = Int(nodes.parents[index])
        guard link >= 0, link < index else { continue }
        edgeChildren.append(Int32(truncatingIfNeeded: index))
        edgeParents.append(Int32(truncatingIfNeeded: link))
    }
    let moveRows = Int32(truncatingIfNeeded: rowDelta), highRow = Int32(truncatingIfNeeded: high)
    for edge in edgeHigh..<oldChildren.count {
        edgeChildren.append(oldChildren[edge] + moveRows)
        let link = oldParents[edge]
        edgeParents.append(link >= highRow ? link + moveRows : link)
    }

    let depths = spliced(previous.depths, low..<high, Array(nodes.depths[insertedRows]))
    var lines = previous.lines.splicing(low..<high, with: newLines)
    var scores = withResults ? previous.scores.splicing(low..<high, with: newScores, rowDelta: rowDelta) : previous.scores
    for (index, card) in remeasured {
        lines.replace(card: index, with: card.lines)
        scores.set(card: index, to: card.slot)
    }
    let kept = LayoutState(
        room: room, offset: offset, shift: shift, start: start,
        naturalDepths: naturalDepths, levelExtents: levelExtents,
        levelAtMax: levelAtMax, depthCounts: depthCounts, levelStarts: levelStarts, moveX: moveX, moveY: moveY,
        leafExtent: leafExtent, depthExtent: depthExtent, gap: gap,
        edgeNeeds: labelled ? edgeNeeds : [], gapAtMax: labelled ? gapAtMax : [], isExact: true, scale: state.scale)
    let geometry = Geometry(
        width: size.width, height: size.height, margin: previous.margin, cardWidth: previous.cardWidth,
        cardHeight: previous.cardHeight, centres: centres, sizes: sizes,
        depths: depths, lines: lines, fontSize: previous.fontSize,
        title: title, edgeChildren: edgeChildren, edgeParents: edgeParents, headers: headers,
        headerFontSize: previous.headerFontSize, edgeLabels: [], edgeLabelFontSize: previous.edgeLabelFontSize,
        levelGaps: levelGaps, axes: axes, scores: scores, state: kept)
    return LayoutUpdate(
        geometry: labelled
            ? geometry.replacingEdgeLabels(splicedEdgeLabels(
                previous: previous, geometry: geometry, nodes: nodes, splice: splice, fresh: newLabels,
                connectors: (edgeLow, edgeHigh), placeAll: levelsMoved || levelGaps != previous.levelGaps,
                gapLevel: { level(nodes, $0) - 1 }))
            : geometry,
        changedCards: [],
        structure: StructuralChange(removed: low..<high, inserted: insertedRows, moved: moved, shifts: joined,
                                    levels: levelMoves, depthAxisIsX: axes.levelsAreColumns))
}

/// The ancestors of a splice under `parent` (it included) whose label or score slot differs
/// from `old`'s, measured again (lines numbered from 0, natural size, slot): in a tree with
/// results a parent shows its winner's label, and a bye its slot. Up the parent links, one
/// comparison per ancestor.
private func remeasuredAncestors(of parent: Int, _ nodes: DiagramNodes, from old: DiagramNodes, _ fit: CardTextFit)
    -> [Int: (lines: CardLines, size: Size, slot: (text: String, width: Double)?)]
{
    var found: [Int: (lines: CardLines, size: Size, slot: (text: String, width: Double)?)] = [:]
    var node = parent
    while node >= 0 {
        if nodes.labels[node] != old.labels[node] || nodes.scores[node] != old.scores[node]
            || nodes.isByes[node] != old.isByes[node] {
            found[node] = card(nodes, node, fit, true)
        }
        node = Int(nodes.parents[node])
    }
    return found
}

/// `column` with `removed` replaced by `fresh`, copied once (BracketBytes' `splicedColumn`).
@inline(__always)
func spliced<T>(_ column: [T], _ removed: Range<Int>, _ fresh: [T]) -> [T] {
    splicedColumn(column, removing: removed, inserting: fresh)
}
