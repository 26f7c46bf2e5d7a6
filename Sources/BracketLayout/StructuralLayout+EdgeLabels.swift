import BracketBytes
import BracketModel

// The edge labels of a splice's layout (StructuralLayout.swift): the gaps they need after
// the splice, counted like the levels' extents, and their boxes placed again where their
// connectors moved.

/// The gaps between levels after a splice of an edge-labelled tree, what `LayoutState` keeps
/// of them, and the inserted rows' labels measured (nil for a row without one).
struct SplicedEdgeGaps {
    var levelGaps: [Double]
    var gapAtMax: [Int]
    var edgeNeeds: [Double]
    var labels: [PendingEdgeLabel?]
}

/// The labels that went (`removed`, old rows) and came (`inserted`, new rows) against each gap:
/// a wider label widens its gap, the last widest going has the gap found again from the kept
/// needs (one pass over the cards, only then). Nil when the previous gaps do not match its
/// levels. `level` is the splice layout's level of a row (aligned leaves at the deepest). The per-card
/// needs are taken out of `state` and spliced in place when it holds their only reference.
func splicedEdgeGaps(state: inout LayoutState, previousGaps: [Double], from oldNodes: DiagramNodes, to nodes: DiagramNodes,
                     removed: Range<Int>, inserted insertedRows: Range<Int>, naturalSizes: [Size],
                     deepest: Int, newDeepest: Int, _ settings: LayoutSettings, _ axes: LayoutAxes,
                     _ decorations: DecorationText, level: (DiagramNodes, Int) -> Int) -> SplicedEdgeGaps? {
    let low = removed.lowerBound, high = removed.upperBound
    let inserted = insertedRows.count, oldCount = oldNodes.count, count = nodes.count
    var levelGaps = previousGaps, gapAtMax = state.gapAtMax
    var edgeNeeds: [Double] = []
    swap(&edgeNeeds, &state.edgeNeeds)
    var newLabels: [PendingEdgeLabel?] = []
    guard levelGaps.count == deepest + 1 else { return nil }
    if gapAtMax.isEmpty { gapAtMax = [Int](repeating: 0, count: deepest + 1) }
    if edgeNeeds.isEmpty { edgeNeeds = [Double](repeating: 0, count: oldCount) }
    for index in low..<high where edgeNeeds[index] > 0 {
        let gapLevel = level(oldNodes, index) - 1
        if edgeNeeds[index] == levelGaps[gapLevel] { gapAtMax[gapLevel] -= 1 }
    }
    if newDeepest > deepest {
        levelGaps += [Double](repeating: settings.levelGap, count: newDeepest - deepest)
        gapAtMax += [Int](repeating: 0, count: newDeepest - deepest)
    }
    let texts = nodes.edgeLabels
    var needs = [Double](repeating: 0, count: inserted)
    newLabels.reserveCapacity(inserted)
    for index in insertedRows {
        let gapLevel = level(nodes, index) - 1
        guard Int(nodes.parents[index]) >= 0, let text = texts[index],
              let label = measureEdgeLabel(text, connector: -1, gapLevel: gapLevel,
                                           childSize: naturalSizes[index - low], settings, axes, decorations)
        else {
            newLabels.append(nil)
            continue
        }
        newLabels.append(label)
        needs[index - low] = label.need
        countExtent(label.need, level: gapLevel, extents: &levelGaps, atMax: &gapAtMax)
    }
    edgeNeeds = splicedInPlace(&edgeNeeds, removing: low..<high, inserting: needs)
    if newDeepest < deepest {
        levelGaps.removeSubrange((newDeepest + 1)...)
        gapAtMax.removeSubrange((newDeepest + 1)...)
    }
    // A gap whose last widest label went takes its widest remaining label's need.
    var lostGap = [Bool](repeating: false, count: newDeepest + 1)
    var anyLostGap = false
    for gapLevel in 0...newDeepest where gapAtMax[gapLevel] == 0 && gapLevel < state.gapAtMax.count
        && state.gapAtMax[gapLevel] > 0 {
        lostGap[gapLevel] = true
        anyLostGap = true
        levelGaps[gapLevel] = settings.levelGap
    }
    if anyLostGap {
        for index in 0..<count where edgeNeeds[index] > 0 {
            let gapLevel = level(nodes, index) - 1
            guard lostGap[gapLevel] else { continue }
            levelGaps[gapLevel] = max(levelGaps[gapLevel], edgeNeeds[index])
        }
        for index in 0..<count where edgeNeeds[index] > 0 {
            let gapLevel = level(nodes, index) - 1
            if lostGap[gapLevel], edgeNeeds[index] == levelGaps[gapLevel] { gapAtMax[gapLevel] += 1 }
        }
    }
    return SplicedEdgeGaps(levelGaps: levelGaps, gapAtMax: gapAtMax, edgeNeeds: edgeNeeds, labels: newLabels)
}

