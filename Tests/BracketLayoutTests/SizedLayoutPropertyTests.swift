import BracketLayout
import BracketModel
import BracketTestSupport
import Testing

/// The sized layout's promises, checked on seeded random trees whose labels have random
/// lengths (one word to several lines, explicit line breaks, nothing at all), for every root
/// side (the two-sided draw included) and both alignments, with and without edge labels and
/// level headers.
@Suite struct SizedLayoutPropertyTests {
    static let words = ["Final", "semi-final", "Ayşe", "Quarter", "of", "the", "northern", "group", "Дмитрий",
                        "決勝戦", "🏆", "Vice", "President,", "Platform", "Engineering", "a", "Donaudampfschifffahrt"]

    /// A random tree of `count` nodes (pre-order, parents before children) with random labels.
    static func randomDiagram(count: Int, settings: LayoutSettings, random: inout SeededRandom) -> Diagram {
        var nodes: [DiagramNode] = []
        var open: [Int] = []
        for index in 0..<count {
            // Close a random number of open nodes, keeping at least the root open.
            while open.count > 1 && Int.random(in: 0..<3, using: &random) == 0 { open.removeLast() }
            let parent = open.last ?? -1
            var label = ""
            for _ in 0..<Int.random(in: 0...18, using: &random) {
                if !label.isEmpty { label += Int.random(in: 0..<12, using: &random) == 0 ? "\n" : " " }
                label += words[Int.random(in: 0..<words.count, using: &random)]
            }
            let edge = parent >= 0 && Int.random(in: 0..<3, using: &random) == 0
                ? ["yes", "no", "≥ 5 years", "", "a much longer answer on the connector", "🏆 決勝"][
                    Int.random(in: 0..<6, using: &random)]
                : nil
            nodes.append(DiagramNode(
                id: "n\(index)", label: label, hasExplicitLabel: true, parent: parent,
                depth: open.count, childCount: 0, subtreeEnd: index + 1,
                idRange: .init(0, 0), range: .init(0, 0), edgeLabel: edge))
            if parent >= 0 { nodes[parent].childCount += 1 }
            if index == 0 || Int.random(in: 0..<3, using: &random) != 0 { open.append(index) }
        }
        // Subtree ends, from the parent links (children come after their parent).
        for index in stride(from: count - 1, through: 0, by: -1) where nodes[index].parent >= 0 {
            let parent = nodes[index].parent
            nodes[parent].subtreeEnd = max(nodes[parent].subtreeEnd, nodes[index].subtreeEnd)
        }
        return Diagram(nodes: nodes, settings: settings)
    }

    struct Box {
        var minX, minY, maxX, maxY: Double
        init(_ card: Card) {
            self.init(center: card.center, width: card.width, height: card.height)
        }
        init(center: Point, width: Double, height: Double) {
            minX = center.x - width / 2
            maxX = center.x + width / 2
            minY = center.y - height / 2
            maxY = center.y + height / 2
        }
        func overlaps(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
        /// True when the axis-parallel segment from `a` to `b` passes through the inside of the box.
        func isCrossed(from a: Point, to b: Point) -> Bool {
            let eps = 1e-9
            let lowX = min(a.x, b.x), highX = max(a.x, b.x), lowY = min(a.y, b.y), highY = max(a.y, b.y)
            // Touching an edge (where a connector starts or ends) is not crossing.
            return lowX < maxX - eps && highX > minX + eps && lowY < maxY - eps && highY > minY + eps
        }
    }

    @Test(arguments: RootSide.allCases)
    func promisesHoldOnRandomTrees(root: RootSide) throws {
        var random = SeededRandom(seed: 14 &* UInt64(RootSide.allCases.firstIndex(of: root)! + 1))
        for round in 0..<12 {
            var settings = LayoutSettings.tutorial
            settings.root = root
            settings.align = round % 2 == 0 ? .depth : .leaves
            settings.maxLines = Int.random(in: 1...4, using: &random)
            settings.maxCardWidth = [132, 200, 240, 320][Int.random(in: 0..<4, using: &random)]
            settings.leafGap = [0, 8, 28][round % 3]
            settings.fit = round == 11 ? .fixed : .auto
            settings.rounds = [RoundHeaders.none, .auto, .names(["Round one", "", "A much longer round name"])][round % 3]
            let d = Self.randomDiagram(count: Int.random(in: 1...90, using: &random), settings: settings, random: &random)
            try check(d, layout(d))
        }
    }

