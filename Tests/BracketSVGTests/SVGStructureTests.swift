import BracketLayout
import BracketModel
import BracketTestSupport
import Foundation
@testable import BracketSVG
import BracketText
import BracketBytes
import Testing

func svg(_ text: String, settings: LayoutSettings = .tutorial) throws -> String {
    let d = try diagram(text, settings: settings)
    return renderSVG(d, layout(d))
}

@Suite struct SVGStructureTests {
    @Test func tutorialDocument() throws {
        let text = try svg("1 { 2 { 4 5 } 3 { 6 7 } }")
        // Content 524 × 260 plus the 24-point margin on every side.
        #expect(text.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 572 308" width="572" height="308""#))
        let outline = try #require(XMLOutline.parse(text))
        let root = try #require(outline.elements.first)
        #expect(root.attributes["role"] == "img")
        #expect(root.attributes["aria-labelledby"] == "bracket-title bracket-desc")
        #expect(outline.named("title").first?.text == "Bracket diagram")
        #expect(outline.named("desc").first?.text.contains("7 cards") == true)

        let cards = outline.elements.filter { $0.attributes["data-node-id"] != nil }
        #expect(cards.map { $0.attributes["data-node-id"] } == ["1", "2", "4", "5", "3", "6", "7"])
        #expect(cards.allSatisfy { $0.attributes["role"] == "listitem" && $0.attributes["tabindex"] == "0" })
        #expect(cards.first?.attributes["aria-label"] == "Node 1")
        #expect(outline.elements.contains { $0.attributes["role"] == "list" })

        let lines = outline.named("polyline")
        #expect(lines.count == 6 && lines.allSatisfy { $0.attributes["fill"] == "none" })
        #expect(lines.first?.attributes["points"] == "328,58 360,58 360,130 392,130")
        // The root card: centre (458, 130), so its corner is at (392, 108).
        let rect = try #require(outline.named("rect").first { $0.attributes["x"] == "392" && $0.attributes["y"] == "108" })
        #expect(rect.attributes["width"] == "132" && rect.attributes["height"] == "44")
        #expect(outline.named("tspan").map(\.text) == ["Node 1", "Node 2", "Node 4", "Node 5", "Node 3", "Node 6", "Node 7"])
        #expect(outline.named("text").count == 7)
    }

    /// Connectors come before the cards (drawn behind) and share the one translated group.
    @Test func connectorsFirstInsideOneMarginGroup() throws {
        let text = try svg("1 { 2 3 }")
        let outline = try #require(XMLOutline.parse(text))
        let names = outline.elements.map(\.name)
        let lastLine = try #require(names.lastIndex(of: "polyline"))
        let firstCard = try #require(outline.elements.firstIndex { $0.attributes["data-node-id"] != nil })
        #expect(lastLine < firstCard)
        let groups = outline.named("g").filter { $0.attributes["transform"] != nil }
        #expect(groups.map { $0.attributes["transform"] } == ["translate(24 24)"])
        #expect(text.components(separatedBy: "translate(").count == 2)
    }

    @Test func titleAndColourSchemes() throws {
        var settings = LayoutSettings.tutorial
        settings.title = "Spring Open <2026>"
        let text = try svg("1", settings: settings)
        #expect(XMLOutline.parse(text)?.named("title").first?.text == "Spring Open <2026>")
        #expect(text.contains("@media (prefers-color-scheme: dark)"))
        #expect(text.contains("var(--bracket-card)"))
    }

    /// Renderers without CSS custom properties (librsvg) must still get readable colours: every
    /// `var()` colour follows a plain one for the same property.
    @Test func colourFallbacksForRenderersWithoutVariables() throws {
        let text = try svg("1")
        let uses = text.components(separatedBy: ":var(--bracket-").count - 1
        var guarded = 0
        for property in ["fill", "stroke"] {
            let parts = text.components(separatedBy: ";\(property):var(--bracket-")
            for part in parts.dropLast() where part.range(of: "\(property):#[0-9a-f]{6}$", options: .regularExpression) != nil {
                guarded += 1
            }
        }
        #expect(uses >= 10 && guarded == uses)
    }

    @Test func nothingExternalOrActive() throws {
        let text = try svg("1 { 2 { 4 5 } 3 }")
        let withoutNamespace = text.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        for forbidden in ["<script", "href", "http", "url(", "@import", "<image", "<foreignObject", "on"+"click"] {
            #expect(!withoutNamespace.contains(forbidden), "found \(forbidden)")
        }
    }

    @Test func emptyDiagram() throws {
        let text = renderSVG(Diagram(nodes: [], settings: .tutorial), layout(Diagram(nodes: [], settings: .tutorial)))
        let outline = try #require(XMLOutline.parse(text))
        #expect(outline.elements.first?.name == "svg")
        #expect(outline.named("tspan").first?.text == "Empty diagram")
        #expect(!text.contains("dominant-baseline"))
        #expect(outline.named("desc").first?.text.contains("empty") == true)
        #expect(!text.contains("data-node-id"))
    }

