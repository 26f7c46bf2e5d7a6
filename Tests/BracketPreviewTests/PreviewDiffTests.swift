import BracketJSON
import BracketPreview
import Testing

/// Hand-picked edits: what a delta holds, and when the whole payload is chosen instead.
@Suite struct PreviewDiffTests {
    static let tutorial = "1 {\n  2 {\n    4\n    5\n  }\n  3 {\n    6\n    7\n  }\n}\n"

    /// The delta between two texts, checked against the invariant on the way.
    func delta(_ old: String, _ new: String, maxFraction: Double = .infinity) throws -> PreviewDelta {
        let before = snapshot(old), after = snapshot(new)
        guard case .delta(let delta) = previewUpdateByPairingIDs(from: before, to: after, maxFraction: maxFraction) else {
            throw StateError(description: "expected a delta")
        }
        #expect(try apply(writtenDelta(delta, to: after), to: fullState(before)) == fullState(after))
        return delta
    }

    func ids(_ snap: PreviewSnapshot, _ indices: [Int]) -> [String] { indices.map { snap.diagram.nodes[$0].id } }

    @Test func sameTextGivesAnEmptyDelta() throws {
        #expect(try delta(Self.tutorial, Self.tutorial).itemCount == 0)
    }

    @Test func labelEditChangesOneCard() throws {
        let edited = Self.tutorial.replacingOccurrences(of: "    6\n", with: "    6 \"Six\"\n")
        let result = try delta(Self.tutorial, edited)
        #expect(ids(snapshot(edited), result.changedCards.map(\.index)) == ["6"])
        #expect(result.changedCards.first?.markupChanged == true)
        #expect(result.addedCards.isEmpty && result.removedCards.isEmpty && result.changedEdges.isEmpty)
    }

    /// A label that widens its column moves that column's cards and the columns beyond it (away
    /// from the origin), and nothing else: the leaves keep their place when the root is on the right.
    /// Connectors change only where they touch a moved edge: with the root on the right the
    /// middle column grows rightwards, so only its connectors to the root change (2); with the
    /// root on the left it grows away from the root, moving the leaves' connectors (4).
    @Test(arguments: [("right", ["1", "2", "3"], ["2", "3"]), ("left", ["2", "3", "4", "5", "6", "7"], ["4", "5", "6", "7"])])
    func labelWideningItsLevelMovesThatLevelAndTheLevelsBeyond(root: String, moved: [String], edges: [String]) throws {
        let old = "@root \(root)\n" + Self.tutorial
        let edited = old.replacingOccurrences(of: "  2 {", with: "  2 \"Two, a wider label\" {")
        let after = snapshot(edited)
        #expect(after.geometry.cards[1].width > 132 && after.geometry.cards[1].lines.count == 1)
        let result = try delta(old, edited)
        #expect(ids(after, result.changedCards.map(\.index)).sorted() == moved)
        #expect(result.addedCards.isEmpty && result.removedCards.isEmpty)
        #expect(result.changedEdges.map { after.diagram.nodes.ids[Int(after.geometry.edgeChildren[$0])] }.sorted() == edges)
    }

    @Test func insertedLeafIsAddedAndMovesWhatFollows() throws {
        let edited = Self.tutorial.replacingOccurrences(of: "    5\n", with: "    5\n    8\n")
        let after = snapshot(edited)
        let result = try delta(Self.tutorial, edited)
        #expect(ids(after, result.addedCards) == ["8"])
        #expect(result.addedEdges.map { after.diagram.nodes[after.geometry.edges[$0.index].child].id } == ["8"])
        // Leaves after 8 move down a slot; their parents re-centre; the root too.
        #expect(Set(ids(after, result.changedCards.map(\.index))).isSuperset(of: ["6", "7", "3", "1", "2"]))
        #expect(result.removedCards.isEmpty)
    }

    @Test func removedSubtreeIsRemoved() throws {
        let edited = "1 {\n  2 {\n    4\n    5\n  }\n}\n"
        let result = try delta(Self.tutorial, edited)
        #expect(result.removedCards == ["3", "6", "7"])
        #expect(result.removedEdges == ["3", "6", "7"])
    }

    @Test func shiftedLinesChangeGeometryButNotMarkup() throws {
        let result = try delta(Self.tutorial, "# a comment\n" + Self.tutorial)
        #expect(result.changedCards.count == 7)
        #expect(result.changedCards.allSatisfy { !$0.markupChanged })
    }

    @Test func fullWhenADeltaIsNotPossible() {
        let cases: [(String, String, PreviewFullReason)] = [
            (Self.tutorial, "", .empty),
            ("", Self.tutorial, .empty),
            (Self.tutorial, "@root left\n" + Self.tutorial, .settingsChanged),
            (Self.tutorial, "@title \"T\"\n" + Self.tutorial, .settingsChanged),
            (Self.tutorial, "1 { 2 { 4 5 } 3 { 6 4 } }", .duplicateIDs),
            ("1 { 2 { 4 5 } 3 { 6 4 } }", Self.tutorial, .duplicateIDs),
            (Self.tutorial, "1 { 3 { 6 7 } 2 { 4 5 } }", .reordered),
        ]
        for (old, new, reason) in cases {
            #expect(previewUpdateByPairingIDs(from: snapshot(old), to: snapshot(new)) == .full(reason), "\(old) -> \(new)")
        }
    }

    @Test func fullWhenTheDeltaTouchesTooMuch() {
        let edited = Self.tutorial.replacingOccurrences(of: "  2 {\n", with: "  0\n  2 {\n")
        #expect(previewUpdateByPairingIDs(from: snapshot(Self.tutorial), to: snapshot(edited), maxFraction: 0.25) == .full(.tooLarge))
        if case .delta = previewUpdateByPairingIDs(from: snapshot(Self.tutorial), to: snapshot(edited), maxFraction: 1) {} else {
            Issue.record("a delta within the limit is expected")
        }
    }
}
