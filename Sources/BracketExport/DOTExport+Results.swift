import BracketLayout
import BracketModel

/// How a card of a tree that records results appears in DOT: its label with the score beside
/// it, and its outcome as style (docs/language.md, "How results are drawn").
///
/// A card with a score slot gets an HTML-like label, a one-row table with the label's lines in
/// one cell and the score in another at the side facing the parent (left when the root is on
/// the left), so the score sits beside the name as in the SVG; a winner's score is bold and a bye's italic. The
/// card's outline says its outcome: bold for a winner, dashed for a slot still to be decided,
/// and grey text for a loser or a pending slot.
struct DOTCardResult {
    let outcome: CardOutcome
    let slot: String?
    let slotAtLeft: Bool

    init(_ diagram: Diagram, _ geometry: Geometry, _ index: Int) {
        outcome = diagram.nodes.outcome(index)
        slot = index < geometry.centres.count ? geometry.scoreText(index) : nil
        slotAtLeft = index < geometry.centres.count && geometry.scoreAtLeftEdge(index)
    }

    /// `label=<…>` for a card with a score slot, else nil (the plain quoted label is used).
    func htmlLabel(lines: [String]) -> String? {
        guard let slot else { return nil }
        let text = lines.map(dotHTMLEscaped).joined(separator: "<BR/>")
        let escaped = dotHTMLEscaped(slot)
        let score = outcome == .winner ? "<B>\(escaped)</B>" : outcome == .bye ? "<I>\(escaped)</I>" : escaped
        let labelCell = "<TD ALIGN=\"\(slotAtLeft ? "RIGHT" : "LEFT")\">\(text)</TD>"
        let gapCell = "<TD WIDTH=\"\(Int(CardTextFit.scoreGap))\"></TD>"
        let scoreCell = "<TD ALIGN=\"\(slotAtLeft ? "LEFT" : "RIGHT")\">\(score)</TD>"
        let cells = slotAtLeft ? scoreCell + gapCell + labelCell : labelCell + gapCell + scoreCell
        return "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\"><TR>\(cells)</TR></TABLE>>"
    }

    /// The attributes after the label that say the outcome (empty for none).
    var styleAttributes: String {
        switch outcome {
        case .none: ""
        case .winner: ", style=\"rounded,bold\", penwidth=2"
        case .loser, .bye: ", fontcolor=\"#6b7686\""
        case .pending: ", style=\"rounded,dashed\", fontcolor=\"#6b7686\""
        }
    }
}

/// Text for an HTML-like DOT label: the XML specials escaped, control characters (which DOT
/// would pass into its output) as spaces.
func dotHTMLEscaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": out += " "
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
