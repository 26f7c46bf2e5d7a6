import BracketSyntax

/// How a competitor did not finish its match (`status=…` on its node): the other side advances.
/// Drawn in the card's score slot with its usual abbreviation, after the score when there is one
/// ("2 ret."), as draw sheets print it.
public enum MatchStatus: String, CaseIterable, Sendable, Hashable {
    /// Did not play: the opponent advanced without a match ("w/o").
    case walkover
    /// Stopped during the match ("ret.").
    case retired
    /// Put out of the match by the officials ("DQ"; "def." on American draw sheets).
    case disqualified
    /// Did not turn up ("n/s").
    case noShow = "no-show"

    /// The abbreviation drawn in the score slot.
    public var abbreviation: String {
        switch self {
        case .walkover: "w/o"
        case .retired: "ret."
        case .disqualified: "DQ"
        case .noShow: "n/s"
        }
    }

    /// What happened, for accessible names, hover and the preview's spoken sentence.
    public var phrase: String {
        switch self {
        case .walkover: "gave a walkover"
        case .retired: "retired"
        case .disqualified: "was disqualified"
        case .noShow: "did not show up"
        }
    }

    /// "walkover, retired, disqualified or no-show", for messages and docs.
    static var wordList: String {
        let words = allCases.map(\.rawValue)
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    /// The score slot's text for a competitor with `score` (nil or empty for none) and this status.
    public func slotText(after score: String?) -> String {
        guard let score, !score.isEmpty else { return abbreviation }
        return "\(score) \(abbreviation)"
    }
}

extension DiagramNodes {
    /// The status of node `index`'s competitor in the match at its parent, or nil.
    @inline(__always)
    public func status(_ index: Int) -> MatchStatus? {
        guard !drawn.isEmpty, let word = drawn[AttributeSpec.statusColumn, index] else { return nil }
        return MatchStatus(rawValue: word)
    }
}

extension AttributeSpec {
    /// `status`'s column in `DiagramNodes.drawn`.
    static let statusColumn = AttributeSpec.status.drawnIndex!
}

extension DiagramResults {
    /// What the competitors' statuses say about a match.
    enum StatusDecision: Equatable {
        /// No competitor has a status: the other rules decide.
        case none
        /// Every competitor but this one did not finish: it advances.
        case winner(Int)
        /// Every competitor has a status (`status-on-every-side`), or more than one finished
        /// beside one that did not: statuses alone decide nothing among those that finished.
        case finishers([Int])
    }

    /// The match among `children` as the statuses decide it, kept apart from the score rules so
    /// that both can grow on their own: the competitors without a status are the ones that can
    /// advance. A hand-set `winner` still wins (the caller's rule), but a `winner` on a
    /// competitor with a status is a contradiction (`winner-with-status`); a match where every
    /// competitor has one advances no one (`status-on-every-side`).
    static func decideByStatus(
        _ children: [Int], flagged: Int?, nodes: DiagramNodes, attributes: [Int: NodeAttributes],
        diagnostics: inout [Diagnostic]
    ) -> StatusDecision {
        guard !nodes.drawn.isEmpty else { return .none }
        let finishers = children.filter { nodes.status($0) == nil }
        guard finishers.count < children.count else { return .none }
        if let flagged, let status = nodes.status(flagged) {
            diagnostics.append(Diagnostic(
                range: winnerRange(flagged, attributes, nodes) ?? nodes.idRanges[flagged], severity: .error,
                code: .winnerWithStatus,
                message: "'\(nodes.ids[flagged])' is marked the winner but \(status.phrase) (status=\(status.rawValue)); "
                    + "remove the flag or the status.",
                related: [RelatedLocation(range: statusRange(flagged, attributes, nodes) ?? nodes.idRanges[flagged],
                                          message: "the status")]))
        }
        if finishers.isEmpty {
            let first = children[0]
            diagnostics.append(Diagnostic(
                range: statusRange(first, attributes, nodes) ?? nodes.idRanges[first], severity: .warning,
                code: .statusOnEverySide,
                message: "Every competitor in this match has a status, so no one advances from it; "
                    + "remove the status of the one who went through.",
                related: children.dropFirst().map {
                    RelatedLocation(range: statusRange($0, attributes, nodes) ?? nodes.idRanges[$0], message: "another status")
                }))
            return .finishers([])
        }
        return finishers.count == 1 ? .winner(finishers[0]) : .finishers(finishers)
    }

    /// Where node `index`'s counted `status` is in the text, or nil.
    static func statusRange(_ index: Int, _ attributes: [Int: NodeAttributes], _ nodes: DiagramNodes) -> ByteRange? {
        attributes[index]?.statusRange?.shifted(by: nodes.ranges[index].start)
    }
}
