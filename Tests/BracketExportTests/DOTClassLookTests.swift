import BracketModel
import BracketTestSupport
@testable import BracketExport
import Testing

/// Classes and `color=` in DOT: a classed node is filled as the SVG fills its card.
@Suite struct DOTClassLookTests {
    @Test func classesAndColoursFillTheirNodes() {
        let dot = exportDOT(Document("""
            @class finance [fill="#e8f0fe", border="#1a73e8", text="#202124"]
            @class lead
            r [class="finance lead"] { a [class=ops] b [class=finance, color=navy] c }
            """).diagram())
        func line(_ id: String) -> String { dot.split(separator: "\n").first { $0.hasPrefix("  \"\(id)\" [") }.map(String.init) ?? "" }
        // `lead` is defined after `finance`, so its look (a palette colour) wins, as in the SVG.
        #expect(line("r").contains(##"fillcolor="\##(ClassPalette.light[0].hex)", style="rounded,filled", fontcolor="#1c2430""##))
        // A class only used on nodes takes the next palette colour.
        #expect(line("a").contains(##"fillcolor="\##(ClassPalette.light[1].hex)""##))
        // A node's own colour wins over its class, its text in the colour that contrasts more.
        #expect(line("b").contains(##"fillcolor="#000080", style="rounded,filled", fontcolor="#ffffff""##))
        #expect(!line("b").contains("#e8f0fe"))
        #expect(!line("c").contains("fillcolor"))
    }

    @Test func aDefinedLookGivesItsBorderAndText() {
        let dot = exportDOT(Document("@class finance [fill=\"#e8f0fe\", border=\"#1a73e8\", text=\"#202124\"]\nr [class=finance]").diagram())
        #expect(dot.contains(##"fillcolor="#e8f0fe", style="rounded,filled", color="#1a73e8", fontcolor="#202124""##))
    }
}
