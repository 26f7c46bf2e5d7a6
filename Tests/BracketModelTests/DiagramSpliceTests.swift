// The diagram updated for structural edits by splicing rows (Document.diagramSplicingRows(of:at:))
// equals the diagram built anew, field by field, over random edits of random trees: lines of
// nodes inserted and deleted, subtrees wrapped in a new `{ … }` and unwrapped, and stray
// characters, alone and several at a time.
import BracketModel
import BracketSyntax
import BracketTestSupport
import Testing

@Suite struct DiagramSpliceTests {
    static func expectEqual(_ updated: Diagram, _ fresh: Diagram, _ context: @autoclosure () -> String) {
        let a = updated.nodes, b = fresh.nodes
        #expect(a.count == b.count, "\(context())")
        guard a.count == b.count else { return }
        #expect(a.ids == b.ids, "ids \(context())")
        #expect(a.labels == b.labels, "labels \(context())")
        #expect(a.hasExplicitLabels == b.hasExplicitLabels, "explicit \(context())")
        #expect(a.parents == b.parents, "parents \(context())")
        #expect(a.depths == b.depths, "depths \(context())")
        #expect(a.childCounts == b.childCounts, "child counts \(context())")
        #expect(a.subtreeEnds == b.subtreeEnds, "subtree ends \(context())")
        #expect(a.idRanges == b.idRanges, "ID ranges \(context())")
        #expect(a.ranges == b.ranges, "ranges \(context())")
        #expect(a.entrants == b.entrants, "entrants \(context())")
        #expect(updated == fresh, "\(context())")
    }

    @Test(arguments: TestScale.arguments([0, 1, 2], quick: 2))
    func splicedDiagramEqualsFreshDiagram(seed: Int) {
        var random = SeededRandom(seed: 1_818 &+ UInt64(seed) &* 7_919)
        var spliced = 0, compared = 0, serial = 0
        for _ in 0..<60 {
            var document = Document(seed % 2 == 0 ? DiagramPatchTests.document(&random) : StructuralEdits.tree(&random))
            var base = document.diagram()
            var pending: [TokenEdit] = []
            for _ in 0..<30 {
                let edits = StructuralEdits.edit(document.text, &random, serial: &serial)
                guard !edits.isEmpty else { continue }
                let before = String(decoding: document.text, as: UTF8.self)
                document.apply(edits)
                pending += edits.map { TokenEdit(range: $0.range, newLength: $0.replacement.count) }
                // Now and then several edits pile up before the diagram is updated.
                guard random.next() % 4 != 0 else { continue }
                compared += 1
                let fresh = document.diagram()
                if let updated = document.updatedDiagram(from: base, after: pending, onlyTokens: false) {
                    spliced += 1
                    Self.expectEqual(updated.diagram, fresh, "after \(pending) from\n\(before)\nto\n\(String(decoding: document.text, as: UTF8.self))")
                    if let splice = updated.splice {
                        #expect(splice.rowDelta == fresh.nodes.count - base.nodes.count)
                    }
                }
                base = fresh
                pending = []
            }
        }
        // Most structural edits are spliced, not declined.
        #expect(spliced * 10 > compared * 8, "spliced \(spliced) of \(compared)")
    }

    @Test func spliceReportsTheRowsItReplaced() {
        var document = Document("r {\n  a {\n    b\n    c\n  }\n  d\n}\n")
        let base = document.diagram()
        // A leaf inserted between b and c.
        let edit = TextEdit(range: ByteRange(16, 16), replacement: "    x \"X\"\n")
        document.apply(edit)
        let update = document.diagramSplicingRows(of: base, at: TokenEdit(range: edit.range, newLength: edit.replacement.count))
        #expect(update?.diagram == document.diagram())
        #expect(update?.splice == DiagramSplice(parent: 1, removed: 3..<3, insertedCount: 1, byteDelta: 10))
    }

    /// A tree with results is spliced too, its rows the document's resolved ones (the new
    /// child makes the match undecided: the root's entrant goes); one that stops recording
    /// results (every single child's bye goes with them) is declined.
    @Test func splicesResultsFromTheKeptNodes() {
        var document = Document("r {\n  a [score=1]\n  b [score=2]\n}\n")
        let base = document.diagram()
        let edit = TextEdit(range: ByteRange(4, 4), replacement: "  c\n")
        document.apply(edit)
        let update = document.diagramSplicingRows(of: base, at: TokenEdit(range: edit.range, newLength: 4))
        #expect(update?.diagram == Document(text: document.text).diagram())
        #expect(update?.splice == DiagramSplice(parent: 0, removed: 1..<1, insertedCount: 1, byteDelta: 4))

        var scored = Document("r {\n  a {\n    b\n  }\n  c [score=2]\n}\n")
        let scoredBase = scored.diagram()
        let last = ByteRange(20, 34)  // "  c [score=2]\n"
        scored.apply(TextEdit(range: last, replacement: ""))
        #expect(scored.diagramSplicingRows(of: scoredBase, at: TokenEdit(range: last, newLength: 0)) == nil)
    }
}
