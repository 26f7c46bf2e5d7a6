import BracketIDE
import BracketModel
import BracketSyntax
import Testing

private let tutorial = MarkedText("""
1️⃣1 "Final" {
  2 { 4 5 }
  3 { 6 2️⃣7 }
}
""")

@Test func outlineIsPreOrderWithParents() {
    let symbols = outline(of: Document("1 { 2 { 4 5 } 3 }"))
    #expect(symbols.map(\.id) == ["1", "2", "4", "5", "3"])
    #expect(symbols.map(\.parent) == [-1, 0, 1, 1, 0])
    #expect(symbols[0].range == ByteRange(0, 17))
    #expect(symbols[1].selectionRange == ByteRange(4, 5))
    #expect(symbols.map(\.hasChildren) == [true, true, false, false, false])
}

@Test func hoverShowsCountsAndCentre() throws {
    let info = try #require(hover(at: tutorial[1], in: Document(tutorial.text)))
    #expect(info.range == ByteRange(0, 1))
    #expect(info.markdown.contains("**1** — Final"))
    #expect(info.markdown.contains("- depth: 0"))
    #expect(info.markdown.contains("- children: 2"))
    #expect(info.markdown.contains("- leaves: 4"))
    #expect(info.markdown.contains("- centre: (458, 130)"))
    let leaf = try #require(hover(at: tutorial[2], in: Document(tutorial.text)))
    #expect(leaf.markdown.contains("**7** — Node 7"))
    #expect(leaf.markdown.contains("- centre: (66, 238)"))
    #expect(hover(at: 3, in: Document(tutorial.text)) == nil)  // inside the label
}

@Test func definitionLeadsToFirstOfDuplicates() {
    let marked = MarkedText("r { a b 1️⃣a c 2️⃣a }")
    let document = Document(marked.text)
    #expect(definition(at: marked[2], in: document) == ByteRange(4, 5))
    #expect(references(at: marked[1], in: document) == [ByteRange(4, 5), ByteRange(8, 9), ByteRange(12, 13)])
    #expect(references(at: 2, in: document).isEmpty)
}

@Test func renameRefusesInvalidOrTakenIDs() throws {
    let marked = MarkedText("r { 1️⃣a b a }")
    let document = Document(marked.text)
    #expect(prepareRename(at: marked[1], in: document) == ByteRange(4, 5))
    guard case .failure(let invalid) = rename(at: marked[1], to: "-x", in: document) else {
        Issue.record("invalid ID accepted"); return
    }
    #expect(invalid.message.contains("not a valid ID"))
    guard case .failure(let taken) = rename(at: marked[1], to: "b", in: document) else {
        Issue.record("taken ID accepted"); return
    }
    #expect(taken.message.contains("already"))
    let edits = try rename(at: marked[1], to: "x.1", in: document).get()
    // Only the node under the cursor: the other `a` is a second definition, not a reference.
    #expect(String(decoding: applying(edits, to: document.text), as: UTF8.self) == "r { x.1 b a }")
}

@Test func completionOffersKeysValuesAndNextFreeID() {
    let keys = MarkedText("@ca1️⃣\n0 { 1 }")
    let entries = completions(at: keys[1], in: Document(keys.text))
    #expect(entries.contains { $0.insertText == "@card-width " && $0.replacing == ByteRange(0, 3) })
    let root = MarkedText("@root 1️⃣\n0")
    #expect(completions(at: root[1], in: Document(root.text)).map(\.label) == ["right", "left", "top", "bottom", "center"])
    let rounds = MarkedText("@rounds 1️⃣\n0")
    #expect(completions(at: rounds[1], in: Document(rounds.text)).map(\.label) == ["auto"])
    let align = MarkedText("@align le2️⃣\n0")
    #expect(completions(at: align[2], in: Document(align.text)).map(\.label) == ["depth", "leaves"])
    let free = MarkedText("0 { 1 3 1️⃣ }")
    #expect(completions(at: free[1], in: Document(free.text)).map(\.label) == ["2"])
}

@Test func selectionRangesGrowOutward() {
    let marked = MarkedText("r { a { 1️⃣b } }\n")
    let ranges = selectionRanges(at: marked[1], in: Document(marked.text))
    // token b (node b is the same range, so it is not repeated), block of a, node a, block of r,
    // node r, file
    #expect(ranges == [ByteRange(8, 9), ByteRange(6, 11), ByteRange(4, 11),
                       ByteRange(2, 13), ByteRange(0, 13), ByteRange(0, 14)])
    for (inner, outer) in zip(ranges, ranges.dropFirst()) { #expect(outer.contains(inner)) }
}

@Test func foldingCoversBlocksAndCommentRuns() {
    let text = "# one\n# two\nr {\n  a {\n    b\n  }\n  c # trailing\n}\n"
    let folds = foldingRanges(in: Document(text))
    #expect(folds.contains(FoldingRegion(startLine: 0, endLine: 1, kind: .comment)))
    #expect(folds.contains(FoldingRegion(startLine: 2, endLine: 6, kind: .region)))
    #expect(folds.contains(FoldingRegion(startLine: 3, endLine: 4, kind: .region)))
    #expect(folds.count == 3)
}

@Test func semanticTokensClassifyEachToken() {
    let text = "@root left # c\nr \"R\" { a }"
    let tokens = semanticTokens(in: Document(text))
    let described = tokens.map { "\(Document(text).string(in: $0.range)):\($0.type.rawValue):\($0.modifiers)" }
    #expect(described == ["@root:property:0", "left:enumMember:0", "# c:comment:0", "r:class:1",
                          "\"R\":string:0", "a:variable:1"])
    let ranged = semanticTokens(in: Document(text), range: ByteRange(15, 20))
    #expect(ranged.map(\.type) == [.class, .string])
}
