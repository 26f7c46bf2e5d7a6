import BracketModel
import BracketText

/// One part of a score slot as laid out: its text, and a raised text after it (a tie-break's
/// points, "aet"), each placed from the slot's start (its left end, whichever edge the slot is
/// at). Every part of a column of one level starts where its column does, so a part's digits
/// end where the others' do: `mainOffset` is the column's start plus the room the widest main
/// text of the column takes less this one's.
public struct SlotPart: Sendable, Hashable {
    public var text: String
    public var mainOffset: Double
    public var raised: String?
    public var raisedOffset: Double
    public var kind: ScorePart.Kind
}

/// The gap between two parts of a slot, and the size of a raised part against the card font.
public enum SlotPartMetrics {
    public static let gap = 6.0
    public static let raisedScale = 0.7
    /// How far above the line's baseline a raised part's baseline sits, in card font sizes.
    public static let raisedRise = 0.35
}

/// The slots drawn in parts, measured together: a part takes the column of its position in the
/// slot, and each column of a level (its depth, or the leaves' level with aligned leaves) is
/// as wide as its widest part there (main text and raised text apart), so every part of a
/// column shares one x down the round and between the competitors of a match. A part is
/// measured in the weight it is drawn in (a winner's bold). Every slot of a level takes all
/// the level's columns, so slots start at the same x whatever number of parts they hold; a
/// plain score of such a tree is a slot of one part, in its level's first column.
func measurePartSlots(_ nodes: DiagramNodes, _ fit: CardTextFit, alignLeaves: Bool)
    -> [(index: Int, slot: ScoreSlotText, parts: [SlotPart])]
{
    let measurer = fit.measurer
    let small = TextMeasurer(fontSize: measurer.fontSize * SlotPartMetrics.raisedScale)
    struct Measured {
        var index: Int
        var level: Int
        var parts: [ScorePart]
        var mains: [Double]
    }
    var cards: [Measured] = []
    // Per level (slot 0 the aligned leaves, then depth + 1), per column: the widest main text
    // and the widest raised text.
    var columns: [[(main: Double, raised: Double)]] = []
    for index in 0..<nodes.count {
        guard let parts = ScoreParts.drawn(nodes, index, inPartsTree: true) else { continue }
        let bold = nodes.outcome(index) == .winner
        let level = alignLeaves && nodes.childCounts[index] == 0 ? 0 : Int(nodes.depths[index]) + 1
        while columns.count <= level { columns.append([]) }
        var mains: [Double] = []
        mains.reserveCapacity(parts.count)
        for (column, part) in parts.enumerated() {
            let main = bold ? measurer.boldWidth(of: Substring(part.text)) : measurer.width(of: Substring(part.text))
            let raised = part.raised.map {
                bold ? small.boldWidth(of: Substring($0)) : small.width(of: Substring($0))
            } ?? 0
            mains.append(main)
            if column == columns[level].count { columns[level].append((0, 0)) }
            columns[level][column].main = max(columns[level][column].main, main)
            columns[level][column].raised = max(columns[level][column].raised, raised)
        }
        cards.append(Measured(index: index, level: level, parts: parts, mains: mains))
    }
    var found: [(index: Int, slot: ScoreSlotText, parts: [SlotPart])] = []
    found.reserveCapacity(cards.count)
    let totals = columns.map { widths in
        widths.reduce(0) { $0 + $1.main + $1.raised } + Double(max(0, widths.count - 1)) * SlotPartMetrics.gap
    }
    for card in cards {
        let widths = columns[card.level]
        var start = 0.0
        var placed: [SlotPart] = []
        placed.reserveCapacity(card.parts.count)
        for (column, part) in card.parts.enumerated() {
            let columnMain = widths[column].main
            placed.append(SlotPart(
                text: part.text, mainOffset: start + columnMain - card.mains[column], raised: part.raised,
                raisedOffset: start + columnMain, kind: part.kind))
            start += columnMain + widths[column].raised + SlotPartMetrics.gap
        }
        let slot = ScoreSlotText(text: ScoreParts.spelled(card.parts), width: totals[card.level], isCut: false)
        found.append((card.index, slot, placed))
    }
    return found
}

extension Geometry {
    /// The x where card `card`'s slot starts (its left end), or nil when it shows none.
    public func slotStartX(_ card: Int) -> Double? {
        guard let position = scores.index(of: card), let anchor = scoreAnchorX(card) else { return nil }
        return scoreAtLeftEdge(card) ? anchor : anchor - scores.widths[position]
    }

    /// The y of a one-line label's baseline relative to its card's centre (a slot's parts sit on it).
    private var slotBaselineOffset: Double {
        let measurer = TextMeasurer(fontSize: fontSize)
        return -(measurer.ascent + measurer.descent) / 2 + measurer.ascent  // as `baselines(lineCount: 1)`
    }

    /// Card `card`'s slot parts as drawn: each text with the x it starts at (`text-anchor`
    /// start), its baseline's y (a one-line label's; a raised part's higher) and whether it is
    /// raised (drawn at `raisedFontSize`); empty for a slot drawn as one text, or none.
    public func slotParts(_ card: Int) -> [(text: String, x: Double, y: Double, raised: Bool)] {
        guard let position = scores.index(of: card), let start = slotStartX(card) else { return [] }
        let baseline = centres[card].y + slotBaselineOffset
        let raisedY = baseline - fontSize * SlotPartMetrics.raisedRise
        var drawn: [(text: String, x: Double, y: Double, raised: Bool)] = []
        for part in scores.parts(at: position) {
            drawn.append((part.text, start + part.mainOffset, baseline, false))
            if let raised = part.raised { drawn.append((raised, start + part.raisedOffset, raisedY, true)) }
        }
        return drawn
    }

    /// The font size of a slot's raised parts.
    public var raisedFontSize: Double { fontSize * SlotPartMetrics.raisedScale }
}
