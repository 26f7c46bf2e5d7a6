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

/// What a splice's layout (`layoutSplice`) changed: the cards of the diagram splice (`DiagramSplice`),
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
/// The four passes of `layout` (LayoutPasses.swift), run for what the splice changed:
/// 1. the splice checked against the previous rows and what this path models (`SpliceEdit`);
/// 2. the cards that went and came, measured, counted into the kept levels' extents and gaps,
///    and the levels placed again when they changed (`SplicedLevels`);
/// 3. backwards, each subtree's room along the leaf axis, only for the inserted subtrees and
///    then for each ancestor of the edit, from the rooms `previous` kept (`LayoutState`,
///    `SplicedRooms`);
/// 4. forwards, the inserted cards and each ancestor placed again; every other child of an
///    ancestor keeps its subtree's shape, so its whole subtree moves by one offset: a
///    `LayoutShift` (`SplicedRooms.placeAlongPath`).
/// The work is the inserted cards, the ancestors and their children, and the runs (one
/// subtraction each, whatever their size). The result's columns (centres, sizes, lines,
/// connectors and the kept state) are then materialised by copying the previous ones around the
/// splice (the kept state's moved in place when the caller gives it up,
/// `layoutSplice(_:from:splice:takingStateOf:)`) and adding each run's offset to its cards: plain
/// vector passes over the arrays (StructuralLayout+Columns.swift).
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
/// layout made without `keepingSpliceState` or with rounding.
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
/// `layoutSplice(_:from:splice:takingStateOf:)` for the caller that can give it up).
public func layoutSplice(_ diagram: Diagram, from old: Diagram, splice: DiagramSplice, previous: Geometry)
    -> LayoutUpdate?
{
    guard var state = previous.state else { return nil }
    return layoutSplice(diagram, from: old, splice: splice, previous: previous, state: &state)
}

/// `layoutSplice(_:from:splice:previous:)`, taking `previous`'s kept state (`LayoutState`, which
/// only a splice's layout reads) instead of copying it: `previous` is left without it (it can still be
/// drawn and diffed, not laid out from again), and the state's per-card columns (room, offset,
/// shift, start and natural extent: 40 bytes a card) are spliced in place when nothing else
/// holds them (`splicedInPlace`), else copied once. The same answer, bit for bit
/// (StructuralLayoutTests).
///
/// The server's preview keeps the state only with its relayout base, never with the snapshot
/// a delta is diffed against, so a structural push moves those columns instead of copying them.
public func layoutSplice(_ diagram: Diagram, from old: Diagram, splice: DiagramSplice,
                         takingStateOf previous: inout Geometry) -> LayoutUpdate? {
    guard var state = previous.state else { return nil }
    previous.state = nil
    return layoutSplice(diagram, from: old, splice: splice, previous: previous, state: &state)
}

