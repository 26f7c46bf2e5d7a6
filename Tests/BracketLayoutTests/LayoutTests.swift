import BracketLayout
import BracketModel
import BracketTestSupport
import Testing

let tutorialTree = "1 { 2 { 4 5 } 3 { 6 7 } }"

@Suite struct LayoutTests {
    @Test func tutorialNumbers() throws {
        let d = try diagram(tutorialTree)
        let g = layout(d)
        #expect(g.width == 524 && g.height == 260 && g.margin == 24)
        #expect(g.cards.count == 7 && g.edges.count == 6)
        // Pre-order: 1, 2, 4, 5, 3, 6, 7.
        #expect(g.cards.map(\.center.y) == [130, 58, 22, 94, 202, 166, 238])
        #expect(g.cards.map(\.center.x) == [458, 262, 66, 66, 262, 66, 66])
        #expect(g.cards.allSatisfy { $0.width == 132 && $0.height == 44 })
        #expect(g.cards.allSatisfy { isInside($0, g) })
        let perColumn = Dictionary(grouping: g.cards, by: \.center.x).mapValues(\.count)
        #expect(perColumn == [66: 4, 262: 2, 458: 1])
        #expect(g.cards.map(\.depth) == [0, 1, 2, 2, 1, 2, 2])
    }

    @Test func tutorialEdges() throws {
        let g = layout(try diagram(tutorialTree))
        #expect(g.edges.map(\.child) == [1, 2, 3, 4, 5, 6])
        #expect(g.edges.map(\.parent) == [0, 1, 1, 0, 4, 4])
        // Child's right edge → middle of the 64-point gap → parent's left edge.
        let expected: [[[Double]]] = [
            [[328, 58], [360, 58], [360, 130], [392, 130]],
            [[132, 22], [164, 22], [164, 58], [196, 58]],
            [[132, 94], [164, 94], [164, 58], [196, 58]],
            [[328, 202], [360, 202], [360, 130], [392, 130]],
            [[132, 166], [164, 166], [164, 202], [196, 202]],
            [[132, 238], [164, 238], [164, 202], [196, 202]],
        ]
        #expect(g.edges.map(pairs) == expected)
    }

    @Test func singleNode() throws {
        let g = layout(try diagram("1"))
        #expect(g.width == 132 && g.height == 44)
        #expect(g.cards.count == 1 && g.edges.isEmpty)
        #expect(pairs(g.cards.map(\.center)) == [[66, 22]])
    }

    @Test func emptyDiagram() {
        let g = layout(Diagram(nodes: [], settings: .tutorial))
        #expect(g.width == 0 && g.height == 0 && g.cards.isEmpty && g.edges.isEmpty)
    }

    /// `3` is a leaf at depth 1 in a tree of height 2: it stays in the middle column.
    @Test func shallowLeafStaysInItsDepthColumn() throws {
        let g = layout(try diagram("1 { 2 { 4 5 } 3 }"))
        #expect(g.width == 524 && g.height == 188)
        #expect(pairs(g.cards.map(\.center)) == [[458, 112], [262, 58], [66, 22], [66, 94], [262, 166]])
        #expect(pairs(g.edges[3]) == [[328, 166], [360, 166], [360, 112], [392, 112]])
    }

    /// With aligned leaves `3` moves to the leftmost column, and its connector still bends in the
    /// gap next to its parent, sharing the bracket join with its sibling's connector.
    @Test func alignLeaves() throws {
        var settings = LayoutSettings.tutorial
        settings.align = .leaves
        let g = layout(try diagram("1 { 2 { 4 5 } 3 }", settings: settings))
        #expect(g.width == 524 && g.height == 188)
        #expect(pairs(g.cards.map(\.center)) == [[458, 112], [262, 58], [66, 22], [66, 94], [66, 166]])
        #expect(g.cards[4].depth == 1)
        #expect(pairs(g.edges[3]) == [[132, 166], [360, 166], [360, 112], [392, 112]])
        #expect(pairs(g.edges[0]) == [[328, 58], [360, 58], [360, 112], [392, 112]])
    }

    @Test func forestContinuesSlots() throws {
        let g = layout(try diagram("1 { 2 3 } 4"))
        #expect(pairs(g.cards.map(\.center)) == [[262, 58], [66, 22], [66, 94], [262, 166]])
        #expect(g.edges.count == 2 && g.height == 188 && g.width == 328)
    }