/// The edge label boxes of `geometry` (laid out by `layoutSplice` from `previous`): the
/// boxes of connectors before the splice and after it kept, renumbered, unless the connector's
/// child or parent moved (or `placeAll`: levels or gaps moved), when the box is placed again
/// from its kept lines; the inserted connectors' labels (`fresh`, by inserted row) placed.
/// `connectors` are the old connectors of the rows before the splice and before its end.
func splicedEdgeLabels(previous: Geometry, geometry: Geometry, nodes: DiagramNodes, splice: DiagramSplice,
                               fresh: [PendingEdgeLabel?], connectors: (low: Int, high: Int), placeAll: Bool,
                               gapLevel: (Int) -> Int) -> [EdgeLabelBox] {
    let low = splice.removed.lowerBound, high = splice.removed.upperBound
    let rowDelta = splice.rowDelta
    var insertedEdges = 0
    for index in splice.inserted where Int(nodes.parents[index]) >= 0 { insertedEdges += 1 }
    let edgeDelta = insertedEdges - (connectors.high - connectors.low)
    var boxes: [EdgeLabelBox] = []
    boxes.reserveCapacity(previous.edgeLabels.count + insertedEdges)
    /// The box of old `box` on new connector `connector` (child `child`, old child `oldChild`).
    func kept(_ box: EdgeLabelBox, connector: Int, child: Int, oldChild: Int) -> EdgeLabelBox {
        let parent = Int(geometry.edgeParents[connector]), oldParent = Int(previous.edgeParents[box.connector])
        if !placeAll, geometry.centres[child] == previous.centres[oldChild],
           geometry.sizes[child] == previous.sizes[oldChild], geometry.centres[parent] == previous.centres[oldParent] {
            return box.moved(connector: connector, center: box.center)
        }
        // Its text kept, its centre found as `layout` finds it.
        return box.moved(connector: connector, center: geometry.edgeLabelCentre(connector: connector, gapLevel: gapLevel(child)))
    }
    var position = 0
    let old = previous.edgeLabels
    while position < old.count, old[position].connector < connectors.low {
        let child = Int(previous.edgeChildren[old[position].connector])
        boxes.append(kept(old[position], connector: old[position].connector, child: child, oldChild: child))
        position += 1
    }
    var connector = connectors.low
    for index in splice.inserted where Int(nodes.parents[index]) >= 0 {
        if let label = fresh[index - low] {
            boxes.append(geometry.placedEdgeLabel(connector: connector, gapLevel: label.gapLevel, lines: label.lines,
                                                  widths: label.widths, size: label.size))
        }
        connector += 1
    }
    while position < old.count, old[position].connector < connectors.high { position += 1 }
    while position < old.count {
        let oldChild = Int(previous.edgeChildren[old[position].connector])
        let child = oldChild >= high ? oldChild + rowDelta : oldChild
        boxes.append(kept(old[position], connector: old[position].connector + edgeDelta, child: child, oldChild: oldChild))
        position += 1
    }
    return boxes
}
