import BracketIDE
import BracketModel
import BracketSyntax
import Testing

/// Each case: a document with one problem, the code expected, and the fix title to apply.
private let cases: [(text: String, code: DiagnosticCode, title: String)] = [
    ("r { a b a }", .duplicateID, "Rename to a_2"),
    ("r { a { b }", .unbalancedOpenBrace, "Insert '}' at the end of the file"),
    ("r { a } }", .unbalancedCloseBrace, "Delete the unmatched '}'"),
    ("@card-widht 100\nr", .unknownSetting, "Change to @card-width"),
    ("@root lefft\nr", .invalidSettingValue, "Change to left"),
    ("@align depht\nr", .invalidSettingValue, "Change to leaves"),
    ("r \"\" { a }", .emptyLabel, "Remove the empty label"),
    ("r { a ? b }", .strayCharacter, "Delete '?'"),
    ("r { a [scroe=3] b }", .unknownAttribute, "Change to score"),
    ("r { a [winer] b }", .unknownAttribute, "Change to winner"),
    ("r { m \"Bo\" { a \"Al\" [score=3] b \"Bo\" [score=1] } n }", .labelContradictsWinner, "Remove the label to show the winner"),
    ("r { a [note=\"Wembley\"] b }", .noteOnLeaf, "Remove the note"),
    ("r { a [score=1, note=Wembley] b [score=0] }", .noteOnLeaf, "Remove the note"),
    ("r { a [note=Wembley, score=1] b [score=0] }", .noteOnLeaf, "Remove the note"),
    ("r { a [sets=\"6 6\", winner] b [sets=\"7 7\"] }", .winnerContradictsParts, "Move 'winner' to the side the result favours"),
    ("r { a [winner, sets=\"6 6\"] b [sets=\"7 7\"] }", .winnerContradictsParts, "Remove 'winner' (the result decides)"),
    ("r { a [score=1, winner] b [score=3] }", .winnerWithLowerScore, "Move 'winner' to the side the result favours"),
    ("r { a [score=1,winner] b [score=3] }", .winnerWithLowerScore, "Remove 'winner' (the result decides)"),
    ("r { a [winner, status=retired] b }", .winnerWithStatus, "Remove 'winner'"),
    ("r { a [winner] b [ winner ] }", .multipleWinners, "Remove 'winner'"),
]

/// Removing a leaf's note leaves its other attributes as they were, and a lone note takes its
/// brackets with it.
@Test(arguments: [("r { a [note=\"Wembley\"] b }", "r { a b }"), ("r { a [score=1, note=W] b }", "r { a [score=1] b }"),
                  ("r { a [note=W,  score=1] b }", "r { a [score=1] b }")])
func removingANoteKeepsTheList(_ text: String, _ expected: String) throws {
    let document = Document(text)
    let target = try #require(document.diagnostics.first { $0.code == .noteOnLeaf })
    let action = try #require(codeActions(for: target.range, in: document).first { $0.title == "Remove the note" })
    #expect(String(decoding: applying(action.edits, to: document.text), as: UTF8.self) == expected)
}

@Test(arguments: cases.indices)
func quickFixRemovesItsDiagnostic(_ index: Int) throws {
    let (text, code, title) = cases[index]
    let document = Document(text)
    let target = try #require(document.diagnostics.first { $0.code == code })
    let actions = codeActions(for: target.range, in: document)
    let action = try #require(actions.first { $0.title == title }, "titles: \(actions.map(\.title))")
    #expect(action.kind == "quickfix")
    #expect(action.diagnostic == target)
    let fixed = Document(text: applying(action.edits, to: document.text))
    #expect(!fixed.diagnostics.contains { $0.code == code }, "still there: \(fixed.diagnostics)")
}

@Test func invalidRootValueOffersEverySide() {
    let document = Document("@root middle\nr")
    let titles = codeActions(for: ByteRange(6, 6), in: document).map(\.title)
    #expect(titles == ["Change to right", "Change to left", "Change to top", "Change to bottom", "Change to center"])
}

/// The British spelling is near enough to the attribute's name to be fixed.
@Test func colourIsChangedToColor() {
    let document = Document("r { a [colour=red] b }")
    let range = document.diagnostics.first { $0.code == .unknownAttribute }?.range
    #expect(codeActions(for: range ?? ByteRange(0, 0), in: document).map(\.title) == ["Change to color"])
}

