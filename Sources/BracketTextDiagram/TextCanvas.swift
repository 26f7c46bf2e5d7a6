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
///
/// A cell is four bytes — arms, style, and its text: a one-scalar cluster inline, a longer one
/// by its index among `clusters` — because a large tree's drawing has tens of millions of them.
struct TextCanvas {
    static let up: UInt8 = 1, down: UInt8 = 2, left: UInt8 = 4, right: UInt8 = 8

    /// Bits 0–3 arms, 4–5 style, 6 the second column of a wide character, 7 set when bits 8–
    /// hold the text's scalar itself, else bits 8– are one more than the index of the cell's
    /// text in `clusters` (0: no text).
    private var cells: [UInt32]
    private var clusters: [String] = []
    let width: Int
    let height: Int

    private static let coveredBit: UInt32 = 1 << 6
    private static let inlineBit: UInt32 = 1 << 7
    /// Past this many long clusters (only in a pathological file) a cell shows U+FFFD instead.
    private static let clusterCapacity = 1 << 24 - 1

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: 0, count: width * height)
    }

    private mutating func addArms(_ arms: UInt8, x: Int, y: Int) {
        cells[y * width + x] |= UInt32(arms)
    }

    /// Joins the cells from (x0, y) to (x1, y) with a horizontal line; the ends get an arm
    /// towards the inside only, so what meets them there decides their shape.
    mutating func horizontal(y: Int, from x0: Int, to x1: Int) {
        let (low, high) = (min(x0, x1), max(x0, x1))
        guard low < high else { return }
        for x in low...high {
            addArms((x > low ? Self.left : 0) | (x < high ? Self.right : 0), x: x, y: y)
        }
    }

    mutating func vertical(x: Int, from y0: Int, to y1: Int) {
        let (low, high) = (min(y0, y1), max(y0, y1))
        guard low < high else { return }
        for y in low...high {
            addArms((y > low ? Self.up : 0) | (y < high ? Self.down : 0), x: x, y: y)
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
                if column > x { join(character, toCellAt: y * self.width + column - 1) }
                continue
            }
            guard column + width <= self.width else { break }
            cells[y * self.width + column] = textBits(String(character)) | UInt32(style.rawValue) << 4
            if width == 2 { cells[y * self.width + column + 1] = Self.coveredBit }
            column += width
        }
        return column
    }

    private mutating func textBits(_ cluster: String) -> UInt32 {
        let scalars = cluster.unicodeScalars
        if scalars.count == 1 { return scalars.first!.value << 8 | Self.inlineBit }
        guard clusters.count < Self.clusterCapacity else { return 0xFFFD << 8 | Self.inlineBit }
        clusters.append(cluster)
        return UInt32(clusters.count) << 8
    }

    /// Adds a zero-width cluster to the text of a cell (a stray mark after a space or a wide
    /// character's second column is dropped).
    private mutating func join(_ character: Character, toCellAt index: Int) {
        let cell = cells[index]
        guard cell >> 8 != 0 else { return }
        let joined = text(of: cell) + String(character)
        cells[index] = textBits(joined) | (cell & 0xFF & ~Self.inlineBit)
    }

    private func text(of cell: UInt32) -> String {
        if cell & Self.inlineBit != 0 { return String(Unicode.Scalar(cell >> 8).map(Character.init) ?? "\u{FFFD}") }
        return clusters[Int(cell >> 8) - 1]
    }

    /// The lines, trailing blanks removed, with SGR sequences around styled text when `color`.
    /// Written as bytes: a large tree's drawing is tens of megabytes.
    func text(charset: TextCharset, color: Bool) -> String {
        let joints = charset.joints.map { Array($0.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(cells.count + height)
        for y in 0..<height {
            let row = cells[(y * width)..<(y * width + width)]
            var current = TextStyle.plain
            let end = (row.lastIndex { $0 & 0xF != 0 || $0 >> 8 != 0 } ?? row.startIndex - 1) + 1
            for cell in row[..<end] where cell & Self.coveredBit == 0 {
                let text = cell >> 8
                let style = text == 0 ? TextStyle.plain : TextStyle(rawValue: UInt8(cell >> 4 & 3)) ?? .plain
                if color, style != current {
                    out.append(contentsOf: Self.sgr(style).utf8)
                    current = style
                }
                if text == 0 {
                    out.append(contentsOf: joints[Int(cell & 0xF)])
                } else if cell & Self.inlineBit != 0, let scalar = Unicode.Scalar(text) {
                    out.append(contentsOf: UTF8.encode(scalar)!)
                } else {
                    out.append(contentsOf: self.text(of: cell).utf8)
                }
            }
            if color, current != .plain { out.append(contentsOf: Self.sgr(.plain).utf8) }
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func sgr(_ style: TextStyle) -> String {
        switch style {
        case .plain: "\u{1B}[0m"
        case .winner, .header: "\u{1B}[1m"
        case .pending: "\u{1B}[2m"
        }
    }
}
