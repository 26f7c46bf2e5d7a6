import BracketModel
import BracketText

/// A layout worked out from the previous one, and what changed in it.
public struct LayoutUpdate: Sendable {
    public let geometry: Geometry
    /// Cards whose text changed (ascending); unless `structure` says otherwise, every other
    /// card, every position and every size is as before.
    public let changedCards: [Int]
    /// For a structural edit (`layoutSplice(_:from:splice:previous:)`): the cards that went, came and
    /// were placed anew, and the runs of cards that moved as wholes. Nil when only text changed.
    public let structure: StructuralChange?

    init(geometry: Geometry, changedCards: [Int], structure: StructuralChange? = nil) {
        self.geometry = geometry
        self.changedCards = changedCards
        self.structure = structure
    }
}

/// Lays out `diagram` from `previous`, the geometry `layout(old)` returned, when the edit from
/// `old` to `diagram` changed only what some cards say and none of them needs more or less
/// room: a character typed in a label or an ID whose card keeps its size along the leaf axis
/// and stays no wider (or taller) than its level. Then every position and size stays, and only
/// those cards' lines are measured again: the cost is the number of cards (one comparison each,
/// no measuring) plus the cards that changed, where `layout` measures and places every card.
///
/// A card that grows or shrinks along the leaf axis (its label wraps to one more line or one
/// fewer) or changes its level's extent moves other cards: that edit is laid out as a
/// structural one (`layoutSplice(_:from:splice:previous:)`, which tells what moved in `structure`;
/// `changedCards` is then empty).
///
/// An edge label edited (`edge=…` typed) is measured again; while the gap next to its child's
/// level stays (the label needs no more room than the gap has, and the gap is not its alone
/// to give back) only its box changes, else the edit is laid out as a structural one. A card's
/// own edge label stays as it was while its card keeps its extent along the leaf axis.
///
/// A tree with results (scores, winners, byes) is laid out the same way: each edited card is
/// measured with its slot, as `layout` measures it, and a card whose slot changed (a score
/// typed, a bye that came or went) is one more edited card, its slot written into the kept
/// ones; the others stay.
///
/// Returns nil — the caller runs `layout` — for everything else: a different tree shape or
/// different settings, a moving card the structural path declines, many cards changing, a
/// tree that starts or stops recording results, a tree with seeds (`seed`, `entry`), a
/// two-sided draw (`@root center`), a hidden champion, and a drawing with match notes
/// (`note=…`, which take room `layout` works out). Equal to `layout` by
/// construction where it answers (IncrementalLayoutTests compares them over random edits).
///
/// `candidates` (ascending), when given, are the only cards whose label may differ from
/// `old`'s (the rows a header rewrite read again, `DiagramUpdate.edited`): only they are
/// compared, instead of every card's label.
public func layoutReusingPositions(_ diagram: Diagram, from old: Diagram, previous: Geometry, maxChanged: Int = 64,
                                   candidates: [Int]? = nil) -> LayoutUpdate? {
    let settings = diagram.settings
    guard settings == old.settings, settings.root != .center, settings.champion == .shown, previous.notes.isEmpty,
          !diagram.nodes.hasNotes
    else { return nil }
    // A seed column is as wide as the widest seed of all: one edited seed can move every card.
    guard !diagram.nodes.mayHaveSeeds, !old.nodes.mayHaveSeeds, previous.seeds.isEmpty else { return nil }
    let count = diagram.nodes.count
    guard count == old.nodes.count, count == previous.centres.count, count == previous.lines.count,
          diagram.nodes.parents == old.nodes.parents
    else { return nil }
    let withResults = diagram.recordsResults || old.recordsResults
    guard withResults ? diagram.recordsResults == old.recordsResults : previous.scores.cards.isEmpty else { return nil }
    let newLabels = diagram.nodes.labels, oldLabels = old.nodes.labels
    let newEdges = diagram.nodes.edgeLabels, oldEdges = old.nodes.edgeLabels
    let withEdges = diagram.hasAttributes || old.hasAttributes
    var changed: [Int] = []
    var edgesChanged: [Int] = []
    func compare(_ index: Int) -> Bool {
        // A score slot that changes (a score, a bye) is measured again with the card's label.
        // A winner's score is measured bold, so a card that won or lost its match is one too.
        let slotChanged = withResults && (diagram.nodes.scores[index] != old.nodes.scores[index]
            || diagram.nodes.isByes[index] != old.nodes.isByes[index]
            || diagram.nodes.outcome(index) != old.nodes.outcome(index))
        // A drawn attribute (a class) takes no room, but its card must be sent again.
        if slotChanged || newLabels[index] != oldLabels[index]
            || !diagram.nodes.drawn.sameRow(index, as: index, of: old.nodes.drawn) {
            // A slot drawn in parts shares its columns with its whole level (and `aet` changes
            // its match's children): the full layout's.
            if withResults, partsInvolved(index, diagram.nodes) || partsInvolved(index, old.nodes)
                || hasPartSlot(index, previous) || (slotChanged && !previous.scores.parts.isEmpty) { return false }
            changed.append(index)
            if changed.count > maxChanged { return false }
        }
        if withEdges, newEdges[index] != oldEdges[index] {
            edgesChanged.append(index)
            if edgesChanged.count > maxChanged { return false }
        }
        return true
    }
    if let candidates {
        guard candidates.allSatisfy({ $0 >= 0 && $0 < count }) else { return nil }
        for index in candidates { guard compare(index) else { return nil } }
    } else {
        for index in 0..<count { guard compare(index) else { return nil } }
    }
    guard !changed.isEmpty || !edgesChanged.isEmpty else { return LayoutUpdate(geometry: previous, changedCards: []) }
    let either = Array(Set(changed + edgesChanged)).sorted()

    let fit = CardTextFit(settings: settings)
    let axes = LayoutAxes(settings: settings)
    var measured: [Int: MeasuredCard] = [:]
    var state = previous.state
    for index in changed {
        let before = card(old.nodes, index, fit, withResults), after = card(diagram.nodes, index, fit, withResults)
        // Along the leaf axis a card has its own extent: when it changes (a label that wraps to
        // one more line), the cards after it move, as after a structural edit.
        guard axes.leafExtent(before.size) == axes.leafExtent(after.size) else {
            return layoutAsSplice(diagram, from: old, changed: either, previous: previous)
        }
        // Along the depth axis it takes its level's extent, the largest natural one: that stays
        // when this card was not the one setting it and still does not exceed it; else the
        // levels move, as after a structural edit.
        let level = axes.depthExtent(previous.sizes[index])
        let was = axes.depthExtent(before.size), now = axes.depthExtent(after.size)
        guard was == now || (was < level && now <= level) else {
            return layoutAsSplice(diagram, from: old, changed: either, previous: previous)
        }
        measured[index] = after
        // The kept state counts the cards that set their level's extent: this one may now.
        if state != nil, was != now {
            let deepest = state!.depthCounts.count - 1
            let row = settings.align == .leaves && diagram.nodes.childCounts[index] == 0
                ? deepest : Int(diagram.nodes.depths[index])
            state!.naturalDepths[index] = now
            if now == state!.levelExtents[row] { state!.levelAtMax[row] += 1 }
        }
    }
    // Edge labels typed: each measured again against its gap.
    var boxes = previous.edgeLabels
    if !edgesChanged.isEmpty {
        switch retypedEdgeLabels(edgesChanged, diagram, from: old, previous: previous, measured: measured,
                                 state: &state, fit, axes, withResults: withResults) {
        case .boxes(let retyped): boxes = retyped
        case .gapsChange: return layoutAsSplice(diagram, from: old, changed: either, previous: previous)
        case .declined: return nil
        }
    }
    // The previous lines copied once (the render that holds them keeps its own), then only the
    // edited cards written: no per-card lookups or appends.
    var lines = previous.lines
    for index in changed { lines.replace(card: index, with: measured[index]!.lines) }
    var scores = previous.scores
    if withResults {
        for index in changed { scores.set(card: index, to: measured[index]!.slot) }
    }
    var geometry = previous.replacingLines(lines, state: state, scores: scores)
    if !edgesChanged.isEmpty { geometry = geometry.replacingEdgeLabels(boxes) }
    return LayoutUpdate(geometry: geometry, changedCards: either)
}