@Test func farOffUnknownSettingGetsNoGuess() {
    #expect(codeActions(for: ByteRange(0, 3), in: Document("@zzzzzzz 1\nr")).isEmpty)
}

@Test func farOffUnknownAttributeGetsNoGuess() {
    let document = Document("r { a [zzzzzz=red] b }")
    let range = document.diagnostics.first { $0.code == .unknownAttribute }?.range
    #expect(range != nil)
    #expect(codeActions(for: range ?? ByteRange(0, 0), in: document).isEmpty)
}

/// The cursor anywhere on a diagnostic's line is enough: editors draw the message at the end
/// of the line, and nothing tells the user to put the cursor on the token.
@Test(arguments: cases.indices)
func quickFixAnswersAnywhereOnTheDiagnosticsLine(_ index: Int) throws {
    let (text, code, title) = cases[index]
    let document = Document("# a comment before\n" + text + "   # after\n")
    let target = try #require(document.diagnostics.first { $0.code == code })
    let line = document.lineIndex.line(containing: target.range.start)
    let lineStart = document.lineIndex.lineStart(line)
    let lineEnd = document.lineIndex.contentEnd(ofLine: line, in: document.text)
    for cursor in [lineStart, lineEnd] {
        let titles = codeActions(for: ByteRange(cursor, cursor), in: document).map(\.title)
        #expect(titles.contains(title), "cursor \(cursor): \(titles)")
    }
    // The line before holds no diagnostic: nothing there.
    #expect(codeActions(for: ByteRange(0, 0), in: document).isEmpty)
}

/// A diagnostic the client names (LSP's `context.diagnostics`) is answered wherever the range is.
@Test func quickFixAnswersForADiagnosticTheClientNames() throws {
    let document = Document("r {\n  a\n  b\n  a\n}\n")
    let target = try #require(document.diagnostics.first { $0.code == .duplicateID })
    #expect(codeActions(for: ByteRange(0, 0), in: document).isEmpty)
    let named = codeActions(for: ByteRange(0, 0), in: document,
                            naming: [DiagnosticReference(range: target.range, code: "duplicate-id")])
    #expect(named.map(\.diagnostic) == [target])
    // Without its code (some clients drop it) the range alone still names it; another code does not.
    #expect(codeActions(for: ByteRange(0, 0), in: document,
                        naming: [DiagnosticReference(range: target.range, code: nil)]).count == 1)
    #expect(codeActions(for: ByteRange(0, 0), in: document,
                        naming: [DiagnosticReference(range: target.range, code: "unknown-setting")]).isEmpty)
}

/// Taking `winner` out of an attribute list leaves the list as one would have written it.
@Test(arguments: [
    ("r { a [score=1, winner] b [score=3] }", "r { a [score=1] b [score=3] }"),
    ("r { a [winner, score=1] b [score=3] }", "r { a [score=1] b [score=3] }"),
    ("r { a [score=1, winner, class=x] b [score=3] }", "r { a [score=1, class=x] b [score=3] }"),
    ("r { a [winner, status=retired] b }", "r { a [status=retired] b }"),
    ("r { a [winner] b [winner] }", "r { a [winner] b }"),
])
func removingWinnerKeepsTheListTidy(_ text: String, _ expected: String) throws {
    let document = Document(text)
    let target = try #require(document.diagnostics.first {
        [.winnerWithLowerScore, .winnerWithStatus, .multipleWinners].contains($0.code)
    })
    let action = try #require(codeActions(for: target.range, in: document).first { $0.title.hasPrefix("Remove 'winner'") })
    #expect(applying(action.edits, to: document.text) == Array(expected.utf8))
}

/// Moving the flag gives the win to the side the result favours, in one edit of both lists.
@Test func movingWinnerFlagsTheOtherSide() throws {
    let document = Document("r { a [sets=\"6 6\", winner] b [sets=\"7 7\"] }")
    let target = try #require(document.diagnostics.first { $0.code == .winnerContradictsParts })
    let action = try #require(codeActions(for: target.range, in: document).first { $0.title.hasPrefix("Move") })
    #expect(String(decoding: applying(action.edits, to: document.text), as: UTF8.self)
        == "r { a [sets=\"6 6\"] b [sets=\"7 7\", winner] }")
}
