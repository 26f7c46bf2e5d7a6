import BracketIDE
import BracketModel
import BracketSyntax
import Testing

/// `0 { 1 { 2 { … } } }`, `depth` levels deep.
private func chain(_ depth: Int) -> String {
    (0..<depth).map { "\($0) {" }.joined(separator: " ") + " x " + String(repeating: "}", count: depth)
}

/// Every feature walks with explicit stacks, so the deepest document allowed must not overflow
/// the stack (a recursive walk would crash here long before 100,000 levels).
@Test func deepestDocumentIsServedWithoutRecursion() throws {
    let depth = Limits.nestingDepth - 1
    let document = Document(chain(depth))
    let offset = document.text.count - depth - 2  // the `x` leaf
    #expect(document.string(in: ByteRange(offset, offset + 1)) == "x")
    #expect(outline(of: document).count == depth + 1)
    #expect(hover(at: offset, in: document)?.markdown.contains("- depth: \(depth)") == true)
    #expect(selectionRanges(at: offset, in: document).count > depth)
    #expect(foldingRanges(in: document).isEmpty)  // all on one line
    #expect(semanticTokens(in: document).count == depth + 1)
    // Canonical indentation of 100,000 levels would be ~10 GB: formatting declines instead.
    #expect(formattedText(document) == nil)
}

@Test func moderatelyDeepDocumentStillFormats() throws {
    let text = try #require(formattedText(Document(chain(2000))))
    #expect(formattedText(Document(text)) == text)
    #expect(text.hasPrefix("0 {\n  1 {\n"))
}
