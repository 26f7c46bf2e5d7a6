@testable import BracketModel
import BracketSyntax
import BracketTestSupport
import Testing

/// `status=…`: the competitor who did not finish loses its match and the other side advances,
/// whatever the scores; a `winner` on it and a status on every side are reported; the score
/// slot shows the abbreviation; and an edit of a status, typed or taken out, leaves the document
/// equal to a fresh one (the results pass, the one-token patch and the attribute fast path).
@Suite struct MatchStatusTests {
    func winner(of match: String, in document: Document) -> String? {
        let nodes = document.diagram().nodes
        guard let index = nodes.ids.firstIndex(of: match) else { return nil }
        return nodes.entrantID(index)
    }

    @Test(arguments: MatchStatus.allCases)
    func theOtherSideAdvancesWhateverTheScores(_ status: MatchStatus) {
        let document = Document("m { a [score=5, status=\(status.rawValue)] b [score=2] }")
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        #expect(winner(of: "m", in: document) == "b")
        let nodes = document.diagram().nodes
        #expect(nodes.status(1) == status && nodes.outcome(1) == .loser && nodes.outcome(2) == .winner)
        let fit = CardTextFit(settings: .tutorial)
        #expect(fit.scoreSlot(of: nodes, 1)?.text == "5 \(status.abbreviation)")
        #expect(fit.scoreSlot(of: nodes, 2)?.text == "2")
    }

    @Test func aStatusAloneMakesAResultsTreeAndIsDrawnAlone() {
        let document = Document("m { a [status=walkover] b }")
        let diagram = document.diagram()
        #expect(diagram.recordsResults)
        #expect(winner(of: "m", in: document) == "b")
        #expect(CardTextFit(settings: .tutorial).scoreSlot(of: diagram.nodes, 1)?.text == "w/o")
    }

    @Test func threeCompetitorsPlayItOutAmongThoseWhoFinished() {
        let document = Document("m { a [score=9, status=retired] b [score=3] c [score=4] }")
        #expect(winner(of: "m", in: document) == "c")
        let tied = Document("m { a [score=9, status=retired] b [score=4] c [score=4] }")
        #expect(winner(of: "m", in: tied) == nil)
    }

    @Test func aWinnerFlagStillDecidesButNotOnTheOneWhoDidNotFinish() {
        let fine = Document("m { a [status=retired] b [winner] }")
        #expect(fine.diagnostics.isEmpty && winner(of: "m", in: fine) == "b")
        let wrong = Document("m { a [status=retired, winner] b }")
        #expect(wrong.diagnostics.map(\.code) == [.winnerWithStatus])
        #expect(winner(of: "m", in: wrong) == "a")
    }

    @Test func aStatusOnEverySideAdvancesNoOne() {
        let document = Document("m { a [status=disqualified] b [status=no-show] }")
        #expect(document.diagnostics.map(\.code) == [.statusOnEverySide])
        #expect(document.diagnostics.first?.severity == .warning)
        #expect(winner(of: "m", in: document) == nil && document.diagram().nodes.isPendings[0])
    }

    @Test func aStatusOnTheRootMeansNothing() {
        let document = Document("m [status=retired] { a [score=1] b [score=2] }")
        #expect(document.diagnostics.map(\.code) == [.resultOnRoot])
        #expect(winner(of: "m", in: document) == "b")
    }

    @Test func anUnknownWordIsAnErrorWithTheNearestOne() {
        let document = Document("m { a [status=retird] b [score=1] }")
        let found = document.diagnostics.filter { $0.code == .unexpectedAttributeValue }
        #expect(found.count == 1 && found[0].message.hasSuffix("Did you mean 'retired'?"), "\(found)")
        #expect(document.diagram().nodes.status(1) == nil, "a bad value is left out")
    }

    /// Typing a status in, changing it, taking it out: each step equals the document opened fresh.
    @Test func editsOfAStatusEqualAFreshDocument() {
        let start = "final {\n  sf [score=2] { a \"Ann\" [score=3] b \"Bea\" [score=4] }\n  c [score=1]\n}\n"
        var document = Document(start)
        var current = start
        let edits: [(String, String)] = [
            ("[score=4]", "[score=4, status=retired]"), ("retired", "retire"), ("retire", "retired"),
            ("retired", "walkover"), (", status=walkover", ""), ("[score=3]", "[score=3 status=no-show]"),
            ("\"Bea\"", "\"Bea Roy\""), ("status=no-show", "status=no-show winner"),
        ]
        for (old, new) in edits {
            guard document.replaceFirst(old, with: new, in: &current) else {
                Issue.record("\(old) not in \(current)")
                continue
            }
            let fresh = Document(current)
            #expect(document.diagnostics == fresh.diagnostics, "\(old) → \(new)")
            #expect(document.diagram() == fresh.diagram(), "\(old) → \(new)")
        }
    }
}
