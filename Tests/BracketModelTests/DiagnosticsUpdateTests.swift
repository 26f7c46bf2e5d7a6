import BracketSyntax
import BracketTestSupport
import Testing

@testable import BracketModel

/// A keystroke in a file with many diagnostics updates the ID table's duplicates and the local
/// diagnostics it touches, not all of them: the duplicates are kept as handles that move with
/// the ID index, the local diagnostics with a gap (`LocalDiagnostics`). After random edits the
/// kept duplicates and diagnostics equal a fresh parse's.
@Suite struct DiagnosticsUpdateTests {
    /// A binary tree of `nodes` (as `KeystrokeKindTests.binaryTree`) whose last `2 * pairs`
    /// nodes in the text share IDs `d0`, `d1`, … in pairs and have empty labels (a
    /// `duplicate-id` error and two `empty-label` warnings a pair); the 2nd to 11th nodes in the
    /// text have empty labels too, so that there are local diagnostics on both sides of an edit.
    static func text(nodes: Int, pairs: Int, oneLine: Bool) -> String {
        let firstPaired = nodes - 2 * pairs
        var written = 0
        return binaryTreeText(nodes: nodes, oneLine: oneLine) { index in
            defer { written += 1 }
            return written >= firstPaired ? "d\((written - firstPaired) / 2) \"\""
                : (1...10).contains(written) ? "n\(index) \"\"" : "n\(index) \"Node n\(index)\""
        }
    }

    static func expectSame(_ document: Document, _ what: @autoclosure () -> String) {
        let fresh = Document(text: document.text)
        #expect(document.ids.duplicateRanges == fresh.ids.duplicateRanges, "duplicates differ: \(what())")
        #expect(document.local.all == fresh.local.all, "local diagnostics differ: \(what())")
        #expect(document.diagnostics == fresh.diagnostics, "diagnostics differ: \(what())")
        #expect(document.diagnostics == document.diagnosticsSortedWhole, "merged diagnostics differ from sorted: \(what())")
    }

    /// The merge gives what a stable sort of the sources' concatenation gives: ties in range put
    /// in severity and code order, ties in all three kept in source order, and a source out of
    /// range order sorted first.
    @Test func mergedSourcesEqualTheirConcatenationSorted() {
        func diagnostic(_ start: Int, _ end: Int, _ severity: Severity, _ code: DiagnosticCode, _ message: String) -> Diagnostic {
            Diagnostic(range: ByteRange(start, end), severity: severity, code: code, message: message)
        }
        let sources: [[Diagnostic]] = [
            [diagnostic(0, 4, .warning, .emptyLabel, "a1"), diagnostic(5, 6, .warning, .emptyLabel, "a2"),
             diagnostic(5, 6, .error, .duplicateID, "a3"), diagnostic(9, 9, .warning, .emptyLabel, "a4")],
            [diagnostic(5, 6, .warning, .emptyLabel, "b1"), diagnostic(2, 3, .error, .duplicateID, "b2")],
            [diagnostic(5, 6, .error, .duplicateID, "c1"), diagnostic(5, 7, .error, .duplicateID, "c2"),
             diagnostic(9, 9, .error, .emptyLabel, "c3")],
            [],
            [diagnostic(0, 4, .warning, .emptyLabel, "e1"), diagnostic(0, 4, .warning, .duplicateID, "e2")],
        ]
        let expected = sources.joined().sorted(by: DiagnosticOrder.precedes)
        #expect(DiagnosticOrder.merged(sources).map(\.message) == expected.map(\.message))
        #expect(expected.map(\.message) == ["e2", "a1", "e1", "b2", "a3", "c1", "a2", "b1", "c2", "c3", "a4"])
    }

