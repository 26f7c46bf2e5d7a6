import BracketModel
import BracketTerminal

/// How a card's text is emphasised when colour is on. Without colour the text alone says it
/// (the winner marker, "To be decided", "(bye)"), so colour only repeats what is written.
enum TextStyle: UInt8 {
    case plain, winner, pending, header
}

/// One card as text: its label wrapped to lines of terminal columns (after its seed, "[5] ",
/// or entry code, "(WC) "), with the result marker in front of the first line and the score
/// after it, and a match's note in parentheses after the label's lines.
struct TextCard {
    /// The wrapped label lines (escaped, so no control character reaches the terminal).
    var lines: [Substring] = []
    var lineWidths: [Int] = []
    /// The marker ("▶ "), or as many spaces where levels are columns so labels line up; empty
    /// in a tree that records no results.
    var marker = ""
    var score = ""
    var scoreWidth = 0
    var style = TextStyle.plain

    /// Columns the first line takes: marker, text, and the score after a space. Connectors
    /// across meet the first line.
    var firstLineWidth: Int {
        marker.count + (lineWidths.first ?? 0) + (scoreWidth > 0 ? 1 + scoreWidth : 0)
    }

    /// Columns the card needs: marker, widest line, and the score after a space.
    var naturalWidth: Int {
        let widest = lineWidths.max() ?? 0
        return marker.count + widest + (scoreWidth > 0 ? 1 + scoreWidth : 0)
    }

    /// A card with nothing to draw (the root under `@champion hidden`).
    init() {}

    /// `aligned`: cards stand in columns, so every label starts after the marker's room.
    init(_ diagram: Diagram, _ index: Int, charset: TextCharset, labelLimit: Int, aligned: Bool) {
        let nodes = diagram.nodes
        var label = nodes.labels[index]
        // The competitor's seed and entry code go before the name, as draw sheets print them.
        if let seed = nodes.seedText(index) { label = seed + " " + label }
        if let edge = nodes.edgeLabels[index] { label = "[" + edge + "] " + label }
        if nodes.isByes[index] { label += " (bye)" }
        if let value = nodes.slotText(index) {
            score = TerminalText.escaped(value)
            scoreWidth = TerminalText.width(Substring(score))
        }
        if diagram.recordsResults {
            let outcome = nodes.outcome(index)
            let advanced = outcome == .winner || outcome == .bye
            marker = advanced ? charset.winner : aligned ? "  " : ""
            style = advanced ? .winner : outcome == .pending ? .pending : .plain
        }
        let room = max(8, labelLimit - marker.count - (scoreWidth > 0 ? 1 + scoreWidth : 0))
        // A line break in a label breaks the card's text too, as in the picture; a tab is a space.
        let paragraphs = label.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .filter { !$0.allSatisfy(\.isWhitespace) }
        lines = paragraphs.flatMap { paragraph in
            TextWrap.lines(TerminalText.escaped(String(paragraph.replacing("\t", with: " "))), limit: room)
        }
        // A label with nothing to see (blank, or empty) still gets a card to connect to.
        if lines.allSatisfy({ TerminalText.width($0) == 0 }) { lines = ["\"\""] }
        // A match's note (`note=…`) on the match card's last lines, in parentheses: the character
        // grid has no gap beside the join to hold it, so it goes where the join leads.
        if let note = nodes.matchNote(index) {
            lines += TextWrap.lines("(" + TerminalText.escaped(note.replacing("\t", with: " ")) + ")", limit: room)
        }
        lineWidths = lines.map { TerminalText.width($0) }
    }
}

/// Greedy wrapping in terminal columns: breaks at spaces and after hyphens, and inside a word
/// only when the word alone is wider than the limit. Always at least one line.
enum TextWrap {
    static func lines(_ text: String, limit: Int) -> [Substring] {
        var result: [Substring] = []
        var lineStart = text.startIndex
        var lineWidth = 0
        // The end of the last word on the line and where the word after it starts.
        var lastBreak: (end: String.Index, next: String.Index)?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == " " {
                if lineWidth > 0 { lastBreak = (index, next) }
                lineWidth += 1
                index = next
                continue
            }
            let width = TerminalText.width(character)
            if lineWidth + width > limit, lineWidth > 0 {
                if let split = lastBreak {
                    result.append(text[lineStart..<split.end])
                    lineStart = split.next
                } else {
                    result.append(text[lineStart..<index])
                    lineStart = index
                }
                lastBreak = nil
                lineWidth = TerminalText.width(text[lineStart..<index])
                continue
            }
            lineWidth += width
            if character == "-", lineWidth <= limit { lastBreak = (next, next) }
            index = next
        }
        let rest = text[lineStart...]
        if result.isEmpty || !rest.allSatisfy({ $0 == " " }) { result.append(rest) }
        return result.map { trimmed($0) }
    }

    private static func trimmed(_ line: Substring) -> Substring {
        var line = line
        while line.last == " " { line = line.dropLast() }
        while line.first == " " { line = line.dropFirst() }
        return line
    }
}
