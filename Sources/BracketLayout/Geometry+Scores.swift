import BracketBytes
import BracketModel
import BracketText

/// What the score slots of a diagram's cards show, stored sparsely: most trees record no
/// results, and then these arrays are empty and cost nothing per card.
///
/// A card has a score slot when its node has a `score` (drawn as written, cut with "…" when
/// wider than `CardTextFit.maxScoreWidth`, measured in the weight it is drawn in: bold for a
/// card that won its match) or when it advanced through a bye and has no score
/// (the slot then says `CardTextFit.byeText`). The slot sits at the card's edge facing its
/// parent: [padding][label][gap][score][padding], mirrored when the score is at the left edge.
public struct CardScores: Sendable, Hashable {
    /// Ascending indices of the cards whose score slot shows something.
    public private(set) var cards: [Int32] = []
    /// The slot's text as drawn, index-aligned with `cards`.
    public private(set) var texts: [String] = []
    /// The measured width of each text at the card font size, in the weight it is drawn in.
    public private(set) var widths: [Double] = []
    /// Whether each score was cut with "…" to fit its slot.
    public private(set) var cuts: [Bool] = []
    /// The parts of each slot drawn in parts (`ScoreParts`), placed from the slot's start;
    /// empty while no slot is (then nothing is stored), else index-aligned with `cards`, an
    /// empty list for a slot drawn as one text.
    public private(set) var parts: [[SlotPart]] = []

    public init() {}

    mutating func append(card: Int, _ slot: ScoreSlotText, parts slotParts: [SlotPart] = []) {
        if !parts.isEmpty || !slotParts.isEmpty {
            if parts.isEmpty { parts = Array(repeating: [], count: cards.count) }
            parts.append(slotParts)
        }
        cards.append(Int32(truncatingIfNeeded: card))
        texts.append(slot.text)
        widths.append(slot.width)
        cuts.append(slot.isCut)
    }

    /// These slots without the first card's (card 0, a root's: `@champion hidden` draws nothing of it).
    mutating func removeFirstCard() {
        guard cards.first == 0 else { return }
        cards.removeFirst()
        texts.removeFirst()
        widths.removeFirst()
        cuts.removeFirst()
        if !parts.isEmpty { parts.removeFirst() }
    }

    /// The parts of the slot at `position`, empty for one drawn as one text.
    public func parts(at position: Int) -> [SlotPart] { parts.isEmpty ? [] : parts[position] }

    /// The slot at `position` of the arrays.
    func slot(at position: Int) -> ScoreSlotText {
        ScoreSlotText(text: texts[position], width: widths[position], isCut: cuts[position])
    }

    /// The position of `card` in `cards` (and so in `texts` and `widths`), or nil when the card
    /// shows no score. A binary search: O(log n) for the few cards that have one.
    public func index(of card: Int) -> Int? {
        var low = 0, high = cards.count
        while low < high {
            let middle = (low + high) / 2
            if Int(cards[middle]) < card { low = middle + 1 } else { high = middle }
        }
        return low < cards.count && Int(cards[low]) == card ? low : nil
    }

    public var isEmpty: Bool { cards.isEmpty }

    /// Card `card`'s slot set to `slot` (nil: no slot), for a card measured again. O(log n)
    /// to find, plus the arrays' move when a slot comes or goes.
    mutating func set(card: Int, to slot: ScoreSlotText?) {
        var low = 0, high = cards.count
        while low < high {
            let middle = (low + high) / 2
            if Int(cards[middle]) < card { low = middle + 1 } else { high = middle }
        }
        let present = low < cards.count && Int(cards[low]) == card
        switch (present, slot) {
        case let (true, slot?):
            texts[low] = slot.text
            widths[low] = slot.width
            cuts[low] = slot.isCut
            if !parts.isEmpty { parts[low] = [] }
        case (true, nil):
            cards.remove(at: low)
            texts.remove(at: low)
            widths.remove(at: low)
            cuts.remove(at: low)
            if !parts.isEmpty { parts.remove(at: low) }
        case let (false, slot?):
            cards.insert(Int32(truncatingIfNeeded: card), at: low)
            texts.insert(slot.text, at: low)
            widths.insert(slot.width, at: low)
            cuts.insert(slot.isCut, at: low)
            if !parts.isEmpty { parts.insert([], at: low) }
        case (false, nil):
            break
        }
    }

