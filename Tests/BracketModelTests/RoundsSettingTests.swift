import BracketSyntax
import BracketTestSupport
import Testing

@testable import BracketModel

/// `@rounds`: the one setting that takes a list, and the `extra-rounds` warning that only the
/// tree's depth can give.
@Suite struct RoundsSettingTests {
    @Test func listAndAuto() {
        #expect(Document("@rounds \"Semi-finals\" \"Final\"\nr { a b }").fileSettings.rounds == .names(["Semi-finals", "Final"]))
        #expect(Document("@rounds auto\nr").fileSettings.rounds == .auto)
        #expect(Document("@rounds \"Only\"\nr").fileSettings.rounds == .names(["Only"]))
        #expect(Document("r").fileSettings.rounds == nil)
        #expect(Document("@rounds auto\nr").diagnostics.isEmpty)
        // Escapes work as in labels; an empty name is allowed (that level has no header).
        #expect(Document(#"@rounds "" "A\u{1F3C6}""# + "\nr { a }").fileSettings.rounds == .names(["", "A🏆"]))
    }

    /// The further values must be quoted and on the same line; a WORD after the value still
    /// starts a node, as it always did.
    @Test func valuesStayOnTheirLine() {
        let split = Document("@rounds \"A\"\n\"B\"\nr")
        #expect(split.fileSettings.rounds == .names(["A"]))
        #expect(split.diagnostics.map(\.code) == [.labelWithoutNode])
        let word = Document("@root left r")
        #expect(word.fileSettings.root == .left && word.diagnostics.isEmpty)
    }

    @Test func badValues() {
        #expect(Document("@rounds auto \"Final\"\nr").diagnostics.map(\.code) == [.invalidSettingValue])
        #expect(Document("@rounds \"A\" \"B\\q\"\nr").diagnostics.map(\.code) == [.invalidEscape])
        #expect(Document("@rounds \"A\" \"B\\q\"\nr").fileSettings.rounds == nil)
        #expect(Document("@rounds final\nr").diagnostics.map(\.code) == [.invalidSettingValue])
        // A one-value setting keeps its first value and reports the rest.
        let title = Document("@title \"A\" \"B\"\nr")
        #expect(title.fileSettings.title == "A" && title.diagnostics.map(\.code) == [.invalidSettingValue])
    }

    /// More names than levels is a warning on the extra names; it follows the tree's depth as
    /// it is edited, and an edited document equals a fresh one.
    @Test func extraRoundsFollowsTheTree() throws {
        var document = Document("@rounds \"A\" \"B\" \"C\" \"D\"\nr { a { x } }\n")
        let extra = try #require(document.diagnostics.first)
        #expect(document.diagnostics.count == 1 && extra.code == .extraRounds && extra.severity == .warning)
        #expect(document.string(in: extra.range) == "\"D\"")
        // Deepen the tree by one level: the warning goes.
        let x = try #require(document.text.firstRange(of: Array("x".utf8)))
        document.apply(TextEdit(range: ByteRange(x.lowerBound, x.upperBound), replacement: "x { y }"))
        #expect(document.diagnostics.isEmpty)
        IncrementalTests.expectSameAsFresh(document, "deepened")
        // Remove a level again.
        let y = try #require(document.text.firstRange(of: Array(" { y }".utf8)))
        document.apply(TextEdit(range: ByteRange(y.lowerBound, y.upperBound), replacement: ""))
        #expect(document.diagnostics.map(\.code) == [.extraRounds])
        IncrementalTests.expectSameAsFresh(document, "shallowed")
    }

    /// Random edits of documents that start with a `@rounds` list keep incremental equal to full.
    @Test(arguments: TestScale.arguments(Array(0..<4)))
    func randomEditsWithRounds(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &* 31 &+ 5)
        let prefix = "@rounds \"One\" \"Two\" \"Three\" \"Four\"\n@root center\n"
        var document = Document(prefix + RandomText.document(&random, nodes: 20 + seed * 5))
        for step in 0..<1_500 {
            let (range, replacement) = RandomText.edit(&random, in: document.text)
            document.apply(TextEdit(range: ByteRange(range.lowerBound, range.upperBound), replacement: replacement))
            let fresh = Document(text: document.text)
            if document.diagnostics != fresh.diagnostics || document.fileSettings != fresh.fileSettings {
                IncrementalTests.expectSameAsFresh(document, "seed \(seed) step \(step)")
                return
            }
            if document.text.count > 2_000 { document = Document(prefix + RandomText.document(&random, nodes: 30)) }
        }
    }
}
