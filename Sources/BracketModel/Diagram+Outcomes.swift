/// How a card stands in its match, as every writer draws it (SVG classes and accessible names,
/// DOT's bold winners, the preview's change detection), worked out in one place from the
/// result columns `DiagramResults` fills.
public enum CardOutcome: String, Sendable, Hashable {
    /// No result to show: a plain tree's card, the root, or a competitor whose match is undecided.
    case none
    /// Won the match decided at its parent.
    case winner
    /// Lost a decided match.
    case loser
    /// A slot still to be decided: its match (or one below it) has no winner yet.
    case pending
    /// Advanced through a bye: its parent's only child.
    case bye
}

extension DiagramNodes {
    /// The outcome of card `index`. A bye is reported as a bye although it also advances
    /// (`isWinners` is true for it); a pending slot is pending whatever else it records.
    public func outcome(_ index: Int) -> CardOutcome {
        if isPendings[index] { return .pending }
        if isByes[index] { return .bye }
        if isWinners[index] { return .winner }
        let parent = Int(parents[index])
        // The parent's match is decided exactly when it has an entrant (only in a tree that
        // records results: a plain tree's parents have none).
        if parent >= 0, parent < count, entrants[parent] >= 0 { return .loser }
        return .none
    }

    /// The ID of the leaf whose competitor card `index` shows, or nil when it shows none.
    public func entrantID(_ index: Int) -> String? {
        let entrant = Int(entrants[index])
        return entrant >= 0 && entrant < count ? ids[entrant] : nil
    }
}

extension Diagram {
    /// Whether the tree records results (some node has a `score` or `winner`, so matches can be
    /// decided or pending): the writers draw outcomes, score slots and entrants only then, so a
    /// plain tree's outputs stay exactly as they were. A count the columns keep, not a scan.
    public var recordsResults: Bool { nodes.recordsResults }
}