    /// These slots with the cards `removed` replaced by `inserted`'s (numbered as the new
    /// cards are), those after them renumbered by `rowDelta`: each array copied once.
    func splicing(_ removed: Range<Int>, with inserted: CardScores, rowDelta: Int) -> CardScores {
        guard !isEmpty || !inserted.isEmpty else { return self }
        func position(_ card: Int) -> Int {
            var low = 0, high = cards.count
            while low < high {
                let middle = (low + high) / 2
                if Int(cards[middle]) < card { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let first = position(removed.lowerBound), last = position(removed.upperBound)
        let delta = Int32(truncatingIfNeeded: rowDelta)
        var result = CardScores()
        result.cards = splicedColumn(cards, removing: first..<last, inserting: inserted.cards) { $0 + delta }
        result.texts = splicedColumn(texts, removing: first..<last, inserting: inserted.texts)
        result.widths = splicedColumn(widths, removing: first..<last, inserting: inserted.widths)
        result.cuts = splicedColumn(cuts, removing: first..<last, inserting: inserted.cuts)
        if !parts.isEmpty || !inserted.parts.isEmpty {
            let mine = parts.isEmpty ? Array(repeating: [], count: cards.count) : parts
            let theirs = inserted.parts.isEmpty ? Array(repeating: [], count: inserted.cards.count) : inserted.parts
            result.parts = splicedColumn(mine, removing: first..<last, inserting: theirs)
        }
        return result
    }
}

extension Geometry {
    /// True when card `card`'s score sits at its left edge: the edge facing its parent when the
    /// root is on the left. With the root on the right, top or bottom it is the right edge.
    public func scoreAtLeftEdge(_ card: Int) -> Bool {
        // A two-sided draw's right half has its parents on the left.
        if axes.twoSided { return isInRightHalf(card) }
        return axes.levelsAreColumns && !axes.rootAtFarEnd
    }

    /// The x of the centre of card `card`'s label text: the card's centre when it shows no
    /// score and the diagram no seed, else the centre of the room the score slot and the seed
    /// column leave.
    public func labelCentreX(_ card: Int) -> Double {
        let centre = centres[card].x
        if seedRoom > 0 {
            // Between the seed column and the score slot (Geometry+Seeds.swift).
            let room = reservedRoom(card)
            return centre + (room.left - room.right) / 2
        }
        guard let slot = scores.index(of: card) else { return centre }
        let room = CardTextFit.scoreRoom(scores.widths[slot])
        return scoreAtLeftEdge(card) ? centre + room / 2 : centre - room / 2
    }

    /// The x card `card`'s label lines start at under `@label-align start` (drawn with
    /// `text-anchor="start"`): the card's left edge plus the padding, and past the score's room
    /// when the score sits at that edge. The same room as centred lines, so nothing else moves.
    /// Worked out from the centre of that room (`labelCentreX`), as the preview page works it
    /// out from the geometry's `labelX`, so both give the same bits.
    public func labelStartX(_ card: Int) -> Double {
        let padding = CardTextFit.horizontalPadding, half = sizes[card].width / 2, centre = centres[card].x
        if seedRoom > 0 { return centre - half + padding + reservedRoom(card).left }
        guard scores.index(of: card) != nil, scoreAtLeftEdge(card) else { return centre - half + padding }
        return 2 * labelCentreX(card) - (centre + half) + padding
    }

    /// The x of card `card`'s score text anchor, or nil when it shows no score: the right edge
    /// less the padding (drawn with `text-anchor="end"`), or, at the left edge, the left edge
    /// plus the padding (`text-anchor="start"`).
    public func scoreAnchorX(_ card: Int) -> Double? {
        guard scores.index(of: card) != nil else { return nil }
        let half = sizes[card].width / 2, centre = centres[card].x
        return scoreAtLeftEdge(card)
            ? centre - half + CardTextFit.horizontalPadding : centre + half - CardTextFit.horizontalPadding
    }

    /// The score slot's text of card `card`, or nil.
    public func scoreText(_ card: Int) -> String? {
        scores.index(of: card).map { scores.texts[$0] }
    }

    /// Whether card `card`'s score was cut with "…" to fit its slot.
    public func scoreIsCut(_ card: Int) -> Bool {
        scores.index(of: card).map { scores.cuts[$0] } ?? false
    }

    /// True when card `index` here and card `other` of `geometry` show the same score slot.
    public func sameScore(_ index: Int, as other: Int, of geometry: Geometry) -> Bool {
        if scores.isEmpty && geometry.scores.isEmpty { return true }
        switch (scores.index(of: index), geometry.scores.index(of: other)) {
        case (nil, nil): return true
        case let (mine?, theirs?):
            return scores.texts[mine] == geometry.scores.texts[theirs]
                && scores.widths[mine] == geometry.scores.widths[theirs]
                && scores.cuts[mine] == geometry.scores.cuts[theirs]
                && scores.parts(at: mine) == geometry.scores.parts(at: theirs)
        default: return false
        }
    }
}

/// Every card's lines, its natural size (before its level's extent is applied), and the score
/// slots. A card with a score slot grows to hold label, gap and score, up to the widest card
/// the settings allow; its label wraps in the width the slot leaves.
/// `seedRoom` is the room every card keeps for the seed column (`measureSeeds`).
func measureCards(_ nodes: DiagramNodes, count: Int, _ fit: CardTextFit, alignLeaves: Bool = false,
                  seedRoom: Double = 0) -> (CardLines, [Size], CardScores)
{
    measureCards(nodes, in: 0..<count, fit, alignLeaves: alignLeaves, seedRoom: seedRoom)
}

/// The same for the cards `range` only (a structural edit's new cards, a relayout's edited
/// ones), in that order. `hasSlots`, when known, saves looking over every row for a slot.
/// The lines number their cards as the rows are numbered, or from 0 when `numberedFromZero`.
func measureCards(_ nodes: DiagramNodes, in range: Range<Int>, _ fit: CardTextFit, hasSlots known: Bool? = nil,
                  numberedFromZero: Bool = false, alignLeaves: Bool = false, seedRoom: Double = 0)
    -> (CardLines, [Size], CardScores)
{
    // Slots drawn in parts share their columns with every card of their level, so they are
    // measured together, for the whole tree only (the partial relayouts decline such trees).
    let partSlots = range == 0..<nodes.count && ScoreParts.anyParts(nodes)
        ? measurePartSlots(nodes, fit, alignLeaves: alignLeaves) : []
    var nextPartSlot = 0  // ascending card indices, read in step with the loop
    let labels = nodes.labels
    var lines = CardLines()
    lines.reserveCapacity(range.count)
    var sizes = [Size]()
    sizes.reserveCapacity(range.count)
    var scores = CardScores()
    // A plain tree (no score, no bye) skips the slot look-up on every card.
    let hasSlots = known ?? (nodes.scores.contains { $0 != nil } || nodes.isByes.contains(true)
        || (0..<nodes.count).contains { nodes.status($0) != nil })
    for index in range {
        let label = labels[index]
        var reserved = seedRoom
        if nextPartSlot < partSlots.count, partSlots[nextPartSlot].index == index {
            let drawn = partSlots[nextPartSlot]
            nextPartSlot += 1
            scores.append(card: index, drawn.slot, parts: drawn.parts)
            reserved += CardTextFit.scoreRoom(drawn.slot.width)
        } else if hasSlots, let slot = fit.scoreSlot(of: nodes, index) {
            scores.append(card: index, slot)
            reserved += CardTextFit.scoreRoom(slot.width)
        }
        if let width = reserved == 0 ? fit.singleLineWidth(label) : fit.singleLineWidth(label, reserving: reserved) {
            lines.append(line: label, width: width)
            let size = fit.cardSize(lineCount: 1, textWidth: width + reserved)
            sizes.append(Size(width: size.width, height: size.height))
        } else {
            let text = reserved == 0 ? fit.wrap(label) : fit.wrap(label, reserving: reserved)
            lines.append(text, card: numberedFromZero ? index - range.lowerBound : index)
            let size = fit.cardSize(lineCount: text.lines.count, textWidth: text.width + reserved)
            sizes.append(Size(width: size.width, height: size.height))
        }
    }
    return (lines, sizes, scores)
}
