// Incremental layout (`layoutReusingPositions`) equals full layout wherever it answers, over random label
// edits of random trees, and declines for what it does not model.
import BracketLayout
import BracketModel
import BracketSyntax
import BracketTestSupport
import Testing

@Suite struct IncrementalLayoutTests {
    /// A random tree with labels of varied length (some wrap, some set their level's width),
    /// every node labelled, every line at the margin.
    static func tree(_ random: inout SeededRandom, settings: String = "") -> Document {
        var tree = RandomTree(settings: settings)
        tree.root = "r \"Root\""
        tree.labels = ["A", "Bb", "Node #", "Wide label here", "x", "Quite a long label that wraps"]
        tree.unlabelledOneIn = 0
        tree.indented = false
        return Document(tree.text(&random))
    }

    /// Replaces, inserts or deletes one character in a random label.
    static func editLabel(_ document: inout Document, _ random: inout SeededRandom) {
        let quotes = document.text.indices.filter { document.text[$0] == UInt8(ascii: "\"") }
        let pair = Int(random.next() % UInt64(quotes.count / 2)) * 2
        let open = quotes[pair], close = quotes[pair + 1]
        let at = open + 1 + Int(random.next() % UInt64(close - open))
        let characters = ["i", "W", "m", " ", "é", "MMMMMMMMMMMMMMMMMMMMMMMM"]
        switch random.next() % 3 {
        case 0 where at < close:
            document.apply(TextEdit(range: ByteRange(at, at + 1), replacement: ""))
        default:
            document.apply(TextEdit(range: ByteRange(at, at),
                                    replacement: characters[Int(random.next() % UInt64(characters.count))]))
        }
    }

    @Test(arguments: TestScale.arguments(["", "@root top\n", "@align leaves\n", "@title \"A title\"\n", "@root bottom\n@card-width 60\n",
                      "@root left\n@leaf-gap 7\n", "@rounds auto\n", "@rounds auto\n@root top\n"], quick: 2))
    func relayoutEqualsLayout(settings: String) {
        var random = SeededRandom(seed: 18 &+ UInt64(settings.utf8.count))
        var answered = 0, tried = 0, structural = 0
        for _ in 0..<40 {
            var document = Self.tree(&random, settings: settings)
            var old = document.diagram()
            var previous = layout(old, keepingSpliceState: true)
            for _ in 0..<10 {
                for _ in 0..<(1 + Int(random.next() % 2)) { Self.editLabel(&document, &random) }
                let diagram = document.diagram()
                let fresh = layout(diagram, keepingSpliceState: true)
                tried += 1
                let relaid = layoutReusingPositions(diagram, from: old, previous: previous)
                // Told which cards' labels may have changed (the server passes the rows the
                // header rewrite read again), the answer is the same as comparing every label.
                let edited = (0..<diagram.nodes.count).filter {
                    diagram.nodes.labels[$0] != old.nodes.labels[$0] || random.next() % 8 == 0
                }
                let told = layoutReusingPositions(diagram, from: old, previous: previous, candidates: edited)
                #expect((told == nil) == (relaid == nil))
                if let told, let relaid {
                    #expect(told.geometry == relaid.geometry)
                    #expect(told.changedCards == relaid.changedCards)
                    #expect(told.structure == relaid.structure)
                }
                if let update = relaid {
                    answered += 1
                    #expect(update.geometry == fresh)
                    #expect(StructuralLayoutTests.sameBits(update.geometry, fresh))
                    if let change = update.structure {
                        // A card that grew or shrank moved others: told as a structural change.
                        structural += 1
                        #expect(update.changedCards.isEmpty)
                        StructuralLayoutTests.expectReported(change, old: previous, new: update.geometry)
                    } else {
                        let changed = (0..<diagram.nodes.count).filter { diagram.nodes.labels[$0] != old.nodes.labels[$0] }
                        #expect(update.changedCards == changed)
                    }
                }
                // Chained: the next edit is laid out from this answer.
                previous = relaid?.geometry ?? fresh
                old = diagram
            }
        }
        // Most label edits keep every card's place, and most of the rest move cards the
        // structural path places: the fast paths must be taken, both of them.
        #expect(answered * 10 > tried * 8, "answered \(answered) of \(tried)")
        #expect(structural * 10 > tried, "structural \(structural) of \(tried)")
    }

    @Test func withoutTheStateALayoutIsTheSameAndMovingEditsDecline() {
        var document = Document("r \"R\" {\n  a \"A\"\n  b \"B\"\n}\n")
        let old = document.diagram()
        #expect(layout(old).centres == layout(old, keepingSpliceState: true).centres)
        #expect(layout(old).sizes == layout(old, keepingSpliceState: true).sizes)
        // "B" becomes a label that wraps: the cards after it move.
        document.apply(TextEdit(range: ByteRange(21, 22), replacement: "A label long enough to wrap onto another line"))
        let diagram = document.diagram()
        #expect(layoutReusingPositions(diagram, from: old, previous: layout(old)) == nil)
        let update = layoutReusingPositions(diagram, from: old, previous: layout(old, keepingSpliceState: true))
        #expect(update?.geometry == layout(diagram, keepingSpliceState: true))
        #expect(update?.structure?.inserted == 2..<3)
    }

    @Test(arguments: ["@root center\n"])
    func declinesForTwoSidedDraws(settings: String) {
        var document = Document(settings + "r \"R\" {\n  a \"A\" {\n    c \"C\"\n    d \"D\"\n  }\n  b \"B\"\n}\n")
        let old = document.diagram()
        document.apply(TextEdit(range: ByteRange(document.text.count - 5, document.text.count - 5), replacement: "i"))  // "B" → "iB"
        #expect(layoutReusingPositions(document.diagram(), from: old, previous: layout(old)) == nil)
    }

    /// A scored card relabelled keeps its slot and is measured with it (ScoredRelayoutTests
    /// over random edits); a changed score is measured with its new slot (ScoredStructuralTests);
    /// a changed shape is declined.
    @Test func declinesForChangedScoresAndShapeChanges() {
        let scored = Document("r {\n  a \"A\" [score=1]\n  b \"B\" [score=2]\n}\n").diagram()
        var relabelled = scored
        relabelled.nodes[1].label = "Ai"
        #expect(layoutReusingPositions(relabelled, from: scored, previous: layout(scored))?.geometry == layout(relabelled))
        let rescored = Document("r {\n  a \"A\" [score=3]\n  b \"B\" [score=2]\n}\n").diagram()
        #expect(layoutReusingPositions(rescored, from: scored, previous: layout(scored))?.geometry == layout(rescored))
        let widened = Document("r {\n  a \"A\" [score=\"3 sets to 2\"]\n  b \"B\" [score=2]\n}\n").diagram()
        let update = layoutReusingPositions(widened, from: scored, previous: layout(scored, keepingSpliceState: true))
        #expect(update?.geometry == layout(widened, keepingSpliceState: true))
        #expect(update?.geometry.scores == layout(widened).scores)
        let plain = Document("r {\n  a \"A\"\n  b \"B\"\n}\n").diagram()
        let deeper = Document("r {\n  a \"A\" {\n    b \"B\"\n  }\n}\n").diagram()
        #expect(layoutReusingPositions(deeper, from: plain, previous: layout(plain)) == nil)
        #expect(layoutReusingPositions(plain, from: plain, previous: layout(plain))?.changedCards == [])
    }
}
