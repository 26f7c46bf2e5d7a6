import BracketTerminal

/// The characters a text diagram is drawn with: box drawing, or plain ASCII for places that
/// mangle anything else.
public struct TextCharset: Sendable {
    /// Indexed by arm set (`TextCanvas.up | down | left | right`).
    let joints: [String]
    /// What marks a card that won its match or advanced through a bye, with a space after it.
    let winner: String
    /// What ends a header cut short.
    let ellipsis: String

    public static let unicode = TextCharset(
        joints: [" ", "│", "│", "│", "─", "┘", "┐", "┤", "─", "└", "┌", "├", "─", "┴", "┬", "┼"],
        winner: "▶ ", ellipsis: "…")
    public static let ascii = TextCharset(
        joints: [" ", "|", "|", "|", "-", "+", "+", "+", "-", "+", "+", "+", "-", "+", "+", "+"],
        winner: "* ", ellipsis: "...")
}

/// A grid of terminal cells: connector arms, and text placed cluster by cluster so a wide
/// character covers two cells and the columns after it stay straight.
struct TextCanvas {
    static let up: UInt8 = 1, down: UInt8 = 2, left: UInt8 = 4, right: UInt8 = 8

    struct Cell {
        var arms: UInt8 = 0
        /// Text placed here; nil for a connector or blank cell.
        var text: String?
        /// The second column of a wide character placed in the cell before.
        var covered = false
        var style = TextStyle.plain
    }

    private(set) var rows: [[Cell]]
    let width: Int

    init(width: Int, height: Int) {
        self.width = width
        rows = Array(repeating: Array(repeating: Cell(), count: width), count: height)
    }

    /// Joins the cells from (x0, y) to (x1, y) with a horizontal line; the ends get an arm
    /// towards the inside only, so what meets them there decides their shape.
    mutating func horizontal(y: Int, from x0: Int, to x1: Int) {
        let (low, high) = (min(x0, x1), max(x0, x1))
        guard low < high else { return }
        for x in low...high {
            if x > low { rows[y][x].arms |= Self.left }
            if x < high { rows[y][x].arms |= Self.right }
        }
    }

    mutating func vertical(x: Int, from y0: Int, to y1: Int) {
        let (low, high) = (min(y0, y1), max(y0, y1))
        guard low < high else { return }
        for y in low...high {
            if y > low { rows[y][x].arms |= Self.up }
            if y < high { rows[y][x].arms |= Self.down }
        }
    }

    /// Writes `text` from column `x`, one grapheme cluster per cell (two for a wide one), and
    /// returns the column after it. A zero-width cluster joins the cell before it.
    @discardableResult
    mutating func write(_ text: Substring, x: Int, y: Int, style: TextStyle) -> Int {
        var column = x
        for character in text {
            let width = TerminalText.width(character)
            if width == 0 {
                if column > x { rows[y][column - 1].text? += String(character) }
                continue
            }
            guard column + width <= self.width else { break }
            rows[y][column].text = String(character)
            rows[y][column].style = style
            if width == 2 { rows[y][column + 1].covered = true }
            column += width
        }
        return column
    }

    /// The lines, trailing blanks removed, with SGR sequences around styled text when `color`.
    func text(charset: TextCharset, color: Bool) -> String {
        var out = ""
        for row in rows {
            var line = ""
            var current = TextStyle.plain
            let end = (row.lastIndex { $0.text != nil || $0.arms != 0 } ?? -1) + 1
            for cell in row[..<end] where !cell.covered {
                let style = cell.text == nil ? TextStyle.plain : cell.style
                if color, style != current {
                    line += Self.sgr(style)
                    current = style
                }
                line += cell.text ?? charset.joints[Int(cell.arms)]
            }
            if color, current != .plain { line += Self.sgr(.plain) }
            out += line + "\n"
        }
        return out
    }

    private static func sgr(_ style: TextStyle) -> String {
        switch style {
        case .plain: "\u{1B}[0m"
        case .winner, .header: "\u{1B}[1m"
        case .pending: "\u{1B}[2m"
        }
    }
}
