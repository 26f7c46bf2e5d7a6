import BracketLayout
import BracketModel
import BracketTestSupport
import Testing

/// Two-sided draws, level headers and edge labels, with exact numbers where the tutorial's
/// rules give them.
@Suite struct DecorationLayoutTests {
    func geometry(_ text: String) -> (Diagram, Geometry) {
        let d = Document(text).diagram()
        return (d, layout(d))
    }

    /// The tutorial tree drawn two-sided: 2's subtree on the left, 3's mirrored on the right,
    /// the root in the middle column, centred between its children; every gap the level gap.
    @Test func tutorialTreeTwoSided() {
        let (_, g) = geometry("@root center\n" + tutorialTree)
        #expect(g.width == 5 * 132 + 4 * 64 && g.height == 116)
        // Pre-order: 1, 2, 4, 5, 3, 6, 7.
        #expect(g.cards.map(\.center.x) == [458, 262, 66, 66, 654, 850, 850])
        #expect(g.cards.map(\.center.y) == [58, 58, 22, 94, 58, 22, 94])
        #expect(g.isTwoSided && (0..<7).map(g.isInRightHalf) == [false, false, false, false, true, true, true])
        // The right half's connectors mirror the left half's about the root's centre.
        #expect(pairs(g.edges[0]) == [[328, 58], [360, 58], [360, 58], [392, 58]])
        #expect(pairs(g.edges[3]) == [[588, 58], [556, 58], [556, 58], [524, 58]])
        #expect(pairs(g.edges[4]) == [[784, 22], [752, 22], [752, 58], [720, 58]])
        for (left, right) in [(1, 4), (2, 5)] {
            let l = g.edges[left].pointList, r = g.edges[right].pointList
            #expect(zip(l, r).allSatisfy { $0.x + $1.x == 916 && $0.y == $1.y })
        }
    }

    /// The first half of the root's children, rounded up, go left; the root is centred
    /// between its topmost and bottommost child even when the halves differ in height.
    @Test func oddChildrenAndUnevenHalves() {
        let (_, g) = geometry("@root center\nr { a { a1 a2 a3 a4 } b c { c1 } }")
        // a and b on the left, c on the right.
        #expect([1, 6, 7].map(g.isInRightHalf) == [false, false, true])
        let ys = [1, 6, 7].map { g.centres[$0].y }
        #expect(g.centres[0].y == (ys.min()! + ys.max()!) / 2)
        // The right half is centred on the root as well.
        #expect(g.centres[7].y == g.centres[0].y)
        #expect(g.cards.allSatisfy { isInside($0, g) })
    }

