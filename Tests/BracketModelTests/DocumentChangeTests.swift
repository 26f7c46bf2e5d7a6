// What the document reports about an editor's change (Document.apply(_:encoding:)): per edit
// its bytes, reparse scope, lines and end, as the preview's layers read them.
import BracketSyntax
import Testing

@testable import BracketModel

@Suite struct DocumentChangeTests {
    /// A label typed into: one token relexed, its bytes, its line and where it ended.
    @Test func aCharacterTypedIsReportedAsOneToken() {
        var document = Document("r {\n  a \"x\"\n}\n")
        let change = document.apply([LineEdit(start: LinePosition(line: 1, character: 6),
                                              end: LinePosition(line: 1, character: 6), replacement: "y")],
                                    encoding: .utf16)
        #expect(document.text == Array("r {\n  a \"xy\"\n}\n".utf8))
        #expect(change == .edits([AppliedEdit(edit: TokenEdit(range: ByteRange(10, 10), newLength: 1), scope: .token,
                                              lines: 1...1, end: LinePosition(line: 1, character: 6))]))
    }

    /// A range given end first is applied the right way round, its lines and end are the later
    /// position's, and the replacement's length is counted in bytes.
    @Test func aReversedRangeIsAppliedTheRightWayRound() {
        var document = Document("r {\n  a\n  b\n}\n")
        let change = document.apply([LineEdit(start: LinePosition(line: 2, character: 3),
                                              end: LinePosition(line: 1, character: 2), replacement: "é")],
                                    encoding: .utf16)
        #expect(document.text == Array("r {\n  é\n}\n".utf8))
        guard case .edits(let edits) = change, let edit = edits.first else {
            Issue.record("no edit reported: \(change)")
            return
        }
        #expect(edits.count == 1)
        #expect(edit.edit == TokenEdit(range: ByteRange(6, 11), newLength: 2))
        #expect(edit.lines == 1...2 && edit.end == LinePosition(line: 2, character: 3))
        #expect(!edit.relexedOneToken)
    }

    /// A batch whose first change unbalances the braces until the next one closes them is
    /// reparsed joined: each of its edits is reported as `.full`, none as one token.
    @Test func aJoinedBatchReportsEveryEditAsFull() {
        var document = Document("r {\n  a\n}\n")
        let change = document.apply([
            LineEdit(start: LinePosition(line: 1, character: 2), end: LinePosition(line: 1, character: 2),
                     replacement: "w {\n  "),
            LineEdit(start: LinePosition(line: 2, character: 3), end: LinePosition(line: 2, character: 3),
                     replacement: "\n  }"),
        ], encoding: .utf16)
        #expect(document.text == Array("r {\n  w {\n  a\n  }\n}\n".utf8))
        guard case .edits(let edits) = change else {
            Issue.record("no edits reported: \(change)")
            return
        }
        #expect(edits.map(\.scope) == [.full, .full])
        #expect(edits.map(\.edit.range) == [ByteRange(6, 6), ByteRange(13, 13)])
    }

    /// A change without a range replaces the text and says so.
    @Test func replacingTheTextIsReportedAsWholeText() {
        var document = Document("r\n")
        #expect(document.replaceText(with: "s {\n  t\n}\n") == .wholeText)
        #expect(document.text == Array("s {\n  t\n}\n".utf8))
    }
}
