import BracketBytes
import BracketLayout
import BracketModel

/// How a card of a tree that records results appears in DOT: its label with the score beside
/// it, and its outcome as style (docs/language.md, "How results are drawn").
///
/// A card with a score slot gets an HTML-like label, a one-row table with the label's lines in
/// one cell and the score in another at the side facing the parent (left when the root is on
/// the left), so the score sits beside the name as in the SVG; a winner's score is bold and a bye's italic. The
/// card's outline says its outcome: bold for a winner, dashed for a slot still to be decided,
/// and grey text for a loser or a pending slot; a bye's "bye" is italic.
struct DOTCardResult {
    let outcome: CardOutcome
    let slot: String?
    let slotAtLeft: Bool
    /// The card's text room (its width less the padding) and the label's share of it, in
    /// whole points (HTML-like labels take integer widths).
    let textRoom: Int
    let labelRoom: Int

    init(_ diagram: Diagram, _ geometry: Geometry, _ index: Int) {
        outcome = diagram.nodes.outcome(index)
        let drawn = index < geometry.centres.count
        slot = drawn ? geometry.scoreText(index) : nil
        slotAtLeft = drawn && geometry.scoreAtLeftEdge(index)
        let width = drawn ? geometry.sizes[index].width - 2 * CardTextFit.horizontalPadding : 0
        let score = drawn ? geometry.scores.index(of: index).map { geometry.scores.widths[$0] } ?? 0 : 0
        textRoom = Int(max(1, min(width, 1e6)))
        labelRoom = Int(max(1, min(width - CardTextFit.scoreRoom(score), 1e6)))
    }

    /// `label=<…>` for a card with a score slot, else nil (the plain quoted label is used).
    /// `atStart`: the lines start at the cell's left edge (`@label-align start`).
    func htmlLabel(lines: [String], atStart: Bool = false) -> String? {
        guard let slot else { return nil }
        let text = lines.map(dotHTMLEscaped).joined(separator: "<BR/>")
        let escaped = dotHTMLEscaped(slot)
        let score = outcome == .winner ? "<B>\(escaped)</B>" : outcome == .bye ? "<I>\(escaped)</I>" : escaped
        // The label centred in the room the layout left it, the score at the edge facing the
        // parent, as in the SVG.
        let labelCell = atStart ? "<TD WIDTH=\"\(labelRoom)\" ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(text)</TD>"
            : "<TD WIDTH=\"\(labelRoom)\">\(text)</TD>"
        let gapCell = "<TD WIDTH=\"\(Int(CardTextFit.scoreGap))\"></TD>"
        let scoreCell = "<TD ALIGN=\"\(slotAtLeft ? "LEFT" : "RIGHT")\">\(score)</TD>"
        let cells = slotAtLeft ? scoreCell + gapCell + labelCell : labelCell + gapCell + scoreCell
        return "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\" WIDTH=\"\(textRoom)\"><TR>\(cells)</TR></TABLE>>"
    }

    /// The attributes after the label that say the outcome (empty for none).
    var styleAttributes: String {
        switch outcome {
        case .none: ""
        case .winner: ", style=\"rounded,bold\", penwidth=2"
        case .bye: ""
        case .loser: ", fontcolor=\"#6b7686\""
        case .pending: ", style=\"rounded,dashed\", fontcolor=\"#6b7686\""
        }
    }
}

/// Text for an HTML-like DOT label: the XML specials escaped, a line break or tab as a space,
/// and what no output carries (`UncarriedCharacters`) as U+FFFD.
func dotHTMLEscaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "\n", "\t": out += " "
        case _ where UncarriedCharacters.isUncarried(scalar): out.unicodeScalars.append(UncarriedCharacters.replacement)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