    @Test func customSizesAndGaps() throws {
        let settings = LayoutSettings(cardWidth: 100, cardHeight: 30, levelGap: 40, leafGap: 10, margin: 5)
        let g = layout(try diagram(tutorialTree, settings: settings))
        #expect(g.width == 380 && g.height == 150 && g.margin == 5)
        #expect(g.cards.map(\.center.x) == [330, 190, 50, 50, 190, 50, 50])
        #expect(g.cards.map(\.center.y) == [75, 35, 15, 55, 115, 95, 135])
        #expect(g.cards.allSatisfy { $0.width == 100 && $0.height == 30 })
        #expect(pairs(g.edges[1]) == [[100, 15], [120, 15], [120, 35], [140, 35]])
    }

    /// Depth recursion would overflow the stack long before 100,000 levels.
    @Test func deepChain() throws {
        let length = 100_000
        let g = layout(try diagram(chainText(length: length)))
        #expect(g.cards.count == length && g.edges.count == length - 1)
        #expect(g.height == 44 && g.width == Double(length) * 132 + Double(length - 1) * 64)
        #expect(g.cards[0].center.x == 66 + Double(length - 1) * 196)
        #expect(g.cards[length - 1].center.x == 66)
        #expect(g.cards.allSatisfy { $0.center.y == 22 })
    }

    @Test func largeCompleteTree() throws {
        let g = layout(try diagram(completeBinaryTreeText(levels: 17)))
        #expect(g.cards.count == 131_071 && g.edges.count == 131_070)
        #expect(g.height == 65_536 * 44 + 65_535 * 28 && g.width == 17 * 132 + 16 * 64)
        #expect(g.cards[0].center.y == g.height / 2)
    }

    /// A hand-built diagram with a parent link pointing forwards (not something the model makes)
    /// is laid out with that node as a root instead of crashing.
    @Test func inconsistentParentLinksDoNotCrash() throws {
        var d = try diagram("1 { 2 }")
        d.nodes[0].parent = 1
        d.nodes[1].parent = 7
        let g = layout(d)
        #expect(g.cards.count == 2 && g.edges.isEmpty)
    }
}

@Suite struct TitleAndFitTests {
    /// A title is drawn above the cards: the cards move down by its height and the gap, and a
    /// tree narrower than its title is centred under it.
    @Test func titleSitsAboveTheCards() throws {
        var settings = LayoutSettings.tutorial
        settings.title = "The spring open, semi-finals and final"
        let g = layout(try diagram("1 { 2 3 }", settings: settings))
        let title = try #require(g.title)
        #expect(title.lines == ["The spring open, semi-finals and final"])
        #expect(title.fontSize == 18)
        let band = title.height + 16
        let plain = layout(try diagram("1 { 2 3 }"))
        #expect(g.height == plain.height + band)
        #expect(g.width == max(plain.width, title.width))
        #expect(title.center.x == g.width / 2)
        let dx = (g.width - plain.width) / 2
        #expect(zip(g.centres, plain.centres).allSatisfy { $0.x == $1.x + dx && $0.y == $1.y + band })
    }

    @Test func hiddenTitleTakesNoRoom() throws {
        var settings = LayoutSettings.tutorial
        settings.title = "Spring Open"
        settings.titleVisible = false
        let g = layout(try diagram(tutorialTree, settings: settings))
        #expect(g.title == nil && g.width == 524 && g.height == 260)
    }

    /// `@fit fixed` keeps every card at the card size and cuts what does not fit.
    @Test func fixedCardsKeepTheirSize() throws {
        var settings = LayoutSettings.tutorial
        settings.fit = .fixed
        var d = try diagram(tutorialTree, settings: settings)
        d.nodes[2].label = "The quarter-final winner of the northern group"
        let g = layout(d)
        #expect(g.width == 524 && g.height == 260)
        #expect(g.sizes.allSatisfy { $0 == Size(width: 132, height: 44) })
        // Two 13-point lines fit a 44-point card with its padding; the rest is cut.
        #expect(g.cards[2].lines.count == 2 && g.cards[2].lines[1].hasSuffix("…") && g.cards[2].isTruncated)
        #expect(g.cards[2].lineWidths.allSatisfy { $0 <= 132 - 16 })
    }

    /// With cards grown to fit, the default tutorial tree is unchanged.
    @Test func tutorialLabelsFitTheMinimumCard() throws {
        let g = layout(try diagram(tutorialTree))
        #expect(g.sizes.allSatisfy { $0 == Size(width: 132, height: 44) })
        #expect(g.cards.map(\.lines) == [["Node 1"], ["Node 2"], ["Node 4"], ["Node 5"], ["Node 3"], ["Node 6"], ["Node 7"]])
    }
}
