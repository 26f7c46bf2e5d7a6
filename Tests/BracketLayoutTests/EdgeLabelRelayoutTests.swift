// Trees with edge labels (`[edge="…"]`, a decision tree's answers) keep the incremental paths:
// the diagram patch and splice equal the full build, and both relayouts equal the full layout
// bit for bit (edge label boxes and the gaps they widen included), over random edits of random
// edge-labelled trees, chained (each answer is the next edit's previous layout).
import BracketLayout
import BracketModel
import BracketSyntax
import BracketTestSupport
import Testing

@Suite struct EdgeLabelRelayoutTests {
    static func tree(_ random: inout SeededRandom, settings: String, everyNode: Bool) -> String {
        var tree = RandomTree(settings: settings)
        tree.edgeLabelOneIn = everyNode ? 1 : 3
        if everyNode { tree.edgeLabels = ["yes", "no"] }
        return tree.text(&random)
    }

    /// A structural edit, or now and then a leaf or a subtree with edge labels of its own (one
    /// that may need a wider gap than the tree had).
    static func edit(_ text: [UInt8], _ random: inout SeededRandom, serial: inout Int) -> [TextEdit] {
        guard random.next() % 3 == 0 else { return StructuralEdits.edit(text, &random, serial: &serial) }
        let starts = StructuralEdits.lines(text)
        let line = starts[Int(random.next() % UInt64(starts.count))]
        serial += 1
        let labels = ["yes", "no", "an answer long enough to wrap onto two lines at least", ""]
        let label = labels[Int(random.next() % UInt64(labels.count))]
        let replacement = random.next() % 2 == 0
            ? "  e\(serial) [edge=\"\(label)\"]\n"
            : "  f\(serial) \"F\" [edge=\"\(label)\"] {\n    g\(serial) [edge=no]\n  }\n"
        return [TextEdit(range: ByteRange(line, line), replacement: replacement)]
    }

    @Test(arguments: TestScale.arguments(["", "@root top\n", "@align leaves\n", "@title \"A title\"\n", "@root bottom\n@card-width 60\n",
                      "@root right\n@leaf-gap 7\n", "@rounds auto\n", "@root left\n@level-gap 90\n"], quick: 2))
    func structuralEditsKeepTheSpliceAndTheRelayout(settings: String) {
        var random = SeededRandom(seed: 9_001 &+ UInt64(settings.utf8.count) &* 17)
        var spliced = 0, answered = 0, tried = 0, gapsMoved = 0
        for round in 0..<40 {
            var document = Document(Self.tree(&random, settings: settings, everyNode: round % 2 == 0))
            var old = document.diagram()
            var previous = layout(old, keepingSpliceState: true)
            var serial = 0
            for _ in 0..<15 {
                let edits = Self.edit(document.text, &random, serial: &serial)
                guard !edits.isEmpty else { continue }
                document.apply(edits)
                let recorded = edits.map { TokenEdit(range: $0.range, newLength: $0.replacement.count) }
                let fresh = document.diagram()
                let freshLayout = layout(fresh, keepingSpliceState: true)
                tried += 1
                if let update = document.updatedDiagram(from: old, after: recorded, onlyTokens: false) {
                    #expect(update.diagram == fresh, "\(String(decoding: document.text, as: UTF8.self))")
                    if let splice = update.splice, update.diagram == fresh {
                        spliced += 1
                        if let relaid = layoutSplice(fresh, from: old, splice: splice, previous: previous) {
                            answered += 1
                            #expect(relaid.geometry == freshLayout, "\(String(decoding: document.text, as: UTF8.self))")
                            #expect(relaid.geometry.edgeLabels == freshLayout.edgeLabels)
                            #expect(relaid.geometry.levelGaps == freshLayout.levelGaps)
                            #expect(StructuralLayoutTests.sameBits(relaid.geometry, freshLayout))
                            StructuralLayoutTests.expectReported(relaid.structure!, old: previous, new: relaid.geometry)
                            if relaid.geometry.levelGaps != previous.levelGaps { gapsMoved += 1 }
                            previous = relaid.geometry
                            old = fresh
                            continue
                        }
                    }
                }
                old = fresh
                previous = freshLayout
            }
        }
        // Edge labels no longer send every edit to the full build and the full layout.
        #expect(spliced * 2 > tried, "spliced \(spliced) of \(tried)")
        #expect(answered * 2 > spliced, "answered \(answered) of \(spliced)")
        #expect(gapsMoved > 0, "no edit changed a gap")
    }

    /// Replaces, inserts or deletes one character inside a random pair of quotes: a card's
    /// label or an edge label.
    static func editQuoted(_ document: inout Document, _ random: inout SeededRandom) -> TextEdit? {
        let text = document.text
        let quotes = text.indices.filter { text[$0] == UInt8(ascii: "\"") }
        guard quotes.count >= 2 else { return nil }
        let pair = Int(random.next() % UInt64(quotes.count / 2)) * 2
        let open = quotes[pair], close = quotes[pair + 1]
        let at = open + 1 + Int(random.next() % UInt64(close - open))
        let characters = ["i", "W", "m", " ", "é", "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM"]
        let edit = random.next() % 3 == 0 && at < close
            ? TextEdit(range: ByteRange(at, at + 1), replacement: "")
            : TextEdit(range: ByteRange(at, at), replacement: characters[Int(random.next() % UInt64(characters.count))])
        document.apply(edit)
        return edit
    }

