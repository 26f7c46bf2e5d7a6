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
public func layout(_ diagram: Diagram) -> Geometry {
    let settings = diagram.settings
    let axes = LayoutAxes(settings: settings)
    let fit = CardTextFit(settings: settings)
    let links = diagram.nodes.parents
    // Node indices are stored as Int32 (a diagram never holds more; see `DiagramNodes`).
    let count = min(links.count, diagram.nodes.labels.count, Int(Int32.max))
    guard count > 0 else {
        return Geometry(
            width: 0, height: 0, margin: settings.margin, cardWidth: settings.cardWidth,
            cardHeight: settings.cardHeight, centres: [], sizes: [], depths: [], lines: CardLines(),
            fontSize: fit.measurer.fontSize, title: nil, edgeChildren: [], edgeParents: [], axes: axes)
    }

    // Pass 1. The parent links are the only structure trusted: a link that does not point to an
    // earlier node (impossible from the model, but the layout must never crash) makes a root.
    var depths = [Int32](repeating: 0, count: count)
    var lastChild = [Int32](repeating: -1, count: count)
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
    // Level slots from the origin: where each level starts along the depth axis.
    var levelStarts = [Double](repeating: 0, count: deepest + 1)
    var depthExtent = 0.0
    for slot in 0...deepest {
        let level = axes.slot(level: slot, maxLevel: deepest)
        levelStarts[level] = depthExtent
        depthExtent += levelExtents[level] + (slot < deepest ? settings.levelGap : 0)
    }

    // Pass 3, backwards: children are done before their parent. `room[i]` is the extent of
    // subtree `i` along the leaf axis and `offset[i]` its card's centre from the start of that
    // room. `stacked[p]` sums the rooms (and gaps) of the children of `p` seen so far, which are
    // its later children: `fromEnd[c]` is how far child `c`'s room ends before the end of all
    // its siblings' rooms. `shift[p]` is how far the children move in to make room for `p`.
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
        } else {
            let children = stacked[index] - gap
            stacked[index] = children
            // In pre-order the first child of a parent is always the next node.
            let first = index + 1
            let firstCentre = children - fromEnd[first] - room[first] + offset[first]
            let lastCentre = children - fromEnd[last] - room[last] + offset[last]
            let middle = (firstCentre + lastCentre) / 2
            let moveIn = max(0, extent / 2 - middle)
            shift[index] = moveIn
            offset[index] = middle + moveIn
            room[index] = max(children + moveIn, middle + moveIn + extent / 2)
        }
        let link = Int(links[index])
        if link >= 0, link < index {
            fromEnd[index] = stacked[link]
            stacked[link] += room[index] + gap
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
        let start = link >= 0 && link < index
            ? fromEnd[link] + shift[link] + stacked[link] - distance - ownRoom
            : leafExtent - distance - ownRoom
        fromEnd[index] = start
        let level = level(index)
        let depthExtent = levelExtents[level]
        sizes.append(axes.size(depthExtent: depthExtent, leafExtent: axes.leafExtent(naturalSizes[index])))
        centres.append(axes.point(depthAxis: levelStarts[level] + depthExtent / 2, leafAxis: start + offset[index]))
    }

    var size = axes.levelsAreColumns
        ? (width: depthExtent, height: leafExtent) : (width: leafExtent, height: depthExtent)
    let title = titleBlock(settings, treeWidth: size.width, fit: fit)
    if let title {
        // The title sits above the tree; the tree is centred under a wider title.
        let width = max(size.width, title.width)
        let dx = (width - size.width) / 2, dy = title.height + titleGap(fit)
        if dx != 0 || dy != 0 {
            for index in 0..<count { centres[index] = Point(x: centres[index].x + dx, y: centres[index].y + dy) }
        }
        size = (width, size.height + dy)
    }
    return Geometry(
        width: size.width, height: size.height, margin: settings.margin, cardWidth: settings.cardWidth,
        cardHeight: settings.cardHeight, centres: centres, sizes: sizes, depths: depths, lines: lines,
        fontSize: fit.measurer.fontSize, title: title, edgeChildren: edgeChildren, edgeParents: edgeParents,
        axes: axes, scores: scores)
}

/// The title's font size: larger than the cards', and never taller than it needs to be.
private func titleFontSize(_ fit: CardTextFit) -> Double { (fit.measurer.fontSize * 18 / 13).rounded() }

/// Space between the title and the cards below it.
private func titleGap(_ fit: CardTextFit) -> Double { (fit.measurer.fontSize * 16 / 13).rounded() }

/// The drawn title, wrapped to the tree's width (or a readable minimum) in up to three lines.
private func titleBlock(_ settings: LayoutSettings, treeWidth: Double, fit: CardTextFit) -> TitleBlock? {
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