    func check(_ d: Diagram, _ g: Geometry) throws {
        let columns = d.settings.root.levelsAreColumns
        let cards = Array(g.cards)
        let boxes = cards.map(Box.init)
        #expect(cards.count == d.nodes.count)
        // Every card is at least the configured size, no wider than the maximum, inside the picture.
        for card in cards {
            #expect(card.width >= d.settings.cardWidth && card.height >= d.settings.cardHeight)
            #expect(card.width <= max(d.settings.cardWidth, d.settings.maxCardWidth))
            #expect(card.lines.count <= d.settings.maxLines)
            #expect(card.lineWidths.allSatisfy { $0 <= card.width - 2 * CardTextFit.horizontalPadding + 1e-9 })
        }
        for box in boxes {
            #expect(box.minX >= -1e-9 && box.minY >= -1e-9 && box.maxX <= g.width + 1e-9 && box.maxY <= g.height + 1e-9)
        }
        // No two cards overlap.
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                #expect(!boxes[i].overlaps(boxes[j]), "cards \(i) and \(j) overlap")
            }
        }
        // Levels are straight: every card of a level (of one half, in a two-sided draw) has the
        // same centre and extent along the depth axis.
        var levels: [Int: (centre: Double, extent: Double)] = [:]
        let maxDepth = d.maxDepth
        let twoSided = d.settings.root == .center
        #expect(g.isTwoSided == twoSided)
        for (index, card) in cards.enumerated() {
            let level = d.settings.align == .leaves && d.nodes[index].isLeaf ? maxDepth : card.depth
            let key = twoSided && g.isInRightHalf(index) ? -1 - level : level
            let centre = columns ? card.center.x : card.center.y, extent = columns ? card.width : card.height
            if let known = levels[key] {
                #expect(known.centre == centre && known.extent == extent, "level \(level) is not straight")
            } else {
                levels[key] = (centre, extent)
            }
        }
        // Parents are centred between their first and last child; a two-sided root between its
        // topmost and bottommost child, with the first half of its children (rounded up) on its
        // left and the rest on its right, and every card of a half on that half's side.
        let along = { (i: Int) in columns ? cards[i].center.y : cards[i].center.x }
        for index in d.nodes.indices where !d.nodes[index].isLeaf {
            let children = d.children(of: index)
            if twoSided && d.nodes[index].parent < 0 {
                let alongs = children.map(along)
                #expect(abs(along(index) - (alongs.min()! + alongs.max()!) / 2) < 1e-6)
                let leftCount = (children.count + 1) / 2
                for (position, child) in children.enumerated() {
                    #expect(g.isInRightHalf(child) == (position >= leftCount))
                }
            } else {
                #expect(abs(along(index) - (along(children.first!) + along(children.last!)) / 2) < 1e-6)
            }
            if twoSided && d.nodes[index].parent >= 0 {
                for child in children { #expect(g.isInRightHalf(child) == g.isInRightHalf(index)) }
            }
        }
        // Connectors run from the middle of the child's facing edge to the middle of the parent's,
        // and cross no card on the way.
        for edge in g.edges {
            let child = cards[edge.child], parent = cards[edge.parent]
            let towardsParent: Double = twoSided
                ? (parent.center.x > child.center.x ? 1 : -1)
                : (d.settings.root == .right || d.settings.root == .bottom ? 1 : -1)
            let points = edge.pointList
            let childEdge = columns
                ? Point(x: child.center.x + towardsParent * child.width / 2, y: child.center.y)
                : Point(x: child.center.x, y: child.center.y + towardsParent * child.height / 2)
            let parentEdge = columns
                ? Point(x: parent.center.x - towardsParent * parent.width / 2, y: parent.center.y)
                : Point(x: parent.center.x, y: parent.center.y - towardsParent * parent.height / 2)
            #expect(points.first == childEdge && points.last == parentEdge)
            for segment in 0..<3 {
                for (index, box) in boxes.enumerated() where box.isCrossed(from: points[segment], to: points[segment + 1]) {
                    Issue.record("connector \(edge.child)→\(edge.parent) crosses card \(index)")
                }
            }
        }
        // Edge labels: one for each non-empty `edge`, ascending by connector, on the connector's
        // segment nearest the child, overlapping no card, no header and no other edge label.
        let expected = g.edgeChildren.indices.filter { !(d.nodes[Int(g.edgeChildren[$0])].edgeLabel ?? "").isEmpty }
        #expect(g.edgeLabels.map(\.connector) == expected)
        let labelBoxes = g.edgeLabels.map { Box(center: $0.center, width: $0.width, height: $0.height) }
        for (label, box) in zip(g.edgeLabels, labelBoxes) {
            #expect(!label.lines.isEmpty && label.lines.count <= 2)
            #expect(label.lineWidths.allSatisfy { $0 <= label.width + 1e-9 })
            let points = g.connectorPoints(label.connector)
            if columns {
                #expect(label.center.y == points.0.y)
                #expect(box.minX >= min(points.0.x, points.1.x) - 1e-9 && box.maxX <= max(points.0.x, points.1.x) + 1e-9)
            } else {
                #expect(label.center.x == points.0.x)
                #expect(box.minY >= min(points.0.y, points.1.y) - 1e-9 && box.maxY <= max(points.0.y, points.1.y) + 1e-9)
            }
            for (index, card) in boxes.enumerated() where card.overlaps(box) {
                Issue.record("edge label of connector \(label.connector) overlaps card \(index)")
            }
            #expect(box.minX >= -1e-9 && box.minY >= -1e-9 && box.maxX <= g.width + 1e-9 && box.maxY <= g.height + 1e-9)
        }
        // Headers: one per level slot with `@rounds` (none without), overlapping no card, no
        // other header and no edge label. A two-sided draw's halves each have the slots of the
        // levels they reach (aligned leaves reach the deepest).
        var halfDeepest = [0, 0]
        for index in 0..<d.nodes.count where g.depths[index] > 0 {
            let leaf = d.nodes.childCounts[index] == 0
            let level = d.settings.align == .leaves && leaf ? maxDepth : Int(g.depths[index])
            let half = g.isInRightHalf(index) ? 1 : 0
            halfDeepest[half] = max(halfDeepest[half], level)
        }
        let slots = twoSided ? halfDeepest[0] + halfDeepest[1] + 1 : maxDepth + 1
        if case .none = d.settings.rounds { #expect(g.headers.isEmpty) } else { #expect(g.headers.count == slots) }
        let headerBoxes = g.headers.filter { !$0.lines.isEmpty }.map { Box(center: $0.center, width: $0.width, height: $0.height) }
        for (position, header) in headerBoxes.enumerated() {
            for (index, card) in boxes.enumerated() where card.overlaps(header) {
                Issue.record("a header overlaps card \(index)")
            }
            for other in headerBoxes[(position + 1)...] where other.overlaps(header) { Issue.record("two headers overlap") }
            for label in labelBoxes where label.overlaps(header) { Issue.record("a header overlaps an edge label") }
            #expect(header.minX >= -1e-9 && header.minY >= -1e-9 && header.maxX <= g.width + 1e-9 && header.maxY <= g.height + 1e-9)
        }
        for i in labelBoxes.indices {
            for j in labelBoxes.indices where j > i && labelBoxes[i].overlaps(labelBoxes[j]) {
                Issue.record("edge labels \(i) and \(j) overlap")
            }
        }
    }

    /// A parent taller than the room of its children pushes its neighbours away instead of
    /// overlapping them, and stays centred on its only child.
    @Test func tallParentTakesTheRoomItNeeds() throws {
        var d = try diagram("r { a t { c } b }")
        d.nodes[2].label = "A parent whose label is long enough to wrap onto three full lines of its card"
        let g = layout(d)
        try check(d, g)
        let tall = g.cards[2], a = g.cards[1], b = g.cards[4], child = g.cards[3]
        #expect(tall.height > 44)
        #expect(tall.center.y == child.center.y)
        #expect(a.center.y + a.height / 2 + 28 == tall.center.y - tall.height / 2)
        #expect(tall.center.y + tall.height / 2 + 28 == b.center.y - b.height / 2)
    }

    /// A wider label widens its whole column, and the other columns keep their width.
    @Test func aColumnIsAsWideAsItsWidestCard() throws {
        var d = try diagram("1 { 2 { 4 5 } 3 { 6 7 } }")
        d.nodes[3].label = "A rather longer label for node five"
        let g = layout(d)
        let leaves = [2, 3, 5, 6].map { g.cards[$0] }
        #expect(leaves.allSatisfy { $0.width == leaves[1].width } && leaves[1].width > 132)
        #expect(g.cards[1].width == 132 && g.cards[0].width == 132)
        #expect(g.width == leaves[1].width + 64 + 132 + 64 + 132)
    }
}
