/// Results in parts, as sports print them (docs/language.md, "Scores in parts"): tennis sets
/// (`sets="6 4 6 7(4)"`, a tie-break's points raised), football's two legs and their aggregate
/// (`legs="3 1"`), a shoot-out (`pens=4`) and extra time (`aet` on the match's node).
///
/// The values live in `DiagramNodes.drawn` (storage `.scorePart`); this file reads them, says
/// how a match is decided by them (`MatchDecider`) and what a card's score slot draws, part by
/// part (`ScoreParts.drawn`), so the layout, the writers and the results pass agree.
public enum MatchDecider: String, Sendable, Hashable {
    /// The higher score wins (`score`), a shoot-out (`pens`) when the scores are level.
    case points
    /// More sets won wins (`sets`): a set goes to the higher number of games in it.
    case sets
    /// The higher total over the legs wins (`legs`), a shoot-out when it is level.
    case aggregate
}

/// One part of a card's score slot as drawn: its text, a raised text after it (a tie-break's
/// points, "aet"), and what kind of part it is.
public struct ScorePart: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// A plain score (`score` beside a shoot-out or extra time).
        case points
        /// The games of one set.
        case set
        /// The goals of one leg.
        case leg
        /// The total over the legs.
        case aggregate
        /// A shoot-out's penalties, drawn "(4)".
        case shootout
        /// The abbreviation of a competitor that did not finish ("ret.", "w/o": `status`).
        case status
    }

    public var text: String
    public var raised: String?
    public var kind: Kind

    public init(text: String, raised: String? = nil, kind: Kind) {
        self.text = text
        self.raised = raised
        self.kind = kind
    }
}

/// A competitor's parts, parsed: the numbers each part holds (games per set, goals per leg),
/// a set's tie-break points, and the shoot-out.
public struct ParsedParts: Sendable, Hashable {
    public var decider: MatchDecider
    public var values: [Int]
    public var tieBreaks: [Int?]
    public var pens: Int?
    /// The score as a number, for `points` (nil when it is not one).
    public var points: Double?

    /// What decides the match: the aggregate over legs, sets won, or points.
    public var total: Int { values.reduce(0, +) }
}

public enum ScoreParts {
    static let setsColumn = AttributeSpec.sets.drawnIndex!
    static let legsColumn = AttributeSpec.legs.drawnIndex!
    static let pensColumn = AttributeSpec.pens.drawnIndex!
    static let aetColumn = AttributeSpec.aet.drawnIndex!

    /// Whether node `index` records a part of a result as a competitor (`sets`, `legs`, `pens`).
    public static func hasParts(_ nodes: DiagramNodes, _ index: Int) -> Bool {
        guard !nodes.drawn.isEmpty else { return false }
        return nodes.drawn[setsColumn, index] != nil || nodes.drawn[legsColumn, index] != nil
            || nodes.drawn[pensColumn, index] != nil
    }

    /// Whether the match node `index` decides went to extra time (`aet` on it).
    public static func afterExtraTime(_ nodes: DiagramNodes, _ index: Int) -> Bool {
        !nodes.drawn.isEmpty && nodes.drawn[aetColumn, index] != nil
    }

    /// Whether card `index`'s slot is drawn in parts: it has parts of its own, or its match
    /// (its parent's) went to extra time and it has a score.
    public static func isDrawnInParts(_ nodes: DiagramNodes, _ index: Int) -> Bool {
        guard !nodes.drawn.isEmpty else { return false }
        if hasParts(nodes, index) { return true }
        let parent = Int(nodes.parents[index])
        return parent >= 0 && nodes.scores[index] != nil && afterExtraTime(nodes, parent)
    }

    /// Node `index`'s `sets`, `legs`, `pens` and `aet` as stored, to tell whether an edit changed them.
    static func values(_ nodes: DiagramNodes, _ index: Int) -> [String?] {
        guard !nodes.drawn.isEmpty else { return [] }
        return [setsColumn, legsColumn, pensColumn, aetColumn].map { nodes.drawn[$0, index] }
    }

    /// Whether any node of `nodes` has a part or an `aet` (one look per row; nothing while no
    /// node has a drawn attribute at all).
    public static func anyParts(_ nodes: DiagramNodes) -> Bool {
        guard !nodes.drawn.isEmpty else { return false }
        for index in 0..<nodes.count where hasParts(nodes, index) || afterExtraTime(nodes, index) { return true }
        return false
    }

