import BracketModel
import Testing

/// A label longer than the documented limit (docs/language.md: 4,096 characters) is reported
/// and shown cut at the limit, so no output carries more of it than the limit allows.
@Suite struct LabelLimitTests {
    /// `count` copies of `unit` as the label of one node, and the same as the title.
    func document(_ unit: String, _ count: Int) -> Document {
        let label = String(repeating: unit, count: count)
        return Document("@title \"\(label)\"\nroot \"\(label)\" { leaf }\n")
    }

    /// Every character of `unit` is kept whole: the cut lands between grapheme clusters.
    @Test(arguments: ["x", "é", "e\u{301}", "🏆", "👩‍👩‍👧", "🇫🇷", "\\u{1F3C6}"])
    func labelPastTheLimitIsCutOnACharacterBoundary(unit: String) throws {
        let document = document(unit, 300_000)
        #expect(document.diagnostics.contains { $0.code == .limitExceeded })
        let diagram = document.diagram()
        let shown = diagram.nodes[0].label
        #expect(shown.unicodeScalars.count <= Limits.labelCharacters)
        #expect(shown.hasSuffix("…"))
        // Whole copies of the unit, then the ellipsis: no character was split.
        let expectedUnit = unit == "\\u{1F3C6}" ? "\u{1F3C6}" : unit
        let body = shown.dropLast()
        #expect(!body.isEmpty && body.count % expectedUnit.count == 0)
        #expect(String(body) == String(repeating: expectedUnit, count: body.count / expectedUnit.count))
        #expect(body.unicodeScalars.count > Limits.labelCharacters - 1 - expectedUnit.unicodeScalars.count)
        #expect(diagram.settings.title == shown)
    }

    @Test func labelAtTheLimitIsShownWhole() {
        let diagram = document("x", Limits.labelCharacters).diagram()
        #expect(diagram.nodes[0].label == String(repeating: "x", count: Limits.labelCharacters))
    }

    /// The outputs hold the cut label, not the whole one: a 10 MB label no longer makes a 10 MB
    /// SVG or geometry payload.
    @Test func outputsStayWithinTheLimit() {
        let huge = document("x", 10_000_000)
        let small = document("x", Limits.labelCharacters)
        let hugeSVG = Fixtures.svg(huge)
        let smallSVG = Fixtures.svg(small)
        #expect(hugeSVG.count < smallSVG.count + 1_000)
        #expect(Fixtures.geometryJSON(huge).count < Fixtures.geometryJSON(small).count + 1_000)
        #expect(!String(decoding: hugeSVG, as: UTF8.self).contains(String(repeating: "x", count: Limits.labelCharacters)))
    }
}
