// Incremental layout (`relayout`) equals full layout wherever it answers, over random label
// edits of random trees, and declines for what it does not model.
import BracketLayout
import BracketModel
import BracketSyntax
import BracketTestSupport
import Testing

@Suite struct IncrementalLayoutTests {
    /// A random tree with labels of varied length (some wrap, some set their level's width).
    static func tree(_ random: inout SeededRandom, settings: String = "") -> Document {
        var text = settings + "r \"Root\" {\n"
        var open = 1
        for index in 0..<(10 + Int(random.next() % 40)) {
            let words = ["A", "Bb", "Node \(index)", "Wide label here", "x", "Quite a long label that wraps"]
            let label = words[Int(random.next() % UInt64(words.count))]
            if open > 1, random.next() % 4 == 0 {
                text += "}\n"
                open -= 1
            }
            if random.next() % 3 == 0 {
                text += "n\(index) \"\(label)\" {\n"
                open += 1
            } else {
                text += "n\(index) \"\(label)\"\n"
            }
        }
        text += String(repeating: "}\n", count: open)
        return Document(text)
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

    @Test(arguments: ["", "@root top\n", "@align leaves\n", "@title \"A title\"\n", "@root bottom\n@card-width 60\n"])
    func relayoutEqualsLayout(settings: String) {
        var random = SeededRandom(seed: 18 &+ UInt64(settings.utf8.count))
        var answered = 0, tried = 0
        for _ in 0..<40 {
            var document = Self.tree(&random, settings: settings)
            var old = document.diagram()
            var previous = layout(old)
            for _ in 0..<10 {
                for _ in 0..<(1 + Int(random.next() % 2)) { Self.editLabel(&document, &random) }
                let diagram = document.diagram()
                let fresh = layout(diagram)
                tried += 1
                if let update = relayout(diagram, from: old, previous: previous) {
                    answered += 1
                    #expect(update.geometry == fresh)
                    let changed = (0..<diagram.nodes.count).filter { diagram.nodes.labels[$0] != old.nodes.labels[$0] }
                    #expect(update.changedCards == changed)
                }
                old = diagram
                previous = fresh
            }
        }
        // Many small label edits keep every card's room (fewer with the root on top or at the
        // bottom, where a card's width is its own room): the fast path must be taken.
        #expect(answered * 5 > tried, "answered \(answered) of \(tried)")
    }

    @Test(arguments: ["@root center\n", "@rounds auto\n"])
    func declinesForTwoSidedDrawsAndHeaders(settings: String) {
        var document = Document(settings + "r \"R\" {\n  a \"A\" {\n    c \"C\"\n    d \"D\"\n  }\n  b \"B\"\n}\n")
        let old = document.diagram()
        document.apply(TextEdit(range: ByteRange(document.text.count - 5, document.text.count - 5), replacement: "i"))  // "B" → "iB"
        #expect(relayout(document.diagram(), from: old, previous: layout(old)) == nil)
    }

    @Test func declinesForAttributesAndShapeChanges() {
        let scored = Document("r {\n  a \"A\" [score=1]\n  b \"B\" [score=2]\n}\n").diagram()
        var relabelled = scored
        relabelled.nodes[1].label = "Ai"
        #expect(relayout(relabelled, from: scored, previous: layout(scored)) == nil)
        let plain = Document("r {\n  a \"A\"\n  b \"B\"\n}\n").diagram()
        let deeper = Document("r {\n  a \"A\" {\n    b \"B\"\n  }\n}\n").diagram()
        #expect(relayout(deeper, from: plain, previous: layout(plain)) == nil)
        #expect(relayout(plain, from: plain, previous: layout(plain))?.changedCards == [])
    }
}
