import BracketLayout
import BracketModel
import BracketText
import Testing

/// Cards with a score slot: [padding][label][gap][score][padding], at the edge facing the
/// parent, measured at the card font, the card growing up to @max-card-width.
@Suite struct ScoreSlotTests {
    static let match = """
        final {
          a "Ayşe Yılmaz" [score=6]
          b "Émile" [score="6–4 3–6 7–5"]
        }
        """

    func laidOut(_ text: String) -> (Diagram, Geometry) {
        let diagram = Document(text).diagram()
        return (diagram, layout(diagram))
    }

    func fit(_ diagram: Diagram) -> CardTextFit { CardTextFit(settings: diagram.settings) }

    /// Which edge holds the score, and where the score's anchor and the label's centre are, for
    /// every root side.
    @Test(arguments: [("right", false), ("left", true), ("top", false), ("bottom", false)])
    func slotFacesTheParent(root: String, atLeft: Bool) throws {
        let (diagram, geometry) = laidOut("@root \(root)\n" + Self.match)
        let measurer = fit(diagram).measurer
        #expect(geometry.scores.cards == [1, 2])
        for card in [1, 2] {
            let slot = try #require(geometry.scores.index(of: card))
            let text = geometry.scores.texts[slot], width = geometry.scores.widths[slot]
            #expect(text == diagram.nodes.scores[card])
            #expect(width == measurer.width(of: Substring(text)))
            #expect(geometry.scoreAtLeftEdge(card) == atLeft)
            let centre = geometry.centres[card].x, half = geometry.sizes[card].width / 2
            let anchor = try #require(geometry.scoreAnchorX(card))
            #expect(anchor == (atLeft ? centre - half + 8 : centre + half - 8))
            let room = width + CardTextFit.scoreGap
            #expect(geometry.labelCentreX(card) == (atLeft ? centre + room / 2 : centre - room / 2))
            // The label and the score side by side fit inside the card's padding.
            let label = geometry.lines.widths[geometry.lines.range(of: card)].max() ?? 0
            #expect(label + room + 2 * CardTextFit.horizontalPadding <= geometry.sizes[card].width)
        }
        // No score: the root's label stays centred and it has no anchor.
        #expect(geometry.scores.index(of: 0) == nil && geometry.scoreAnchorX(0) == nil)
        #expect(geometry.labelCentreX(0) == geometry.centres[0].x)
    }

    /// A card grows for its score: the natural width holds label, gap and score.
    @Test func cardGrowsForItsScore() throws {
        let (diagram, geometry) = laidOut("@root top\n" + Self.match)
        let measurer = fit(diagram).measurer
        let label = measurer.width(of: "Émile"), score = measurer.width(of: "6–4 3–6 7–5")
        #expect(geometry.sizes[2].width == max(132, (label + score + 8 + 16).rounded(.up)))
        #expect(geometry.sizes[2].width > 132)
    }

    /// A long label wraps in the width the score leaves, and the card stops at @max-card-width.
    @Test func labelWrapsInTheRoomLeft() throws {
        let long = "Alexandra Konstantinopoulou-Villanueva de la Cruz"
        let (diagram, geometry) = laidOut("f {\n a \"\(long)\" [score=\"7–6 7–6\"]\n b [score=1]\n}\n")
        let fit = fit(diagram)
        let slot = try #require(geometry.scores.index(of: 1))
        let room = CardTextFit.scoreRoom(geometry.scores.widths[slot])
        #expect(geometry.sizes[1].width <= diagram.settings.maxCardWidth)
        let lines = geometry.lines.range(of: 1)
        #expect(lines.count > 1)
        for line in lines { #expect(geometry.lines.widths[line] <= fit.maxTextWidth - room) }
        #expect(geometry.lines.lines(of: 1) == fit.wrap(long, reserving: room).lines)
    }

    /// A score wider than half the text room is cut with "…" and stays inside that half.
    @Test func longScoreIsCut() throws {
        let (diagram, geometry) = laidOut("f {\n a [score=\"6–4 3–6 7–6 6–7 7–5 and a long note\"]\n b [score=2]\n}\n")
        let fit = fit(diagram)
        let slot = try #require(geometry.scores.index(of: 1))
        #expect(geometry.scores.texts[slot].hasSuffix("…"))
        #expect(geometry.scores.widths[slot] <= fit.maxScoreWidth)
    }

    /// A bye's card says so in its slot; a pending slot without a score shows nothing there.
    @Test func byeAndPending() throws {
        let (_, geometry) = laidOut("f {\n s1 [score=2] {\n  p1 \"Ayşe\"\n }\n s2 {\n  c \"Liam\"\n  d \"Mia\"\n }\n}\n")
        // f, s1, p1, s2, c, d: p1 is a bye; s2 is pending; s1 has a score.
        #expect(geometry.scores.cards == [1, 2])
        #expect(geometry.scoreText(2) == CardTextFit.byeText)
        #expect(geometry.scoreText(3) == nil)
    }

    /// Fixed cards keep their size; the label wraps (or is cut) in the room the score leaves.
    @Test func fixedCardsKeepTheirSize() throws {
        let (_, geometry) = laidOut("@fit fixed\n" + Self.match)
        #expect(geometry.sizes.allSatisfy { $0 == Size(width: 132, height: 44) })
        #expect(geometry.scores.cards == [1, 2])
    }

    /// A tree without results has no slots and lays out exactly as before: the tutorial's numbers.
    @Test func plainTreeHasNoSlots() throws {
        let (_, geometry) = laidOut("1 { 2 { 4 5 } 3 { 6 7 } }")
        #expect(geometry.scores.isEmpty)
        #expect(geometry.centres.map(\.y) == [130, 58, 22, 94, 202, 166, 238])
        #expect(geometry.width == 524 && geometry.height == 260)
    }

    @Test func indexOfFindsOnlyStoredCards() {
        let (_, geometry) = laidOut("f { a [score=1] b c [score=3] d [score=\"\"] }")
        #expect(geometry.scores.cards == [1, 3])
        #expect((0..<5).map { geometry.scores.index(of: $0) } == [nil, 0, nil, 1, nil])
    }
}
