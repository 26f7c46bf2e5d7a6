import BracketModel

/// Where every card of a text diagram goes, in character cells, along two axes: depth (the
/// axis the tree grows along, cut into one slot per drawn level) and breadth (across it).
///
/// Slots are as wide as their widest card, with a gap of three cells between neighbours: a
/// line, the bus that joins a parent's children, a line. Along breadth each subtree takes a
/// block: its children's blocks one after another (one gap apart), its card centred on the
/// children's anchors, the block grown if the card is taller than its children. Two passes
/// over the pre-order rows — children before parents, then parents before children — so the
/// work is linear and nothing recurses.
struct TextPlacement {
    static let slotGap = 3

    let levelsAreColumns: Bool
    /// The slot each card sits in.
    private(set) var slot: [Int]
    /// +1 when the node's parent lies towards higher depth coordinates, −1 when lower.
    private(set) var towardParent: [Int]
    private(set) var slotStart: [Int] = []
    private(set) var slotSize: [Int] = []
    /// The first breadth cell of each card, and the cell its connectors meet.
    private(set) var cardStart: [Int]
    private(set) var anchor: [Int]
    private(set) var breadthExtent = 0

    var depthExtent: Int { (slotStart.last ?? 0) + (slotSize.last ?? 0) }

    init(_ diagram: Diagram, cards: [TextCard]) {
        let nodes = diagram.nodes
        let settings = diagram.settings
        levelsAreColumns = settings.root.levelsAreColumns
        let count = nodes.count
        let deepest = max(0, diagram.maxDepth)
        slot = Array(repeating: 0, count: count)
        towardParent = Array(repeating: 1, count: count)
        cardStart = Array(repeating: 0, count: count)
        anchor = Array(repeating: 0, count: count)
        let slotCount = settings.root == .center ? 2 * deepest + 1 : deepest + 1
        slotSize = Array(repeating: 1, count: slotCount)
        for index in 0..<count {
            let parent = Int(nodes.parents[index])
            if parent < 0 {
                towardParent[index] = Self.rootward(settings.root)
                if settings.root == .center { splitInHalves(root: index, nodes) }
            } else if settings.root != .center || nodes.parents[parent] >= 0 {
                towardParent[index] = towardParent[parent]
            }
            let level = settings.align == .leaves && nodes.childCounts[index] == 0 ? deepest : Int(nodes.depths[index])
            let growsUp = settings.root == .right || settings.root == .bottom || (settings.root == .center && towardParent[index] > 0)
            slot[index] = growsUp ? deepest - level : (settings.root == .center ? deepest + level : level)
            slotSize[slot[index]] = max(slotSize[slot[index]], depthSize(of: cards[index]))
        }
        var start = 0
        for size in slotSize {
            slotStart.append(start)
            start += size + Self.slotGap
        }
        placeAlongBreadth(diagram, cards: cards)
    }

    /// Cells a card takes along depth: its text and a space either side across, its lines down.
    func depthSize(of card: TextCard) -> Int {
        levelsAreColumns ? card.naturalWidth + 2 : card.lines.count
    }

    /// Cells a card takes along breadth, and where on it connectors meet.
    private func breadth(of card: TextCard) -> (size: Int, anchor: Int) {
        levelsAreColumns ? (card.lines.count, 0) : (card.naturalWidth, (card.naturalWidth - 1) / 2)
    }

    private var siblingGap: Int { levelsAreColumns ? 1 : 2 }

    private mutating func placeAlongBreadth(_ diagram: Diagram, cards: [TextCard]) {
        let nodes = diagram.nodes
        let count = nodes.count
        var blockSize = Array(repeating: 0, count: count)
        var blockAnchor = Array(repeating: 0, count: count)
        var cardOffset = Array(repeating: 0, count: count)
        var childOffset = Array(repeating: 0, count: count)
        var index = count - 1
        while index >= 0 {
            defer { index -= 1 }
            let card = breadth(of: cards[index])
            let end = Int(nodes.subtreeEnds[index])
            guard end > index + 1 else {
                (blockSize[index], blockAnchor[index]) = card
                continue
            }
            // Each side's children stack from 0 (only the centre's root has two sides).
            var cursor = [0, 0]
            var low = Int.max, high = Int.min
            var child = index + 1
            while child < end {
                let side = towardParent[child] > 0 ? 0 : 1
                childOffset[child] = cursor[side]
                low = min(low, cursor[side] + blockAnchor[child])
                high = max(high, cursor[side] + blockAnchor[child])
                cursor[side] += blockSize[child] + siblingGap
                child = Int(nodes.subtreeEnds[child])
            }
            let middle = (low + high) / 2
            let shift = max(0, card.anchor - middle)
            if shift > 0 {
                child = index + 1
                while child < end {
                    childOffset[child] += shift
                    child = Int(nodes.subtreeEnds[child])
                }
            }
            blockAnchor[index] = middle + shift
            cardOffset[index] = middle + shift - card.anchor
            blockSize[index] = max(max(cursor[0], cursor[1]) - siblingGap + shift, cardOffset[index] + card.size)
        }
        var blockStart = Array(repeating: 0, count: count)
        var rootCursor = 0
        for node in 0..<count {
            let parent = Int(nodes.parents[node])
            if parent < 0 {
                blockStart[node] = rootCursor
                rootCursor += blockSize[node] + 2 * siblingGap
            } else {
                blockStart[node] = blockStart[parent] + childOffset[node]
            }
            cardStart[node] = blockStart[node] + cardOffset[node]
            anchor[node] = blockStart[node] + blockAnchor[node]
            breadthExtent = max(breadthExtent, blockStart[node] + blockSize[node])
        }
    }

    /// The direction a root's connectors would leave in: towards the side the root sits on.
    private static func rootward(_ side: RootSide) -> Int {
        side == .right || side == .bottom || side == .center ? 1 : -1
    }

    /// The centre's sides: the first half (rounded up) of the root's children grow to the left,
    /// so their parent lies towards higher columns, the rest to the right.
    private mutating func splitInHalves(root: Int, _ nodes: DiagramNodes) {
        let half = (Int(nodes.childCounts[root]) + 1) / 2
        var position = 0
        var child = root + 1
        while child < Int(nodes.subtreeEnds[root]) {
            towardParent[child] = position < half ? 1 : -1
            position += 1
            child = Int(nodes.subtreeEnds[child])
        }
    }
}
