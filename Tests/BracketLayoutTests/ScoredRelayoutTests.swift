// Tournament trees (scores, `winner` flags, parents that show their winner's label) keep the
// incremental paths for a character typed in a label or an ID: the document works the results
// out again only along the edited node's winner chain, and its diagnostics and diagram equal a
// fresh analysis of the text; the diagram patch hands out those nodes; the text relayout equals
// the full layout bit for bit (score slots included), chained over random edits.
@testable import BracketModel
import BracketLayout
import BracketSyntax
import BracketTestSupport
import Testing

@Suite struct ScoredRelayoutTests {
    /// A random tree where most nodes carry a score, some a `winner` flag, a quarter of the
    /// nodes (parents among them) no label, so their cards show a winner's; a root with a
    /// score now and then (`result-on-root`); labels long enough to be crowded by their score.
    static func tree(_ random: inout SeededRandom, settings: String) -> String {
        var tree = RandomTree(settings: settings)
        tree.scoreOneIn = random.next() % 2 == 0 ? 1 : 2
        tree.winnerOneIn = 4
        tree.labels += ["WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "Mmmmmmmmmmmmmmmmmmm mmmmmmmmmmm"]
        if random.next() % 3 == 0 { tree.root = "root [score=1]" }
        return tree.text(&random)
    }

    /// Replaces, inserts or deletes one character of a label (`"…"`), or inserts or deletes one
    /// inside an ID (after its first character, which a token edit keeps): a keystroke.
    static func keystroke(_ document: inout Document, _ random: inout SeededRandom) -> TextEdit? {
        let text = document.text
        let characters = ["i", "W", "m", " ", "é", "MMMMMMMMMMMMMMMMMMMM", "x"]
        let typed = characters[Int(random.next() % UInt64(characters.count))]
        let edit: TextEdit
        if random.next() % 3 == 0 {
            let ids = document.diagram().nodes.idRanges.filter { $0.length > 1 }
            guard !ids.isEmpty else { return nil }
            let id = ids[Int(random.next() % UInt64(ids.count))]
            let at = id.start + 1 + Int(random.next() % UInt64(id.length - 1))
            edit = random.next() % 3 == 0 && id.length > 2
                ? TextEdit(range: ByteRange(at, at + 1), replacement: "")
                : TextEdit(range: ByteRange(at, at), replacement: typed == " " || typed == "é" ? "z" : typed)
        } else {
            // Only labels: a string after `=` is a score or an edge label, inside an attribute list.
            var quotes: [Int] = []
            var index = 0
            while index < text.count {
                guard text[index] == UInt8(ascii: "\"") else { index += 1; continue }
                var close = index + 1
                while close < text.count, text[close] != UInt8(ascii: "\"") { close += 1 }
                if index > 0, text[index - 1] != UInt8(ascii: "=") { quotes.append(index); quotes.append(close) }
                index = close + 1
            }
            guard quotes.count >= 2 else { return nil }
            let pair = Int(random.next() % UInt64(quotes.count / 2)) * 2
            let open = quotes[pair], close = quotes[pair + 1]
            let at = open + 1 + Int(random.next() % UInt64(close - open))
            edit = random.next() % 3 == 0 && at < close
                ? TextEdit(range: ByteRange(at, at + 1), replacement: "")
                : TextEdit(range: ByteRange(at, at), replacement: typed)
        }
        document.apply(edit)
        return edit
    }

    @Test(arguments: TestScale.arguments(["", "@root top\n", "@align leaves\n", "@root bottom\n@card-width 60\n", "@root left\n",
                      "@rounds auto\n", "@root right\n@title \"Cup\"\n"], quick: 2))
    func typingKeepsTheResultsThePatchAndTheRelayout(settings: String) {
        var random = SeededRandom(seed: 4_242 &+ UInt64(settings.utf8.count) &* 13)
        var tried = 0, kept = 0, patched = 0, answered = 0, derivedChanged = 0, diagnosed = 0
        for _ in 0..<30 {
            var document = Document(Self.tree(&random, settings: settings))
            var old = document.diagram()
            var previous = layout(old, keepingSpliceState: true)
            for _ in 0..<12 {
                guard let edit = Self.keystroke(&document, &random) else { break }
                let text = String(decoding: document.text, as: UTF8.self)
                let reference = Document(text: document.text)
                tried += 1
                // The results and diagnostics worked out from the kept state equal a fresh analysis.
                #expect(document.diagnostics == reference.diagnostics, "\(text)")
                let fresh = reference.diagram()
                #expect(document.diagram() == fresh, "\(text)")
                if document.resultState != nil, document.diagram().nodes.recordsResults { kept += 1 }
                if document.diagnostics.contains(where: { $0.code == .labelContradictsWinner || $0.code == .longLabel
                    || $0.code == .multipleWinners || $0.code == .winnerWithLowerScore }) { diagnosed += 1 }
                let freshLayout = layout(fresh, keepingSpliceState: true)
                let recorded = [TokenEdit(range: edit.range, newLength: edit.replacement.count)]
                guard let update = document.diagramRereadingHeaders(of: old, after: recorded) else {
                    old = fresh
                    previous = freshLayout
                    continue
                }
                patched += 1
                #expect(update.diagram == fresh, "\(text)")
                // Every row that differs from the old diagram is among the edited ones.
                let edited = Set(update.edited)
                for index in 0..<min(old.nodes.count, fresh.nodes.count) where !edited.contains(index) {
                    #expect(old.nodes.labels[index] == fresh.nodes.labels[index]
                        && old.nodes.ids[index] == fresh.nodes.ids[index], "row \(index) of \(text)")
                }
                if zip(old.nodes.labels, fresh.nodes.labels).enumerated().contains(where: {
                    $0.element.0 != $0.element.1 && !fresh.nodes.hasExplicitLabels[$0.offset]
                        && fresh.nodes.childCounts[$0.offset] > 0
                }) { derivedChanged += 1 }
                if let relaid = layoutReusingPositions(fresh, from: old, previous: previous, candidates: update.edited) {
                    answered += 1
                    #expect(relaid.geometry == freshLayout, "\(text)")
                    #expect(relaid.geometry.scores == freshLayout.scores)
                    #expect(StructuralLayoutTests.sameBits(relaid.geometry, freshLayout))
                    previous = relaid.geometry
                } else {
                    previous = freshLayout
                }
                old = fresh
            }
        }
        // Scored trees no longer send every keystroke to the whole pass, the full build and
        // the full layout; and the edits reached what they are meant to test.
        #expect(kept * 10 > tried * 9, "results kept \(kept) of \(tried)")
        #expect(patched * 10 > tried * 8, "patched \(patched) of \(tried)")
        #expect(answered * 2 > tried, "relaid out \(answered) of \(tried)")
        #expect(derivedChanged > 0, "no edit changed a label a parent shows")
        #expect(diagnosed > 0, "no edit met a results diagnostic")
    }

