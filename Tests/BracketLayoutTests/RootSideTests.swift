import BracketLayout
import BracketModel
import BracketTestSupport
import Testing

/// The tutorial tree with the root on each side, numbers worked out by hand: for top/bottom the
/// level step is 44 + 64 = 108 and the leaf step 132 + 28 = 160.
@Suite struct RootSideTests {
    func geometry(_ root: RootSide, align: LeafAlignment = .depth) throws -> Geometry {
        var settings = LayoutSettings.tutorial
        settings.root = root
        settings.align = align
        return layout(try diagram(tutorialTree, settings: settings))
    }

    @Test func left() throws {
        let g = try geometry(.left)
        #expect(g.width == 524 && g.height == 260)
        #expect(g.cards.map(\.center.x) == [66, 262, 458, 458, 262, 458, 458])
        #expect(g.cards.map(\.center.y) == [130, 58, 22, 94, 202, 166, 238])
        #expect(pairs(g.edges[1]) == [[392, 22], [360, 22], [360, 58], [328, 58]])
    }

    @Test func top() throws {
        let g = try geometry(.top)
        #expect(g.width == 612 && g.height == 260)
        #expect(g.cards.map(\.center.x) == [306, 146, 66, 226, 466, 386, 546])
        #expect(g.cards.map(\.center.y) == [22, 130, 238, 238, 130, 238, 238])
        #expect(pairs(g.edges[1]) == [[66, 216], [66, 184], [146, 184], [146, 152]])
        #expect(pairs(g.edges[0]) == [[146, 108], [146, 76], [306, 76], [306, 44]])
    }

    @Test func bottom() throws {
        let g = try geometry(.bottom)
        #expect(g.width == 612 && g.height == 260)
        #expect(g.cards.map(\.center.y) == [238, 130, 22, 22, 130, 22, 22])
        #expect(pairs(g.edges[1]) == [[66, 44], [66, 76], [146, 76], [146, 108]])
    }

    @Test(arguments: RootSide.allCases, LeafAlignment.allCases)
    func everyCardInsideAndEdgesTouchCards(root: RootSide, align: LeafAlignment) throws {
        var settings = LayoutSettings.tutorial
        settings.root = root
        settings.align = align
        let g = layout(try diagram("1 { 2 { 4 { 8 9 } 5 } 3 }", settings: settings))
        #expect(g.cards.allSatisfy { isInside($0, g) })
        for edge in g.edges {
            let child = g.cards[edge.child], parent = g.cards[edge.parent]
            // Each end lies on the card's border, at the middle of the side facing the other card.
            let first = edge.points.0, last = edge.points.3
            #expect(abs(first.x - child.center.x) * 2 == child.width || abs(first.y - child.center.y) * 2 == child.height)
            #expect(abs(last.x - parent.center.x) * 2 == parent.width || abs(last.y - parent.center.y) * 2 == parent.height)
            // Two right angles: consecutive points share x or y.
            let p = edge.pointList
            for i in 0..<3 { #expect(p[i].x == p[i + 1].x || p[i].y == p[i + 1].y) }
        }
    }
}
