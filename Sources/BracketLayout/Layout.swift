import BracketModel

/// Computes where every card and connector of `diagram` goes.
///
/// Three linear passes over the pre-order node array, no recursion (any depth is fine):
/// 1. forward: depth, tree height and each parent's last child, from the parent links;
/// 2. forward: leaves take successive slots along the leaf axis;
/// 3. backward: a parent's position along the leaf axis is halfway between its first and last
///    child (children come after their parent in pre-order, so walking backwards has them ready).
/// The depth axis position then depends on the level only. Several roots (an error the model
/// reports) are laid out one after another, their leaf slots continuing.
public func layout(_ diagram: Diagram) -> Geometry {
    let settings = diagram.settings
    let nodes = diagram.nodes
    let count = nodes.count
    guard count > 0 else {
        return Geometry(width: 0, height: 0, margin: settings.margin, cards: [], edges: [])
    }

    // Pass 1. The parent links are the only structure trusted: a link that does not point to an
    // earlier node (impossible from the model, but the layout must never crash) makes a root.
    var parent = [Int](repeating: -1, count: count)
    var depth = [Int](repeating: 0, count: count)
    var lastChild = [Int](repeating: -1, count: count)
    var maxDepth = 0
    for index in 0..<count {
        let link = nodes[index].parent
        guard link >= 0, link < index else { continue }
        parent[index] = link
        depth[index] = depth[link] + 1
        maxDepth = max(maxDepth, depth[index])
        lastChild[link] = index
    }

    let axes = LayoutAxes(settings: settings)

    // Pass 2 and 3: position along the leaf axis.
    var along = [Double](repeating: 0, count: count)
    var leafCount = 0
    for index in 0..<count where lastChild[index] < 0 {
        along[index] = axes.leafCardSize / 2 + Double(leafCount) * axes.leafStep
        leafCount += 1
    }
    for index in stride(from: count - 1, through: 0, by: -1) where lastChild[index] >= 0 {
        // In pre-order the first child of a parent is always the next node.
        along[index] = (along[index + 1] + along[lastChild[index]]) / 2
    }

    // The level a card sits in: its depth, or the deepest level for a leaf when aligning leaves.
    func level(_ index: Int) -> Int {
        settings.align == .leaves && lastChild[index] < 0 ? maxDepth : depth[index]
    }

    var cards: [Card] = []
    cards.reserveCapacity(count)
    for index in 0..<count {
        let centre = axes.centre(level: level(index), maxDepth: maxDepth, along: along[index])
        cards.append(Card(
            center: centre, width: settings.cardWidth, height: settings.cardHeight,
            depth: depth[index]))
    }

    var edges: [Edge] = []
    edges.reserveCapacity(count)
    for index in 0..<count where parent[index] >= 0 {
        let up = parent[index]
        edges.append(Edge(
            child: index, parent: up, points: axes.connector(from: cards[index], to: cards[up])))
    }

    let levels = Double(maxDepth + 1)
    let depthExtent = levels * axes.levelCardSize + (levels - 1) * settings.levelGap
    let leaves = Double(leafCount)
    let leafExtent = leaves * axes.leafCardSize + (leaves - 1) * settings.leafGap
    let size = axes.levelsAreColumns
        ? (width: depthExtent, height: leafExtent) : (width: leafExtent, height: depthExtent)
    return Geometry(
        width: size.width, height: size.height, margin: settings.margin, cards: cards, edges: edges)
}
