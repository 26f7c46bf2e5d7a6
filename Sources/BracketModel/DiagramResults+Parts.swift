import BracketSyntax

/// A match decided by its parts (`ScoreParts`): what the parts say, apart from the `winner`
/// flag, which still wins when it is written (`DiagramResults.decide` weighs the two).
struct PartsVerdict {
    /// The child the parts give the match to, nil while they decide nothing yet.
    var winner: Int?
}

extension DiagramResults {
    /// The winner by parts among `children` (called when some child has `sets`, `legs` or
    /// `pens`), and the problems the parts show: a part that is not a number
    /// (`part-not-a-number`), sides with different numbers of parts (`parts-mismatch`), a level
    /// aggregate with no shoot-out (`level-without-decider`). How the match is decided is
    /// inferred from what is written (`ScoreParts.decider`): sets won, the aggregate over the
    /// legs, or points; a shoot-out decides a level aggregate or a level score.
    static func decideByParts(
        _ children: [Int], nodes: DiagramNodes, attributes: [Int: NodeAttributes], diagnostics: inout [Diagnostic]
    ) -> PartsVerdict {
        let decider = ScoreParts.decider(of: children, nodes)
        var parsed: [ParsedParts] = []
        for child in children {
            guard let parts = ScoreParts.parsed(nodes, child, decider: decider) else {
                diagnostics.append(Diagnostic(
                    range: partsRange(child, attributes, nodes), severity: .error, code: .partNotANumber,
                    message: "'\(nodes.ids[child])' has a part that is not a whole number; write each part as digits, a set's tie-break in parentheses, as in \(AttributeSpec.sets.usage)."))
                return PartsVerdict(winner: nil)
            }
            parsed.append(parts)
        }
        switch decider {
        case .points:
            let points = parsed.map(\.points)
            guard !points.contains(where: { $0 == nil }) else { return PartsVerdict(winner: nil) }
            let totals = points.map { $0! }
            return decideLevel(children, totals: totals, parsed, nodes: nodes, attributes: attributes,
                               diagnostics: &diagnostics, warnWhenLevel: false)
        case .sets, .aggregate:
            guard !parsed.contains(where: { $0.values.isEmpty }) else { return PartsVerdict(winner: nil) }
            let counts = parsed.map(\.values.count)
            if let odd = counts.firstIndex(where: { $0 != counts[0] }) {
                diagnostics.append(Diagnostic(
                    range: partsRange(children[odd], attributes, nodes), severity: .warning, code: .partsMismatch,
                    message: "'\(nodes.ids[children[odd]])' has \(partCount(counts[odd], decider)) but '\(nodes.ids[children[0]])' has \(partCount(counts[0], decider)); give both sides the same number of parts.",
                    related: [RelatedLocation(range: partsRange(children[0], attributes, nodes), message: "the other side's parts")]))
                return PartsVerdict(winner: nil)
            }
            if decider == .aggregate {
                return decideLevel(children, totals: parsed.map { Double($0.total) }, parsed, nodes: nodes,
                                   attributes: attributes, diagnostics: &diagnostics, warnWhenLevel: true)
            }
            var won = [Double](repeating: 0, count: children.count)
            for set in 0..<counts[0] {
                if let best = uniqueMaximum(parsed.map { Double($0.values[set]) }) { won[best] += 1 }
            }
            return PartsVerdict(winner: uniqueMaximum(won).map { children[$0] })
        }
    }

    /// The child with the single highest total, else, among those level at the top, the single
    /// highest shoot-out when each of them has one. A level total that nothing decides is a
    /// `level-without-decider` when `warnWhenLevel` (an aggregate over legs all played).
    private static func decideLevel(
        _ children: [Int], totals: [Double], _ parsed: [ParsedParts], nodes: DiagramNodes,
        attributes: [Int: NodeAttributes], diagnostics: inout [Diagnostic], warnWhenLevel: Bool
    ) -> PartsVerdict {
        if let best = uniqueMaximum(totals) { return PartsVerdict(winner: children[best]) }
        let top = totals.max() ?? 0
        let level = totals.indices.filter { totals[$0] == top }
        let pens = level.map { parsed[$0].pens }
        if !pens.contains(where: { $0 == nil }), let best = uniqueMaximum(pens.map { Double($0!) }) {
            return PartsVerdict(winner: children[level[best]])
        }
        if warnWhenLevel || pens.contains(where: { $0 != nil }) {
            let first = children[level[0]]
            diagnostics.append(Diagnostic(
                range: partsRange(first, attributes, nodes), severity: .warning, code: .levelWithoutDecider,
                message: "The match is level and nothing decides it: give each side its shoot-out (\(AttributeSpec.pens.usage)), or flag the side that went through with 'winner'."))
        }
        return PartsVerdict(winner: nil)
    }

    /// "1 leg", "3 sets".
    private static func partCount(_ count: Int, _ decider: MatchDecider) -> String {
        let noun = decider == .sets ? "set" : "leg"
        return "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The position of the single largest value, nil when it is shared or there is none.
    static func uniqueMaximum(_ values: [Double]) -> Int? {
        guard let best = values.max(), values.filter({ $0 == best }).count == 1 else { return nil }
        return values.firstIndex(of: best)
    }

    /// Where node `index`'s first result part is in the text, else its `score`, else its ID.
    static func partsRange(_ index: Int, _ attributes: [Int: NodeAttributes], _ nodes: DiagramNodes) -> ByteRange {
        attributes[index]?.partsRange?.shifted(by: nodes.ranges[index].start)
            ?? scoreRange(index, attributes, nodes) ?? nodes.idRanges[index]
    }

    /// `winner-contradicts-parts`: the flagged winner is not the side its parts give the match to.
    static func partsContradiction(
        flagged: Int, byParts: Int, attributes: [Int: NodeAttributes], nodes: DiagramNodes
    ) -> Diagnostic {
        Diagnostic(
            range: winnerRange(flagged, attributes, nodes) ?? nodes.idRanges[flagged], severity: .error,
            code: .winnerContradictsParts,
            message: "'\(nodes.ids[flagged])' is marked the winner but the result gives the match to '\(nodes.ids[byParts])'; move 'winner' or correct the result.",
            related: [RelatedLocation(range: partsRange(byParts, attributes, nodes), message: "the result that says otherwise")])
    }
}
