import BracketBytes
import BracketModel

// The columns of a splice's layout (StructuralLayout.swift), materialised from the previous
// ones: copied around the splice, each run's offset added to its cards, the levels that moved
// placed again, and the cards placed anew written. Plain vector passes over the arrays.

/// The runs sorted, adjacent ones with the same offset joined.
func joinedRuns(_ runs: [LayoutShift]) -> [LayoutShift] {
    var joined: [LayoutShift] = []
    for run in runs.sorted(by: { $0.first < $1.first }) {
        if let last = joined.last, last.cards.upperBound == run.first, last.dx == run.dx, last.dy == run.dy {
            joined[joined.count - 1] = LayoutShift(first: last.first, count: last.count + run.count, dx: last.dx, dy: last.dy)
        } else {
            joined.append(run)
        }
    }
    return joined
}

/// The cards' centres and sizes after a splice, the levels that moved and the ancestors whose
/// centre changed (`StructuralChange.levels` and `moved`).
struct SplicedCards {
    var centres: [Point]
    var sizes: [Size]
    var levelMoves: [LevelMove] = []
    var moved: [Int] = []

    /// `rooms` placed (passes 3 and 4), its starts moved with the runs `shifts`; every card
    /// moved by (`moveX`, `moveY`), the title's and the headers' move.
    init(_ edit: SpliceEdit, _ levels: SplicedLevels, _ rooms: inout SplicedRooms, shifts: [LayoutShift],
         previous: Geometry, kept state: LayoutState, moveX: Double, moveY: Double) {
        let removed = edit.removedRows, axes = edit.axes
        centres = spliced(previous.centres, removed, [Point](repeating: Point(x: 0, y: 0), count: edit.inserted))
        sizes = spliced(previous.sizes, removed, levels.newSizes)
        let leafAxisIsX = !axes.levelsAreColumns
        rooms.start.withUnsafeMutableBufferPointer { start in
            centres.withUnsafeMutableBufferPointer { centres in
                for run in shifts {
                    let along = leafAxisIsX ? run.dx : run.dy
                    for index in run.cards {
                        start[index] += along
                        centres[index] = Point(x: centres[index].x + run.dx, y: centres[index].y + run.dy)
                    }
                }
            }
        }
        if levels.levelsMoved { moveLevels(edit, levels, kept: state, moveX: moveX, moveY: moveY) }
        @inline(__always) func centre(_ index: Int) -> Point {
            let level = edit.level(index)
            let point = axes.point(depthAxis: levels.levelStarts[level] + levels.extents[level] / 2,
                                   leafAxis: rooms.start[index] + rooms.offset[index])
            return moveX != 0 || moveY != 0 ? Point(x: point.x + moveX, y: point.y + moveY) : point
        }
        for index in edit.insertedRows { centres[index] = centre(index) }
        // The ancestors measured again take their level's extent and their own along the leaf axis.
        for (index, card) in edit.remeasured {
            sizes[index] = axes.size(depthExtent: levels.extents[edit.level(index)],
                                     leafExtent: axes.leafExtent(card.size))
        }
        for step in rooms.path where step.node >= 0 {
            let index = step.node
            let placed = centre(index)
            // With results every ancestor is named: its outcome, label or slot may have changed.
            if placed != centres[index] || edit.withResults {
                centres[index] = placed
                moved.append(index)
            }
        }
        moved.sort()
    }

    /// Levels that moved or took another extent: each of their cards (but the inserted ones)
    /// gets the depth coordinate `layout` computes for its level, and the level's extent.
    private mutating func moveLevels(_ edit: SpliceEdit, _ levels: SplicedLevels, kept state: LayoutState,
                                     moveX: Double, moveY: Double) {
        let axes = edit.axes, newDeepest = levels.newDeepest
        @inline(__always) func depthCoordinate(start: Double, extent: Double) -> Double {
            let point = axes.point(depthAxis: start + extent / 2, leafAxis: 0)
            let placed = moveX != 0 || moveY != 0 ? Point(x: point.x + moveX, y: point.y + moveY) : point
            return axes.levelsAreColumns ? placed.x : placed.y
        }
        var to = [Double?](repeating: nil, count: newDeepest + 1)
        var resized = [Bool](repeating: false, count: newDeepest + 1)
        for level in 0...min(edit.deepest, newDeepest) {
            let from = depthCoordinate(start: state.levelStarts[level], extent: state.levelExtents[level])
            let now = depthCoordinate(start: levels.levelStarts[level], extent: levels.extents[level])
            resized[level] = levels.extents[level] != state.levelExtents[level]
            guard from != now || resized[level] else { continue }
            to[level] = now
            levelMoves.append(LevelMove(from: from, to: now, extent: levels.extents[level]))
        }
        let columns = axes.levelsAreColumns, extents = levels.extents
        let low = edit.low, insertedEnd = edit.low + edit.inserted
        centres.withUnsafeMutableBufferPointer { centres in
            sizes.withUnsafeMutableBufferPointer { sizes in
                for index in 0..<edit.count where index < low || index >= insertedEnd {
                    let level = edit.level(index)
                    guard let now = to[level] else { continue }
                    centres[index] = columns ? Point(x: now, y: centres[index].y) : Point(x: centres[index].x, y: now)
                    if resized[level] {
                        sizes[index] = axes.size(depthExtent: extents[level], leafExtent: axes.leafExtent(sizes[index]))
                    }
                }
            }
        }
    }
}

/// The connectors after a splice: those of the cards before it, the inserted cards', then the
/// rest renumbered; `kept` are the previous connectors before and after the removed rows'
/// (`edgeLow..<edgeHigh` went).
struct SplicedConnectors {
    var children: [Int32]
    var parents: [Int32]
    let edgeLow: Int
    let edgeHigh: Int

    init(_ edit: SpliceEdit, previous: Geometry) {
        let oldChildren = previous.edgeChildren, oldParents = previous.edgeParents
        let low = edit.low, high = edit.high, nodes = edit.nodes
        edgeLow = firstIndex(in: oldChildren.count) { Int(oldChildren[$0]) >= low }
        edgeHigh = firstIndex(in: oldChildren.count) { Int(oldChildren[$0]) >= high }
        children = Array(oldChildren[..<edgeLow])
        parents = Array(oldParents[..<edgeLow])
        children.reserveCapacity(oldChildren.count + edit.inserted)
        parents.reserveCapacity(oldChildren.count + edit.inserted)
        for index in edit.insertedRows {
            let link = Int(nodes.parents[index])
            guard link >= 0, link < index else { continue }
            children.append(Int32(truncatingIfNeeded: index))
            parents.append(Int32(truncatingIfNeeded: link))
        }
        let moveRows = Int32(truncatingIfNeeded: edit.rowDelta), highRow = Int32(truncatingIfNeeded: high)
        for edge in edgeHigh..<oldChildren.count {
            children.append(oldChildren[edge] + moveRows)
            let link = oldParents[edge]
            parents.append(link >= highRow ? link + moveRows : link)
        }
    }
}
