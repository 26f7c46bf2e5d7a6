import BracketLayout
import BracketModel
import BracketTestSupport
@testable import BracketSVG
import Testing

/// A one-node diagram whose node has exactly this ID and label (set directly, so the test does
/// not depend on what the tree notation can spell).
func renderOne(id: String = "n", label: String) throws -> String {
    var d = try diagram("n")
    d.nodes[0].id = id
    d.nodes[0].label = label
    d.nodes[0].hasExplicitLabel = true
    return renderSVG(d, layout(d))
}

@Suite struct SVGTextTests {
    @Test func hostileLabelStaysText() throws {
        let label = #"</text><script>alert(1)</script>&"'"#
        let text = try renderOne(id: #"x"><script>"#, label: label)
        #expect(!text.contains("<script"))
        let outline = try #require(XMLOutline.parse(text))
        #expect(outline.named("script").isEmpty)
        let card = try #require(outline.elements.first { $0.attributes["data-node-id"] != nil })
        #expect(card.attributes["data-node-id"] == #"x"><script>"#)
        #expect(card.attributes["aria-label"] == label)
        #expect(outline.named("title").map(\.text).contains(label))
        // The shown text is the same characters (possibly shortened), never markup.
        let shown = try #require(outline.named("text").first?.text)
        #expect(label.hasPrefix(shown.replacingOccurrences(of: "…", with: "")))
    }

    @Test func controlCharactersAreReplaced() throws {
        let text = try renderOne(label: "a\u{1}b\u{0}c\u{7F}d\u{85}e\u{FFFF}f")
        #expect(XMLOutline.parse(text) != nil)
        #expect(text.contains("a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f"))
    }

    @Test func escapingTableByBytes() {
        let escaped = SVGBytes.string(capacity: 64) { $0.text("<&>\"'\t\n\u{2}é🏆¢\u{FFFE}\u{FFFD}\u{85}") }
        #expect(escaped == "&lt;&amp;&gt;&quot;&#39;\t\n\u{FFFD}é🏆¢\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(SVGBytes.string(capacity: 8) { $0.text("Node 7 é") } == "Node 7 é")
    }

    @Test func longLabelsAreShortenedVisibly() throws {
        let label = "The quarter-final winner of the northern group"
        let text = try renderOne(label: label)
        let outline = try #require(XMLOutline.parse(text))
        let shown = try #require(outline.named("text").first?.text)
        #expect(shown.hasSuffix("…") && shown.count < label.count)
        #expect(label.hasPrefix(String(shown.dropLast())))
        #expect(outline.named("title").map(\.text).contains(label))
    }

    @Test func fittingCountsWideCharactersDouble() {
        let fitting = LabelFitting(cardWidth: 132, fontSize: 13)
        #expect(fitting.maxUnits == 15)
        #expect(fitting.shown("Final 🏆") == "Final 🏆")
        #expect(fitting.shown("123456789012345") == "123456789012345")
        #expect(fitting.shown("1234567890123456") == "12345678901234…")
        #expect(fitting.shown("決勝戦決勝戦決勝戦") == "決勝戦決勝戦決…")
        #expect(fitting.shown("two\nlines") == "two lines")
        #expect(fitting.shown("a\r\nb\tc") == "a b c")
    }
}
