import BracketSyntax

/// What a node's `score`, `winner` and `edge` attributes say, as read while building the diagram;
/// the ranges are for the results pass's diagnostics. Kept (`ResultsState`) with the ranges
/// relative to their node's start (`anchored(at:)`), so an edit moves only the edited node's:
/// the results pass reads them through `DiagramResults.scoreRange` and its siblings.
struct NodeAttributes: Equatable {
    var score: String?
    var scoreRange: ByteRange?
    var winnerRange: ByteRange?
    /// The first result part written (`sets`, `legs`, `pens`, `aet`), for the results' diagnostics.
    var partsRange: ByteRange?
    var edgeLabel: String?
    /// Where the counted `status` is (its value is in `drawn`): a status decides a match.
    var statusRange: ByteRange?
    /// The attributes stored `.drawn`, at their `AttributeSpec.drawnIndex` as
    /// `AttributeGrammar.stored` gives them; empty when the node has none.
    var drawn: [String?] = []

    /// Reads a node's attribute list; the first of a repeated attribute counts, as the
    /// `duplicate-attribute` warning says, and a value of the wrong kind is left out, as
    /// `unexpected-attribute-value` says.
    init(_ list: AttributesSyntax, source: [UInt8]) {
        var seenDrawn: Set<Int> = []
        for attribute in list.attributes {
            let key = String(decoding: source[attribute.key.start..<attribute.key.end], as: UTF8.self)
            guard let spec = AttributeSpec(name: key) else { continue }
            let value = attribute.value.map { Self.text(of: $0, source: source) }
            switch spec.storage {
            case .score where scoreRange == nil && value != nil:
                score = value
                scoreRange = attribute.range
            case .winner where winnerRange == nil && attribute.equals == nil:
                winnerRange = attribute.range
            case .edgeLabel where edgeLabel == nil:
                edgeLabel = value
            case .drawn, .scorePart:
                // A result part counts as the first of a repeat does, and says the node records one.
                if spec.storage == .scorePart, partsRange == nil, attribute.equals == nil ? spec.grammar == .flag : value != nil {
                    partsRange = attribute.range
                }
                guard let index = spec.drawnIndex, seenDrawn.insert(index).inserted,
                      let stored = spec.grammar == .flag
                        ? (attribute.equals == nil ? spec.name : nil) : value.flatMap(spec.grammar.stored)
                else { continue }
                if drawn.isEmpty { drawn = [String?](repeating: nil, count: AttributeSpec.drawn.count) }
                drawn[index] = stored
                if spec.grammar == .status { statusRange = attribute.range }
            default:
                break
            }
        }
    }

    /// A word as written; a string's text with its escapes resolved.
    static func text(of value: (kind: TokenKind, range: ByteRange), source: [UInt8]) -> String {
        let bytes = source[value.range.start..<value.range.end]
        return value.kind == .string ? LabelText(token: bytes).value : String(decoding: bytes, as: UTF8.self)
    }

    /// The `status` it gives, if any.
    var status: MatchStatus? {
        drawn.isEmpty ? nil : drawn[AttributeSpec.statusColumn].flatMap(MatchStatus.init(rawValue:))
    }

    var recordsResult: Bool { scoreRange != nil || winnerRange != nil || statusRange != nil || partsRange != nil }

    /// These attributes with their ranges relative to `start` (their node's first byte).
    func anchored(at start: Int) -> NodeAttributes {
        withRanges { $0.shifted(by: -start) }
    }

    /// These attributes after an edit of their node's header that replaced `edit` (relative to
    /// the node's start, as the ranges are) and changed the length by `delta`.
    func moved(after edit: ByteRange, by delta: Int) -> NodeAttributes {
        withRanges { $0.moved(after: edit, by: delta) }
    }

    /// These attributes with `change` applied to every range they keep: the one list of them.
    private func withRanges(_ change: (ByteRange) -> ByteRange) -> NodeAttributes {
        var copy = self
        copy.scoreRange = scoreRange.map(change)
        copy.winnerRange = winnerRange.map(change)
        copy.statusRange = statusRange.map(change)
        copy.partsRange = partsRange.map(change)
        return copy
    }
}

