import BracketModel
import BracketTerminal

/// How a text diagram is drawn.
public struct TextDiagramOptions: Sendable {
    /// Box drawing or plain ASCII.
    public var charset: TextCharset
    /// The columns labels wrap within. A tree too broad to fit still draws whole, wider.
    public var width: Int
    /// Whether to emphasise winners, pending slots and headers with SGR sequences.
    public var color: Bool

    public init(charset: TextCharset = .unicode, width: Int = 80, color: Bool = false) {
        self.charset = charset
        self.width = max(20, width)
        self.color = color
    }
}

/// A drawing too large to make: a tree whose shape needs a huge grid (a long comb of single
/// leaves is as wide as it is deep, its area the square of its size) is refused before any of
/// the grid is allocated.
public struct TextDiagramTooLarge: Error, Sendable {
    public let columns: Int
    public let rows: Int
    /// The most character cells a drawing may have: 64 Mi, 256 MB of grid.
    public static let cellLimit = 1 << 26
}

/// The diagram drawn in character cells for terminals and plain-text documents: the cards as
/// wrapped text, the connectors as box drawing (or ASCII), the title on top and the round
/// headers over (or beside) their levels. Wide characters take two cells, so columns stay
/// straight in any terminal that follows East Asian Width.
///
/// Its own layout, not the picture's geometry scaled: a character grid needs its slots as wide
/// as the text in them. It reads the same tree, results and round names as every other writer.
public func renderTextDiagram(_ diagram: Diagram, options: TextDiagramOptions = TextDiagramOptions()) throws(TextDiagramTooLarge) -> String {
    let nodes = diagram.nodes
    guard !nodes.isEmpty else { return "" }
    let settings = diagram.settings
    let deepest = max(0, diagram.maxDepth)
    let headers = TextHeaders(diagram, deepest: deepest)
    let aligned = settings.root.levelsAreColumns
    // Cards unwrapped first; then one cap on their width so the whole fits, and only the cards
    // wider than the cap wrapped again.
    let unwrapped = (0..<nodes.count).map {
        TextCard(diagram, $0, charset: options.charset, labelLimit: Int.max / 4, aligned: aligned)
    }
    let limit = widthCap(diagram, unwrapped, options: options, headerMargin: headers.margin)
    var cards = (0..<nodes.count).map { index in
        unwrapped[index].naturalWidth <= limit ? unwrapped[index]
            : TextCard(diagram, index, charset: options.charset, labelLimit: limit, aligned: aligned)
    }
    // `@champion hidden`: the root's card is drawn nowhere; its slot holds only the join's end.
    let hidesChampion = settings.champion == .hidden && nodes.parents[0] < 0 && nodes.childCounts[0] > 0
    if hidesChampion {
        // Only the final's note, in parentheses, where the join ends.
        var card = TextCard()
        if let note = nodes.matchNote(0) {
            card.lines = TextWrap.lines("(" + TerminalText.escaped(note) + ")", limit: max(8, limit))
            card.lineWidths = card.lines.map { TerminalText.width($0) }
        }
        cards[0] = card
    }
    let placement = TextPlacement(diagram, cards: cards)
    let title = settings.titleVisible ? settings.title.map { TerminalText.escaped($0) } : nil
    let top = (title == nil ? 0 : 2) + (headers.isEmpty || !placement.levelsAreColumns ? 0 : 2)
    // Across, the first slot's leading space is never used (nothing connects to its left), so
    // the drawing starts at the text.
    let left = placement.levelsAreColumns ? -1 : headers.margin
    let across = placement.levelsAreColumns ? placement.depthExtent : placement.breadthExtent
    let down = placement.levelsAreColumns ? placement.breadthExtent : placement.depthExtent
    let titleWidth = title.map { TerminalText.width(Substring($0)) } ?? 0
    let lastHeader = placement.levelsAreColumns ? headers.lastColumnEnd(placement, left: left) : 0
    let (columns, rows) = (max(left + across, titleWidth, lastHeader), top + down)
    let (cells, overflow) = columns.multipliedReportingOverflow(by: rows)
    guard !overflow, cells <= TextDiagramTooLarge.cellLimit else { throw TextDiagramTooLarge(columns: columns, rows: rows) }
    var canvas = TextCanvas(width: columns, height: rows)
    let frame = TextFrame(placement: placement, left: left, top: top)
    if let title { canvas.write(Substring(title), x: 0, y: 0, style: .header) }
    headers.draw(on: &canvas, frame: frame, charset: options.charset)
    for index in 0..<nodes.count {
        if !cards[index].lines.isEmpty { frame.draw(cards[index], of: index, on: &canvas) }
        let parent = Int(nodes.parents[index])
        if parent >= 0 { frame.connect(index, to: parent, cards: cards, on: &canvas) }
    }
    return canvas.text(charset: options.charset, color: options.color)
}

