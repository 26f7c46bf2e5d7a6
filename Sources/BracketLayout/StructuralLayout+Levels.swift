import BracketBytes
import BracketModel
import BracketText

// Passes 1 and 2 of a splice's layout (StructuralLayout.swift), as `layout`'s (LayoutPasses.swift)
// for the rows the splice replaced: the splice checked against the previous layout's links, and
// the levels' extents, gaps and places after it.

/// A card measured on its own (`card`): its lines numbered from 0, natural size and score slot.
typealias MeasuredCard = (lines: CardLines, size: Size, slot: ScoreSlotText?)

/// Pass 1: the splice against the previous layout and its kept state, and what of the drawing
/// this path models; nil where the full layout must run. The rows `low..<high` of the old
/// diagram went; `inserted` rows from `low` came, under `parent`.
struct SpliceEdit {
    let settings: LayoutSettings
    let axes: LayoutAxes
    let fit: CardTextFit
    let decorations: DecorationText
    let oldNodes: DiagramNodes
    let nodes: DiagramNodes
    let count: Int
    let low: Int
    let high: Int
    let inserted: Int
    let rowDelta: Int
    let parent: Int
    /// The tree records results: the splice's parent, its ancestors and their children may show
    /// other outcomes (`Document.diagramSplicingRows(of:at:)`).
    let withResults: Bool
    /// The previous layout's deepest level.
    let deepest: Int
    let alignLeaves: Bool
    /// With results, the ancestors whose label or slot changed (a parent shows its winner's
    /// label; a score or bye is drawn in its slot), measured again: they are placed again
    /// anyway, from their new extent along the leaf axis.
    let remeasured: [Int: MeasuredCard]

    var removedRows: Range<Int> { low..<high }
    var insertedRows: Range<Int> { low..<(low + inserted) }

    init?(_ diagram: Diagram, from old: Diagram, splice: DiagramSplice, previous: Geometry, state: LayoutState) {
        settings = diagram.settings
        guard settings == old.settings, settings.root != .center, state.isExact else { return nil }
        oldNodes = old.nodes
        nodes = diagram.nodes
        let oldCount = oldNodes.count
        count = nodes.count
        (low, high, inserted) = (splice.removed.lowerBound, splice.removed.upperBound, splice.insertedCount)
        (rowDelta, parent) = (splice.rowDelta, splice.parent)
        guard count > 0, low >= 0, high <= oldCount, oldCount == previous.centres.count, oldCount == state.room.count,
              count == oldCount + rowDelta, parent < low
        else { return nil }
        // A tree that starts or stops recording results changes every single child's bye.
        withResults = diagram.recordsResults || old.recordsResults
        guard withResults ? diagram.recordsResults == old.recordsResults : previous.scores.isEmpty else { return nil }
        deepest = state.depthCounts.count - 1
        alignLeaves = settings.align == .leaves
        // With aligned leaves a parent that becomes a leaf (or the other way round) changes level.
        if parent >= 0, alignLeaves, (oldNodes.childCounts[parent] > 0) != (nodes.childCounts[parent] > 0) { return nil }
        axes = LayoutAxes(settings: settings)
        fit = CardTextFit(settings: settings)
        decorations = DecorationText(cardFontSize: fit.measurer.fontSize)
        // Slots drawn in parts share their columns with their whole level: the full layout's.
        if withResults, ScoreParts.anyParts(nodes) || ScoreParts.anyParts(oldNodes) { return nil }
        remeasured = withResults ? remeasuredAncestors(of: parent, nodes, from: oldNodes, fit) : [:]
        // A winner's score is measured bold: a card outside the splice that won or lost its
        // match by it would change size where this path does not look. The full layout's.
        if withResults, outcomeChangedBeside(parent, nodes, from: oldNodes, kept: low..<(low + inserted),
                                             rowDelta: rowDelta) { return nil }
        for (index, card) in remeasured where nodes.edgeLabels[index] != nil || oldNodes.edgeLabels[index] != nil {
            // An edge label is measured against its child's card: one that resized is the full layout's.
            guard axes.leafExtent(card.size) == axes.leafExtent(previous.sizes[index]),
                  axes.depthExtent(card.size) == state.naturalDepths[index] else { return nil }
        }
    }

    /// Row `index`'s level in `nodes` (the old or the new rows): its depth, or with aligned
    /// leaves the deepest for a leaf.
    @inline(__always)
    func level(_ nodes: DiagramNodes, _ index: Int) -> Int {
        alignLeaves && nodes.childCounts[index] == 0 ? deepest : Int(nodes.depths[index])
    }

    /// A new row's level.
    @inline(__always)
    func level(_ index: Int) -> Int { level(nodes, index) }
}

