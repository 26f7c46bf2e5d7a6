import BracketSyntax

extension DiagramResults {
    /// `long-label` for the cards whose label fits alone but not beside its score slot (which
    /// the layout sizes with the same `CardTextFit`), so the warning and the "…" on the card
    /// agree for scored cards too. A label cut short even without a score already has its
    /// warning from the label scan (`SubtreeScan`); a derived label (a winner's name on its
    /// match's card) is reported at the card's score, which is what crowds it out.
    static func scoreRoomDiagnostics(
        _ nodes: DiagramNodes, fit: CardTextFit, attributes: [Int: NodeAttributes], labelRanges: [Int: ByteRange]
    ) -> [Int: Diagnostic] {
        var diagnostics: [Int: Diagnostic] = [:]
        for index in 0..<nodes.count {
            if let found = scoreRoomDiagnostic(index, nodes, fit: fit, attributes: attributes, labelRanges: labelRanges) {
                diagnostics[index] = found
            }
        }
        return diagnostics
    }

    /// The `long-label` of card `index` beside its score slot, or nil (one card: what a label
    /// edit redoes for the cards whose label it changed).
    static func scoreRoomDiagnostic(
        _ index: Int, _ nodes: DiagramNodes, fit: CardTextFit, attributes: [Int: NodeAttributes],
        labelRanges: [Int: ByteRange]
    ) -> Diagnostic? {
        guard nodes.scores[index] != nil || nodes.isByes[index] || nodes.status(index) != nil, let slot = fit.scoreSlot(of: nodes, index) else {
            return nil
        }
        let label = nodes.labels[index]
        let reserved = CardTextFit.scoreRoom(slot.width)
        guard fit.singleLineWidth(label, reserving: reserved) == nil, !label.isEmpty,
            fit.wrap(label, reserving: reserved).isTruncated, !fit.isTruncated(label)
        else { return nil }
        let range = nodes.hasExplicitLabels[index]
            ? labelRange(index, labelRanges, nodes) ?? nodes.idRanges[index]
            : scoreRange(index, attributes, nodes) ?? nodes.idRanges[index]
        return Diagnostic(range: range, severity: .warning, code: .longLabel, message: fit.longLabelBesideScoreMessage)
    }
}
