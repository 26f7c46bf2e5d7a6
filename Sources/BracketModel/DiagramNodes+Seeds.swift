/// How a competitor entered a draw, as tennis draw sheets print it before the name (`entry=WC`):
/// the value of the `entry` attribute, with `seed` the other fact of a competitor's place in a draw.
public enum EntryCode: String, CaseIterable, Sendable, Hashable {
    /// Wild card: invited by the organisers.
    case wildCard = "WC"
    /// Qualifier: came through the qualifying draw.
    case qualifier = "Q"
    /// Lucky loser: lost in qualifying, took a withdrawn player's place.
    case luckyLoser = "LL"
    /// Protected (special) ranking, after an injury.
    case protectedRanking = "PR"
    /// Special exempt.
    case specialExempt = "SE"
    /// Alternate.
    case alternate = "A"
    /// Alternate, as some draws write it.
    case alternateALT = "ALT"

    /// "WC, Q, LL, PR, SE, A or ALT", for messages and docs.
    static var wordList: String {
        let words = allCases.map(\.rawValue)
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}

extension DiagramNodes {
    /// The seed of node `index`'s competitor as written (a positive whole number), or nil.
    @inline(__always)
    public func seed(_ index: Int) -> String? {
        guard !drawn.isEmpty else { return nil }
        return drawn[AttributeSpec.seedColumn, index]
    }

    /// Whether some row may have a seed or an entry code (false only when none has): the
    /// layout's fast paths decline such a tree, whose seed column is as wide as its widest seed.
    public var mayHaveSeeds: Bool {
        drawn.mayHaveValues(attribute: AttributeSpec.seedColumn) || drawn.mayHaveValues(attribute: AttributeSpec.entryColumn)
    }

    /// The entry code of node `index`'s competitor, or nil.
    @inline(__always)
    public func entry(_ index: Int) -> EntryCode? {
        guard !drawn.isEmpty, let word = drawn[AttributeSpec.entryColumn, index] else { return nil }
        return EntryCode(rawValue: word)
    }
}

extension DiagramNodes {
    /// What card `index` shows before its name: its competitor's seed as "[5]" and entry code as
    /// "(WC)" ("[5] (WC)" with both), or nil. A card whose label is its match winner's name
    /// (no label of its own) shows that winner's: the seed goes with the name.
    public func seedText(_ index: Int) -> String? {
        guard !drawn.isEmpty else { return nil }
        var competitor = index
        if !hasExplicitLabels[index], seed(index) == nil, entry(index) == nil {
            let entrant = Int(entrants[index])
            if entrant >= 0 { competitor = entrant }
        }
        switch (seed(competitor), entry(competitor)) {
        case let (seed?, entry?): return "[\(seed)] (\(entry.rawValue))"
        case let (seed?, nil): return "[\(seed)]"
        case let (nil, entry?): return "(\(entry.rawValue))"
        case (nil, nil): return nil
        }
    }
}

extension AttributeSpec {
    /// `seed`'s column in `DiagramNodes.drawn`.
    static let seedColumn = AttributeSpec.seed.drawnIndex!
    /// `entry`'s column in `DiagramNodes.drawn`.
    static let entryColumn = AttributeSpec.entry.drawnIndex!
}

extension AttributeGrammar {
    /// A seed: a positive whole number written in ASCII digits, no sign, no leading zero, at
    /// most 6 digits (no draw has a million seeds).
    static func isSeed(_ text: String) -> Bool {
        let digits = text.utf8
        guard let first = digits.first, first != 0x30, digits.count <= 6 else { return false }
        return digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}

extension CardTextFit {
    /// Space kept free between a card's seed column and its label.
    public static let seedGap = 6.0

    /// What card `index`'s seed column shows (`DiagramNodes.seedText`, cut with "…" past
    /// `maxScoreWidth` as a score is) and its width at the card font; nil for none.
    public func seedSlot(of nodes: DiagramNodes, _ index: Int) -> ScoreSlotText? {
        guard let text = nodes.seedText(index) else { return nil }
        let slot = scoreSlot(text)
        return slot.text.isEmpty ? nil : slot
    }

    /// The room every card of `nodes` keeps for the seed column: the widest seed's width and
    /// `seedGap`, 0 when no card shows a seed. The layout keeps the same (`measureSeeds`).
    public func seedRoom(_ nodes: DiagramNodes) -> Double {
        guard nodes.mayHaveSeeds else { return 0 }
        var widest: Double?
        for index in 0..<nodes.count {
            guard let slot = seedSlot(of: nodes, index) else { continue }
            widest = max(widest ?? 0, slot.width)
        }
        return widest.map { $0 + Self.seedGap } ?? 0
    }
}
