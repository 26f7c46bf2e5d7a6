import BracketModel
import BracketText

/// Computes where every card and connector of `diagram` goes, and what each card shows.
///
/// Linear passes over the diagram's columns, no recursion (any depth is fine):
/// 1. forward: depth, tree height, each parent's last child and the connectors, from the
///    parent links (`TreeLinks`, LayoutPasses.swift);
/// 2. every label is wrapped and its card sized (`CardTextFit`); along the depth axis a card
///    takes its level's extent, the widest (root on the side) or tallest (root on top or bottom)
///    natural card of the level, so the brackets stay straight (`LevelPlan`);
/// 3. backward: each subtree's room along the leaf axis. Children are stacked one after
///    another with the leaf gap between them (a leaf's room is its own card), the parent is
///    centred between its first and last child, and when its card reaches past its children's
///    room, the children move in and the room grows, so a subtree's room holds all its cards
///    (`SubtreeRooms`);
/// 4. forward: rooms become positions, parents before children (`SubtreeRooms.placeCards`).
/// Sibling rooms never overlap and every card lies inside its room, so no two cards overlap and
/// a connector, which runs inside its child's room until the gap next to the parent, crosses no
/// card. Several roots (an error the model reports) are laid out one after another.
///
/// With every card at the configured size this is the tutorial's layout exactly: leaves in
/// successive slots, parents halfway between their first and last child.
///
/// With `keepingSpliceState` the rooms and starts of passes 3 and 4 and the level statistics are
/// kept in the geometry (`LayoutState`, 40 bytes a card), for the drawings a structural edit can
/// be laid out from (`layoutSplice(_:from:splice:previous:)`, StructuralLayout.swift): a caller that
/// updates its layout after edits (the language server's preview) asks for them; one that lays
/// out once (the command line, hover) does not pay for them. The layout is the same either way.
public func layout(_ diagram: Diagram, keepingSpliceState: Bool = false) -> Geometry {
    let settings = diagram.settings
    let axes = LayoutAxes(settings: settings)
    let fit = CardTextFit(settings: settings)
    let decorations = DecorationText(cardFontSize: fit.measurer.fontSize)
    // Node indices are stored as Int32 (a diagram never holds more; see `DiagramNodes`).
    let count = min(diagram.nodes.parents.count, diagram.nodes.labels.count, Int(Int32.max))
    guard count > 0 else {
        return Geometry(
            width: 0, height: 0, margin: settings.margin, cardWidth: settings.cardWidth,
            cardHeight: settings.cardHeight, centres: [], sizes: [], depths: [], lines: CardLines(),
            fontSize: fit.measurer.fontSize, title: nil, edgeChildren: [], edgeParents: [],
            headerFontSize: decorations.header.fontSize, edgeLabelFontSize: decorations.edge.fontSize, axes: axes)
    }
    // Pass 1: depths, last children, halves and connectors from the parent links.
    var tree = TreeLinks(diagram.nodes.parents, count: count, twoSided: axes.twoSided,
                         alignLeaves: settings.align == .leaves)
    // Pass 2: text and natural sizes; each level's extent and gap along the depth axis.
    var seeds = measureSeeds(diagram.nodes, count: count, fit)
    var (lines, naturalSizes, scores) = measureCards(diagram.nodes, count: count, fit,
                                                     alignLeaves: diagram.settings.align == .leaves,
                                                     seedRoom: seeds.room)
    // `@champion hidden`: the root's card shows nothing and takes no room along the depth axis,
    // so its level is no column and the final's connectors end at their join (`connectorPoints`).
    let hidesChampion = settings.champion == .hidden && diagram.nodes.parents[0] < 0 && diagram.nodes.childCounts[0] > 0
    if hidesChampion {
        var nothing = CardLines()
        nothing.append(WrappedText(lines: [], lineWidths: [], isTruncated: false), card: 0)
        lines.replace(card: 0, with: nothing)
        naturalSizes[0] = Size(width: 0, height: 0)
        scores.removeFirstCard()
        seeds.seeds.removeFirstCard()
    }
    // Match notes: their cards grow along the leaf axis and their gaps widen (Geometry+Notes.swift).
    let notes = PendingNote.measure(diagram.nodes, count: count, fit)
    PendingNote.growCards(notes, &naturalSizes, axes: axes)
    let levels = LevelPlan(tree, naturalSizes: naturalSizes, edgeTexts: diagram.nodes.edgeLabels, settings, axes,
                           decorations, gapNeeds: PendingNote.gapNeeds(notes, levels: tree.deepest + 1, tree: tree, axes: axes))
    // Pass 3, backwards: each subtree's room along the leaf axis.
    var rooms = SubtreeRooms(&tree, naturalSizes: naturalSizes, gap: settings.leafGap, axes: axes)
    // Headers: a row above the columns, or a column beside the rows; the cards move past them
    // and the title.
    let headers = levelHeaders(
        settings, decorations, axes: axes, slotCount: levels.slotCount, levelInSlot: levels.levelInSlot,
        slotStarts: levels.slotStarts, levelExtents: levels.extents, levelGaps: levels.gaps, deepest: tree.deepest)
    let frame = TreeFrame(settings, decorations, fit, axes: axes, depthExtent: levels.depthExtent,
                          leafExtent: rooms.leafExtent, headers: headers)
    let dx = frame.dx, dy = frame.dy
    // Pass 4, forwards: rooms become positions.
    let (centres, sizes) = rooms.placeCards(tree, levels, naturalSizes: naturalSizes, axes: axes, moveX: dx, moveY: dy)
    // What a splice is laid out from (StructuralLayout.swift): only for the drawings it models
    // (score slots included: they only size their cards).
    // (A drawing with match notes is laid out whole: the relayouts do not model them; nor a tree
    // with seeds: the seed column is as wide as the widest seed of all.)
    let state = keepingSpliceState && !axes.twoSided && notes.isEmpty && !hidesChampion && !diagram.nodes.mayHaveSeeds
        ? LayoutState(keptFrom: tree, levels, rooms, naturalSizes: naturalSizes, axes: axes, moveX: dx, moveY: dy)
        : nil
    let geometry = Geometry(
        width: frame.size.width, height: frame.size.height, margin: settings.margin, cardWidth: settings.cardWidth,
        cardHeight: settings.cardHeight, centres: centres, sizes: sizes, depths: tree.depths, lines: lines,
        fontSize: fit.measurer.fontSize, title: frame.title, edgeChildren: tree.edgeChildren,
        edgeParents: tree.edgeParents, headers: frame.headers, headerFontSize: decorations.header.fontSize,
        edgeLabels: [], edgeLabelFontSize: decorations.edge.fontSize, levelGaps: levels.gaps, axes: axes,
        scores: scores, seeds: seeds.seeds, seedRoom: seeds.room, state: state)
    var placed = levels.labels.isEmpty ? geometry : geometry.placingEdgeLabels(levels.labels)
    if !notes.isEmpty { placed.notes = placed.placingNotes(notes) }
    return placed
}

