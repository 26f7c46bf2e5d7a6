import BracketIDE
import BracketModel
import BracketSyntax
import Testing

/// Completion, semantic tokens and formatting of attribute lists; `|` marks the cursor.
@Suite struct AttributeFeatureTests {
    static func completionLabels(_ marked: String) -> [String] {
        let offset = Array(marked.utf8).firstIndex(of: UInt8(ascii: "|")) ?? 0
        let document = Document(String(marked.filter { $0 != "|" }))
        return completions(at: offset, in: document).map(\.insertText)
    }

    @Test(arguments: ["r { a [|] }", "r { a [sc|] }", "r { a [score=3, |] }", "r { a [score=3 |] }", "r { a [\n  |\n] }", "r { a [|"])
    func keysInsideTheBrackets(_ marked: String) {
        #expect(Self.completionLabels(marked) == ["score=", "winner", "edge="])
    }

    @Test(arguments: ["r { a |[score=3] }", "r { a [score=|3] }", "r { a [score=3] |}", "r { a \"x|\" }"])
    func noKeysOutsideAKeyPosition(_ marked: String) {
        #expect(!Self.completionLabels(marked).contains("winner"))
    }

    @Test func keysAndValuesAreClassified() {
        let text = "r { a \"A\" [score=3, edge=\"no\", winner] }"
        let document = Document(text)
        let tokens = semanticTokens(in: document).map { (document.string(in: $0.range), $0.type) }
        #expect(tokens.contains { $0 == ("score", .property) })
        #expect(tokens.contains { $0 == ("winner", .property) })
        #expect(tokens.contains { $0 == ("3", .enumMember) })
        #expect(tokens.contains { $0 == ("\"no\"", .string) })
    }

    @Test func formattingKeepsAttributesAndSplitsLongLists() throws {
        let short = try #require(formattedText(Document("r {\n a \"A\"   [ score = 3 winner ]\n b [score=1]\n}\n")))
        #expect(short == "r {\n  a \"A\" [score=3, winner]\n  b [score=1]\n}\n")
        let long = "r [edge=\"a rather long connector label\", score=\"6–4 3–6 7–5\"] {\n a\n}\n"
        let formatted = try #require(formattedText(Document(long)))
        #expect(formatted == "r [\n  edge=\"a rather long connector label\",\n  score=\"6–4 3–6 7–5\"\n] {\n  a\n}\n")
        #expect(formattedText(Document(formatted)) == formatted)
    }

    @Test func aCommentInsideAListIsNeverMoved() {
        #expect(formattedText(Document("r [score=1 # note\n] {\n a\n}\n")) == nil)
    }
}