    @Test func roundsAutoNames() {
        #expect((0...6).map(RoundHeaders.autoName(level:))
            == ["Winner", "Final", "Semi-finals", "Quarter-finals", "Round of 16", "Round of 32", "Round of 64"])
        // A list names the levels from the deepest; the ones past it are empty.
        let names = RoundHeaders.names(["Round of 16", "Quarter-finals", "Semi-finals", "Final"])
        #expect((0...4).map { names.name(level: $0, deepest: 4) } == ["", "Final", "Semi-finals", "Quarter-finals", "Round of 16"])
    }

    /// Headers sit in a row above the columns, centred on them; the cards move down past it
    /// and keep the tutorial's spacing.
    @Test func headersAboveColumns() throws {
        let (_, plain) = geometry(tutorialTree)
        let (_, g) = geometry("@rounds \"Quarter-finals\" \"Semi-finals\" \"Final\"\n" + tutorialTree)
        #expect(g.headers.map(\.level) == [2, 1, 0] && g.headers.map(\.text) == ["Quarter-finals", "Semi-finals", "Final"])
        #expect(g.headers.map(\.center.x) == [66, 262, 458])
        let band = try #require(g.headers.map(\.height).max())
        #expect(band > 0 && g.headers.allSatisfy { $0.center.y == band / 2 })
        let move = band + 12
        #expect(g.height == plain.height + move && g.width == plain.width)
        #expect(zip(g.centres, plain.centres).allSatisfy { $0.x == $1.x && $0.y == $1.y + move })
        #expect(g.headers.allSatisfy { $0.lineWidths.allSatisfy { $0 <= 132 + 64 } })
    }

    /// With the root on top or bottom the headers form a column to the left of the rows.
    @Test(arguments: [RootSide.top, .bottom])
    func headersBesideRows(side: RootSide) throws {
        let (_, plain) = geometry("@root \(side.rawValue)\n" + tutorialTree)
        let (_, g) = geometry("@root \(side.rawValue)\n@rounds auto\n" + tutorialTree)
        let column = try #require(g.headers.map(\.width).max())
        let move = column + 12
        #expect(g.width == plain.width + move && g.height == plain.height)
        #expect(zip(g.centres, plain.centres).allSatisfy { $0.x == $1.x + move && $0.y == $1.y })
        let rows = Dictionary(zip(plain.depths.map(Int.init), plain.centres.map(\.y)), uniquingKeysWith: { first, _ in first })
        #expect(g.headers.allSatisfy { $0.center.x == column / 2 && $0.center.y == rows[$0.level] })
    }

    /// A two-sided draw has each level's header once per half and the root's once.
    @Test func headersInBothHalves() {
        let (_, g) = geometry("@root center\n@rounds auto\n" + tutorialTree)
        #expect(g.headers.map(\.level) == [2, 1, 0, 1, 2])
        #expect(g.headers.map(\.text) == ["Semi-finals", "Final", "Winner", "Final", "Semi-finals"])
        #expect(g.headers.map(\.center.x) == [66, 262, 458, 654, 850])
    }

    /// A level only one half of a two-sided draw reaches has no column and no header in the
    /// other half: each half has as many columns as its own deepest level, whichever is deeper;
    /// with the leaves aligned or not, the picture ends at each half's outermost cards.
    @Test(arguments: ["r { a { a1 { x y } a2 } b }", "r { b a { a1 { x y } a2 } }", "r { a { x } }", "r { a b }"])
    func eachHalfHasItsOwnLevels(_ tree: String) {
        for align in ["depth", "leaves"] {
            let (d, g) = geometry("@root center\n@rounds auto\n@align \(align)\n" + tree)
            let columns = Set((0..<d.nodes.count).map { g.centres[$0].x })
            // Every column has its header; by depth every header stands over a column that holds
            // a card (aligned leaves take the deepest level in both halves, so a half's levels
            // between its root and its leaves keep their headers, as in a one-sided draw).
            #expect(columns.isSubset(of: Set(g.headers.map(\.center.x))), "\(align): \(tree)")
            if align == "depth" {
                #expect(Set(g.headers.map(\.center.x)) == columns && g.headers.count == columns.count, "\(tree)")
            }
            // The picture ends at its outermost cards: no empty column on either side.
            let lefts = (0..<d.nodes.count).map { g.centres[$0].x - g.sizes[$0].width / 2 }
            let rights = (0..<d.nodes.count).map { g.centres[$0].x + g.sizes[$0].width / 2 }
            #expect(lefts.min() == 0 && rights.max() == g.width, "\(align): \(tree)")
        }
    }

    /// An edge label widens only the gap next to its child's level, by what the label needs in
    /// the child's half of it, and sits on the connector's first segment, a quarter of the gap
    /// from the child.
    @Test(arguments: [RootSide.right, .left, .top, .bottom, .center])
    func edgeLabelWidensItsGap(side: RootSide) throws {
        let text = "@root \(side.rawValue)\n1 { 2 [edge=\"a rather long answer\"] { 4 5 } 3 { 6 [edge=no] 7 } }"
        let (_, g) = geometry(text)
        #expect(g.edgeLabels.map(\.connector) == [0, 4])
        let long = g.edgeLabels[0], short = g.edgeLabels[1]
        let columns = side.levelsAreColumns
        let extent = { (label: EdgeLabelBox) in columns ? label.width : label.height }
        #expect(g.levelGaps[0] == max(64, (2 * (extent(long) + 8)).rounded(.up)))
        #expect(g.levelGaps[1] == max(64, (2 * (extent(short) + 8)).rounded(.up)))
        for label in g.edgeLabels {
            let points = g.connectorPoints(label.connector)
            let child = Int(g.edgeChildren[label.connector])
            let gap = g.levelGaps[Int(g.depths[child]) - 1]
            if columns {
                #expect(label.center.y == points.0.y && abs(label.center.x - points.0.x) == gap / 4)
            } else {
                #expect(label.center.x == points.0.x && abs(label.center.y - points.0.y) == gap / 4)
            }
        }
        // Without labels every gap is the level gap and the tutorial's numbers hold.
        let (_, plain) = geometry("@root \(side.rawValue)\n" + tutorialTree)
        #expect(plain.levelGaps.allSatisfy { $0 == 64 } && plain.edgeLabels.isEmpty && plain.headers.isEmpty)
    }

    /// A label longer than two lines' room ends in "…"; an empty one draws nothing.
    @Test func longAndEmptyEdgeLabels() {
        let long = String(repeating: "word ", count: 40)
        let (_, g) = geometry("r { a [edge=\"\(long)\"] b [edge=\"\"] }")
        #expect(g.edgeLabels.count == 1)
        #expect(g.edgeLabels[0].lines.count == 2 && g.edgeLabels[0].lines[1].hasSuffix("…"))
    }
}
