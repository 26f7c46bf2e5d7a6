import BracketSyntax
import BracketTestSupport
import Testing

@testable import BracketModel

/// Incremental reparsing must be invisible: after any edit, the document equals a fresh parse of
/// its text in tree, diagnostics and settings.
@Suite struct IncrementalTests {
    static func expectSameAsFresh(_ document: Document, _ context: @autoclosure () -> String) {
        let fresh = Document(text: document.text)
        #expect(document.tree.root.isStructurallyEqual(to: fresh.tree.root), "tree differs: \(context())")
        #expect(document.diagnostics == fresh.diagnostics, "diagnostics differ: \(context())")
        #expect(document.fileSettings == fresh.fileSettings, "settings differ: \(context())")
        #expect(document.lineIndex == fresh.lineIndex, "line index differs: \(context())")
        #expect(document.ids.index.allStarts == fresh.ids.index.allStarts, "ID index differs: \(context())")
        #expect(Array(document.resultAttributes) == Array(fresh.resultAttributes), "result attributes differ: \(context())")
        #expect(document.diagnostics == document.diagnosticsSortedWhole, "merged diagnostics differ from sorted: \(context())")
    }

    @Test(arguments: TestScale.arguments(Array(0..<20), quick: 2))
    func randomEditsMatchFullParse(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 17)
        var document = Document(RandomText.document(&random, nodes: 30 + seed * 5))
        var scopes: [ReparseScope: Int] = [:]
        var stepsWithResults = 0
        // 2,500 edits a seed over 20 sizes of document: the same property runs for minutes in
        // release under the fuzzer (FuzzIncremental), which this debug-build sample backs up.
        let steps = 2_500
        for step in 0..<steps {
            let (range, replacement) = RandomText.edit(&random, in: document.text)
            let before = document.text
            let scope = document.apply(TextEdit(range: ByteRange(range.lowerBound, range.upperBound), replacement: replacement))
            scopes[scope, default: 0] += 1
            if document.resultAttributes.count > 1 { stepsWithResults += 1 }
            var expected = before
            expected.replaceSubrange(range, with: replacement)
            #expect(document.text == expected)
            let fresh = Document(text: document.text)
            // The line index, the ID table's starts and the result attributes' starts too: all are
            // kept with a gap at the last edit, whose every move is checked here. The merged
            // diagnostics equal the whole list sorted, as it was made before.
            if !document.tree.root.isStructurallyEqual(to: fresh.tree.root) || document.diagnostics != fresh.diagnostics
                || document.lineIndex != fresh.lineIndex || document.ids.index.allStarts != fresh.ids.index.allStarts
                || !document.resultAttributes.elementsEqual(fresh.resultAttributes)
                || document.diagnostics != document.diagnosticsSortedWhole
            {
                Self.expectSameAsFresh(document, "seed \(seed) step \(step) scope \(scope) edit \(range) \(String(decoding: replacement, as: UTF8.self).debugDescription)\nbefore: \(String(decoding: before, as: UTF8.self).debugDescription)")
                return
            }
            // Keep documents from growing without bound.
            if document.text.count > 3_000 { document = Document(RandomText.document(&random, nodes: 40)) }
        }
        // The test is only meaningful if the cheap paths are really taken.
        #expect(scopes[.token, default: 0] > steps / 50)
        #expect(scopes[.lines, default: 0] > steps / 50)
        #expect(scopes[.block, default: 0] > steps / 50)
        #expect(stepsWithResults > steps / 5, "result attributes to keep")
    }

    @Test func editThenUndoRestoresTheOriginal() {
        var random = SeededRandom(seed: 99)
        let original = Document(RandomText.document(&random, nodes: 80))
        for _ in 0..<500 {
            var document = original
            let (range, replacement) = RandomText.edit(&random, in: document.text)
            let removed = Array(document.text[range])
            document.apply(TextEdit(range: ByteRange(range.lowerBound, range.upperBound), replacement: replacement))
            document.apply(TextEdit(range: ByteRange(range.lowerBound, range.lowerBound + replacement.count), replacement: removed))
            #expect(document.text == original.text)
            #expect(document.tree.root.isStructurallyEqual(to: original.tree.root))
            #expect(document.diagnostics == original.diagnostics)
        }
    }

    /// Found by FuzzIncremental: turning the second of two lone CRs into an LF makes the first
    /// one a CRLF, so relexing the edited token alone would leave two newline tokens.
    @Test(arguments: [("a\r\rb", 2, 3, "\n"), ("a\r\r\nb", 2, 3, ""), ("r {\r\r  x\n}", 4, 5, "\n"),
                      // Found by FuzzIncremental: a deletion that moves a byte order mark to the
                      // file's start makes it one (it was a stray character before).
                      ("EEE\r\u{FEFF}71 ", 0, 4, ""), ("a\n\u{FEFF}b\n", 0, 2, ""),
                      // ... and an insertion before a file's byte order mark makes it stray.
                      ("\u{FEFF}\0\0", 0, 0, " "), ("\u{FEFF}a\nb\n", 0, 0, "\n"),
                      // A setting's attribute list (`@class` takes one) typed open on its line
                      // is closed by a `]` on a later line, which a reparse of that line alone
                      // cannot see; and a line break typed before such a list.
                      ("a\n@card-width 12\n]\nr\n", 16, 16, " [x=1"),
                      ("a\n@class k\n]\nr\n", 10, 10, " [fill=red"),
                      ("r {\n  @card-width 12 [edge=\"no\"\n]\n  a\n}\n", 21, 21, "\r"),
                      ("@class x [fill=red\n]\nr\n", 9, 9, "\n")])
    func editNextToABoundaryMatchesAFullParse(text: String, start: Int, end: Int, replacement: String) {
        var document = Document(text)
        document.apply(TextEdit(range: ByteRange(start, end), replacement: replacement))
        Self.expectSameAsFresh(document, "\(text.debugDescription) \(start)..<\(end)")
    }

    /// A new child typed into a block with many siblings reparses its own lines, not the block:
    /// the root's block here holds the whole file.
    @Test func newLineInAWideBlockReparsesOnlyItsLines() {
        let children = (0..<2_000).map { "  n\($0) \"Card \($0)\"" }.joined(separator: "\n")
        var document = Document("root {\n" + children + "\n}\n")
        // Enter at the end of a line in the middle, then a new child typed key by key, then a
        // pasted subtree on a line of its own.
        var offset = document.text[..<(document.text.count / 2)].lastIndex(of: 0x0A) ?? 0
        var scopes: [ReparseScope] = []
        for piece in ["\n", " ", " ", "x", " ", "\"", "X", "\"", "\n  p {\n    q\n  }"] {
            scopes.append(document.apply(TextEdit(range: ByteRange(offset, offset), replacement: piece)))
            offset += piece.utf8.count
            Self.expectSameAsFresh(document, "after typing \(piece.debugDescription)")
        }
        #expect(!scopes.contains(.full) && !scopes.contains(.block), "\(scopes)")
        #expect(scopes.filter { $0 == .lines }.count >= 4, "\(scopes)")
        #expect(document.diagram().nodes.count == 2_004)
    }

    @Test func typingInsideALeafIDRelexesOneToken() {
        var document = Document("1 { 2 { 4 5 } 3 { 6 7 } }")
        let scope = document.apply(TextEdit(range: ByteRange(10, 10), replacement: "9"))
        #expect(scope == .token)
        #expect(document.string(in: ByteRange(8, 12)) == "4 95")
        Self.expectSameAsFresh(document, "leaf id")
    }

    @Test func addingANodeReparsesTheInnermostBlock() {
        var document = Document("1 { 2 { 4 5 } 3 { 6 7 } }")
        let scope = document.apply(TextEdit(range: ByteRange(11, 11), replacement: " 8"))
        #expect(scope == .block)
        Self.expectSameAsFresh(document, "insert node")
    }

    @Test func creatingAndRemovingADuplicate() {
        var document = Document("1 { 2 { 4 5 } 3 { 6 7 } }")
        #expect(document.diagnostics.isEmpty)
        document.apply(TextEdit(range: ByteRange(20, 21), replacement: "4"))  // 7 -> 4
        let duplicates = document.diagnostics.filter { $0.code == .duplicateID }
        #expect(duplicates.count == 1)
        #expect(duplicates.first?.range == ByteRange(20, 21))
        #expect(duplicates.first?.related.first?.range == ByteRange(8, 9))
        Self.expectSameAsFresh(document, "dup")
        document.apply(TextEdit(range: ByteRange(20, 21), replacement: "7"))
        #expect(document.diagnostics.isEmpty)
    }

    @Test func unclosedStringSwallowingABraceFallsBackSafely() {
        var document = Document("1 { 2 { 4 5 } 3 { 6 7 } }")
        document.apply(TextEdit(range: ByteRange(21, 21), replacement: "\""))
        Self.expectSameAsFresh(document, "quote")
        #expect(document.diagnostics.contains { $0.code == .unterminatedString })
    }
}
