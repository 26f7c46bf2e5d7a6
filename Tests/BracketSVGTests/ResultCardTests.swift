import BracketLayout
import BracketModel
import Foundation
@testable import BracketSVG
import Testing

/// Cards of a tree that records results: outcome classes, `data-entrant`, the score slot and
/// accessible names that say the score and the result.
@Suite struct ResultCardTests {
    static let knockout = """
        final {
          sf1 [score="6–4 7–5", winner] {
            a "Ayşe Yılmaz" [score=6]
            b "Émile <&>" [score=3]
          }
          sf2 [score="4–6 5–7"] {
            c "Дмитрий" [score=2, winner]
            d "Mia" [score=2]
          }
          sf3 {
            e "Bye Player"
          }
          sf4 "Semi 4" {
            f "Tied One" [score=1]
            g "Tied Two" [score=1]
          }
        }
        """

    func rendered(_ text: String) throws -> (Diagram, Geometry, String, [String: XMLOutline.Element]) {
        let diagram = Document(text).diagram()
        let geometry = layout(diagram)
        let svg = renderSVG(diagram, geometry)
        let outline = try #require(XMLOutline.parse(svg))
        var cards: [String: XMLOutline.Element] = [:]
        for element in outline.elements where element.name == "g" {
            if let id = element.attributes["data-node-id"] { cards[id] = element }
        }
        return (diagram, geometry, svg, cards)
    }

    @Test(arguments: [
        ("a", "bracket-card bracket-winner", "a", "Ayşe Yılmaz, 6, winner"),
        ("b", "bracket-card bracket-loser", "b", "Émile <&>, 3, lost"),
        ("sf1", "bracket-card bracket-winner", "a", "Ayşe Yılmaz, 6–4 7–5, winner"),
        ("sf2", "bracket-card bracket-loser", "c", "Дмитрий, 4–6 5–7, lost"),
        ("c", "bracket-card bracket-winner", "c", "Дмитрий, 2, winner"),
        ("d", "bracket-card bracket-loser", "d", "Mia, 2, lost"),
        ("e", "bracket-card bracket-bye", "e", "Bye Player, bye"),
        ("sf3", "bracket-card bracket-loser", "e", "Bye Player, lost"),
        ("sf4", "bracket-card bracket-pending", nil, "Semi 4, to be decided"),
        ("f", "bracket-card", "f", "Tied One, 1"),
        // sf1 is flagged the winner of the final: the root shows its competitor, with no outcome.
        ("final", "bracket-card", "a", "Ayşe Yılmaz"),
    ] as [(String, String, String?, String)])
    func cardSaysItsResult(id: String, classes: String, entrant: String?, name: String) throws {
        let (_, _, _, cards) = try rendered(Self.knockout)
        let card = try #require(cards[id])
        #expect(card.attributes["class"] == classes)
        #expect(card.attributes["data-entrant"] == entrant)
        #expect(card.attributes["aria-label"] == name)
    }

    /// The score is its own text at the edge facing the parent, escaped like a label; the label
    /// moves aside by half the slot.
    @Test(arguments: [("right", "end"), ("left", "start"), ("top", "end"), ("bottom", "end")])
    func scoreTextSitsAtTheEdgeFacingTheParent(root: String, anchor: String) throws {
        let (_, geometry, svg, _) = try rendered("@root \(root)\n" + Self.knockout)
        let outline = try #require(XMLOutline.parse(svg))
        let scores = outline.elements.filter { $0.attributes["class"] == "bracket-score" }
        #expect(scores.map(\.text) == geometry.scores.texts)
        #expect(scores.allSatisfy { $0.attributes["text-anchor"] == anchor })
        let index = 2  // a
        let slot = try #require(geometry.scores.index(of: index))
        let x = try #require(scores[slot].attributes["x"])
        #expect(Double(x) == geometry.scoreAnchorX(index))
        #expect(svg.contains("<tspan x=\"\(SVGBytes.string(capacity: 32) { $0.number(geometry.labelCentreX(index)) })\""))
    }

    @Test func scoresAreEscaped() throws {
        let (_, _, svg, cards) = try rendered("f {\n a [score=\"<b>&'\\\"\"]\n b [score=1, winner]\n}\n")
        #expect(svg.contains(">&lt;b&gt;&amp;&#39;&quot;</text>"))
        #expect(cards["a"]?.attributes["aria-label"] == "Node a, <b>&'\", lost")
    }

    /// The results rules come with a results tree only, each colour after a plain fallback, with
    /// a dark palette; a plain tree's document has none of it.
    @Test func resultsStyleOnlyWhenTheTreeRecordsResults() throws {
        let (_, _, svg, _) = try rendered(Self.knockout)
        let sheet = "\(SVGStyle.resultsSheet)"
        #expect(svg.contains(sheet))
        #expect(!renderSVG(Document("1 { 2 3 }").diagram(), layout(Document("1 { 2 3 }").diagram())).contains(sheet))
        #expect(svgStyleSheetText(recordsResults: true).contains(sheet))
        #expect(!svgStyleSheetText(recordsResults: false).contains(sheet))
        for name in ["winner-card", "winner-border", "muted", "loser-card", "pending-border"] {
            #expect(sheet.components(separatedBy: "--bracket-\(name):").count - 1 == 2, "\(name): light and dark")
        }
        let uses = sheet.components(separatedBy: ":var(--bracket-").count - 1
        var guarded = 0
        for property in ["fill", "stroke"] {
            for part in sheet.components(separatedBy: ";\(property):var(--bracket-").dropLast()
            where part.range(of: "\(property):#[0-9a-f]{6}$", options: .regularExpression) != nil {
                guarded += 1
            }
        }
        #expect(uses > 0 && guarded == uses)
    }

    /// A plain tree's cards carry nothing of results: no class, no entrant, no score text.
    @Test func plainTreeCardsAreUnchanged() throws {
        let (_, _, svg, cards) = try rendered("1 { 2 { 4 5 } 3 }")
        #expect(cards.values.allSatisfy { $0.attributes["class"] == "bracket-card" && $0.attributes["data-entrant"] == nil })
        #expect(!svg.contains("bracket-score"))
    }

    /// Each card fragment is the full document's card, byte for byte, in every root side.
    @Test(arguments: ["right", "left", "top", "bottom"])
    func fragmentsAreTheFullDocumentsCards(root: String) throws {
        let (diagram, geometry, svg, _) = try rendered("@root \(root)\n" + Self.knockout)
        for index in 0..<diagram.nodes.count {
            let fragment = svgCardFragment(diagram, geometry, index, recordsResults: true)
            #expect(svg.contains(fragment + "\n"), "\(diagram.nodes.ids[index])")
        }
    }
}

@Suite struct PendingSlotTests {
    /// A match still to be played: its parent is the "To be decided" slot, with no entrant.
    @Test func pendingRootIsToBeDecided() throws {
        let diagram = Document("f {\n a \"Ayşe\" [score=1]\n b \"Liam\" [score=1]\n}\n").diagram()
        let outline = try #require(XMLOutline.parse(renderSVG(diagram, layout(diagram))))
        let root = try #require(outline.elements.first { $0.attributes["data-node-id"] == "f" })
        #expect(root.attributes["class"] == "bracket-card bracket-pending")
        #expect(root.attributes["data-entrant"] == nil)
        #expect(root.attributes["aria-label"] == "To be decided")
        #expect(outline.named("tspan").first?.text == "To be decided")
    }
}