/// What results mean, worked out over a diagram's pre-order columns in one pass from the last
/// node to the first (children come after their parent, so each match is decided before the
/// match above it). No recursion, and each node is visited once as a child and once as a parent.
///
/// A match is a parent and its children. Its winner is the child flagged `winner`, or, with no
/// flag, the single highest score when every child's score is a number; a parent with one child
/// is a bye and that child advances. A parent without its own label shows its winner's label,
/// so in a knockout every name is written once, at its leaf; with no winner yet it is pending
/// and shows "To be decided". All of this applies only when the tree records results (some node
/// has `score` or `winner`): a plain tree keeps its labels, and its single children are no byes.
enum DiagramResults {
    static let pendingLabel = "To be decided"

    /// Fills the result columns of `nodes` and returns the problems the results show
    /// (contradictions, a label that names someone other than the winner, results on a root),
    /// keyed by the node whose match (or, for a root, whose own attributes) they are about, so
    /// that a one-token edit can work out again only the matches it reaches (`resolveMatch`).
    static func resolve(
        _ nodes: inout DiagramNodes, attributes: [Int: NodeAttributes], labelRanges: [Int: ByteRange]
    ) -> [Int: [Diagnostic]] {
        for (index, node) in attributes {
            nodes.setAttributes(of: index, node)
        }
        let count = nodes.count
        for index in 0..<count where nodes.childCounts[index] == 0 { nodes.entrants[index] = Int32(index) }
        guard attributes.values.contains(where: \.recordsResult) else { return [:] }

        var found: [Int: [Diagnostic]] = [:]
        var children: [Int] = []
        var index = count
        while index > 0 {
            index -= 1
            let diagnostics = resolveMatch(index, &nodes, attributes: attributes, labelRanges: labelRanges,
                                           children: &children)
            if !diagnostics.isEmpty { found[index] = diagnostics }
        }
        return found
    }

    /// Decides the match at node `index` (its children already decided: they come after it),
    /// sets its outcome and its derived label, and returns the problems it shows. Deciding it
    /// again after an edit that changed no score and no flag gives the same outcome, so only
    /// the derived label and the messages (which name IDs and labels) can change: that is what
    /// `Document` relies on to redo only the matches an edited ID or label reaches.
    /// `children` is scratch space, kept by the caller across calls.
    static func resolveMatch(
        _ index: Int, _ nodes: inout DiagramNodes, attributes: [Int: NodeAttributes], labelRanges: [Int: ByteRange],
        children: inout [Int]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if nodes.parents[index] < 0, let root = attributes[index] {
            let start = nodes.ranges[index].start
            for range in [root.scoreRange, root.winnerRange, root.statusRange].compactMap({ $0?.shifted(by: start) }) {
                diagnostics.append(Diagnostic(
                    range: range, severity: .warning, code: .resultOnRoot,
                    message: "'\(nodes.ids[index])' is the root: no match is decided above it, so this result means nothing."))
            }
        }
        guard nodes.childCounts[index] > 0 else { return diagnostics }
        children.removeAll(keepingCapacity: true)
        var child = index + 1
        while child < Int(nodes.subtreeEnds[index]) {
            children.append(child)
            child = Int(nodes.subtreeEnds[child])
        }
        let winner = decide(children, nodes: nodes, attributes: attributes, diagnostics: &diagnostics)
        if children.count == 1 { nodes.isByes[children[0]] = true }
        if let winner {
            nodes.setWinner(winner)
            nodes.entrants[index] = nodes.entrants[winner]
        }
        let decided = nodes.entrants[index] >= 0
        nodes.setPending(!decided, of: index)
        if !nodes.hasExplicitLabels[index] {
            nodes.setLabel(decided ? nodes.labels[winner ?? index] : pendingLabel, of: index)
        } else if decided, let winner, nodes.labels[index] != nodes.labels[winner],
                  let range = labelRange(index, labelRanges, nodes) {
            diagnostics.append(Diagnostic(
                range: range, severity: .warning, code: .labelContradictsWinner,
                message: "This label says '\(nodes.labels[index])' but '\(nodes.labels[winner])' won this match; remove the label to show the winner.",
                related: [RelatedLocation(range: nodes.idRanges[winner], message: "the winner")]))
        }
        return diagnostics
    }