/// The splice's layout from `previous`'s cards and connectors and `state`, its kept state,
/// whose per-card columns are taken out of it (spliced in place when `state` holds the only
/// reference; `state` is spent either way). The passes mirror `layout`'s (LayoutPasses.swift).
private func layoutSplice(_ diagram: Diagram, from old: Diagram, splice: DiagramSplice, previous: Geometry,
                          state: inout LayoutState) -> LayoutUpdate? {
    // Pass 1: the splice against the previous layout's rows and what this path models (no
    // match notes: `layout` makes their room; not a seed column: it is as wide as the widest
    // seed of all, so one seed can move every card).
    guard !diagram.nodes.hasNotes, previous.notes.isEmpty else { return nil }
    guard !diagram.nodes.mayHaveSeeds, previous.seeds.isEmpty else { return nil }
    guard let edit = SpliceEdit(diagram, from: old, splice: splice, previous: previous, state: state) else { return nil }
    // Pass 2: the cards that went and came, measured, against the levels' extents, gaps and places.
    guard let levels = SplicedLevels(edit, previous: previous, state: &state) else { return nil }
    // Pass 3, backwards: the inserted subtrees' rooms, then the path's up to the roots.
    var rooms = SplicedRooms(edit, levels, previous: previous, state: &state)
    // Pass 4, forwards: the path's children and the inserted cards placed; the others move as runs.
    guard let runs = rooms.placeAlongPath(edit, depthShift: levels.depthShift, grid: state),
          rooms.placeInserted(edit, grid: state)
    else { return nil }

    // The level headers (`@rounds`, from the levels' places and extents) and the title (its
    // width follows the tree's) must leave the cards where they were.
    let axes = edit.axes, newDeepest = levels.newDeepest
    var headers = previous.headers
    if !levels.sameLevels, !headers.isEmpty {
        headers = levelHeaders(
            edit.settings, edit.decorations, axes: axes, slotCount: newDeepest + 1,
            levelInSlot: { axes.slot(level: $0, maxLevel: newDeepest) }, slotStarts: levels.slotStarts(axes),
            levelExtents: levels.extents, levelGaps: levels.gaps, deepest: newDeepest)
    }
    let frame = TreeFrame(edit.settings, edit.decorations, edit.fit, axes: axes, depthExtent: levels.depthExtent,
                          leafExtent: rooms.leafExtent, headers: headers)
    // Kept headers were placed already (the frame only needed their sizes).
    if !levels.sameLevels { headers = frame.headers }
    guard frame.dx == state.moveX, frame.dy == state.moveY else { return nil }

    // The columns: around the splice, the runs moved, the placed cards' centres.
    let shifts = joinedRuns(runs)
    let cards = SplicedCards(edit, levels, &rooms, shifts: shifts, previous: previous, kept: state,
                             moveX: frame.dx, moveY: frame.dy)
    let connectors = SplicedConnectors(edit, previous: previous)
    let removed = edit.removedRows, insertedRows = edit.insertedRows
    let depths = spliced(previous.depths, removed, Array(edit.nodes.depths[insertedRows]))
    var lines = previous.lines.splicing(removed, with: levels.newLines)
    var scores = edit.withResults
        ? previous.scores.splicing(removed, with: levels.newScores, rowDelta: edit.rowDelta) : previous.scores
    for (index, card) in edit.remeasured {
        lines.replace(card: index, with: card.lines)
        scores.set(card: index, to: card.slot)
    }
    let kept = LayoutState(
        room: rooms.room, offset: rooms.offset, shift: rooms.shift, start: rooms.start,
        naturalDepths: levels.naturalDepths, levelExtents: levels.extents,
        levelAtMax: levels.levelAtMax, depthCounts: levels.depthCounts, levelStarts: levels.levelStarts,
        moveX: frame.dx, moveY: frame.dy, leafExtent: rooms.leafExtent, depthExtent: levels.depthExtent, gap: rooms.gap,
        edgeNeeds: levels.labelled ? levels.edgeNeeds : [], gapAtMax: levels.labelled ? levels.gapAtMax : [],
        isExact: true, scale: state.scale)
    let geometry = Geometry(
        width: frame.size.width, height: frame.size.height, margin: previous.margin, cardWidth: previous.cardWidth,
        cardHeight: previous.cardHeight, centres: cards.centres, sizes: cards.sizes,
        depths: depths, lines: lines, fontSize: previous.fontSize,
        title: frame.title, edgeChildren: connectors.children, edgeParents: connectors.parents, headers: headers,
        headerFontSize: previous.headerFontSize, edgeLabels: [], edgeLabelFontSize: previous.edgeLabelFontSize,
        levelGaps: levels.gaps, axes: axes, scores: scores, state: kept)
    return LayoutUpdate(
        geometry: levels.labelled
            ? geometry.replacingEdgeLabels(splicedEdgeLabels(
                previous: previous, geometry: geometry, nodes: edit.nodes, splice: splice, fresh: levels.newLabels,
                connectors: (connectors.edgeLow, connectors.edgeHigh),
                placeAll: levels.levelsMoved || levels.gaps != previous.levelGaps, gapLevel: { edit.level($0) - 1 }))
            : geometry,
        changedCards: [],
        structure: StructuralChange(removed: removed, inserted: insertedRows, moved: cards.moved, shifts: shifts,
                                    levels: cards.levelMoves, depthAxisIsX: axes.levelsAreColumns))
}

/// `column` with `removed` replaced by `fresh`, copied once (BracketBytes' `splicedColumn`).
@inline(__always)
func spliced<T>(_ column: [T], _ removed: Range<Int>, _ fresh: [T]) -> [T] {
    splicedColumn(column, removing: removed, inserting: fresh)
}
