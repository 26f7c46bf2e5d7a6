import BracketModel
import BracketText

/// Computes where every card and connector of `diagram` goes, and what each card shows.
///
/// Linear passes over the diagram's columns, no recursion (any depth is fine):
/// 1. forward: depth, tree height, each parent's last child and the connectors, from the
///    parent links;
/// 2. every label is wrapped and its card sized (`CardTextFit`); along the depth axis a card
///    takes its level's extent, the widest (root on the side) or tallest (root on top or bottom)
///    natural card of the level, so the brackets stay straight;
/// 3. backward: each subtree's room along the leaf axis. Children are stacked one after
///    another with the leaf gap between them (a leaf's room is its own card), the parent is
///    centred between its first and last child, and when its card reaches past its children's
///    room, the children move in and the room grows, so a subtree's room holds all its cards;
/// 4. forward: rooms become positions, parents before children.
/// Sibling rooms never overlap and every card lies inside its room, so no two cards overlap and
/// a connector, which runs inside its child's room until the gap next to the parent, crosses no
/// card. Several roots (an error the model reports) are laid out one after another.
///
/// With every card at the configured size this is the tutorial's layout exactly: leaves in
/// successive slots, parents halfway between their first and last child.
///
/// With `forRelayout` the rooms and starts of passes 3 and 4 and the level statistics are kept
/// in the geometry (`LayoutState`, 40 bytes a card), for the drawings a structural edit can be
/// laid out from (`relayout(_:from:splice:previous:)`, StructuralLayout.swift): a caller that
/// updates its layout after edits (the language server's preview) asks for them; one that lays
/// out once (the command line, hover) does not pay for them. The layout is the same either way.
public func layout(_ diagram: Diagram, forRelayout: Bool = false) -> Geometry {
    let settings = diagram.settings
    let axes = LayoutAxes(settings: settings)
    let fit = CardTextFit(settings: settings)
    let decorations = DecorationText(cardFontSize: fit.measurer.fontSize)
    let links = diagram.nodes.parents
    // Node indices are stored as Int32 (a diagram never holds more; see `DiagramNodes`).
    let count = min(links.count, diagram.nodes.labels.count, Int(Int32.max))
    guard count > 0 else {
        return Geometry(
            width: 0, height: 0, margin: settings.margin, cardWidth: settings.cardWidth,
            cardHeight: settings.cardHeight, centres: [], sizes: [], depths: [], lines: CardLines(),
            fontSize: fit.measurer.fontSize, title: nil, edgeChildren: [], edgeParents: [],
            headerFontSize: decorations.header.fontSize, edgeLabelFontSize: decorations.edge.fontSize, axes: axes)
    }
    let twoSided = axes.twoSided
    @inline(__always) func hasParent(_ index: Int) -> Bool {
        let link = Int(links[index])
        return link >= 0 && link < index
    }

    // A two-sided draw splits each root's children: the first half (rounded up) on the left,
    // the rest on the right. Counted first, so pass 1 can tell each child its half.
    var halves: [Int: TwoSidedRoot] = [:]
    if twoSided {
        for index in 0..<count where hasParent(index) && !hasParent(Int(links[index])) {
            halves[Int(links[index]), default: TwoSidedRoot()].children += 1
        }
    }

    // Pass 1. The parent links are the only structure trusted: a link that does not point to an
    // earlier node (impossible from the model, but the layout must never crash) makes a root.
    var depths = [Int32](repeating: 0, count: count)
    var lastChild = [Int32](repeating: -1, count: count)
    // -1 left half, +1 right half, 0 a root (two-sided draws only).
    var sides = [Int8](repeating: 0, count: twoSided ? count : 0)
    var edgeChildren: [Int32] = []
    var edgeParents: [Int32] = []
    edgeChildren.reserveCapacity(count)
    edgeParents.reserveCapacity(count)
    var maxDepth: Int32 = 0
    links.withUnsafeBufferPointer { links in
        depths.withUnsafeMutableBufferPointer { depths in
            lastChild.withUnsafeMutableBufferPointer { lastChild in
                for index in 0..<count {
                    let link = Int(links[index])
                    guard link >= 0, link < index else { continue }
                    let depth = depths[link] + 1
                    depths[index] = depth
                    maxDepth = max(maxDepth, depth)
                    lastChild[link] = Int32(truncatingIfNeeded: index)
                    edgeChildren.append(Int32(truncatingIfNeeded: index))
                    edgeParents.append(Int32(truncatingIfNeeded: link))
                    if twoSided {
                        if depth == 1, var root = halves[link] {
                            root.seen += 1
                            let onLeft = root.seen <= (root.children + 1) / 2
                            sides[index] = onLeft ? -1 : 1
                            if onLeft { root.lastLeft = index } else if root.firstRight < 0 { root.firstRight = index }
                            halves[link] = root
                        } else {
                            sides[index] = sides[link]
                        }
                    }
                }
            }
        }
    }
    let deepest = Int(maxDepth)
    let alignLeaves = settings.align == .leaves
    @inline(__always) func level(_ index: Int) -> Int {
        alignLeaves && lastChild[index] < 0 ? deepest : Int(depths[index])
    }

    // Pass 2: text and natural sizes; each level's extent along the depth axis.
    let (lines, naturalSizes, scores) = measureCards(diagram.nodes, count: count, fit)
    var levelExtents = [Double](repeating: 0, count: deepest + 1)
    for index in 0..<count {
        let level = level(index)
        levelExtents[level] = max(levelExtents[level], axes.depthExtent(naturalSizes[index]))
    }
    // Edge labels, measured; each widens the gap next to its child's level to hold it in the
    // half of that gap on the child's side, with clearance from the card and from the bend.
    var levelGaps = [Double](repeating: settings.levelGap, count: deepest + 1)
    var labels: [PendingEdgeLabel] = []
    let edgeTexts = diagram.nodes.edgeLabels
    if edgeTexts.count >= count {
        for edge in 0..<edgeChildren.count {
            let child = Int(edgeChildren[edge])
            guard let text = edgeTexts[child],
                  let label = measureEdgeLabel(text, connector: edge, gapLevel: level(child) - 1,
                                               childSize: naturalSizes[child], settings, axes, decorations)
            else { continue }
            levelGaps[label.gapLevel] = max(levelGaps[label.gapLevel], label.need)
            labels.append(label)
        }
    }
    // Level slots from the origin along the depth axis: the levels in order, or for a two-sided
    // draw the left half's from the deepest in, the root's, and the right half's outwards.
    let slotCount = twoSided ? 2 * deepest + 1 : deepest + 1
    @inline(__always) func levelInSlot(_ slot: Int) -> Int {
        twoSided ? abs(slot - deepest) : axes.slot(level: slot, maxLevel: deepest)
    }
    var slotStarts = [Double](repeating: 0, count: slotCount)
    var depthExtent = 0.0
    for slot in 0..<slotCount {
        let level = levelInSlot(slot)
        slotStarts[slot] = depthExtent
        depthExtent += levelExtents[level]
        if slot + 1 < slotCount { depthExtent += levelGaps[min(level, levelInSlot(slot + 1))] }
    }
    @inline(__always) func slot(of index: Int) -> Int {
        twoSided ? deepest + Int(sides[index]) * level(index) : axes.slot(level: level(index), maxLevel: deepest)
    }

    // Pass 3, backwards: children are done before their parent. `room[i]` is the extent of
    // subtree `i` along the leaf axis and `offset[i]` its card's centre from the start of that
    // room. `stacked[p]` sums the rooms (and gaps) of the children of `p` seen so far, which are
    // its later children: `fromEnd[c]` is how far child `c`'s room ends before the end of all
    // its siblings' rooms. `shift[p]` is how far the children move in to make room for `p`.
    // A two-sided root stacks each half on its own (the right half in `halves`), and both
    // halves are placed so that their middles meet at the root's centre.
    let gap = settings.leafGap
    var room = [Double](repeating: 0, count: count)
    var offset = [Double](repeating: 0, count: count)
    var stacked = [Double](repeating: 0, count: count)
    var fromEnd = [Double](repeating: 0, count: count)
    var shift = [Double](repeating: 0, count: count)
    var rootsStacked = 0.0
    for index in stride(from: count - 1, through: 0, by: -1) {
        let extent = axes.leafExtent(naturalSizes[index])
        let last = Int(lastChild[index])
        if last < 0 {
            room[index] = extent
            offset[index] = extent / 2
        } else if twoSided, var root = halves[index] {
            // The left half holds at least one child; its last is `root.lastLeft`.
            @inline(__always) func centre(_ child: Int, in children: Double) -> Double {
                children - fromEnd[child] - room[child] + offset[child]
            }
            let left = stacked[index] - gap
            let middleLeft = (centre(index + 1, in: left) + centre(root.lastLeft, in: left)) / 2
            var above = max(extent / 2, middleLeft), below = max(extent / 2, left - middleLeft)
            var middleRight = 0.0, right = 0.0
            if root.firstRight >= 0 {
                right = root.stackedRight - gap
                middleRight = (centre(root.firstRight, in: right) + centre(last, in: right)) / 2
                above = max(above, middleRight)
                below = max(below, right - middleRight)
            }
            stacked[index] = left
            shift[index] = above - middleLeft
            root.stackedRight = right
            root.shiftRight = above - middleRight
            halves[index] = root
            offset[index] = above
            room[index] = above + below
        } else {
            // In pre-order the first child of a parent is always the next node.
            let first = index + 1
            let parent = ParentRoom(
                extent: extent, stacked: stacked[index], gap: gap,
                first: (room[first], offset[first], fromEnd[first]), last: (room[last], offset[last], fromEnd[last]))
            stacked[index] = parent.children
            shift[index] = parent.shift
            offset[index] = parent.offset
            room[index] = parent.room
        }
        let link = Int(links[index])
        if link >= 0, link < index {
            if twoSided, sides[index] > 0, depths[index] == 1 {
                fromEnd[index] = halves[link]?.stackedRight ?? 0
                halves[link]?.stackedRight += room[index] + gap
            } else {
                fromEnd[index] = stacked[link]
                stacked[link] += room[index] + gap
            }
        } else {
            fromEnd[index] = rootsStacked
            rootsStacked += room[index] + gap
        }
    }
    let leafExtent = max(0, rootsStacked - gap)

    // Pass 4, forwards: a room's start from its parent's. `fromEnd` is overwritten with the
    // start of each room once it has been read (a parent always comes before its children).
    var sizes = [Size]()
    sizes.reserveCapacity(count)
    var centres = [Point]()
    centres.reserveCapacity(count)
    for index in 0..<count {
        let link = Int(links[index])
        let ownRoom = room[index], distance = fromEnd[index]
        let start: Double
        if link >= 0 && link < index {
            if twoSided, sides[index] > 0, depths[index] == 1, let root = halves[link] {
                start = fromEnd[link] + root.shiftRight + root.stackedRight - distance - ownRoom
            } else {
                start = roomStart(parent: fromEnd[link], shift: shift[link], children: stacked[link], fromEnd: distance,
                                  room: ownRoom)
            }
        } else {
            start = rootStart(leafExtent: leafExtent, fromEnd: distance, room: ownRoom)
        }
        fromEnd[index] = start
        let depthExtent = levelExtents[level(index)]
        sizes.append(axes.size(depthExtent: depthExtent, leafExtent: axes.leafExtent(naturalSizes[index])))
        centres.append(axes.point(depthAxis: slotStarts[slot(of: index)] + depthExtent / 2, leafAxis: start + offset[index]))
    }

    // Headers: a row above the columns, or a column beside the rows; the cards move past it.
    let headers = levelHeaders(
        settings, decorations, axes: axes, slotCount: slotCount, levelInSlot: levelInSlot,
        slotStarts: slotStarts, levelExtents: levelExtents, levelGaps: levelGaps, deepest: deepest)
    let frame = TreeFrame(settings, decorations, fit, axes: axes, depthExtent: depthExtent, leafExtent: leafExtent,
                          headers: headers)
    let size = frame.size, title = frame.title, dx = frame.dx, dy = frame.dy
    if dx != 0 || dy != 0 {
        for index in 0..<count { centres[index] = Point(x: centres[index].x + dx, y: centres[index].y + dy) }
    }
    // What a structural edit is laid out from (StructuralLayout.swift): only for the drawings
    // it models (score slots included: they only size their cards).
    var state: LayoutState?
    if forRelayout, !twoSided {
        var levelAtMax = [Int](repeating: 0, count: deepest + 1), depthCounts = [Int](repeating: 0, count: deepest + 1)
        var naturalDepths = [Double]()
        naturalDepths.reserveCapacity(count)
        for index in 0..<count {
            let natural = axes.depthExtent(naturalSizes[index])
            naturalDepths.append(natural)
            if natural == levelExtents[level(index)] { levelAtMax[level(index)] += 1 }
            depthCounts[Int(depths[index])] += 1
        }
        var levelStarts = [Double](repeating: 0, count: deepest + 1)
        for level in 0...deepest { levelStarts[level] = slotStarts[axes.slot(level: level, maxLevel: deepest)] }
        // The edge labels' needs, and per gap how many labels set it.
        var edgeNeeds: [Double] = []
        var gapAtMax = [Int](repeating: 0, count: deepest + 1)
        if !labels.isEmpty {
            edgeNeeds = [Double](repeating: 0, count: count)
            for label in labels {
                edgeNeeds[Int(edgeChildren[label.connector])] = label.need
                if label.need == levelGaps[label.gapLevel] { gapAtMax[label.gapLevel] += 1 }
            }
        }
        state = LayoutState(
            room: room, offset: offset, shift: shift, start: fromEnd, naturalDepths: naturalDepths,
            levelExtents: levelExtents, levelAtMax: levelAtMax, depthCounts: depthCounts, levelStarts: levelStarts,
            moveX: dx, moveY: dy, leafExtent: leafExtent, depthExtent: depthExtent, gap: gap,
            edgeNeeds: edgeNeeds, gapAtMax: gapAtMax)
    }
    let geometry = Geometry(
        width: size.width, height: size.height, margin: settings.margin, cardWidth: settings.cardWidth,
        cardHeight: settings.cardHeight, centres: centres, sizes: sizes, depths: depths, lines: lines,
        fontSize: fit.measurer.fontSize, title: title, edgeChildren: edgeChildren, edgeParents: edgeParents,
        headers: frame.headers, headerFontSize: decorations.header.fontSize,
        edgeLabels: [], edgeLabelFontSize: decorations.edge.fontSize, levelGaps: levelGaps, axes: axes, scores: scores,
        state: state)
    guard !labels.isEmpty else { return geometry }
    return geometry.placingEdgeLabels(labels)
}

/// A two-sided root's bookkeeping: how its children split, and its right half's stacking.
private struct TwoSidedRoot {
    var children = 0
    var seen = 0
    var lastLeft = -1
    var firstRight = -1
    var stackedRight = 0.0
    var shiftRight = 0.0
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
            state: state)
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
        let text = settings.rounds.name(level: level, deepest: deepest)
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
/// `relayout`, which must move the cards by the same bits.
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
