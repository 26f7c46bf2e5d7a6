import BracketExport
import BracketLayout
import BracketModel
@testable import BracketPreview
import BracketSyntax
import Testing

/// What the server tells the diffs about the ID ranges is used instead of a pass over every
/// card: a range changed where the hint says none can is not looked at. (The hints are true when
/// the server gives them: PreviewRangesTests, RandomEditTests; these show that they spare the
/// pass.) Each tampered picture's delta equals the honest picture's, where the diff that is not
/// told finds the tampered card.
@Suite struct DiffHintTests {
    /// The same picture with card `index`'s ID range moved along its line by one character.
    func tampered(_ snapshot: PreviewSnapshot, at index: Int) -> PreviewSnapshot {
        var ranges = snapshot.ranges
        ranges[index].startCharacter += 1
        ranges[index].endCharacter += 1
        return PreviewSnapshot(diagram: snapshot.diagram, geometry: snapshot.geometry, ranges: ranges)
    }

    /// An ID typed (a rename, for a client that takes runs), told which ranges can differ: the
    /// diff visits those, the edited card and the renamed card's children (their parent's ID
    /// changed), not every card's range and parent.
    @Test func aRenameVisitsOnlyTheCardsItIsTold() throws {
        let before = snapshot("a \"A\" {\n  b \"B\" {\n    c \"C\"\n  }\n  d \"D\"\n  e \"E\"\n}\n")
        let after = snapshot("a \"A\" {\n  bx \"B\" {\n    c \"C\"\n  }\n  d \"D\"\n  e \"E\"\n}\n")
        let honest = previewUpdateOfChangedCards(from: before, to: after, changed: [1], ranges: [1], maxFraction: .infinity, runs: true)
        guard case .delta(let delta) = honest else { throw Failure("no delta: \(honest)") }
        #expect(delta.renamedCards.map(\.index) == [1])
        // The child of the renamed card changed (its parent's ID), as the full diff says.
        #expect(honest == previewUpdateByPairingIDs(from: before, to: after, maxFraction: .infinity, runs: true))
        let moved = tampered(after, at: 4)
        #expect(previewUpdateOfChangedCards(from: before, to: moved, changed: [1], ranges: [1], maxFraction: .infinity, runs: true) == honest)
        #expect(previewUpdateOfChangedCards(from: before, to: moved, changed: [1], maxFraction: .infinity, runs: true) != honest)
    }

    /// A leaf inserted, told how the ranges moved (`RangeMotion`): the structural diff takes the
    /// cards before and after the edit a stretch at a time instead of comparing their ranges.
    @Test func aStructuralDiffTrustsTheRangeMotion() throws {
        let text = "r {\n  a {\n    a1\n    a2\n  }\n  b {\n    b1\n    b2\n  }\n}\n"
        var document = Document(text)
        let diagram = document.diagram()
        let before = snapshot(document, diagram, layout(diagram, keepingSpliceState: true))
        // "    a3\n" after a2's line: one more line from there on, no character moved.
        let at = Array(text.utf8).firstIndex(of: UInt8(ascii: "}"))!
        let edit = TextEdit(range: ByteRange(at, at), replacement: Array("  a3\n  ".utf8))
        _ = document.apply(edit)
        let spliced = try #require(document.diagramSplicingRows(of: diagram, at: TokenEdit(range: edit.range, newLength: 7)))
        let update = try #require(layoutSplice(spliced.diagram, from: diagram, splice: spliced.splice, previous: before.geometry))
        let structure = try #require(update.structure)
        let after = snapshot(document, spliced.diagram, update.geometry)
        // r, a, a1, a2 kept; a3 new; b, b1, b2 one row and one line later.
        let motion = RangeMotion(kept: 4, movedFrom: 5, shift: -1, line: 4, lines: 1, characters: 0)
        let honest = previewUpdateOfStructuralChange(from: before, to: after, structure: structure, maxFraction: .infinity, runs: true)
        #expect(previewUpdateOfStructuralChange(from: before, to: after, structure: structure, maxFraction: .infinity, runs: true,
                              rangeMotion: motion) == honest)
        let moved = tampered(after, at: 6)
        #expect(previewUpdateOfStructuralChange(from: before, to: moved, structure: structure, maxFraction: .infinity, runs: true,
                              rangeMotion: motion) == honest)
        #expect(previewUpdateOfStructuralChange(from: before, to: moved, structure: structure, maxFraction: .infinity, runs: true) != honest)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