    @Test(arguments: TestScale.arguments(["", "@root top\n", "@align leaves\n", "@root bottom\n@card-width 60\n", "@root left\n",
                      "@rounds auto\n"], quick: 2))
    func typingKeepsThePatchAndTheRelayout(settings: String) {
        var random = SeededRandom(seed: 77 &+ UInt64(settings.utf8.count) &* 5)
        var patched = 0, answered = 0, tried = 0, edgeEdits = 0
        for round in 0..<40 {
            var document = Document(Self.tree(&random, settings: settings, everyNode: round % 2 == 0))
            var old = document.diagram()
            var previous = layout(old, keepingSpliceState: true)
            for _ in 0..<10 {
                guard let edit = Self.editQuoted(&document, &random) else { break }
                let fresh = document.diagram()
                let freshLayout = layout(fresh, keepingSpliceState: true)
                tried += 1
                let recorded = [TokenEdit(range: edit.range, newLength: edit.replacement.count)]
                guard let update = document.updatedDiagram(from: old, after: recorded, onlyTokens: true) else {
                    old = fresh
                    previous = freshLayout
                    continue
                }
                #expect(update.diagram == fresh, "\(String(decoding: document.text, as: UTF8.self))")
                if update.splice == nil { patched += 1 }
                if update.diagram.nodes.edgeLabels != old.nodes.edgeLabels { edgeEdits += 1 }
                let relaid = update.splice.map { layoutSplice(fresh, from: old, splice: $0, previous: previous) }
                    ?? layoutReusingPositions(fresh, from: old, previous: previous, candidates: update.edited)
                if let relaid {
                    answered += 1
                    #expect(relaid.geometry == freshLayout, "\(String(decoding: document.text, as: UTF8.self))")
                    #expect(relaid.geometry.edgeLabels == freshLayout.edgeLabels)
                    #expect(StructuralLayoutTests.sameBits(relaid.geometry, freshLayout))
                    previous = relaid.geometry
                } else {
                    previous = freshLayout
                }
                old = fresh
            }
        }
        #expect(patched * 2 > tried, "patched \(patched) of \(tried)")
        #expect(answered * 4 > tried * 3, "answered \(answered) of \(tried)")
        #expect(edgeEdits > 0, "no edit typed in an edge label")
    }

    /// A character typed into the label or the ID of a node with an attribute list is a header
    /// rewrite (no splice), equal to the full build. (A character typed inside the attribute
    /// list is reparsed as lines, and the diagram spliced.)
    @Test(arguments: [("r {\n  a \"A\" [edge=\"yes\"]\n  b [edge=no]\n}\n", "\"A", "x"),
                      ("r {\n  a \"A\" [edge=\"yes\"] {\n    c\n  }\n}\n", "\"A", ""),
                      ("r {\n  a \"A\" [edge=\"yes\"]\n  b [edge=no]\n}\n", "  b", "x")])
    func typingInAnAttributedHeaderIsARewrite(text: String, after: String, typed: String) throws {
        var document = Document(text)
        let old = document.diagram()
        let bytes = Array(text.utf8), marker = Array(after.utf8)
        let at = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
            + marker.count
        let edit = typed.isEmpty ? TextEdit(range: ByteRange(at - 1, at), replacement: "")
            : TextEdit(range: ByteRange(at, at), replacement: typed)
        #expect(document.apply(edit) == .token)
        let patched = try #require(document.diagramRereadingHeaders(of: old, after: [TokenEdit(range: edit.range, newLength: typed.utf8.count)]))
        #expect(patched.diagram == Document(text: document.text).diagram())
        #expect(patched.edited.count == 1)
    }

    /// A tree that records results (a score) and edge labels takes the nodes its document keeps
    /// resolved for a character typed in a label (ScoredRelayoutTests), and a structural edit
    /// splices those rows (ScoredStructuralTests): both equal the full build.
    @Test func resultsArePatchedAndSpliced() throws {
        var document = Document("r {\n  a \"A\" [score=3 edge=\"yes\"]\n  b \"B\" [score=1]\n}\n")
        var old = document.diagram()
        let at = Array("r {\n  a \"A".utf8).count
        let edit = TextEdit(range: ByteRange(at, at), replacement: "x")
        document.apply(edit)
        let patched = document.updatedDiagram(from: old, after: [TokenEdit(range: edit.range, newLength: 1)],
                                             onlyTokens: true)
        #expect(patched?.diagram == Document(text: document.text).diagram())
        #expect(patched?.edited == [0, 1])  // a won, so the root shows its label
        old = document.diagram()
        let line = Array("r {\n".utf8).count
        let insert = TextEdit(range: ByteRange(line, line), replacement: "  c [score=2]\n")
        document.apply(insert)
        let spliced = try #require(document.updatedDiagram(from: old, after: [TokenEdit(range: insert.range, newLength: 14)],
                                                          onlyTokens: false))
        #expect(spliced.diagram == Document(text: document.text).diagram())
        #expect(spliced.splice == DiagramSplice(parent: 0, removed: 1..<1, insertedCount: 1, byteDelta: 14))
        #expect(spliced.diagram.nodes.edgeLabels[2] == "yes")
    }
}
