import BracketLayout
import BracketModel
import BracketTestSupport
import Testing

/// Layout now works on compact columns; these tests hold it to the plain statement of the
/// algorithm, written over whole `DiagramNode` rows the obvious way, on seeded random trees.
@Suite struct LayoutReferenceTests {
    /// A random tree in the tree notation: each node may open a block, and blocks close at random.
    func randomTreeText(nodes: Int, seed: UInt64) -> String {
        var state = seed
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        var text = "r {"
        var open = 1
        for index in 0..<nodes {
            text += " n\(index)"
            if next(3) == 0 {
                text += " {"
                open += 1
            }
            while open > 1 && next(3) == 0 {
                text += " }"
                open -= 1
            }
        }
        text += String(repeating: " }", count: open)
        return text
    }

    /// The tutorial's algorithm as first written: cards and connectors from the rows. (Every
    /// "Node nK" label fits the tutorial's card, so measured cards keep the tutorial's size.)
    func reference(_ diagram: Diagram) -> (cards: [Card], edges: [Edge]) {
        let s = diagram.settings
        let rows = Array(diagram.nodes)
        let maxDepth = rows.map(\.depth).max() ?? 0
        var along = [Double](repeating: 0, count: rows.count)
        var slot = 0
        let columns = s.root.levelsAreColumns
        let leafSize = columns ? s.cardHeight : s.cardWidth, levelSize = columns ? s.cardWidth : s.cardHeight
        for index in rows.indices where rows[index].isLeaf {
            along[index] = leafSize / 2 + Double(slot) * (leafSize + s.leafGap)
            slot += 1
        }
        for index in rows.indices.reversed() where !rows[index].isLeaf {
            let children = diagram.children(of: index)
            along[index] = (along[children.first!] + along[children.last!]) / 2
        }
        let far = s.root == .right || s.root == .bottom
        var cards: [Card] = []
        for (index, row) in rows.enumerated() {
            let level = s.align == .leaves && row.isLeaf ? maxDepth : row.depth
            let across = levelSize / 2 + Double(far ? maxDepth - level : level) * (levelSize + s.levelGap)
            let centre = columns ? Point(x: across, y: along[index]) : Point(x: along[index], y: across)
            cards.append(Card(center: centre, width: s.cardWidth, height: s.cardHeight, depth: row.depth))
        }
        var edges: [Edge] = []
        for (index, row) in rows.enumerated() where row.parent >= 0 {
            let toParent: Double = far ? 1 : -1
            let child = cards[index].center, parent = cards[row.parent].center
            let start = (columns ? child.x : child.y) + toParent * levelSize / 2
            let end = (columns ? parent.x : parent.y) - toParent * levelSize / 2
            let bend = end - toParent * s.levelGap / 2
            func point(_ depthAxis: Double, _ leafAxis: Double) -> Point {
                columns ? Point(x: depthAxis, y: leafAxis) : Point(x: leafAxis, y: depthAxis)
            }
            let childAlong = columns ? child.y : child.x, parentAlong = columns ? parent.y : parent.x
            edges.append(Edge(child: index, parent: row.parent, points: (
                point(start, childAlong), point(bend, childAlong), point(bend, parentAlong), point(end, parentAlong))))
        }
        return (cards, edges)
    }

    @Test(arguments: [RootSide.right, .left, .top, .bottom])
    func matchesTheReferenceOnRandomTrees(root: RootSide) throws {
        for (seed, align) in [(1, LeafAlignment.depth), (2, .leaves), (3, .depth)] {
            var settings = LayoutSettings.tutorial
            settings.root = root
            settings.align = align
            settings.leafGap = 3.3
            let d = try diagram(randomTreeText(nodes: 400, seed: UInt64(seed)), settings: settings)
            let g = layout(d)
            let expected = reference(d)
            // Rooms are summed child by child, slots were multiplied: equal up to rounding.
            func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6 }
            #expect(g.centres.count == expected.cards.count)
            #expect(zip(g.centres, expected.cards).allSatisfy { near($0, $1.center) })
            #expect(g.sizes.allSatisfy { $0 == Size(width: 132, height: 44) })
            #expect(zip(g.edges, expected.edges).allSatisfy { edge, reference in
                edge.child == reference.child && edge.parent == reference.parent
                    && zip(edge.pointList, reference.pointList).allSatisfy { near($0, $1) }
            })
            #expect(g.edges.count == expected.edges.count)
            #expect(g.depths.map(Int.init) == expected.cards.map(\.depth))
            for index in g.edges.indices {
                #expect(g.edges[index].pointList == [
                    g.connectorPoints(index).0, g.connectorPoints(index).1,
                    g.connectorPoints(index).2, g.connectorPoints(index).3,
                ])
            }
        }
    }
}