    /// The whole numbers of a `legs` value ("3 1"), or nil when a part is not one.
    static func numbers(_ text: String) -> [Int]? {
        guard let parsed = sets(text), !parsed.tieBreaks.contains(where: { $0 != nil }) else { return nil }
        return parsed.games
    }

    /// The games and tie-breaks of a `sets` value ("6 4 6 7(4)"), or nil when a part is not a
    /// number with, at most, a number in parentheses after it. One pass over the bytes (every
    /// match of a big draw reads its sides' sets while it is decided and laid out).
    static func sets(_ text: String) -> (games: [Int], tieBreaks: [Int?])? {
        var games: [Int] = [], tieBreaks: [Int?] = []
        var utf8 = text.utf8.makeIterator()
        var byte = utf8.next()
        /// Reads one to six digits at `byte`.
        func number() -> Int? {
            var value = 0, digits = 0
            while let digit = byte, digit >= 0x30, digit <= 0x39 {
                value = value * 10 + Int(digit - 0x30)
                digits += 1
                byte = utf8.next()
            }
            return digits > 0 && digits <= 6 ? value : nil
        }
        while true {
            while byte == 0x20 || byte == 0x09 { byte = utf8.next() }
            guard byte != nil else { break }
            guard let value = number() else { return nil }
            var tieBreak: Int?
            if byte == 0x28 {  // "("
                byte = utf8.next()
                guard let points = number(), byte == 0x29 else { return nil }
                byte = utf8.next()
                tieBreak = points
            }
            guard byte == nil || byte == 0x20 || byte == 0x09 else { return nil }
            games.append(value)
            tieBreaks.append(tieBreak)
        }
        return (games, tieBreaks)
    }

    /// One to six ASCII digits as a number.
    static func wholeNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 6, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    /// What decides the match among `children`: sets when one of them has `sets`, the
    /// aggregate when one has `legs`, else points. Inferred from the attributes written.
    static func decider(of children: [Int], _ nodes: DiagramNodes) -> MatchDecider {
        guard !nodes.drawn.isEmpty else { return .points }
        if children.contains(where: { nodes.drawn[setsColumn, $0] != nil }) { return .sets }
        if children.contains(where: { nodes.drawn[legsColumn, $0] != nil }) { return .aggregate }
        return .points
    }

    /// Child `index`'s parts read for `decider`, or nil when one of them is not a number (a
    /// part missing is an empty list: that result is still to come).
    static func parsed(_ nodes: DiagramNodes, _ index: Int, decider: MatchDecider) -> ParsedParts? {
        var parts = ParsedParts(decider: decider, values: [], tieBreaks: [], pens: nil, points: nil)
        if let pens = nodes.drawn[pensColumn, index] {
            guard let value = wholeNumber(Substring(pens)) else { return nil }
            parts.pens = value
        }
        switch decider {
        case .sets:
            guard let text = nodes.drawn[setsColumn, index] else { return parts }
            guard let sets = sets(text) else { return nil }
            (parts.values, parts.tieBreaks) = (sets.games, sets.tieBreaks)
        case .aggregate:
            guard let text = nodes.drawn[legsColumn, index] else { return parts }
            guard let legs = numbers(text) else { return nil }
            parts.values = legs
            parts.tieBreaks = legs.map { _ in nil }
        case .points:
            parts.points = nodes.scores[index].flatMap(DiagramResults.number)
        }
        return parts
    }

    /// What card `index`'s slot draws, part by part: its score (or its sets, or its legs and
    /// their aggregate), "aet" raised after the score of a match that went to extra time, and
    /// "(4)" for a shoot-out. Nil for a card whose slot is not drawn in parts.
    /// In a tree that has parts somewhere (`inPartsTree`), a plain score is drawn as a slot of
    /// one part too, so it takes its level's first column like the others' first part.
    public static func drawn(_ nodes: DiagramNodes, _ index: Int, inPartsTree: Bool = false) -> [ScorePart]? {
        guard isDrawnInParts(nodes, index) || (inPartsTree && nodes.scores[index].map { !$0.isEmpty } == true)
        else { return nil }
        var parts: [ScorePart] = []
        if let text = nodes.drawn[setsColumn, index] {
            if let sets = sets(text) {
                for (games, tieBreak) in zip(sets.games, sets.tieBreaks) {
                    parts.append(ScorePart(text: String(games), raised: tieBreak.map(String.init), kind: .set))
                }
            } else {
                parts.append(ScorePart(text: text, kind: .set))
            }
        } else if let text = nodes.drawn[legsColumn, index] {
            if let legs = numbers(text) {
                for leg in legs { parts.append(ScorePart(text: String(leg), kind: .leg)) }
                if legs.count > 1 { parts.append(ScorePart(text: String(legs.reduce(0, +)), kind: .aggregate)) }
            } else {
                parts.append(ScorePart(text: text, kind: .leg))
            }
        } else if let score = nodes.scores[index], !score.isEmpty {
            parts.append(ScorePart(text: score, kind: .points))
        }
        let parent = Int(nodes.parents[index])
        if parent >= 0, afterExtraTime(nodes, parent), !parts.isEmpty {
            parts[parts.count - 1].raised = "aet"
        }
        if let pens = nodes.drawn[pensColumn, index] {
            parts.append(ScorePart(text: "(" + pens + ")", kind: .shootout))
        }
        if let status = nodes.status(index), !parts.isEmpty {
            parts.append(ScorePart(text: status.abbreviation, kind: .status))
        }
        return parts.isEmpty ? nil : parts
    }