    @Test(arguments: [false, true])
    func keystrokesAwayFromTheDiagnosticsTouchNoneOfThem(oneLine: Bool) {
        var document = Document(Self.text(nodes: 1_023, pairs: 300, oneLine: oneLine))
        #expect(document.diagnostics.filter { $0.code == .duplicateID }.count == 300)
        #expect(document.local.count == 610)
        let label = KeystrokeKindTests.offset(of: "\"Node n4\"", in: document) + 1
        let id = KeystrokeKindTests.offset(of: "n4 ", in: document) + 1
        // The first keystroke puts the gap at its place; the others are all there too (in the line
        // of `n4`, between the diagnostics at the start and those at the end).
        document.apply(TextEdit(range: ByteRange(label, label), replacement: "x"))
        let moves = document.local.moves
        let lists = document.ids.listsWritten
        for round in 0..<20 {
            document.apply(TextEdit(range: ByteRange(label, label + (round % 2 == 0 ? 1 : 0)), replacement: round % 2 == 0 ? "" : "x"))
            document.apply(TextEdit(range: ByteRange(id, id), replacement: "q"))
            document.apply(TextEdit(range: ByteRange(id, id + 1), replacement: ""))
        }
        #expect(document.local.moves == moves, "diagnostics moved across the gap")
        #expect(document.ids.listsWritten == lists, "duplicates' lists written")
        Self.expectSame(document, "after keystrokes")
        // Renaming one duplicate writes that ID's list and no other.
        let d7 = KeystrokeKindTests.offset(of: "d7 ", in: document)
        document.apply(TextEdit(range: ByteRange(d7, d7 + 2), replacement: "e7"))
        #expect(document.ids.listsWritten == lists + 1)
        Self.expectSame(document, "d7 renamed")
    }

    @Test(arguments: [false, true])
    func randomEditsAmongManyDiagnosticsMatchAFreshParse(oneLine: Bool) {
        var document = Document(Self.text(nodes: 511, pairs: 120, oneLine: oneLine))
        var random = SeededRandom(seed: oneLine ? 0xD1A6 : 0xD1A7)
        let pool = (0..<6).map { "d\($0)" } + ["n3", "n9"]
        var roundsWithDuplicates = 0
        for round in 0..<300 {
            let all = DuplicateLookupTests.definitions(document)
            guard let target = all.randomElement(using: &random) else { break }
            let edit: TextEdit
            switch Int.random(in: 0..<8, using: &random) {
            case 0:
                // A copy of a line with an empty label (two more diagnostics) before the target.
                let copy = "\(pool.randomElement(using: &random)!) \"\"" + (oneLine ? " " : "\n")
                edit = TextEdit(range: ByteRange(target.range.start, target.range.start), replacement: copy)
            case 1:
                // The target's label filled in or emptied.
                let text = document.text
                guard let open = text[target.range.end...].firstIndex(of: UInt8(ascii: "\"")),
                    let close = text[(open + 1)...].firstIndex(of: UInt8(ascii: "\""))
                else { continue }
                edit = TextEdit(range: ByteRange(open + 1, close), replacement: close == open + 1 ? "L" : "")
            case 2:
                // An unclosed attribute list after the target's ID, and its closing later.
                edit = TextEdit(range: ByteRange(target.range.end, target.range.end), replacement: " [")
            case 3:
                // Many lines cut out (diagnostics and duplicates with them).
                let end = all.last { $0.range.start > target.range.start }?.range.start ?? target.range.end
                let stop = all.first { $0.range.start >= min(end, target.range.start + 300) }?.range.start ?? end
                edit = TextEdit(range: ByteRange(target.range.start, max(target.range.start, stop)), replacement: "")
            default:
                edit = TextEdit(range: target.range, replacement: pool.randomElement(using: &random)!)
            }
            document.apply(edit)
            if document.ids.hasDuplicates { roundsWithDuplicates += 1 }
            Self.expectSame(document, "round \(round) \(edit.range) \(String(decoding: edit.replacement, as: UTF8.self).debugDescription)")
        }
        #expect(roundsWithDuplicates > 100, "the edits left duplicates to keep")
    }
}