    @Test func deterministicAndLocaleFree() throws {
        let settings = LayoutSettings(cardWidth: 100.5, cardHeight: 31, levelGap: 10.25, leafGap: 1.0 / 3, margin: 7.5)
        let first = try svg("1 { 2 3 }", settings: settings)
        #expect(first == (try svg("1 { 2 3 }", settings: settings)))
        // Root centre x: 50.25 + 110.75 = 161, y: 31.1666…; leaf 3 centre y: 15.5 + 31.333… = 46.83.
        // Each baseline sits below its centre by half the ascent minus half the descent.
        let below = TextMeasurer(fontSize: 13).baselines(lineCount: 1)[0]
        #expect(first.contains("translate(7.5 7.5)"))
        #expect(first.contains(#"<tspan x="161" y="\#(DecimalText.string(31 + 1.0 / 6 + below, decimals: 2))""#))
        #expect(first.contains(#"<tspan x="50.25" y="\#(DecimalText.string(46 + 5.0 / 6 + below, decimals: 2))""#))
    }

    @Test(arguments: [
        (130.0, "130"), (0, "0"), (-0.0, "0"), (12.5, "12.5"), (1.0 / 3, "0.33"), (2.006, "2.01"),
        (-7.25, "-7.25"), (0.1, "0.1"), (1_000_000, "1000000"), (.infinity, "0"), (.nan, "0"),
        (-0.001, "0"), (9.999, "10"),
    ])
    func numbers(value: Double, expected: String) {
        #expect(SVGBytes.string(capacity: 16) { $0.number(value) } == expected)
    }

    @Test func largeTreeRenders() throws {
        let d = try diagram(completeBinaryTreeText(levels: 17))
        let g = layout(d)
        let clock = ContinuousClock()
        var text = ""
        let elapsed = clock.measure { text = renderSVG(d, g) }
        #expect(text.components(separatedBy: "data-node-id=").count == 131_072)
        #expect(text.components(separatedBy: "<polyline").count == 131_071)
        // Generous bound for an unoptimised debug build; release takes tens of milliseconds.
        #expect(elapsed < .seconds(10))
    }
}

/// Level headers and edge labels: their own classes, escaped text, a background box behind each
/// edge label, drawn after the connectors and before the cards.
@Suite struct SVGDecorationTests {
    func render(_ text: String) -> String {
        let d = Document(text).diagram()
        return renderSVG(d, layout(d))
    }

    @Test func headersAndEdgeLabels() throws {
        let text = render("@root center\n@rounds \"<Semis>\" \"Final & more\"\nw { a [edge=\"yes <really>\"] { a1 a2 } b { b1 b2 } }")
        let outline = try #require(XMLOutline.parse(text))
        let rounds = outline.elements.filter { $0.attributes["class"] == "bracket-round" }
        // Levels: Semis, Final & more, (root: none), Final & more, Semis.
        #expect(rounds.map { $0.attributes["data-level"] } == ["2", "1", "1", "2"])
        #expect(outline.named("tspan").map(\.text).filter { $0.contains("Semis") || $0.contains("Final") }
            == ["<Semis>", "Final & more", "Final & more", "<Semis>"])
        #expect(text.contains("&lt;Semis&gt;") && text.contains("Final &amp; more") && text.contains("yes &lt;really&gt;"))
        let labels = outline.elements.filter { $0.attributes["class"] == "bracket-edge-label" }
        #expect(labels.map { $0.attributes["data-child-id"] } == ["a"])
        let names = outline.elements.map { $0.attributes["class"] ?? $0.name }
        let lastLine = try #require(names.lastIndex(of: "bracket-connector"))
        let label = try #require(names.firstIndex(of: "bracket-edge-label"))
        let firstCard = try #require(names.firstIndex(of: "bracket-card"))
        #expect(lastLine < label && label < firstCard)
        // The box behind the text: the next rect after the label group opens.
        let box = try #require(outline.elements[label...].first { $0.name == "rect" })
        #expect(Double(box.attributes["width"] ?? "") ?? 0 > 0)
        #expect(text.contains(".bracket-edge-label rect{fill:#ffffff;fill:var(--bracket-edge-label)"))
        #expect(text.contains("prefers-color-scheme: dark"))
    }

    @Test func nothingExtraWithoutDecorations() {
        let text = render(tutorialTreeText)
        #expect(!text.contains("<g class=\"bracket-rounds\"") && !text.contains("<g class=\"bracket-edge-labels\""))
    }
}

private let tutorialTreeText = "1 { 2 { 4 5 } 3 { 6 7 } }"