/// What edge labels typed do to a layout whose cards keep their places.
private enum RetypedEdgeLabels {
    /// Every gap stays: the boxes, each retyped one measured and placed again.
    case boxes([EdgeLabelBox])
    /// A gap must change (a label needs more room, or gave back the room it alone set), or the
    /// tree's first label came: the levels move, as after a structural edit.
    case gapsChange
    /// The previous layout does not match the edit.
    case declined
}

/// The edge labels of the cards `edited` (ascending) measured again, each against the gap next
/// to its child's level (`measured` holds the cards measured again already); the kept state's
/// counts of the labels that set each gap follow.
private func retypedEdgeLabels(_ edited: [Int], _ diagram: Diagram, from old: Diagram, previous: Geometry,
                               measured: [Int: MeasuredCard], state: inout LayoutState?, _ fit: CardTextFit,
                               _ axes: LayoutAxes, withResults: Bool) -> RetypedEdgeLabels {
    let settings = diagram.settings
    let newEdges = diagram.nodes.edgeLabels, oldEdges = old.nodes.edgeLabels
    var boxes = previous.edgeLabels
    let decorations = DecorationText(cardFontSize: fit.measurer.fontSize)
    let deepest = previous.levelGaps.count - 1
    for index in edited {
        let parent = Int(diagram.nodes.parents[index])
        guard parent >= 0 else { continue }  // a root's edge label is drawn nowhere
        let gapLevel = (settings.align == .leaves && diagram.nodes.childCounts[index] == 0
            ? deepest : Int(diagram.nodes.depths[index])) - 1
        let connector = firstIndex(in: previous.edgeChildren.count) {
            Int(previous.edgeChildren[$0]) >= index
        }
        guard gapLevel >= 0, gapLevel < previous.levelGaps.count, connector < previous.edgeChildren.count,
              Int(previous.edgeChildren[connector]) == index
        else { return .declined }
        let size = measured[index]?.size ?? card(diagram.nodes, index, fit, withResults).size
        let before = oldEdges[index].flatMap {
            measureEdgeLabel($0, connector: connector, gapLevel: gapLevel, childSize: size, settings, axes, decorations)
        }
        let after = newEdges[index].flatMap {
            measureEdgeLabel($0, connector: connector, gapLevel: gapLevel, childSize: size, settings, axes, decorations)
        }
        let gap = previous.levelGaps[gapLevel], was = before?.need ?? 0, now = after?.need ?? 0
        // The gap stays when the label fits it and did not set it alone; else levels move.
        let setsGap = was == gap && was != now
        guard now <= gap, !setsGap || (state.map { $0.gapAtMax[gapLevel] > 1 } ?? false) else {
            return .gapsChange
        }
        if state != nil, !state!.edgeNeeds.isEmpty, was != now {
            state!.edgeNeeds[index] = now
            if was == gap { state!.gapAtMax[gapLevel] -= 1 }
            if now == gap { state!.gapAtMax[gapLevel] += 1 }
        } else if state != nil, state!.edgeNeeds.isEmpty, now > 0 {
            // The first label of a tree that had none: the structural path counts them.
            return .gapsChange
        }
        let position = firstIndex(in: boxes.count) { boxes[$0].connector >= connector }
        let present = position < boxes.count && boxes[position].connector == connector
        if let after {
            let box = previous.placedEdgeLabel(connector: connector, gapLevel: gapLevel, lines: after.lines,
                                               widths: after.widths, size: after.size)
            if present { boxes[position] = box } else { boxes.insert(box, at: position) }
        } else if present {
            boxes.remove(at: position)
        }
    }
    return .boxes(boxes)
}

