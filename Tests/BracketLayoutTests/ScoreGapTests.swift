import BracketLayout
import BracketModel
import BracketTestSupport
import BracketText
import Testing

/// The label-to-score gap is the documented 8 points whatever the weight a score is drawn in:
/// a winner's score is measured bold (as the SVG draws it), a loser's regular, and the label's
/// room ends 8 points before the score starts, on random labels and scores.
@Suite struct ScoreGapTests {
    static let words = ["Manchester City", "Ayşe", "Real Madrid CF", "Émile Zola", "Novak Đoković", "Ω", "FC Bayern München",
                        "李娜", "Ons Jabeur", "Wimbledon", "x", "Borussia Mönchengladbach"]
    static let scores = ["0", "1", "3", "10", "40.5", "115", "2", "7", "1000", "6–4 7–5", "w/o", "3 (4)"]

    @Test(arguments: TestScale.arguments(Array(0..<12), quick: 3))
    func gapIsEightPoints(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &+ 0x5C0E)
        for root in ["right", "left", "top"] {
            let a = Self.words.randomElement(using: &random)!, b = Self.words.randomElement(using: &random)!
            let sa = Self.scores.randomElement(using: &random)!, sb = Self.scores.randomElement(using: &random)!
            let text = "@root \(root)\nf {\n a \"\(a)\" [score=\"\(sa)\"]\n b \"\(b)\" [score=\"\(sb)\"]\n}\n"
            let diagram = Document(text).diagram()
            let geometry = layout(diagram)
            let measurer = CardTextFit(settings: diagram.settings).measurer
            for card in [1, 2] {
                let slot = try #require(geometry.scores.index(of: card))
                let drawn = geometry.scores.texts[slot], width = geometry.scores.widths[slot]
                let bold = diagram.nodes.outcome(card) == .winner
                #expect(width == (bold ? measurer.boldWidth(of: Substring(drawn)) : measurer.width(of: Substring(drawn))),
                        "\(text)")
                let anchor = try #require(geometry.scoreAnchorX(card))
                let atLeft = geometry.scoreAtLeftEdge(card)
                let centre = geometry.centres[card].x, half = geometry.sizes[card].width / 2
                // The label's room: the card's text room less the score and the gap.
                let room = 2 * half - 2 * CardTextFit.horizontalPadding - CardTextFit.scoreRoom(width)
                let labelX = geometry.labelCentreX(card)
                let scoreStart = atLeft ? anchor + width : anchor - width
                let roomEdge = atLeft ? labelX - room / 2 : labelX + room / 2
                #expect(abs(abs(scoreStart - roomEdge) - CardTextFit.scoreGap) < 1e-9, "\(text)")
                // The label's widest line fits its room: it never reaches into the gap.
                let label = geometry.lines.widths[geometry.lines.range(of: card)].max() ?? 0
                #expect(label <= room + 1e-9, "\(text)")
            }
        }
    }

    /// Bold is wider than regular for the digits scores are made of, so a winner's slot is
    /// measured wider than the same score as a loser's.
    @Test func boldDigitsAreWider() {
        let measurer = TextMeasurer(fontSize: 13)
        #expect(measurer.boldWidth(of: "10") > measurer.width(of: "10"))
        let cut = measurer.boldLine("6–2 4–6 6–2 7–6(4)", maxWidth: 40)
        #expect(cut.isCut && cut.text.hasSuffix("…") && cut.width <= 40)
        #expect(cut.width == measurer.boldWidth(of: Substring(cut.text)))
        let whole = measurer.boldLine("3", maxWidth: 40)
        #expect(!whole.isCut && whole.text == "3")
    }
}