/// An edge label measured in pass 2, waiting for its connector's position.
struct PendingEdgeLabel {
    var connector: Int
    var gapLevel: Int
    var lines: [String]
    var widths: [Double]
    var size: Size
    /// The gap (`gapLevel`'s) the label needs: twice its extent along the depth axis with
    /// clearance on both sides, in whole points.
    var need: Double
}

/// The edge label `text` of connector `connector`, whose child card has the natural size
/// `childSize` and sits next to gap `gapLevel`, measured as `layout` measures it (and the
/// relayouts, which must agree to the bit); nil when nothing of it is drawn. Along the leaf
/// axis a label stays within its child's card, so labels of neighbouring connectors in one gap
/// cannot meet.
func measureEdgeLabel(_ text: String, connector: Int, gapLevel: Int, childSize: Size, _ settings: LayoutSettings,
                      _ axes: LayoutAxes, _ decorations: DecorationText) -> PendingEdgeLabel? {
    guard !text.isEmpty, gapLevel >= 0 else { return nil }
    let childExtent = axes.leafExtent(childSize)
    let maxWidth = axes.levelsAreColumns ? max(settings.cardWidth, 48) : childExtent
    let maxLines = axes.levelsAreColumns && decorations.edgeHeight(lines: 2) > childExtent ? 1 : 2
    let measured = decorations.edgeText(text, maxWidth: maxWidth, maxLines: maxLines)
    guard !measured.lines.isEmpty else { return nil }
    let need = (2 * (axes.depthExtent(measured.size) + 2 * decorations.edgeClearance)).rounded(.up)
    return PendingEdgeLabel(connector: connector, gapLevel: gapLevel, lines: measured.lines, widths: measured.widths,
                            size: measured.size, need: need)
}

