import BracketSyntax

/// The attributes a node may carry in `[ … ]`, and whether each takes a value: the one list the
/// diagnostics, the diagram, completion and quick fixes read.
public enum AttributeSpec: String, CaseIterable, Sendable {
    /// `score=V`: what this node's competitor made in the match decided at its parent.
    case score
    /// `winner`: this node won the match decided at its parent.
    case winner
    /// `edge=V`: a label on the connector from this node to its parent.
    case edge

    /// Whether the attribute is written `key=value` (true) or as a bare flag (false).
    public var takesValue: Bool {
        switch self {
        case .score, .edge: true
        case .winner: false
        }
    }

    /// How the attribute is written, for messages and completion.
    public var usage: String {
        switch self {
        case .score: "score=3 or score=\"6–4 7–5\""
        case .winner: "winner"
        case .edge: "edge=yes or edge=\"≥ 5 years\""
        }
    }

    /// One sentence saying what it means, for hover and completion.
    public var summary: String {
        switch self {
        case .score: "The score this node's competitor made in the match at its parent."
        case .winner: "This node won the match decided at its parent."
        case .edge: "A label on the connector from this node to its parent."
        }
    }

    /// Whether the attribute records a result (a diagram with any of these is a results bracket).
    var isResult: Bool { self != .edge }
}

/// The known name nearest to a mistyped one, for "did you mean" messages and quick fixes.
public enum NearestName {
    /// The candidate within `maxDistance` edits (insertions, deletions, substitutions of Unicode
    /// scalars; case ignored) of `name`, the first of the closest; nil when none is close.
    public static func nearest(to name: String, in candidates: [String], maxDistance: Int = 2) -> String? {
        let typed = Array(name.lowercased().unicodeScalars)
        // A name far longer than every candidate cannot be within reach: skip the table.
        guard typed.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
            if distance <= maxDistance, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance, one row at a time.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
