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

/// What a structural `relayout` changed: the cards of the diagram splice (`DiagramSplice`),
/// the cards placed anew on the path from the edit to the root, and the runs that moved.
/// Every card not named here is where it was (moved by the splice's row delta when after it).
public struct StructuralChange: Sendable, Hashable {
    /// The cards that went, in the old drawing order, and those that replaced them, in the new.
    public let removed: Range<Int>
    public let inserted: Range<Int>
    /// The edit's ancestors whose centre changed (new indices, ascending); their size and lines
    /// did not (the connectors to and from them may have).
    public let moved: [Int]
    /// Subtrees that moved as wholes, ascending, adjacent ones with the same offset joined.
    public let shifts: [LayoutShift]
}

/// Lays out `diagram` from `previous`, the geometry `layout(old)` returned (or one this returned),
/// when `diagram` is `old` with the rows `splice` names replaced (`Document.diagram(splicing:at:)`):
/// a leaf inserted, a subtree deleted, a subtree wrapped in a new block or unwrapped.
///
/// Pass 3 of `layout` (each subtree's room along the leaf axis, Layout.swift) is run only for
/// the inserted subtrees and then for each ancestor of the edit, from the rooms `previous` kept
/// (`LayoutState`); pass 4 places the inserted cards and each ancestor again, and every other
/// child of an ancestor keeps its subtree's shape, so its whole subtree moves by one offset: a
/// `LayoutShift`. The work is the inserted cards, the ancestors and their children, and the
/// runs (one subtraction each, whatever their size). The result's columns (centres, sizes, lines,
/// connectors and the kept state) are then materialised by copying the previous ones around the
/// splice and adding each run's offset to its cards: plain vector passes over the arrays.
///
/// Equal to `layout(diagram)` bit for bit where it answers (StructuralLayoutTests): the rooms
/// are computed by the same rules (`ParentRoom`, `roomStart`), and moving a subtree by one
/// offset gives the same bits as placing it again only because `previous` had no rounding at
/// all and the new values have none either (`LayoutState.isExact`, `onGrid`: every value a
/// multiple of a power of two, with bits to spare below 2^53).
///
/// Nil — run `layout` — where the level extents or the depth change (a new widest card of a
/// level, the last card that set one removed, a new deepest level or the deepest emptied), a
/// parent becoming a leaf or the other way round, the title moving the picture, different
/// settings, and any drawing this does not model: `@root center`, `@rounds`, scores, byes, edge
/// labels and results, or a previous layout with rounding.
public func relayout(_ diagram: Diagram, from old: Diagram, splice: DiagramSplice, previous: Geometry) -> LayoutUpdate? {
    let settings = diagram.settings
    guard settings == old.settings, settings.root != .center, case .none = settings.rounds,
          let state = previous.state, state.isExact else { return nil }
    let oldNodes = old.nodes, nodes = diagram.nodes
    let oldCount = oldNodes.count, count = nodes.count
    let low = splice.removed.lowerBound, high = splice.removed.upperBound, inserted = splice.insertedCount
    let rowDelta = splice.rowDelta, parent = splice.parent
    guard count > 0, low >= 0, high <= oldCount, oldCount == previous.centres.count, oldCount == state.room.count,
          count == oldCount + rowDelta, parent < low, previous.scores.cards.isEmpty, previous.edgeLabels.isEmpty,
          previous.headers.isEmpty, !diagram.hasAttributes
    else { return nil }
    if parent >= 0, (oldNodes.childCounts[parent] > 0) != (nodes.childCounts[parent] > 0) { return nil }
    let axes = LayoutAxes(settings: settings)
    let fit = CardTextFit(settings: settings)
    let deepest = state.depthCounts.count - 1
    let alignLeaves = settings.align == .leaves
    @inline(__always) func level(_ nodes: DiagramNodes, _ index: Int) -> Int {
        alignLeaves && nodes.childCounts[index] == 0 ? deepest : Int(nodes.depths[index])
    }

    // The levels: the cards that went and came, against each level's extent and the depth.
    var depthCounts = state.depthCounts, levelAtMax = state.levelAtMax
    for index in low..<high {
        depthCounts[Int(oldNodes.depths[index])] -= 1
        let level = level(oldNodes, index)
        if state.naturalDepths[index] == state.levelExtents[level] { levelAtMax[level] -= 1 }
    }
    let insertedRows = low..<(low + inserted)
    let (newLines, naturalSizes, _) = measureCards(nodes, in: insertedRows, fit)
    var newDepths: [Double] = []
    var newSizes: [Size] = []
    newDepths.reserveCapacity(inserted)
    newSizes.reserveCapacity(inserted)
    for index in insertedRows {
        let depth = Int(nodes.depths[index])
        guard depth <= deepest else { return nil }
        depthCounts[depth] += 1
        let level = level(nodes, index)
        let natural = axes.depthExtent(naturalSizes[index - low])
        guard natural <= state.levelExtents[level] else { return nil }
        if natural == state.levelExtents[level] { levelAtMax[level] += 1 }
        newDepths.append(natural)
        newSizes.append(axes.size(depthExtent: state.levelExtents[level], leafExtent: axes.leafExtent(naturalSizes[index - low])))
    }
    guard depthCounts[deepest] > 0, !levelAtMax.contains(0) else { return nil }

    let zeros = [Double](repeating: 0, count: inserted)
    var room = spliced(state.room, low..<high, zeros), offset = spliced(state.offset, low..<high, zeros)
    var shift = spliced(state.shift, low..<high, zeros), start = spliced(state.start, low..<high, zeros)
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
        let extent = axes.leafExtent(previous.sizes[node])
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
            let delta = placed - start[child]
            guard delta != 0 else { continue }
            guard state.onGrid(delta) else { return nil }
            runs.append(LayoutShift(first: child, count: Int(nodes.subtreeEnds[child]) - child,
                                    dx: leafAxisIsX ? delta : 0, dy: leafAxisIsX ? 0 : delta))
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

    // The title (its width follows the tree's) must leave the cards where they were.
    var size = axes.levelsAreColumns
        ? (width: state.depthExtent, height: leafExtent) : (width: leafExtent, height: state.depthExtent)
    var moveX = 0.0, moveY = 0.0
    let title = titleBlock(settings, treeWidth: size.width, fit: fit)
    if let title {
        let width = max(size.width, title.width)
        let titleDY = title.height + titleGap(fit)
        moveX += (width - size.width) / 2
        moveY += titleDY
        size = (width, size.height + titleDY)
    }
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
        let point = axes.point(depthAxis: state.levelCentres[level], leafAxis: start[index] + offset[index])
        return moveX != 0 || moveY != 0 ? Point(x: point.x + moveX, y: point.y + moveY) : point
    }
    var centres = spliced(previous.centres, low..<high, [Point](repeating: Point(x: 0, y: 0), count: inserted))
    start.withUnsafeMutableBufferPointer { start in
        centres.withUnsafeMutableBufferPointer { centres in
            for run in joined {
                let delta = run.dx + run.dy
                for index in run.cards {
                    start[index] += delta
                    centres[index] = leafAxisIsX ? Point(x: centres[index].x + delta, y: centres[index].y)
                        : Point(x: centres[index].x, y: centres[index].y + delta)
                }
            }
        }
    }
    for index in insertedRows { centres[index] = centre(index, level: level(nodes, index)) }
    var moved: [Int] = []
    for step in levels where step.node >= 0 {
        let index = step.node
        let placed = centre(index, level: level(nodes, index))
        if placed != centres[index] {
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

    var depths = previous.depths
    depths.replaceSubrange(low..<high, with: nodes.depths[insertedRows])
    let kept = LayoutState(
        room: room, offset: offset, shift: shift, start: start,
        naturalDepths: spliced(state.naturalDepths, low..<high, newDepths), levelExtents: state.levelExtents,
        levelAtMax: levelAtMax, depthCounts: depthCounts, levelCentres: state.levelCentres, moveX: moveX, moveY: moveY,
        leafExtent: leafExtent, depthExtent: state.depthExtent, gap: gap, isExact: true, scale: state.scale)
    let geometry = Geometry(
        width: size.width, height: size.height, margin: previous.margin, cardWidth: previous.cardWidth,
        cardHeight: previous.cardHeight, centres: centres, sizes: spliced(previous.sizes, low..<high, newSizes),
        depths: depths, lines: previous.lines.splicing(low..<high, with: newLines), fontSize: previous.fontSize,
        title: title, edgeChildren: edgeChildren, edgeParents: edgeParents, headers: [],
        headerFontSize: previous.headerFontSize, edgeLabels: [], edgeLabelFontSize: previous.edgeLabelFontSize,
        levelGaps: previous.levelGaps, axes: axes, scores: previous.scores, state: kept)
    return LayoutUpdate(
        geometry: geometry, changedCards: [],
        structure: StructuralChange(removed: low..<high, inserted: insertedRows, moved: moved, shifts: joined))
}

/// `column` with `removed` replaced by `fresh`, copied once.
private func spliced<T>(_ column: [T], _ removed: Range<Int>, _ fresh: [T]) -> [T] {
    var out: [T] = []
    out.reserveCapacity(column.count - removed.count + fresh.count)
    out.append(contentsOf: column[..<removed.lowerBound])
    out.append(contentsOf: fresh)
    out.append(contentsOf: column[removed.upperBound...])
    return out
}