    /// The child that wins the match among `children`, or nil while it is undecided.
    private static func decide(
        _ children: [Int], nodes: DiagramNodes, attributes: [Int: NodeAttributes], diagnostics: inout [Diagnostic]
    ) -> Int? {
        if children.count == 1 { return children[0] }
        let flagged = children.filter { attributes[$0]?.winnerRange != nil }
        let scores = children.map { child in nodes.scores[child].flatMap(number) }
        let byStatus = decideByStatus(children, flagged: flagged.first, nodes: nodes, attributes: attributes,
                                      diagnostics: &diagnostics)
        // Sets, legs or a shoot-out decide by their own rule (DiagramResults+Parts.swift), unless
        // a status already did: a retirement's sets are unfinished by nature.
        let byParts = byStatus == .none && children.contains { ScoreParts.hasParts(nodes, $0) }
            ? decideByParts(children, nodes: nodes, attributes: attributes, diagnostics: &diagnostics) : nil
        if let first = flagged.first {
            for other in flagged.dropFirst() {
                diagnostics.append(Diagnostic(
                    range: winnerRange(other, attributes, nodes) ?? nodes.idRanges[other], severity: .error,
                    code: .multipleWinners,
                    message: "Only one competitor can win a match; '\(nodes.ids[first])' is already marked the winner.",
                    related: [RelatedLocation(range: winnerRange(first, attributes, nodes) ?? nodes.idRanges[first], message: "the first winner")]))
            }
            if let position = children.firstIndex(of: first), let own = scores[position] {
                for (sibling, score) in zip(children, scores) where sibling != first {
                    guard let score, score > own else { continue }
                    diagnostics.append(Diagnostic(
                        range: winnerRange(first, attributes, nodes) ?? nodes.idRanges[first], severity: .error,
                        code: .winnerWithLowerScore,
                        message: "'\(nodes.ids[first])' is marked the winner with \(nodes.scores[first] ?? "") but '\(nodes.ids[sibling])' scored \(nodes.scores[sibling] ?? "").",
                        related: [RelatedLocation(range: scoreRange(sibling, attributes, nodes) ?? nodes.idRanges[sibling], message: "the higher score")]))
                    break
                }
            }
            if let byParts, let shown = byParts.winner, shown != first {
                diagnostics.append(partsContradiction(flagged: first, byParts: shown, attributes: attributes, nodes: nodes))
            }
            return first
        }
        // No flag: the one competitor left when the others did not finish, else the single
        // highest score among those that finished, when every such score is a number.
        var contenders = children, counted = scores
        switch byStatus {
        case .none: if let byParts { return byParts.winner }
        case .winner(let winner): return winner
        case .finishers(let finishers):
            contenders = finishers
            counted = finishers.map { child in nodes.scores[child].flatMap(number) }
        }
        guard !contenders.isEmpty, !counted.contains(where: { $0 == nil }) else { return nil }
        let values = counted.compactMap { $0 }
        guard let best = values.max(), values.filter({ $0 == best }).count == 1,
            let position = values.firstIndex(of: best)
        else { return nil }
        return contenders[position]
    }

    /// Where node `index`'s counted `score` is in the text (`attributes` are anchored at their
    /// nodes' starts), or nil.
    static func scoreRange(_ index: Int, _ attributes: [Int: NodeAttributes], _ nodes: DiagramNodes) -> ByteRange? {
        attributes[index]?.scoreRange?.shifted(by: nodes.ranges[index].start)
    }

    /// The same for its `winner` flag.
    static func winnerRange(_ index: Int, _ attributes: [Int: NodeAttributes], _ nodes: DiagramNodes) -> ByteRange? {
        attributes[index]?.winnerRange?.shifted(by: nodes.ranges[index].start)
    }

    /// The same for its label token (`labelRanges` anchored the same way).
    static func labelRange(_ index: Int, _ labelRanges: [Int: ByteRange], _ nodes: DiagramNodes) -> ByteRange? {
        labelRanges[index]?.shifted(by: nodes.ranges[index].start)
    }

    /// A score as a number: plain decimal digits with at most one point (`3`, `40.5`); anything
    /// else (`6–4 7–5`, `w/o`) is a score only a `winner` flag can decide.
    static func number(_ text: String) -> Double? {
        var digits = 0
        var points = 0
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 { digits += 1 } else if byte == 0x2E { points += 1 } else { return nil }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(text)
    }
}