extension Geometry {
    /// The same geometry with each edge label centred on its connector's first segment, a
    /// quarter of its gap from the child's card (the middle of the child's half of the gap).
    func placingEdgeLabels(_ pending: [PendingEdgeLabel]) -> Geometry {
        var boxes: [EdgeLabelBox] = []
        boxes.reserveCapacity(pending.count)
        for label in pending {
            boxes.append(placedEdgeLabel(connector: label.connector, gapLevel: label.gapLevel, lines: label.lines,
                                         widths: label.widths, size: label.size))
        }
        return replacingEdgeLabels(boxes)
    }

    /// An edge label's box on connector `connector` of this geometry (its cards and gaps placed),
    /// in the gap `gapLevel` next to its child's level.
    func placedEdgeLabel(connector: Int, gapLevel: Int, lines: [String], widths: [Double], size: Size) -> EdgeLabelBox {
        EdgeLabelBox(connector: connector, lines: lines, lineWidths: widths,
                     center: edgeLabelCentre(connector: connector, gapLevel: gapLevel), width: size.width,
                     height: size.height)
    }

    /// Where an edge label's box on connector `connector` is centred (`placedEdgeLabel`).
    func edgeLabelCentre(connector: Int, gapLevel: Int) -> Point {
        let points = connectorPoints(connector)
        let startDepth = axes.levelsAreColumns ? points.0.x : points.0.y
        let bendDepth = axes.levelsAreColumns ? points.1.x : points.1.y
        let along = axes.levelsAreColumns ? points.0.y : points.0.x
        let direction: Double = bendDepth >= startDepth ? 1 : -1
        let depth = startDepth + direction * levelGaps[gapLevel] / 4
        return axes.point(depthAxis: depth, leafAxis: along)
    }

    /// This geometry with other edge label boxes (same cards, places and gaps).
    func replacingEdgeLabels(_ boxes: [EdgeLabelBox]) -> Geometry {
        Geometry(
            width: width, height: height, margin: margin, cardWidth: cardWidth, cardHeight: cardHeight,
            centres: centres, sizes: sizes, depths: depths, lines: lines, fontSize: fontSize, title: title,
            edgeChildren: edgeChildren, edgeParents: edgeParents, headers: headers, headerFontSize: headerFontSize,
            edgeLabels: boxes, edgeLabelFontSize: edgeLabelFontSize, levelGaps: levelGaps, axes: axes, scores: scores,
            seeds: seeds, seedRoom: seedRoom, state: state, notes: notes)
    }
}

/// One header per level slot (`@rounds`), centred on its level along the depth axis; the other
/// coordinate is set once the band's size is known. Empty without `@rounds`.
func levelHeaders(
    _ settings: LayoutSettings, _ decorations: DecorationText, axes: LayoutAxes, slotCount: Int,
    levelInSlot: (Int) -> Int, slotStarts: [Double], levelExtents: [Double], levelGaps: [Double], deepest: Int
) -> [LevelHeader] {
    if case .none = settings.rounds { return [] }
    var headers: [LevelHeader] = []
    headers.reserveCapacity(slotCount)
    for slot in 0..<slotCount {
        let level = levelInSlot(slot)
        let text = settings.roundName(level: level, deepest: deepest)
        // Above a column a header may reach half a gap past it on each side, so neighbours
        // never meet; beside rows it gets a column of its own.
        var maxWidth = max(settings.cardWidth, 96)
        if axes.levelsAreColumns {
            var gapRoom = Double.infinity
            if slot > 0 { gapRoom = min(gapRoom, levelGaps[min(level, levelInSlot(slot - 1))]) }
            if slot + 1 < slotCount { gapRoom = min(gapRoom, levelGaps[min(level, levelInSlot(slot + 1))]) }
            maxWidth = levelExtents[level] + (gapRoom.isFinite ? gapRoom : settings.levelGap)
        }
        let measured = decorations.headerText(text, maxWidth: maxWidth)
        let middle = slotStarts[slot] + levelExtents[level] / 2
        headers.append(LevelHeader(
            level: level, text: text, lines: measured.lines, lineWidths: measured.widths,
            center: axes.point(depthAxis: middle, leafAxis: 0), width: measured.size.width,
            height: measured.size.height))
    }
    return headers
}