/// The widest a card may be so that the whole tree fits `options.width` where it can: the
/// largest cap for which the slots across (or the leaves side by side, when levels are rows),
/// each as wide as its widest card or the cap, whichever is less, fit with their gaps.
private func widthCap(_ diagram: Diagram, _ cards: [TextCard], options: TextDiagramOptions, headerMargin: Int) -> Int {
    var widths: [Int] = []
    var budget: Int
    if diagram.settings.root.levelsAreColumns {
        let placement = TextPlacement(diagram, cards: cards)
        widths = placement.slotSize.map { $0 - 2 }
        budget = options.width + 1 - (TextPlacement.slotGap + 2) * widths.count + TextPlacement.slotGap
    } else {
        for index in cards.indices where diagram.nodes.childCounts[index] == 0 { widths.append(cards[index].naturalWidth) }
        budget = options.width - headerMargin - 2 * (widths.count - 1)
    }
    let widest = widths.max() ?? 0
    func total(_ cap: Int) -> Int { widths.reduce(0) { $0 + min($1, cap) } }
    guard total(widest) > budget else { return widest }
    var low = 1, high = widest
    while low < high {
        let middle = (low + high + 1) / 2
        if total(middle) <= budget { low = middle } else { high = middle - 1 }
    }
    return low
}

/// Maps the placement's (depth, breadth) cells to the canvas, and draws cards and connectors.
struct TextFrame {
    let placement: TextPlacement
    let left: Int
    let top: Int

    /// The canvas cell of a (depth, breadth) position.
    func cell(depth: Int, breadth: Int) -> (x: Int, y: Int) {
        placement.levelsAreColumns ? (left + depth, top + breadth) : (left + breadth, top + depth)
    }

    /// Columns a card's first line takes across a slot, where connectors meet it: a card with a
    /// score fills its slot, so the scores of one round stand in one column.
    func drawnWidth(_ card: TextCard, of index: Int) -> Int {
        guard placement.levelsAreColumns, card.scoreWidth > 0 else { return card.firstLineWidth }
        return placement.slotSize[placement.slot[index]] - 2
    }

    /// The card's first and one-past-last depth cells, with the space either side across.
    func depthSpan(_ card: TextCard, of index: Int) -> (low: Int, high: Int) {
        let start = placement.slotStart[placement.slot[index]]
        return (start, start + (placement.levelsAreColumns ? drawnWidth(card, of: index) + 2 : card.lines.count))
    }

    func draw(_ card: TextCard, of index: Int, on canvas: inout TextCanvas) {
        let depth = placement.slotStart[placement.slot[index]] + (placement.levelsAreColumns ? 1 : 0)
        // Across rows each line is centred on its own, without the marker's room.
        let indent = placement.levelsAreColumns ? String(repeating: " ", count: card.marker.count) : ""
        for (row, line) in card.lines.enumerated() {
            // Across a row of cards each line is centred, so the connector over or under the
            // card's middle always meets its text.
            let scoreRoom = row == 0 && card.scoreWidth > 0 ? 1 + card.scoreWidth : 0
            let prefix = row == 0 ? card.marker : indent
            let centring = (card.naturalWidth - prefix.count - card.lineWidths[row] - scoreRoom) / 2
            let origin = placement.levelsAreColumns
                ? cell(depth: depth, breadth: placement.cardStart[index] + row)
                : cell(depth: depth + row, breadth: placement.cardStart[index] + centring)
            let end = canvas.write(Substring(prefix) + line, x: origin.x, y: origin.y, style: card.style)
            guard row == 0, card.scoreWidth > 0 else { continue }
            let scoreX = placement.levelsAreColumns ? origin.x + drawnWidth(card, of: index) - card.scoreWidth : end + 1
            canvas.write(Substring(card.score), x: scoreX, y: origin.y, style: card.style)
        }
    }

