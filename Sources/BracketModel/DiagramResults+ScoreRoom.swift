import BracketSyntax

extension DiagramResults {
    /// `long-score` for the scores cut short, and `long-label` for the cards whose label fits alone but not beside its score slot (which
    /// the layout sizes with the same `CardTextFit`), so the warning and the "…" on the card
    /// agree for scored cards too. A label cut short even without a score already has its
    /// warning from the label scan (`SubtreeScan`); a derived label (a winner's name on its
    /// match's card) is reported at the card's score, which is what crowds it out. In a diagram
    /// with seeds every card also keeps `seedRoom` (`CardTextFit.seedRoom`) for the seed column,
    /// and a label cut only because of it is reported too.
    static func scoreRoomDiagnostics(
        _ nodes: DiagramNodes, fit: CardTextFit, attributes: [Int: NodeAttributes], labelRanges: [Int: ByteRange],
        seedRoom: Double = 0
    ) -> [Int: [Diagnostic]] {
        var diagnostics: [Int: [Diagnostic]] = [:]
        for index in 0..<nodes.count {
            let found = scoreRoomDiagnostics(index, nodes, fit: fit, attributes: attributes, labelRanges: labelRanges,
                                             seedRoom: seedRoom)
            if !found.isEmpty { diagnostics[index] = found }
        }
        return diagnostics
    }

    /// What card `index`'s score slot crowds out or cuts (one card: what a label edit redoes
    /// for the cards whose label it changed): `long-score` at the score when the score itself
    /// is drawn cut short, and the `long-label` of its label beside the slot.
    static func scoreRoomDiagnostics(
        _ index: Int, _ nodes: DiagramNodes, fit: CardTextFit, attributes: [Int: NodeAttributes],
        labelRanges: [Int: ByteRange], seedRoom: Double = 0
    ) -> [Diagnostic] {
        let slot = nodes.scores[index] != nil || nodes.isByes[index] || nodes.status(index) != nil
            ? fit.scoreSlot(of: nodes, index) : nil
        guard slot != nil || seedRoom > 0 else { return [] }
        var found: [Diagnostic] = []
        if let slot, slot.isCut {
            found.append(Diagnostic(
                range: scoreRange(index, attributes, nodes) ?? nodes.idRanges[index], severity: .warning,
                code: .longScore, message: fit.longScoreMessage))
        }
        let label = nodes.labels[index]
        let reserved = seedRoom + (slot.map { CardTextFit.scoreRoom($0.width) } ?? 0)
        guard fit.singleLineWidth(label, reserving: reserved) == nil, !label.isEmpty,
            fit.wrap(label, reserving: reserved).isTruncated, !fit.isTruncated(label)
        else { return found }
        let range = nodes.hasExplicitLabels[index]
            ? labelRange(index, labelRanges, nodes) ?? nodes.idRanges[index]
            : scoreRange(index, attributes, nodes) ?? nodes.idRanges[index]
        let message = seedRoom == 0 ? fit.longLabelMessage(beside: "its score", crowding: "the score")
            : slot == nil ? fit.longLabelMessage(beside: "the seed column", crowding: "the seeds")
            : fit.longLabelMessage(beside: "the seed column and its score", crowding: "the seeds or the score")
        found.append(Diagnostic(range: range, severity: .warning, code: .longLabel, message: message))
        return found
    }
}
