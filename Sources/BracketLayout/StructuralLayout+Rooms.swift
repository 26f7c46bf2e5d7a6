import BracketBytes
import BracketModel

// Passes 3 and 4 of a splice's layout (StructuralLayout.swift), as `layout`'s (`SubtreeRooms`,
// LayoutPasses.swift) for the inserted subtrees and the path from the splice to the roots.

/// Pass 3: the rooms along the leaf axis of the inserted subtrees (backwards), then of the
/// splice's parent and each ancestor, from their children's rooms; the other rooms are kept.
/// Pass 4 (`placeAlongPath`, `placeInserted`): their starts, forwards.
struct SplicedRooms {
    /// Every card's, spliced: the kept ones taken out of the kept state (moved where nothing
    /// else holds them, as in the server's preview), the inserted ones made here.
    var room: [Double]
    var offset: [Double]
    var shift: [Double]
    var start: [Double]
    /// The inserted rows' stacking (`SubtreeRooms`'s `stacked` and `fromEnd`), by row from `low`;
    /// their stacking under the splice's parent is that parent's, in `path`.
    var stacked: [Double]
    var fromEnd: [Double]
    /// The splice's parent and each ancestor, up to the roots (a last step with node -1).
    var path: [PathStep] = []
    var leafExtent = 0.0
    let gap: Double

    /// One parent on the path: its children, how far each one's room ends before the end of all
    /// their rooms, and the extent of those rooms and gaps.
    struct PathStep {
        var node: Int
        var children: [Int]
        var fromEnds: [Double]
        var extent: Double
    }

    init(_ edit: SpliceEdit, _ levels: SplicedLevels, previous: Geometry, state: inout LayoutState) {
        let low = edit.low, removed = edit.removedRows
        let zeros = [Double](repeating: 0, count: edit.inserted)
        room = splicedInPlace(&state.room, removing: removed, inserting: zeros)
        offset = splicedInPlace(&state.offset, removing: removed, inserting: zeros)
        shift = splicedInPlace(&state.shift, removing: removed, inserting: zeros)
        start = splicedInPlace(&state.start, removing: removed, inserting: zeros)
        gap = state.gap
        stacked = zeros
        fromEnd = zeros

        // The inserted subtrees, backwards (pass 3 of `layout`).
        let axes = edit.axes, nodes = edit.nodes, gap = state.gap
        var lastChild = [Int](repeating: -1, count: edit.inserted)
        for index in edit.insertedRows.reversed() {
            let local = index - low
            let extent = axes.leafExtent(levels.naturalSizes[local])
            let last = lastChild[local]
            if last < 0 {
                room[index] = extent
                offset[index] = extent / 2
            } else {
                let first = index + 1
                let placed = ParentRoom(
                    extent: extent, stacked: stacked[local], gap: gap,
                    first: (room[first], offset[first], fromEnd[first - low]),
                    last: (room[last], offset[last], fromEnd[last - low]))
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
        stackPath(edit, previous: previous)
    }

    /// Pass 3 for the splice's parent and each ancestor, from their children's rooms; the last
    /// step is the roots'.
    private mutating func stackPath(_ edit: SpliceEdit, previous: Geometry) {
        let nodes = edit.nodes, axes = edit.axes
        var node = edit.parent
        while true {
            var children: [Int] = []
            var child = node + 1
            let end = node >= 0 ? Int(nodes.subtreeEnds[node]) : edit.count
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
                path.append(PathStep(node: -1, children: children, fromEnds: fromEnds, extent: leafExtent))
                return
            }
            let extent = axes.leafExtent(edit.remeasured[node]?.size ?? previous.sizes[node])
            if let first = children.first, let last = children.last {
                let placed = ParentRoom(
                    extent: extent, stacked: sum, gap: gap, first: (room[first], offset[first], fromEnds[0]),
                    last: (room[last], offset[last], fromEnds[fromEnds.count - 1]))
                shift[node] = placed.shift
                offset[node] = placed.offset
                room[node] = placed.room
                path.append(PathStep(node: node, children: children, fromEnds: fromEnds, extent: placed.children))
            } else {
                room[node] = extent
                offset[node] = extent / 2
                shift[node] = 0
                path.append(PathStep(node: node, children: [], fromEnds: [], extent: 0))
            }
            node = Int(nodes.parents[node])
        }
    }

    /// Pass 4 from the roots down the path: each child of an ancestor is placed; one on the path
    /// or inserted keeps its new start, any other moves with its whole subtree by `depthShift`
    /// along the depth axis and the change of its start along the leaf axis: the runs (unsorted).
    /// Nil where a run's offset is off the kept grid, or (with results) where a moved child's
    /// card now says something else.
    mutating func placeAlongPath(_ edit: SpliceEdit, depthShift: Double, grid state: LayoutState) -> [LayoutShift]? {
        let nodes = edit.nodes, oldNodes = edit.oldNodes, insertedRows = edit.insertedRows
        let leafAxisIsX = !edit.axes.levelsAreColumns
        var runs: [LayoutShift] = []
        for position in path.indices.reversed() {
            let step = path[position]
            let onPath = position > 0 ? path[position - 1].node : -1
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
                if edit.withResults {
                    let before = child < edit.low ? child : child - edit.rowDelta
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
        return runs
    }

    /// Pass 4 for the inserted cards under inserted parents (forwards); whether everything
    /// placed anew is as exact as what it sits beside (`LayoutState.onGrid`).
    mutating func placeInserted(_ edit: SpliceEdit, grid state: LayoutState) -> Bool {
        let low = edit.low
        for index in edit.insertedRows {
            let link = Int(edit.nodes.parents[index])
            guard link >= low else { continue }
            start[index] = roomStart(parent: start[link], shift: shift[link], children: stacked[link - low],
                                     fromEnd: fromEnd[index - low], room: room[index])
        }
        guard state.onGrid(leafExtent) else { return false }
        for index in edit.insertedRows where !(state.onGrid(room[index]) && state.onGrid(offset[index])
                                               && state.onGrid(shift[index]) && state.onGrid(start[index])) {
            return false
        }
        for step in path where step.node >= 0 {
            let index = step.node
            guard state.onGrid(room[index]), state.onGrid(offset[index]), state.onGrid(shift[index]),
                  state.onGrid(start[index]) else { return false }
        }
        return true
    }
}