    /// The line from a card to its parent's bus, the bus, and the line on to the parent.
    func connect(_ child: Int, to parent: Int, cards: [TextCard], on canvas: inout TextCanvas) {
        let toward = placement.towardParent[child]
        let childSpan = depthSpan(cards[child], of: child)
        let parentSpan = depthSpan(cards[parent], of: parent)
        let parentSlot = placement.slot[parent]
        let exit = toward > 0 ? childSpan.high : childSpan.low - 1
        let bus = toward > 0
            ? placement.slotStart[parentSlot] - 2
            : placement.slotStart[parentSlot] + placement.slotSize[parentSlot] + 1
        let entry = toward > 0 ? parentSpan.low - 1 : parentSpan.high
        line(along: placement.anchor[child], from: exit, to: bus, on: &canvas)
        line(along: placement.anchor[parent], from: bus, to: entry, on: &canvas)
        let from = cell(depth: bus, breadth: placement.anchor[child])
        let to = cell(depth: bus, breadth: placement.anchor[parent])
        if placement.levelsAreColumns {
            canvas.vertical(x: from.x, from: from.y, to: to.y)
        } else {
            canvas.horizontal(y: from.y, from: from.x, to: to.x)
        }
    }

    /// A line along the depth axis at one breadth position.
    private func line(along breadth: Int, from start: Int, to end: Int, on canvas: inout TextCanvas) {
        let from = cell(depth: start, breadth: breadth)
        let to = cell(depth: end, breadth: breadth)
        if placement.levelsAreColumns {
            canvas.horizontal(y: from.y, from: from.x, to: to.x)
        } else {
            canvas.vertical(x: from.x, from: from.y, to: to.y)
        }
    }
}

/// The round headers (`@rounds`): a row over the columns when levels are columns, else a margin
/// beside the rows.
struct TextHeaders {
    /// One name per slot, empty for none.
    private var names: [String] = []
    /// Columns the margin takes beside vertical levels (0 without headers).
    private(set) var margin = 0
    var isEmpty: Bool { margin == 0 }
    static let widestMargin = 24

    init(_ diagram: Diagram, deepest: Int) {
        let settings = diagram.settings
        guard !settings.rounds.isEmpty else { return }
        let center = settings.root == .center
        let slots = center ? 2 * deepest + 1 : deepest + 1
        for slot in 0..<slots {
            let level: Int = switch settings.root {
            case .right, .bottom: deepest - slot
            case .left, .top: slot
            case .center: abs(slot - deepest)
            }
            names.append(TerminalText.escaped(settings.roundName(level: level, deepest: deepest)))
        }
        let widest = names.map { TerminalText.width(Substring($0)) }.max() ?? 0
        margin = widest == 0 ? 0 : min(widest, Self.widestMargin) + 2
    }

    func draw(on canvas: inout TextCanvas, frame: TextFrame, charset: TextCharset) {
        let placement = frame.placement
        for (slot, name) in names.enumerated() where !name.isEmpty {
            let start = placement.slotStart[slot]
            if placement.levelsAreColumns {
                // The last column's header may run past the drawing; the others stop at the next.
                let room = slot == names.count - 1 ? Int.max : placement.slotSize[slot] + 1
                canvas.write(Self.cut(name, to: room, charset), x: frame.left + start + 1, y: frame.top - 2, style: .header)
            } else {
                canvas.write(Self.cut(name, to: margin - 2, charset), x: 0, y: frame.top + start, style: .header)
            }
        }
    }

    /// The column after the last slot's header, which is never cut.
    func lastColumnEnd(_ placement: TextPlacement, left: Int) -> Int {
        guard let name = names.last, !name.isEmpty else { return 0 }
        return left + placement.slotStart[names.count - 1] + 1 + TerminalText.width(Substring(name))
    }

    /// `name` within `room` columns, ending in an ellipsis when cut.
    private static func cut(_ name: String, to room: Int, _ charset: TextCharset) -> Substring {
        guard TerminalText.width(Substring(name)) > room else { return Substring(name) }
        let keep = max(0, room - charset.ellipsis.count)
        var width = 0
        var end = name.startIndex
        for index in name.indices {
            width += TerminalText.width(name[index])
            if width > keep { break }
            end = name.index(after: index)
        }
        return Substring(String(name[..<end]) + charset.ellipsis)
    }
}