    /// The kept results follow a label through the matches it won: a leaf's new label shows on
    /// every card its competitor reached, and a parent that names someone else is warned at once.
    @Test func aWinnersLabelClimbsItsChain() throws {
        let text = """
            final "Ayşe" {
              sf1 [winner] { p1 "Ayşe" [score=6] p2 [score=4] }
              sf2 { p3 [winner] p4 }
            }
            """
        var document = Document(text)
        #expect(document.diagnostics.isEmpty)
        let offset = try #require(Array(text.utf8).firstRange(of: Array("\"Ayşe\" [".utf8))).lowerBound + 1
        #expect(document.apply(TextEdit(range: ByteRange(offset, offset), replacement: "Z")) == .token)
        #expect(document.resultState != nil)
        let nodes = document.diagram().nodes
        #expect(nodes.labels[1] == "ZAyşe")  // sf1 shows its winner
        #expect(document.diagnostics.map(\.code) == [.labelContradictsWinner])
        #expect(document.diagnostics == Document(text: document.text).diagnostics)
    }

    /// A result edited: a character typed into or deleted from a score (`score="3"` to `"35"`,
    /// a letter now and then: a score only a flag can decide), or a `winner` flag written into
    /// or taken out of an attribute list. Returns the edit and how the document reparsed it.
    static func resultEdit(_ document: inout Document, _ random: inout SeededRandom) -> (TextEdit, ReparseScope)? {
        let text = document.text
        func starts(of needle: String) -> [Int] {
            let bytes = Array(needle.utf8)
            var found: [Int] = []
            var index = 0
            while let range = text[index...].firstRange(of: bytes) {
                found.append(range.lowerBound)
                index = range.upperBound
            }
            return found
        }
        let edit: TextEdit
        switch random.next() % 4 {
        case 0, 1:
            let scores = starts(of: "score=\"")
            guard !scores.isEmpty else { return nil }
            let open = scores[Int(random.next() % UInt64(scores.count))] + 7
            var close = open
            while text[close] != UInt8(ascii: "\"") { close += 1 }
            let at = open + Int(random.next() % UInt64(close - open + 1))
            let typed = ["1", "9", "0", "5", ".", "x", "2"][Int(random.next() % 7)]
            edit = random.next() % 3 == 0 && at < close
                ? TextEdit(range: ByteRange(at, at + 1), replacement: "")
                : TextEdit(range: ByteRange(at, at), replacement: typed)
        case 2:
            let lists = starts(of: "]")
            guard !lists.isEmpty else { return nil }
            let at = lists[Int(random.next() % UInt64(lists.count))]
            edit = TextEdit(range: ByteRange(at, at), replacement: ", winner")
        default:
            let flags = starts(of: ", winner") + starts(of: "winner, ")
            guard !flags.isEmpty else { return nil }
            let at = flags[Int(random.next() % UInt64(flags.count))]
            edit = TextEdit(range: ByteRange(at, at + 8), replacement: "")
        }
        return (edit, document.apply(edit))
    }