/// A label edit that moves cards, laid out as the structural edit that replaces the subtrees
/// holding the changed cards (`changed`, ascending) by themselves: under the innermost node
/// whose subtree holds them all, its children from the one holding the first to the one
/// holding the last. For a leaf that is the leaf alone.
private func layoutAsSplice(_ diagram: Diagram, from old: Diagram, changed: [Int], previous: Geometry) -> LayoutUpdate? {
    let nodes = diagram.nodes
    guard previous.state != nil, let first = changed.first, let last = changed.last else { return nil }
    let parents = nodes.parents, ends = nodes.subtreeEnds
    var parent = Int(parents[first])
    while parent >= 0, !(parent < first && last < Int(ends[parent])) { parent = Int(parents[parent]) }
    /// The child of `parent` whose subtree holds `index`: up the parent links (no recursion).
    func child(holding index: Int) -> Int {
        var node = index
        while Int(parents[node]) != parent { node = Int(parents[node]) }
        return node
    }
    let low = child(holding: first), high = Int(ends[child(holding: last)])
    let splice = DiagramSplice(parent: parent, removed: low..<high, insertedCount: high - low, byteDelta: 0)
    return layoutSplice(diagram, from: old, splice: splice, previous: previous)
}

/// Whether card `index` is drawn in parts or decides a match that went to extra time.
private func partsInvolved(_ index: Int, _ nodes: DiagramNodes) -> Bool {
    ScoreParts.isDrawnInParts(nodes, index) || ScoreParts.afterExtraTime(nodes, index)
}

/// Whether card `index`'s slot is laid out in parts in `geometry`.
private func hasPartSlot(_ index: Int, _ geometry: Geometry) -> Bool {
    guard !geometry.scores.parts.isEmpty, let position = geometry.scores.index(of: index) else { return false }
    return !geometry.scores.parts(at: position).isEmpty
}

/// Card `index`'s lines, natural size and score slot as `layout` measures it, the slot when the
/// tree has them (`withSlots`).
func card(_ nodes: DiagramNodes, _ index: Int, _ fit: CardTextFit, _ withSlots: Bool) -> MeasuredCard {
    let (lines, sizes, scores) = measureCards(nodes, in: index..<(index + 1), fit, hasSlots: withSlots,
                                              numberedFromZero: true)
    return (lines, sizes[0], scores.isEmpty ? nil : scores.slot(at: 0))
}

extension Geometry {
    /// This geometry with other card lines (same cards, places and sizes).
    func replacingLines(_ lines: CardLines, state: LayoutState?, scores: CardScores? = nil) -> Geometry {
        Geometry(
            width: width, height: height, margin: margin, cardWidth: cardWidth, cardHeight: cardHeight,
            centres: centres, sizes: sizes, depths: depths, lines: lines, fontSize: fontSize, title: title,
            edgeChildren: edgeChildren, edgeParents: edgeParents, headers: headers, headerFontSize: headerFontSize,
            edgeLabels: edgeLabels, edgeLabelFontSize: edgeLabelFontSize, levelGaps: levelGaps, axes: axes,
            scores: scores ?? self.scores, seeds: seeds, seedRoom: seedRoom, state: state)
    }
}
