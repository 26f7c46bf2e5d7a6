import BracketJSON
import BracketPreview
import Foundation
import Testing

/// Results live in the diagram, not in the geometry columns: a change of score, winner or
/// pending state must still reach the page as changed cards, whose markup and geometry entries
/// equal a full payload's.
@Suite struct ResultDiffTests {
    static let knockout = """
        final {
          sf1 {
            a "Ayşe" [score=6]
            b "Émile" [score=3]
          }
          sf2 {
            c "Liam" [score=4]
            d "Mia" [score=5]
          }
        }

        """

    func delta(_ old: String, _ new: String) throws -> PreviewDelta {
        let before = snapshot(old), after = snapshot(new)
        guard case .delta(let delta) = previewUpdateByPairingIDs(from: before, to: after, maxFraction: .infinity) else {
            throw StateError(description: "expected a delta")
        }
        // Applying the delta to the old picture gives exactly the new full picture.
        #expect(try apply(writtenDelta(delta, to: after), to: fullState(before)) == fullState(after))
        return delta
    }

    func changed(_ old: String, _ new: String) throws -> [String] {
        let after = snapshot(new)
        let result = try delta(old, new)
        #expect(result.changedCards.allSatisfy { $0.markupChanged })
        return result.changedCards.map { after.diagram.nodes.ids[$0.index] }.sorted()
    }

    /// Same width of score text ("4" → "2"), same winner: only that card changes.
    @Test func scoreChangeChangesItsCard() throws {
        let edited = Self.knockout.replacingOccurrences(of: "[score=4]", with: "[score=2]")
        #expect(try changed(Self.knockout, edited) == ["c"])
    }

    /// A score that turns the match: both competitors, and the match's card (its winner's name).
    @Test func scoreThatTurnsTheMatch() throws {
        let edited = Self.knockout.replacingOccurrences(of: "[score=3]", with: "[score=9]")
        #expect(try changed(Self.knockout, edited) == ["a", "b", "sf1"])
    }

    /// A tie makes the match pending: its card becomes the "To be decided" slot.
    @Test func tieMakesTheMatchPending() throws {
        let edited = Self.knockout.replacingOccurrences(of: "[score=5]", with: "[score=4]")
        let after = snapshot(edited)
        #expect(after.diagram.nodes.isPendings[4])
        #expect(try changed(Self.knockout, edited) == ["c", "d", "sf2"])
    }

    /// A `winner` flag on one of two tied competitors decides the match: the other becomes the
    /// loser although nothing of its own changed.
    @Test func winnerFlagMakesTheSiblingTheLoser() throws {
        let tied = Self.knockout.replacingOccurrences(of: "[score=5]", with: "[score=4]")
        let flagged = tied.replacingOccurrences(of: "\"Liam\" [score=4]", with: "\"Liam\" [score=4, winner]")
        #expect(try changed(tied, flagged) == ["c", "d", "sf2"])
    }

    /// The first score makes the tree record results: the style sheet gains the results rules
    /// and every card its result markup, so the page gets the whole picture (and back).
    @Test func firstScoreSendsTheWholePicture() throws {
        let plain = "f {\n  a \"Ayşe\"\n  b \"Liam\"\n}\n"
        let scored = plain.replacingOccurrences(of: "\"Ayşe\"", with: "\"Ayşe\" [score=1]")
        let update = previewUpdateByPairingIDs(from: snapshot(plain), to: snapshot(scored), maxFraction: .infinity)
        #expect(update == .full(.styleChanged))
        #expect(previewUpdateByPairingIDs(from: snapshot(scored), to: snapshot(plain), maxFraction: .infinity) == .full(.styleChanged))
    }
}
