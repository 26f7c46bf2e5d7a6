import BracketModel

/// The seed column (`seed=5`, `entry=WC`): a slot at the card's edge away from its parent, so
/// [padding][seed][seed gap][label][gap][score][padding], mirrored where the score is at the left
/// edge. Every card of the diagram reserves the same room for it, the widest seed's width and
/// the gap, so every seed of a column shares one x and the names after them line up, a card
/// without a seed included. Stored as the score slots are (`CardScores`: the cards that show a
/// seed, their texts and widths), with the room in `Geometry.seedRoom`; both empty without seeds.
extension Geometry {
    /// True when card `card`'s seed sits at its left edge: the edge away from its parent's.
    public func seedAtLeftEdge(_ card: Int) -> Bool { !scoreAtLeftEdge(card) }

    /// The seed column's text of card `card`, or nil.
    public func seedText(_ card: Int) -> String? {
        seeds.index(of: card).map { seeds.texts[$0] }
    }

    /// The x of card `card`'s seed text anchor, or nil when it shows no seed: the left edge plus
    /// the padding (drawn with `text-anchor="start"`), or at the right edge, the right edge less
    /// the padding (`text-anchor="end"`). The same for every card of a column.
    public func seedAnchorX(_ card: Int) -> Double? {
        seeds.index(of: card) == nil ? nil : seedColumnX(card)
    }

    /// The x where card `card`'s seed column is anchored, whether or not the card shows a seed:
    /// the edge away from its parent, inside the padding.
    public func seedColumnX(_ card: Int) -> Double {
        let half = sizes[card].width / 2, centre = centres[card].x
        return seedAtLeftEdge(card)
            ? centre - half + CardTextFit.horizontalPadding : centre + half - CardTextFit.horizontalPadding
    }

    /// True when card `index` here and card `other` of `geometry` show the same seed.
    public func sameSeed(_ index: Int, as other: Int, of geometry: Geometry) -> Bool {
        if seedRoom == 0 && geometry.seedRoom == 0 { return true }
        return seedText(index) == geometry.seedText(other) && seedRoom == geometry.seedRoom
            && seedAtLeftEdge(index) == geometry.seedAtLeftEdge(other)
    }

    /// The room the score slot and the seed column take at card `card`'s left and right edges.
    func reservedRoom(_ card: Int) -> (left: Double, right: Double) {
        let score = scores.index(of: card).map { CardTextFit.scoreRoom(scores.widths[$0]) } ?? 0
        return scoreAtLeftEdge(card) ? (score, seedRoom) : (seedRoom, score)
    }
}

/// Every card's seed column and the room the column takes on every card (the widest seed plus
/// `CardTextFit.seedGap`; 0 when no card shows one). One pass over the rows.
func measureSeeds(_ nodes: DiagramNodes, count: Int, _ fit: CardTextFit) -> (seeds: CardScores, room: Double) {
    var seeds = CardScores()
    guard nodes.mayHaveSeeds else { return (seeds, 0) }
    var widest = 0.0
    for index in 0..<count {
        guard let slot = fit.seedSlot(of: nodes, index) else { continue }
        seeds.append(card: index, slot)
        widest = max(widest, slot.width)
    }
    return (seeds, seeds.isEmpty ? 0 : widest + CardTextFit.seedGap)
}