/// The picture around the tree: the level headers' band (a row above the columns, or a column
/// beside the rows) and the title above it all, centred over the tree or the tree under it;
/// how far they move every card, and the picture's size. Written once for `layout` and
/// `layoutSplice`, which must move the cards by the same bits.
struct TreeFrame {
    var size: (width: Double, height: Double)
    var headers: [LevelHeader]
    var title: TitleBlock?
    var dx = 0.0
    var dy = 0.0

    /// `headers` as `levelHeaders` made them (their band coordinate not yet set).
    init(_ settings: LayoutSettings, _ decorations: DecorationText, _ fit: CardTextFit, axes: LayoutAxes,
         depthExtent: Double, leafExtent: Double, headers: [LevelHeader]) {
        size = axes.levelsAreColumns ? (width: depthExtent, height: leafExtent) : (width: leafExtent, height: depthExtent)
        self.headers = headers
        if let band = headers.map({ axes.levelsAreColumns ? $0.height : $0.width }).max(), band > 0 {
            let move = band + decorations.headerGap
            if axes.levelsAreColumns {
                dy = move
                size.height += move
                for index in self.headers.indices { self.headers[index].center.y = band / 2 }
            } else {
                dx = move
                size.width += move
                for index in self.headers.indices { self.headers[index].center.x = band / 2 }
            }
        }
        title = titleBlock(settings, treeWidth: size.width, fit: fit)
        if let title {
            // The title sits above the tree; the tree is centred under a wider title.
            let width = max(size.width, title.width)
            let titleDX = (width - size.width) / 2, titleDY = title.height + titleGap(fit)
            dx += titleDX
            dy += titleDY
            for index in self.headers.indices {
                self.headers[index].center = Point(x: self.headers[index].center.x + titleDX,
                                                   y: self.headers[index].center.y + titleDY)
            }
            size = (width, size.height + titleDY)
        }
    }
}

/// The title's font size: larger than the cards', and never taller than it needs to be.
private func titleFontSize(_ fit: CardTextFit) -> Double { (fit.measurer.fontSize * 18 / 13).rounded() }

/// Space between the title and the cards below it.
func titleGap(_ fit: CardTextFit) -> Double { (fit.measurer.fontSize * 16 / 13).rounded() }

/// The drawn title, wrapped to the tree's width (or a readable minimum) in up to three lines.
func titleBlock(_ settings: LayoutSettings, treeWidth: Double, fit: CardTextFit) -> TitleBlock? {
    guard settings.titleVisible, let title = settings.title, !title.isEmpty else { return nil }
    let measurer = TextMeasurer(fontSize: titleFontSize(fit))
    let text = measurer.wrap(title, maxWidth: max(treeWidth, 360), maxLines: 3)
    guard !text.lines.isEmpty else { return nil }
    // Whole points, like the cards, so every position stays short and exact.
    let height = (measurer.ascent + measurer.descent + Double(text.lines.count - 1) * measurer.lineHeight).rounded(.up)
    let width = text.width.rounded(.up)
    return TitleBlock(
        lines: text.lines, lineWidths: Array(text.lineWidths.prefix(text.lines.count)),
        center: Point(x: max(treeWidth, width) / 2, y: height / 2), width: width, height: height,
        fontSize: measurer.fontSize)
}
