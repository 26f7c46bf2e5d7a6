import BracketLayout
import BracketModel
import BracketTestSupport
import Testing

/// The seed column (`seed=5`, `entry=WC`): at the card's edge away from its parent, the same
/// room on every card of a diagram, so the seeds of a column share one x and the names after
/// them line up; no text overlaps another or leaves its card.
@Suite struct SeedColumnTests {
    static let names = ["Rafael Nadal", "Novak Djokovic", "Holger Rune", "Marin Čilić", "Ann", "Bo",
                        "Alexandra Konstantinopoulou-Villanueva", "Casper Ruud", "Li Na", "Émile Zola"]
    static let entries = ["WC", "Q", "LL", "PR", "SE", "A", "ALT"]

    /// A random four-round draw: 16 leaves with random names, seeds, entry codes and scores;
    /// the matches decided by their flagged winners, so derived cards carry the winner's seed.
    static func randomDraw(_ random: inout SeededRandom, root: String, align: String) -> String {
        let text = "@root \(root)\n@label-align \(align)\n"
        var next = 0
        func leaf(_ random: inout SeededRandom, winner: Bool) -> String {
            next += 1
            var attributes: [String] = []
            if Int.random(in: 0..<3, using: &random) > 0 { attributes.append("seed=\(Int.random(in: 1...128, using: &random))") }
            if Int.random(in: 0..<4, using: &random) == 0 { attributes.append("entry=\(entries.randomElement(using: &random)!)") }
            if Bool.random(using: &random) { attributes.append("score=\"\(Int.random(in: 0...7, using: &random)) 6\"") }
            if winner { attributes.append("winner") }
            let name = names.randomElement(using: &random)!
            return "n\(next) \"\(name)\" [\(attributes.joined(separator: ", "))]"
        }
        // Built level by level from the leaves: each match's first child wins.
        var level = (0..<16).map { leaf(&random, winner: $0 % 2 == 0) }
        var round = 0
        while level.count > 1 {
            round += 1
            level = stride(from: 0, to: level.count, by: 2).enumerated().map { position, first in
                let flag = level.count > 2 && position % 2 == 0 ? " [winner]" : ""
                return "m\(round)x\(position)\(flag) {\n\(level[first])\n\(level[first + 1])\n}"
            }
        }
        return text + level[0] + "\n"
    }

    @Test(arguments: ["right", "left", "center"], ["start", "center"])
    func seedsShareOneXPerColumnAndNeverOverlap(root: String, align: String) throws {
        var random = SeededRandom(seed: 29)
        for _ in 0..<20 {
            let text = Self.randomDraw(&random, root: root, align: align)
            let diagram = Document(text).diagram()
            let geometry = layout(diagram)
            let fit = CardTextFit(settings: diagram.settings)
            #expect(!geometry.seeds.isEmpty)
            #expect(geometry.seedRoom > 0)
            // One column: the cards of one depth (and one half of a two-sided draw).
            var seedXs: [String: Set<Double>] = [:], labelStarts: [String: Set<Double>] = [:]
            for card in 0..<diagram.nodes.count {
                let column = "\(geometry.depths[card]) \(geometry.isInRightHalf(card))"
                #expect(geometry.seedText(card) == diagram.nodes.seedText(card).map { fit.scoreSlot($0).text })
                let left = geometry.centres[card].x - geometry.sizes[card].width / 2
                let right = left + geometry.sizes[card].width
                let inner = (left + CardTextFit.horizontalPadding - 1e-9)...(right - CardTextFit.horizontalPadding + 1e-9)
                // The label's extent, as drawn.
                let widths = geometry.lines.widths[geometry.lines.range(of: card)]
                let widest = widths.max() ?? 0
                let labelLow = align == "start" ? geometry.labelStartX(card) : geometry.labelCentreX(card) - widest / 2
                let label = labelLow...(labelLow + widest)
                #expect(inner.contains(label.lowerBound) && inner.contains(label.upperBound), "\(text)")
                // Names line up after a seed column at the left edge (after a score slot there,
                // as wide as its own score, they start where it ends).
                if align == "start" && geometry.seedAtLeftEdge(card) {
                    labelStarts[column, default: []].insert(geometry.labelStartX(card))
                }
                guard let slot = geometry.seeds.index(of: card), let x = geometry.seedAnchorX(card) else { continue }
                seedXs[column, default: []].insert(x)
                let width = geometry.seeds.widths[slot]
                let seed = geometry.seedAtLeftEdge(card) ? x...(x + width) : (x - width)...x
                #expect(inner.contains(seed.lowerBound) && inner.contains(seed.upperBound), "\(text)")
                #expect(seed.upperBound <= label.lowerBound || label.upperBound <= seed.lowerBound, "\(text)")
                // The score slot sits at the other edge, clear of both.
                if let score = geometry.scores.index(of: card), let anchor = geometry.scoreAnchorX(card) {
                    let scoreWidth = geometry.scores.widths[score]
                    let slot = geometry.scoreAtLeftEdge(card) ? anchor...(anchor + scoreWidth) : (anchor - scoreWidth)...anchor
                    #expect(geometry.seedAtLeftEdge(card) != geometry.scoreAtLeftEdge(card))
                    #expect(slot.upperBound <= label.lowerBound || label.upperBound <= slot.lowerBound, "\(text)")
                }
            }
            for (column, xs) in seedXs { #expect(xs.count == 1, "column \(column): \(xs)\n\(text)") }
            for (column, xs) in labelStarts { #expect(xs.count == 1, "column \(column): \(xs)\n\(text)") }
        }
    }

    /// A card that shows its match winner's name shows the winner's seed; one with a label of
    /// its own shows only its own.
    @Test func theWinnersSeedClimbsWithItsName() {
        let text = """
            final {
              sf [winner] {
                a "Rafael Nadal" [seed=5, winner]
                b "Holger Rune" [entry=Q]
              }
              c "Casper Ruud" [seed=8]
            }
            """
        let diagram = Document(text).diagram()
        let nodes = diagram.nodes
        #expect(nodes.seedText(1) == "[5]")
        #expect(nodes.seedText(3) == "(Q)")
        #expect(nodes.seedText(0) == "[5]")
        #expect(Document("r {\n a [seed=3, entry=WC]\n b\n}\n").diagram().nodes.seedText(1) == "[3] (WC)")
        #expect(Document("r \"Own\" {\n a [seed=3, winner]\n b\n}\n").diagram().nodes.seedText(0) == nil)
    }

    /// A tree without seeds is laid out as before: no column, no room.
    @Test func noSeedsNoRoom() {
        let geometry = layout(Document("r {\n a [score=1]\n b [score=2]\n}\n").diagram())
        #expect(geometry.seeds.isEmpty && geometry.seedRoom == 0)
    }
}
