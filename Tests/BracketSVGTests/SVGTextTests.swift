import BracketLayout
import BracketModel
import BracketBytes
import BracketText
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
        // The shown text is the same characters (wrapped, possibly shortened), never markup.
        let shown = outline.named("tspan").map(\.text).joined()
        #expect(label.filter { $0 != " " }.hasPrefix(shown.replacingOccurrences(of: "…", with: "").filter { $0 != " " }))
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
        // The noncharacters of every plane, and U+FDD0–U+FDEF; their neighbours are kept.
        let planes = SVGBytes.string(capacity: 64) { $0.text("\(fdd0)\(fdef)\u{1FFFE}\u{10FFFF}\u{FDCF}\u{FDF0}\u{1F3C6}") }
        #expect(planes == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FDCF}\u{FDF0}\u{1F3C6}")
    }

    @Test func longLabelsWrapIntoOneTspanPerLine() throws {
        let label = "The quarter-final winner of the northern group"
        let text = try renderOne(label: label)
        let outline = try #require(XMLOutline.parse(text))
        let lines = outline.named("tspan").map(\.text)
        #expect(lines.count == 2)
        #expect(lines.joined(separator: " ") == label)
        #expect(outline.named("title").map(\.text).contains(label))
        #expect(outline.named("text").count == 1)
    }

    @Test func labelsPastTheLineLimitEndInAnEllipsis() throws {
        var d = try diagram("n")
        d.nodes[0].label = String(repeating: "Semi-final of the northern group ", count: 6)
        d.nodes[0].hasExplicitLabel = true
        let geometry = layout(d)
        let outline = try #require(XMLOutline.parse(renderSVG(d, geometry)))
        let lines = outline.named("tspan").map(\.text)
        #expect(lines.count == 3)
        #expect(lines.last?.hasSuffix("…") == true)
        #expect(geometry.lines.isTruncated(0))
        // The accessible text keeps every character.
        #expect(outline.named("title").map(\.text).contains(d.nodes[0].label))
    }

    @Test func lineBreakInALabelBreaksTheLine() throws {
        let outline = try #require(XMLOutline.parse(try renderOne(label: "two\nlines")))
        #expect(outline.named("tspan").map(\.text) == ["two", "lines"])
    }

    /// Baselines from the font's ascent and descent; no `dominant-baseline` (librsvg ignores
    /// it) and no `textLength` (it would stretch a fallback font; docs/language.md).
    @Test func textIsPlacedByBaselinesInTheMeasuredFont() throws {
        let text = try renderOne(label: "Émile")
        #expect(!text.contains("dominant-baseline") && !text.contains("textLength"))
        let outline = try #require(XMLOutline.parse(text))
        let tspan = try #require(outline.named("tspan").first)
        #expect(tspan.attributes["x"] == "66")
        // Baseline below the card's centre (22) by half the ascent minus half the descent.
        let measurer = TextMeasurer(fontSize: 13)
        let baseline = 22 + (measurer.ascent - measurer.descent) / 2
        #expect(tspan.attributes["y"] == DecimalText.string(baseline, decimals: 2))
        let style = try #require(outline.named("style").first?.text)
        #expect(style.contains("font-family:\(FontTable.fontFamily)"))
        #expect(FontTable.fontFamily.hasPrefix("'DejaVu Sans'"))
    }

    @Test func anEmptyLabelDrawsNoLine() throws {
        let outline = try #require(XMLOutline.parse(try renderOne(label: "")))
        #expect(outline.named("tspan").isEmpty)
        #expect(outline.named("text").count == 1)
    }
}

// Swift's literals refuse U+FDD0–U+FDEF, so these two are spelled by number.
private let fdd0 = String(Unicode.Scalar(0xFDD0)!)
private let fdef = String(Unicode.Scalar(0xFDEF)!)
