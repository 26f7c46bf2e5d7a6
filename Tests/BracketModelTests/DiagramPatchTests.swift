// The diagram updated for edits that relexed one token (Document.diagramRereadingHeaders(of:after:))
// equals the diagram built anew, over random edit sequences of IDs, labels, spaces and comments.
import BracketModel
import BracketSyntax
import BracketTestSupport
import Testing

@Suite struct DiagramPatchTests {
    /// A random tree, one node per line, with and without labels, comments and blocks, under a
    /// setting.
    static func document(_ random: inout SeededRandom) -> String {
        var tree = RandomTree(settings: "@title \"T\"\n")
        tree.root = "root \"R\""
        tree.nodes = 8..<38
        tree.labels = ["L # é"]
        tree.unlabelledOneIn = 3
        tree.commentOneIn = 5
        return tree.text(&random)
    }

    /// An edit somewhere in the text: a character typed into (or removed from) a word, a
    /// label, spaces or a comment, or now and then something that changes the tree's shape.
    static func edit(_ text: [UInt8], _ random: inout SeededRandom) -> TextEdit {
        let at = Int(random.next() % UInt64(text.count))
        let inserts: [String] = ["x", "7", " ", "é", "ab", "_", "\"", "{", "\n", "q \"w\""]
        switch random.next() % 10 {
        case 0, 1, 2:
            return TextEdit(range: ByteRange(at, min(text.count, at + 1)), replacement: "")
        case 3:
            return TextEdit(range: ByteRange(at, at), replacement: inserts[Int(random.next() % UInt64(inserts.count))])
        default:
            return TextEdit(range: ByteRange(at, at), replacement: inserts[Int(random.next() % 5)])
        }
    }

    @Test func patchedDiagramEqualsFreshDiagram() {
        var random = SeededRandom(seed: 1818)
        var patched = 0, compared = 0
        for _ in 0..<60 {
            var document = Document(Self.document(&random))
            var base = document.diagram()
            var edits: [TokenEdit] = []
            for _ in 0..<40 {
                let edit = Self.edit(document.text, &random)
                if document.apply(edit) == .token {
                    edits.append(TokenEdit(range: edit.range, newLength: edit.replacement.count))
                } else {
                    base = document.diagram()
                    edits = []
                    continue
                }
                // Compare after most edits; now and then let several edits pile up first.
                guard random.next() % 3 != 0 else { continue }
                compared += 1
                let fresh = document.diagram()
                if let updated = document.diagramRereadingHeaders(of: base, after: edits) {
                    patched += 1
                    let changed = (0..<fresh.nodes.count).filter {
                        fresh.nodes.ids[$0] != base.nodes.ids[$0] || fresh.nodes.labels[$0] != base.nodes.labels[$0]
                    }
                    #expect(Set(changed).isSubset(of: updated.edited))
                    #expect(updated.diagram == fresh, "after \(edits) in\n\(String(decoding: document.text, as: UTF8.self))")
                }
                base = fresh
                edits = []
            }
        }
        // Most token edits are patched, not declined (the test must exercise the patch).
        #expect(patched * 2 > compared, "patched \(patched) of \(compared)")
    }

    /// A tree with results hands out the nodes its document keeps resolved (ScoredRelayoutTests
    /// checks them over random edits); an edit at a node's first byte is declined.
    @Test func resultsTakeTheKeptNodesAndEditsAtANodesStartAreDeclined() {
        var document = Document("r [score=1] {\n  a \"A\"\n  b \"B\"\n}\n")
        let base = document.diagram()
        let edit = TextEdit(range: ByteRange(17, 17), replacement: "x")  // inside "A"
        #expect(document.apply(edit) == .token)
        let patched = document.diagramRereadingHeaders(of: base, after: [TokenEdit(range: edit.range, newLength: 1)])
        #expect(patched?.diagram == Document(text: document.text).diagram())
        #expect(patched?.edited == [1])  // a match still pending: the root shows no one's label

        var plain = Document("r {\n  a \"A\"\n}\n")
        let plainBase = plain.diagram()
        let atStart = TextEdit(range: ByteRange(6, 6), replacement: "z")  // before `a`
        #expect(plain.apply(atStart) == .token)
        #expect(plain.diagramRereadingHeaders(of: plainBase, after: [TokenEdit(range: atStart.range, newLength: 1)]) == nil)
    }
}
