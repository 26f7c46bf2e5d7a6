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

    @Test(arguments: ["r { a [|] }", "r { a [sc|] }", "r { a [\n  |\n] }", "r { a [|", "r { a [|score=3] }",
                      "r { a [sc|ore=3] }"])
    func keysInsideTheBrackets(_ marked: String) {
        #expect(Self.completionLabels(marked) == AttributeSpec.all.map { $0.takesValue ? $0.name + "=" : $0.name })
        #expect(Self.completionLabels(marked).prefix(3) == ["score=", "winner", "edge="])
    }

    /// A node takes each attribute once, so the keys it already has are not offered again.
    @Test(arguments: ["r { a [score=3, |] }", "r { a [score=3 |] }", "r { a [score=3, wi|] }", "r { a [winner, |, score=1] }"])
    func keysTheNodeHasAreNotOfferedAgain(_ marked: String) {
        let labels = Self.completionLabels(marked)
        #expect(!labels.contains("score="))
        #expect(labels.count == AttributeSpec.all.count - (marked.contains("winner") ? 2 : 1))
        #expect(labels.contains("edge="))
    }

    /// Hovering an attribute's name shows its declaration: how it is written and what it means;
    /// completion offers the same summary beside its key.
    @Test(arguments: AttributeSpec.all.map(\.name))
    func hoverAndCompletionComeFromTheDeclaration(_ name: String) throws {
        let spec = try #require(AttributeSpec(name: name))
        let text = "r { a [\(spec.example)] }"
        let info = try #require(hover(at: 8, in: Document(text)))  // inside the name, after `[`
        #expect(info.id == spec.name && info.label == spec.usage && info.about == spec.documentation)
        #expect(info.markdown.contains(spec.summary) && info.plaintext.contains(spec.summary))
        let entry = try #require(completions(at: 7, in: Document("r { a [] }")).first { $0.label == spec.name })
        #expect(entry.detail == spec.summary)
    }

    /// After `status=` the four words, whatever has been typed of one; nothing after `score=`.
    @Test(arguments: ["r { a [status=|] }", "r { a [status=ret|] }", "r { a [score=1, status=|"])
    func statusWordsAfterTheirKey(_ marked: String) {
        #expect(Self.completionLabels(marked) == ["walkover", "retired", "disqualified", "no-show"])
    }

    /// After `entry=` the entry codes.
    @Test(arguments: ["r { a [entry=|] }", "r { a [seed=3, entry=W|] }"])
    func entryCodesAfterTheirKey(_ marked: String) {
        #expect(Self.completionLabels(marked) == ["WC", "Q", "LL", "PR", "SE", "A", "ALT"])
    }

    @Test func aSeedIsSaidBeforeItsCompetitor() throws {
        let document = Document("f {\n  a \"Ann\" [seed=5, score=6, winner]\n  b \"Bea\" [entry=WC, score=4]\n}\n")
        let markdown = try #require(hover(at: 0, in: document)).markdown
        #expect(markdown.contains("- [5] Ann (`a`) — 6 ✓\n"), "\(markdown)")
        #expect(markdown.contains("- (WC) Bea (`b`) — 4\n"), "\(markdown)")
    }

    @Test func noWordsForAValueOfAnyText() {
        #expect(!Self.completionLabels("r { a [score=|] }").contains("retired"))
        #expect(!Self.completionLabels("r { a \"x\" [edge=|] }").contains("retired"))
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

@Suite struct MatchHoverTests {
    @Test func aDecidedMatchSaysWhoPlayedAndWhoAdvanced() throws {
        let text = "f {\n  sf [score=2] {\n    a \"Ayşe\" [score=6]\n    b \"Émile\" [score=3]\n  }\n  c \"Bo\" [score=1]\n}\n"
        let document = Document(text)
        let offset = try #require(Array(text.utf8).firstIndex(of: UInt8(ascii: "s")))
        let markdown = try #require(hover(at: offset, in: document)).markdown
        #expect(markdown.contains("**sf** — Ayşe"))
        #expect(markdown.contains("- Ayşe (`a`) — 6 ✓"))
        #expect(markdown.contains("- Émile (`b`) — 3\n"))
        #expect(markdown.hasSuffix("Ayşe advanced."))
    }

    @Test func aPendingMatchSaysSo() throws {
        let document = Document("f {\n  a \"A\" [score=1]\n  b \"B\" [score=1]\n}\n")
        let markdown = try #require(hover(at: 0, in: document)).markdown
        #expect(markdown.hasSuffix("Still to be decided."))
        #expect(markdown.contains("**f** — To be decided"))
    }

    @Test func aStatusIsSaidBesideItsCompetitor() throws {
        let document = Document("f {\n  a \"Ann\" [score=\"3–6 1–2\", status=retired]\n  b \"Bea\" [score=\"6–3 2–1\"]\n}\n")
        let markdown = try #require(hover(at: 0, in: document)).markdown
        #expect(markdown.contains("- Ann (`a`) — 3–6 1–2 — retired (ret.)\n"), "\(markdown)")
        #expect(markdown.contains("- Bea (`b`) — 6–3 2–1 ✓"))
        #expect(markdown.hasSuffix("Bea advanced."))
    }

    /// Hover on a match's node shows its note; the winner's card in the next round does not.
    @Test func aMatchNoteIsShownOnItsNode() throws {
        let text = "f [note=\"Lusail Stadium, 18 December\"] {\n  s [score=2, note=\"Al Bayt\"] { a [score=1] b [score=0] }\n  c [score=1]\n}\n"
        let document = Document(text)
        let final = try #require(hover(at: 0, in: document))
        #expect(final.markdown.contains("- note: Lusail Stadium, 18 December") && !final.markdown.contains("Al Bayt"))
        let head = "f [note=\"Lusail Stadium, 18 December\"] {\n  "
        let semiOffset = head.utf8.count
        let semi = try #require(hover(at: semiOffset, in: document))
        #expect(semi.plaintext.contains("note: Al Bayt") && !semi.plaintext.contains("Lusail"))
        let leafOffset = (head + "s [score=2, note=\"Al Bayt\"] { ").utf8.count
        let leaf = try #require(hover(at: leafOffset, in: document))
        #expect(!leaf.plaintext.contains("note:"))
    }

    @Test func aPlainTreeHasNoMatchSection() throws {
        let markdown = try #require(hover(at: 0, in: Document("f { a b }"))).markdown
        #expect(!markdown.contains("Match"))
    }
}