    /// The parts as one line of text, for the accessible name, DOT and the slot's `text`:
    /// "6 4 6 7(4)", "3 1 4", "3 aet (4)".
    public static func spelled(_ parts: [ScorePart]) -> String {
        var out = ""
        for part in parts {
            if !out.isEmpty { out += " " }
            out += part.text
            if let raised = part.raised { out += raised == "aet" ? " aet" : "(" + raised + ")" }
        }
        return out
    }
}

extension ScoreParts {
    /// The match decided at node `match` as a line of text, the way a results page prints it
    /// (hover, the page's sentence): "Argentina 3–3 France, a.e.t., 4–2 on penalties",
    /// "Carlos Alcaraz 1–6 7–6(8–6) 6–1 3–6 6–4 Novak Djokovic", "Manchester City 1–1 4–0
    /// Real Madrid, 5–1 on aggregate". Nil unless two competitors played it and both have a
    /// result written.
    public static func matchLine(_ nodes: DiagramNodes, _ match: Int) -> String? {
        guard nodes.childCounts[match] == 2 else { return nil }
        let a = match + 1, b = Int(nodes.subtreeEnds[a])
        guard b < Int(nodes.subtreeEnds[match]) else { return nil }
        let names = (nodes.labels[a], nodes.labels[b])
        let decider = decider(of: [a, b], nodes)
        var middle: String
        var after: [String] = []
        switch decider {
        case .points:
            guard let x = nodes.scores[a], let y = nodes.scores[b] else { return nil }
            middle = x + "–" + y
        case .sets:
            guard let x = nodes.drawn[setsColumn, a].flatMap(sets), let y = nodes.drawn[setsColumn, b].flatMap(sets),
                  x.games.count == y.games.count else { return nil }
            middle = zip(x.games.indices, y.games.indices).map { i, j in
                let tieBreak = x.tieBreaks[i].flatMap { p in y.tieBreaks[j].map { "(\(p)–\($0))" } } ?? ""
                return "\(x.games[i])–\(y.games[j])" + tieBreak
            }.joined(separator: " ")
        case .aggregate:
            guard let x = nodes.drawn[legsColumn, a].flatMap(numbers), let y = nodes.drawn[legsColumn, b].flatMap(numbers),
                  x.count == y.count else { return nil }
            middle = zip(x, y).map { "\($0)–\($1)" }.joined(separator: " ")
            if x.count > 1 { after.append("\(x.reduce(0, +))–\(y.reduce(0, +)) on aggregate") }
        }
        if afterExtraTime(nodes, match) { after.append("a.e.t.") }
        if let x = nodes.drawn.isEmpty ? nil : nodes.drawn[pensColumn, a],
           let y = nodes.drawn.isEmpty ? nil : nodes.drawn[pensColumn, b] {
            after.append("\(x)–\(y) on penalties")
        }
        return ([names.0 + " " + middle + " " + names.1] + after).joined(separator: ", ")
    }
}

extension DiagramNodes {
    /// What card `index`'s score slot says as one line of text, before any measuring: its parts
    /// spelled out ("6 4 6 7(4)", "6(8) 6 ret.", "3 aet (4)"), else its score followed by its
    /// status's abbreviation ("2 ret.", "w/o"), else its score; nil when there is none (a bye's
    /// slot is each writer's own). Writers that do not measure (the text diagram) draw this.
    public func slotText(_ index: Int) -> String? {
        if let parts = ScoreParts.drawn(self, index) { return ScoreParts.spelled(parts) }
        if let status = status(index) { return status.slotText(after: scores[index]) }
        if let score = scores[index], !score.isEmpty { return score }
        return nil
    }
}