/// The ancestors of a splice under `parent` (it included) whose label or score slot differs
/// from `old`'s, measured again (lines numbered from 0, natural size, slot): in a tree with
/// results a parent shows its winner's label, and a bye its slot. Up the parent links, one
/// comparison per ancestor.
private func remeasuredAncestors(of parent: Int, _ nodes: DiagramNodes, from old: DiagramNodes, _ fit: CardTextFit)
    -> [Int: MeasuredCard]
{
    var found: [Int: MeasuredCard] = [:]
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

/// Whether a child of `parent` or of one of its ancestors, outside the inserted rows `inserted`,
/// has another outcome than in `old` (rows after the splice are `rowDelta` further on). One
/// comparison per child of each ancestor.
private func outcomeChangedBeside(_ parent: Int, _ nodes: DiagramNodes, from old: DiagramNodes, kept inserted: Range<Int>,
                                  rowDelta: Int) -> Bool
{
    var node = parent
    while node >= 0 {
        var child = node + 1
        while child < Int(nodes.subtreeEnds[node]) {
            if !inserted.contains(child) {
                let before = child >= inserted.upperBound ? child - rowDelta : child
                if before < 0 || before >= old.count || nodes.outcome(child) != old.outcome(before) { return true }
            }
            child = Int(nodes.subtreeEnds[child])
        }
        node = Int(nodes.parents[node])
    }
    return false
}

/// A level (or gap) takes its widest card's (label's) extent: `natural` counted into `level`'s
/// `extents`, and into `atMax`, how many set it. Written once for every count a splice keeps.
@inline(__always)
func countExtent(_ natural: Double, level: Int, extents: inout [Double], atMax: inout [Int]) {
    if natural > extents[level] {
        extents[level] = natural
        atMax[level] = 1
    } else if natural == extents[level] {
        atMax[level] += 1
    }
}

/// Pass 2: the cards that went and came (measured) against each level's extent and the depth,
/// the gaps edge labels widen, and the levels' places along the depth axis.
struct SplicedLevels {
    var depthCounts: [Int]
    var levelAtMax: [Int]
    var extents: [Double]
    var newDeepest: Int
    /// Every card's natural extent along the depth axis, spliced.
    var naturalDepths: [Double]
    /// The inserted cards: lines, natural sizes, slots, and sizes (their level's extent).
    let newLines: CardLines
    let naturalSizes: [Size]
    let newScores: CardScores
    var newSizes: [Size] = []
    /// Whether connectors may have labels (the tree had some, or has attributes).
    let labelled: Bool
    var gaps: [Double]
    var gapAtMax: [Int]
    var edgeNeeds: [Double] = []
    var newLabels: [PendingEdgeLabel?] = []
    /// Where each level starts along the depth axis (before the title's move), their extent.
    var levelStarts: [Double]
    var depthExtent: Double
    /// Every level kept its place and extent.
    var sameLevels = true
    /// How far every level moved along the depth axis, when all that stay moved by one offset
    /// (a level added or emptied at the far end); else `levelsMoved`.
    var depthShift = 0.0
    var levelsMoved = false

    init?(_ edit: SpliceEdit, previous: Geometry, state: inout LayoutState) {
        let deepest = edit.deepest, low = edit.low, oldNodes = edit.oldNodes, nodes = edit.nodes, axes = edit.axes
        depthCounts = state.depthCounts
        levelAtMax = state.levelAtMax
        extents = state.levelExtents
        for index in edit.removedRows {
            depthCounts[Int(oldNodes.depths[index])] -= 1
            let level = edit.level(oldNodes, index)
            if state.naturalDepths[index] == state.levelExtents[level] { levelAtMax[level] -= 1 }
        }
        for (index, card) in edit.remeasured where axes.depthExtent(card.size) != state.naturalDepths[index] {
            let level = edit.level(oldNodes, index)
            if state.naturalDepths[index] == state.levelExtents[level] { levelAtMax[level] -= 1 }
        }
        // Levels past the deepest, or the deepest emptied, keep every leaf at its depth only when
        // leaves are not aligned to the deepest level.
        newDeepest = deepest
        for index in edit.insertedRows { newDeepest = max(newDeepest, Int(nodes.depths[index])) }
        if newDeepest > deepest {
            guard !edit.alignLeaves else { return nil }
            let added = newDeepest - deepest
            depthCounts += [Int](repeating: 0, count: added)
            levelAtMax += [Int](repeating: 0, count: added)
            extents += [Double](repeating: 0, count: added)
        }
        (newLines, naturalSizes, newScores) = measureCards(nodes, in: edit.insertedRows, edit.fit,
                                                           hasSlots: edit.withResults)
        var newDepths: [Double] = []
        newDepths.reserveCapacity(edit.inserted)
        for index in edit.insertedRows {
            depthCounts[Int(nodes.depths[index])] += 1
            let natural = axes.depthExtent(naturalSizes[index - low])
            countExtent(natural, level: edit.level(index), extents: &extents, atMax: &levelAtMax)
            newDepths.append(natural)
        }
        for (index, card) in edit.remeasured where axes.depthExtent(card.size) != state.naturalDepths[index] {
            countExtent(axes.depthExtent(card.size), level: edit.level(index), extents: &extents, atMax: &levelAtMax)
        }
        while newDeepest > 0, depthCounts[newDeepest] == 0 { newDeepest -= 1 }
        if newDeepest < deepest {
            guard !edit.alignLeaves else { return nil }
            depthCounts.removeSubrange((newDeepest + 1)...)
            levelAtMax.removeSubrange((newDeepest + 1)...)
            extents.removeSubrange((newDeepest + 1)...)
        }
        guard depthCounts[newDeepest] > 0 else { return nil }
        naturalDepths = splicedInPlace(&state.naturalDepths, removing: edit.removedRows, inserting: newDepths)
        for (index, card) in edit.remeasured { naturalDepths[index] = axes.depthExtent(card.size) }

        // The gaps edge labels widened: the labels that went and came, against each gap.
        labelled = !state.edgeNeeds.isEmpty || nodes.hasAttributes
        gaps = previous.levelGaps
        gapAtMax = state.gapAtMax
        levelStarts = state.levelStarts
        depthExtent = state.depthExtent
        if labelled {
            guard let spliced = splicedEdgeGaps(
                state: &state, previousGaps: previous.levelGaps, from: oldNodes, to: nodes, removed: edit.removedRows,
                inserted: edit.insertedRows, naturalSizes: naturalSizes, deepest: deepest, newDeepest: newDeepest,
                edit.settings, axes, edit.decorations, level: edit.level(_:_:))
            else { return nil }
            (gaps, gapAtMax, edgeNeeds, newLabels) = (spliced.levelGaps, spliced.gapAtMax, spliced.edgeNeeds,
                                                      spliced.labels)
        } else if newDeepest != deepest {
            gaps = [Double](repeating: edit.settings.levelGap, count: newDeepest + 1)
        }
        findLostExtents(edit, kept: state)
        placeLevels(edit, previous: previous, kept: state)
        newSizes.reserveCapacity(edit.inserted)
        for index in edit.insertedRows {
            newSizes.append(axes.size(depthExtent: extents[edit.level(index)],
                                      leafExtent: axes.leafExtent(naturalSizes[index - low])))
        }
    }

    /// A level whose last card of its extent went takes its widest remaining card's: one pass
    /// over the cards' natural extents (the only work here that is not the edit's own).
    private mutating func findLostExtents(_ edit: SpliceEdit, kept state: LayoutState) {
        var lost = [Bool](repeating: false, count: newDeepest + 1)
        var anyLost = false
        for level in 0...newDeepest where levelAtMax[level] == 0 && level < state.levelAtMax.count
            && state.levelAtMax[level] > 0 {
            lost[level] = true
            anyLost = true
            extents[level] = 0
        }
        guard anyLost else { return }
        var extents = self.extents, levelAtMax = self.levelAtMax
        naturalDepths.withUnsafeBufferPointer { naturals in
            for index in 0..<edit.count {
                let level = edit.level(index)
                guard lost[level] else { continue }
                countExtent(naturals[index], level: level, extents: &extents, atMax: &levelAtMax)
            }
        }
        self.extents = extents
        self.levelAtMax = levelAtMax
    }

    /// The levels' places along the depth axis, as pass 2 of `layout` adds them up. When every
    /// level that stays keeps its extent and moves by one offset (a level added or emptied at
    /// the far end), that offset moves every run; otherwise each level that moved or changed its
    /// extent is a `LevelMove`, and its cards' depth coordinate is computed again as `layout`
    /// computes it.
    private mutating func placeLevels(_ edit: SpliceEdit, previous: Geometry, kept state: LayoutState) {
        let deepest = edit.deepest, axes = edit.axes, newDeepest = newDeepest
        sameLevels = newDeepest == deepest && extents == state.levelExtents && gaps == previous.levelGaps
        guard !sameLevels else { return }
        let (slotStarts, extent) = levelSlotStarts(slotCount: newDeepest + 1, extents: extents, gaps: gaps) {
            axes.slot(level: $0, maxLevel: newDeepest)
        }
        depthExtent = extent
        levelStarts = (0...newDeepest).map { slotStarts[axes.slot(level: $0, maxLevel: newDeepest)] }
        let shift = levelStarts[0] - state.levelStarts[0]
        let kept = 0...min(deepest, newDeepest)
        if kept.allSatisfy({ extents[$0] == state.levelExtents[$0] && levelStarts[$0] - state.levelStarts[$0] == shift }),
           state.onGrid(shift), state.onGrid(depthExtent) {
            depthShift = shift
        } else {
            levelsMoved = true
        }
    }

    /// Where each level slot starts along the depth axis (for the `@rounds` headers).
    func slotStarts(_ axes: LayoutAxes) -> [Double] {
        (0...newDeepest).map { levelStarts[axes.slot(level: $0, maxLevel: newDeepest)] }
    }
}