    /// Scores and flags typed decide again only the matches they reach (no whole results pass),
    /// and the diagnostics and the diagram equal a fresh analysis of the text, chained over
    /// random result edits mixed with label and ID keystrokes.
    @Test(arguments: TestScale.arguments(["", "@root top\n", "@card-width 60\n", "@rounds auto\n"], quick: 2))
    func resultEditsKeepTheResults(settings: String) {
        var random = SeededRandom(seed: 7_171 &+ UInt64(settings.utf8.count) &* 29)
        var tried = 0, kept = 0, winnersMoved = 0, diagnosed = 0
        for _ in 0..<30 {
            var document = Document(Self.tree(&random, settings: settings))
            for _ in 0..<16 {
                let winners = document.diagram().nodes.isWinners
                let passes = document.wholeResultsPasses
                if random.next() % 4 == 0 {
                    guard Self.keystroke(&document, &random) != nil else { break }
                } else {
                    // Deleting a byte of `6–4 7–5` or `w/o` still runs the whole pass (only ASCII
                    // letters, digits and `.-_=,` are known to keep the list's shape).
                    guard let (_, scope) = Self.resultEdit(&document, &random) else { break }
                    tried += 1
                    if scope != .full, document.wholeResultsPasses == passes { kept += 1 }
                }
                let text = String(decoding: document.text, as: UTF8.self)
                let reference = Document(text: document.text)
                #expect(document.diagnostics == reference.diagnostics, "\(text)")
                #expect(document.diagram() == reference.diagram(), "\(text)")
                if document.diagram().nodes.isWinners != winners { winnersMoved += 1 }
                if document.diagnostics.contains(where: { $0.code == .labelContradictsWinner || $0.code == .longLabel
                    || $0.code == .multipleWinners || $0.code == .winnerWithLowerScore }) { diagnosed += 1 }
            }
        }
        // Most result edits are answered from the kept state, and the edits changed outcomes.
        #expect(kept * 10 > tried * 8, "results kept \(kept) of \(tried)")
        #expect(winnersMoved > 0, "no edit changed a match's winner")
        #expect(diagnosed > 0, "no edit met a results diagnostic")
    }
}
