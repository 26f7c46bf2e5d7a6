import BracketLayout
import BracketModel

/// What a card of a tree that records results adds to its markup: its outcome class, the
/// entrant it shows, its score slot and where its label goes. Built per card from the diagram
/// and the geometry, by the full document and the preview's card fragments alike.
struct CardResult {
    let outcome: CardOutcome
    /// `data-entrant`: the leaf whose competitor the card shows (nil while pending).
    let entrant: String?
    /// The score as written, for the accessible name (the slot may show it cut short).
    let score: String?
    /// `status=…`: the competitor did not finish (its word goes into the accessible name).
    let status: MatchStatus?
    /// The score slot as drawn, its anchor and side.
    let slot: String?
    let slotX: Double
    let slotAtLeft: Bool
    /// The x every label line is centred on.
    let labelX: Double
    let hasExplicitLabel: Bool
    /// The slot's parts when it is drawn in parts (sets, legs, a shoot-out), each at its x.
    let parts: [(text: String, x: Double, y: Double, raised: Bool)]

    init(_ diagram: Diagram, _ geometry: Geometry, _ index: Int) {
        let nodes = diagram.nodes
        outcome = nodes.outcome(index)
        entrant = nodes.entrantID(index)
        score = nodes.scores[index].flatMap { $0.isEmpty ? nil : $0 }
        status = nodes.status(index)
        slot = geometry.scoreText(index)
        slotX = geometry.scoreAnchorX(index) ?? 0
        slotAtLeft = geometry.scoreAtLeftEdge(index)
        labelX = geometry.labelCentreX(index)
        hasExplicitLabel = nodes.hasExplicitLabels[index]
        parts = geometry.slotParts(index)
    }

    /// The class that follows `bracket-card`, if any.
    var className: StaticString? {
        switch outcome {
        case .none: nil
        case .winner: "bracket-winner"
        case .loser: "bracket-loser"
        case .pending: "bracket-pending"
        case .bye: "bracket-bye"
        }
    }

    /// Writes what follows the label in the accessible name: ", 6, winner", ", 3, lost",
    /// ", 2, retired, lost", ", bye"; a pending slot's own label gets ", to be decided" (the
    /// derived one says so).
    func writeNameSuffix(_ out: inout SVGBytes) {
        if let slot, let last = parts.last {
            // With a status the last part is its abbreviation ("ret."), said as its word below.
            var spoken = Substring(slot)
            if status != nil && spoken.hasSuffix(last.text) {
                spoken = spoken.dropLast(last.text.count)
                while spoken.last == " " { spoken = spoken.dropLast() }
            }
            out.raw(", ")
            out.text(String(spoken))
        } else if let score {
            out.raw(", ")
            out.text(score)
        }
        if let status {
            out.raw(", ")
            out.text(status.rawValue)
        }
        switch outcome {
        case .none: break
        case .winner: out.raw(", winner")
        case .loser: out.raw(", lost")
        case .bye: out.raw(", bye")
        case .pending: if hasExplicitLabel { out.raw(", to be decided") }
        }
    }

    /// Bytes `writeNameSuffix` and the score element may add, at worst.
    static func extraBound(_ diagram: Diagram, _ index: Int) -> Int {
        let nodes = diagram.nodes
        var score = nodes.scores[index]?.utf8.count ?? 0
        var parts = 0
        if !nodes.drawn.isEmpty {
            // Each part a `<tspan>` with its numbers; the accessible name spells them out.
            score += nodes.drawn.values(of: index).reduce(0) { $0 + ($1?.utf8.count ?? 0) } + 8
            parts = 160 * score
        }
        let entrant = nodes.entrantID(index)?.utf8.count ?? 0
        return 340 + parts + SVGBytes.escapedBound(6 * score + entrant)
    }
}
