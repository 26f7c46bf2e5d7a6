import BracketSyntax

/// The node attributes, declared once: every attribute a node may carry in `[ … ]` is one entry
/// of `AttributeSpec.all`, and the diagnostics (unknown, duplicate, missing or unexpected value,
/// a value of the wrong kind), completion, hover, storage (`DiagramNodes.drawn`), the preview
/// diff's comparison and every writer's generic output (SVG card classes, geometry JSON key,
/// DOT attribute, the preview page's attribute columns) read it. `score`, `winner` and `edge`
/// keep their own semantics (results, edge labels that take room in the layout) where they
/// must; an attribute stored `.drawn` needs nothing beyond its entry here (ARCHITECTURE.md,
/// "Adding an attribute").
public struct AttributeSpec: Sendable, Hashable {
    /// The name as written: `score` in `[score=3]`.
    public let name: String
    /// What its value looks like.
    public let grammar: AttributeGrammar
    /// Where it means something.
    public let place: AttributePlace
    /// How the attribute is written, for messages, completion and docs.
    public let usage: String
    /// One sentence saying what it means, for hover, completion and docs.
    public let summary: String
    /// Whether a change of it can move or resize anything (else it is only drawn).
    public let changesLayout: Bool
    /// Where the diagram keeps it.
    public let storage: AttributeStorage
    /// How each output shows it.
    public let outputs: AttributeOutputs
    /// An attribute list that sets it, for tests and examples (`score=3`).
    public let example: String

    /// Every attribute, in the order completion offers them.
    public static let all: [AttributeSpec] = [score, winner, edge, `class`, status, sets, legs, pens, aet, seed, entry, note, color]

    /// `score=V`: what this node's competitor made in the match decided at its parent.
    public static let score = AttributeSpec(
        name: "score", grammar: .text, place: .child,
        usage: "score=3 or score=\"6–4 7–5\"",
        summary: "The score this node's competitor made in the match at its parent.",
        changesLayout: true, storage: .score,
        outputs: AttributeOutputs(svg: .scoreSlot, jsonKey: "score", dot: .scoreCell, page: .column("scoreTexts")),
        example: "score=3")
    /// `winner`: this node won the match decided at its parent.
    public static let winner = AttributeSpec(
        name: "winner", grammar: .flag, place: .child,
        usage: "winner",
        summary: "This node won the match decided at its parent.",
        changesLayout: true, storage: .winner,
        outputs: AttributeOutputs(svg: .outcomeClass, jsonKey: "winner", dot: .outcomeStyle, page: .column("results")),
        example: "winner")
    /// `edge=V`: a label on the connector from this node to its parent.
    public static let edge = AttributeSpec(
        name: "edge", grammar: .text, place: .child,
        usage: "edge=yes or edge=\"≥ 5 years\"",
        summary: "A label on the connector from this node to its parent.",
        changesLayout: true, storage: .edgeLabel,
        outputs: AttributeOutputs(svg: .edgeLabel, jsonKey: "label", dot: .edgeLabel, page: .column("edgeLabels")),
        example: "edge=yes")

    /// `class=NAME` or `class="NAME NAME"`: the groups a node belongs to, for its look. Only
    /// drawn: each name is a class `c-NAME` of the card (the prefix keeps it apart from the
    /// SVG's own `bracket-…` classes), a `class` array in the geometry JSON, DOT's `class`.
    public static let `class` = AttributeSpec(
        name: "class", grammar: .list, place: .anyNode,
        usage: "class=finance or class=\"finance lead\"",
        summary: "The classes this node belongs to; its card carries each as the class c-NAME.",
        changesLayout: false, storage: .drawn,
        outputs: AttributeOutputs(
            svg: .cardClasses(prefix: "c-"), jsonKey: "class", dot: .nodeAttribute("class"), page: .attributeColumn),
        example: "class=\"finance lead\"")

    /// `status=WORD`: this node's competitor did not finish the match decided at its parent
    /// (`MatchStatus`): the other side advances. Stored `.drawn` (the card's class
    /// `bracket-status-WORD`, geometry and DOT `status`), and read by the results pass, which
    /// draws its abbreviation in the card's score slot (so it takes room: `changesLayout`).
    public static let status = AttributeSpec(
        name: "status", grammar: .status, place: .child,
        usage: "status=retired",
        summary: "This node's competitor did not finish the match at its parent (walkover, retired, disqualified, no-show): the other side advances.",
        changesLayout: true, storage: .drawn,
        outputs: AttributeOutputs(
            svg: .cardClasses(prefix: "bracket-status-"), jsonKey: "status", dot: .nodeAttribute("status"),
            page: .attributeColumn),
        example: "status=retired")

    /// `sets="6 4 6 7(4)"`: games per set, a tie-break's points in parentheses; the match goes
    /// to whoever won more sets (docs/language.md, "Scores in parts").
    public static let sets = AttributeSpec(
        name: "sets", grammar: .text, place: .child,
        usage: "sets=\"6 4 6 7(4)\"",
        summary: "Games per set this node's competitor won in the match at its parent, a tie-break's points in parentheses; the match goes to whoever won more sets.",
        changesLayout: true, storage: .scorePart,
        outputs: AttributeOutputs(svg: .scoreSlot, jsonKey: "sets", dot: .scoreCell, page: .attributeColumn),
        example: "sets=\"6 4 6 7(4)\"")
    /// `legs="3 1"`: goals per leg; the aggregate is drawn after the legs and decides the match.
    public static let legs = AttributeSpec(
        name: "legs", grammar: .text, place: .child,
        usage: "legs=\"3 1\"",
        summary: "Goals per leg this node's competitor scored in the tie at its parent; the aggregate is drawn after the legs and decides the tie.",
        changesLayout: true, storage: .scorePart,
        outputs: AttributeOutputs(svg: .scoreSlot, jsonKey: "legs", dot: .scoreCell, page: .attributeColumn),
        example: "legs=\"3 1\"")
    /// `pens=4`: a shoot-out, drawn "(4)" after the score or aggregate; it decides a level match.
    public static let pens = AttributeSpec(
        name: "pens", grammar: .number, place: .child,
        usage: "pens=4",
        summary: "The penalties this node's competitor scored in a shoot-out at its parent's match, drawn \"(4)\" after the score; it decides a level match.",
        changesLayout: true, storage: .scorePart,
        outputs: AttributeOutputs(svg: .scoreSlot, jsonKey: "pens", dot: .scoreCell, page: .attributeColumn),
        example: "pens=4")
    /// `aet`: the match this node decides went to extra time; its competitors' scores are drawn
    /// with a raised "aet", and its own card has the class `bracket-aet`. A fact of the match, so it sits on the match's node (the parent),
    /// never on a competitor: it does not climb with the winner into later rounds.
    public static let aet = AttributeSpec(
        name: "aet", grammar: .flag, place: .anyNode,
        usage: "aet",
        summary: "The match this node decides (among its children) went to extra time: its competitors' scores are drawn with a raised \"aet\".",
        changesLayout: true, storage: .scorePart,
        outputs: AttributeOutputs(svg: .cardClasses(prefix: "bracket-"), jsonKey: "aet", dot: .scoreCell, page: .attributeColumn),
        example: "aet")

    /// `seed=N`: this node's competitor's seed in the draw (`[5]` on draw sheets). Stored
    /// `.drawn` (the card's class `bracket-seed-N`, geometry and DOT `seed`); not a result. The
    /// layout draws it in a seed column before the name (`DiagramNodes.seedText`), so it takes
    /// room (`changesLayout`).
    public static let seed = AttributeSpec(
        name: "seed", grammar: .seed, place: .child,
        usage: "seed=5",
        summary: "This node's competitor's seed in the draw, a positive whole number (drawn [5] on draw sheets).",
        changesLayout: true, storage: .drawn,
        outputs: AttributeOutputs(
            svg: .cardClasses(prefix: "bracket-seed-"), jsonKey: "seed", dot: .nodeAttribute("seed"),
            page: .attributeColumn),
        example: "seed=5")

    /// `entry=CODE`: how this node's competitor entered the draw (`EntryCode`: WC, Q, LL, PR,
    /// SE, A, ALT). Stored `.drawn` (the card's class `bracket-entry-CODE`, geometry and DOT
    /// `entry`); not a result. Drawn in the seed column, as `seed` is.
    public static let entry = AttributeSpec(
        name: "entry", grammar: .entry, place: .child,
        usage: "entry=WC",
        summary: "How this node's competitor entered the draw: wild card (WC), qualifier (Q), lucky loser (LL), protected ranking (PR), special exempt (SE) or alternate (A, ALT).",
        changesLayout: true, storage: .drawn,
        outputs: AttributeOutputs(
            svg: .cardClasses(prefix: "bracket-entry-"), jsonKey: "entry", dot: .nodeAttribute("entry"),
            page: .attributeColumn),
        example: "entry=WC")

    /// `note="Lusail Stadium, 18 December"`: a line about the match this node decides (its date,
    /// venue, "best of 5"), drawn beside the join of the match's connectors, in the half of the
    /// gap next to this node's card, which the layout widens to hold it (docs/language.md,
    /// "Match notes"). A fact of the match, so it sits on the match's node and never climbs
    /// with the winner; on a leaf it describes no match (`note-on-leaf`).
    public static let note = AttributeSpec(
        name: "note", grammar: .text, place: .anyNode,
        usage: "note=\"Lusail Stadium, 18 December\"",
        summary: "A line about the match this node decides (date, venue, \"best of 5\"), drawn beside the join of its competitors' connectors; it stays with this match and never climbs with the winner.",
        changesLayout: true, storage: .drawn,
        outputs: AttributeOutputs(svg: .matchNote, jsonKey: "note", dot: .nodeAttribute("xlabel"), page: .attributeColumn),
        example: "note=\"Lusail Stadium, 18 December\"")

    /// `color=teal` or `color="#1a73e8"`: the card's own fill, over any class's; its text takes
    /// the colour that contrasts more (the light theme's text or white). Stored as `#rrggbb`; the
    /// card carries the class `bracket-fill-rrggbb`, which the SVG's style fills.
    public static let color = AttributeSpec(
        name: "color", grammar: .colour, place: .anyNode,
        usage: "color=teal or color=\"#1a73e8\"",
        summary: "The card's fill, a CSS colour name or hex (quoted, since # starts a comment); its text takes the colour that contrasts more.",
        changesLayout: false, storage: .drawn,
        outputs: AttributeOutputs(
            svg: .fillClass(prefix: "bracket-fill-"), jsonKey: "color", dot: .nodeAttribute("fillcolor"),
            page: .attributeColumn),
        example: "color=teal")

    /// The attributes stored `.drawn` or `.scorePart`, in `all`'s order: `DiagramNodes.drawn`
    /// keeps one column for each, at the same position.
    public static let drawn: [AttributeSpec] = all.filter { $0.storage == .drawn || $0.storage == .scorePart }

    /// The attribute called `name`, or nil.
    public init?(name: String) {
        guard let spec = Self.all.first(where: { $0.name == name }) else { return nil }
        self = spec
    }

    init(name: String, grammar: AttributeGrammar, place: AttributePlace, usage: String, summary: String,
         changesLayout: Bool, storage: AttributeStorage, outputs: AttributeOutputs, example: String) {
        self.name = name
        self.grammar = grammar
        self.place = place
        self.usage = usage
        self.summary = summary
        self.changesLayout = changesLayout
        self.storage = storage
        self.outputs = outputs
        self.example = example
    }

    /// Whether the attribute is written `key=value` (true) or as a bare flag (false).
    public var takesValue: Bool { grammar != .flag }

    /// Whether the attribute records a result (a diagram with any of these is a results bracket).
    var isResult: Bool { storage == .score || storage == .winner || storage == .scorePart || grammar == .status }

    /// Its position in `drawn` (and in `DiagramNodes.drawn`), nil when it is not stored `.drawn`.
    public var drawnIndex: Int? { Self.drawn.firstIndex(of: self) }

    /// Every known name, for messages and quick fixes.
    public static var names: [String] { all.map(\.name) }

    /// Markdown for hover and completion: how it is written and what it means.
    public var documentation: String {
        "`\(usage)`\n\n\(summary) \(place.sentence) \(grammar.sentence)"
    }
}

/// What an attribute's value looks like.
public enum AttributeGrammar: String, Sendable, Hashable {
    /// No value: `winner`.
    case flag
    /// A number as written: `seed=3`.
    case number
    /// Any word or quoted text: `edge=yes`, `edge="≥ 5 years"`.
    case text
    /// One name or a quoted list of names separated by spaces: `class=finance`,
    /// `class="finance lead"`. A name is a letter followed by letters, digits, `-` and `_`.
    case list
    /// The ID of a node: `after=final`.
    case reference
    /// One of the words of `MatchStatus`: `status=retired`.
    case status
    /// A positive whole number: `seed=5`.
    case seed
    /// One of the codes of `EntryCode`: `entry=WC`.
    case entry
    /// A CSS colour name or hex: `color=teal`, `color="#1a73e8"` (stored as `#rrggbb`).
    case colour

    var sentence: String {
        switch self {
        case .flag: "A flag: it takes no value."
        case .number: "Its value is a number."
        case .text: "Its value is a word or a quoted text."
        case .list: "Its value is a name, or several in quotes separated by spaces (a letter, then letters, digits, '-' or '_')."
        case .reference: "Its value is a node's ID."
        case .status: "Its value is one of \(MatchStatus.wordList)."
        case .seed: "Its value is a positive whole number."
        case .entry: "Its value is one of \(EntryCode.wordList)."
        case .colour: "Its value is a CSS colour name such as teal, or a quoted hex colour such as \"#1a73e8\"."
        }
    }

    /// What a value should have been, for the `unexpected-attribute-value` message on a value of the wrong kind.
    var expectation: String {
        switch self {
        case .flag: "no value"
        case .number: "a number such as 3 or 2.5"
        case .text: "a word or a quoted text"
        case .list: "names that start with a letter and hold only letters, digits, '-' and '_', separated by spaces"
        case .reference: "a node's ID"
        case .status: "one of \(MatchStatus.wordList)"
        case .seed: "a positive whole number such as 5"
        case .entry: "one of \(EntryCode.wordList)"
        case .colour: Colour.expectation
        }
    }

    /// The value as stored, or nil when `text` (a word as written, a string's text with its
    /// escapes resolved) is not of this grammar. A list is stored with one space between names.
    func stored(_ text: String) -> String? {
        switch self {
        case .flag: return nil
        case .text: return text
        case .number: return parsePoints(ArraySlice(text.utf8)) == nil ? nil : text
        case .reference: return text.isEmpty || text.contains(where: \.isWhitespace) ? nil : text
        case .status: return MatchStatus(rawValue: text) == nil ? nil : text
        case .seed: return Self.isSeed(text) ? text : nil
        case .entry: return EntryCode(rawValue: text) == nil ? nil : text
        case .colour: return Colour(text: text)?.hex
        case .list:
            // One name, the usual case, is stored as written without splitting.
            if Self.isName(Substring(text)) { return text }
            let names = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !names.isEmpty, names.allSatisfy(Self.isName) else { return nil }
            return names.joined(separator: " ")
        }
    }

    /// The words a value may be, for completion; empty when any value of its kind goes.
    public var words: [String] {
        switch self {
        case .status: MatchStatus.allCases.map(\.rawValue)
        case .entry: EntryCode.allCases.map(\.rawValue)
        case .colour: Colour.cssNames.map(\.name)
        default: []
        }
    }

    /// " Did you mean 'WORD'?" for a value of a grammar with known words that is near one of
    /// them, else "".
    func suggestion(for text: String) -> String {
        guard !words.isEmpty, let near = NearestName.nearest(to: text, in: words)
        else { return "" }
        return " Did you mean '\(near)'?"
    }

    /// A letter, then letters, digits, `-` and `_` (ASCII): a CSS class name and a DOT word as is.
    static func isName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}

/// Where an attribute means something.
public enum AttributePlace: String, Sendable, Hashable {
    /// On any node.
    case anyNode
    /// On a node with a parent: it is about the match or the connector above it (on a root it
    /// means nothing; results say so with `result-on-root`).
    case child

    var sentence: String {
        switch self {
        case .anyNode: "It may be given on any node."
        case .child: "It is about the connector or the match above the node, so it means nothing on the root."
        }
    }
}

/// Where the diagram keeps an attribute.
public enum AttributeStorage: String, Sendable, Hashable, CaseIterable {
    /// `DiagramNodes.scores` (results).
    case score
    /// `DiagramNodes.isWinners`, set by the results pass from the flag.
    case winner
    /// `DiagramNodes.edgeLabels` (laid out beside the connector).
    case edgeLabel
    /// A sparse column of `DiagramNodes.drawn`, nothing stored while no node has it: the value
    /// as `AttributeGrammar.stored` gives it. Only drawn, never laid out.
    case drawn
    /// A part of a result (`sets`, `legs`, `pens`, `aet`): kept in a sparse column of
    /// `DiagramNodes.drawn` like `.drawn` (a flag as its name), read by the results pass to
    /// decide matches and laid out in the score slot, one column per part (`ScoreParts`).
    case scorePart
}

/// How each output shows an attribute.
public struct AttributeOutputs: Sendable, Hashable {
    public let svg: SVGShow
    /// Its key in the geometry JSON (a node's member; for `edge`, its connector's `label`).
    public let jsonKey: String
    public let dot: DOTShow
    public let page: PageShow

    public init(svg: SVGShow, jsonKey: String, dot: DOTShow, page: PageShow) {
        self.svg = svg
        self.jsonKey = jsonKey
        self.dot = dot
        self.page = page
    }

    /// In the SVG.
    public enum SVGShow: Sendable, Hashable {
        /// The score slot beside the label (results).
        case scoreSlot
        /// The card's outcome class (results).
        case outcomeClass
        /// A labelled box on the connector.
        case edgeLabel
        /// Each name becomes a class of the card's group, after `prefix` (the SVG's own classes
        /// all start with `bracket-`, so a prefix that does not keeps the two apart).
        case cardClasses(prefix: String)
        /// A `bracket-note` text at the match (`Geometry.notes`), and a sentence of the card's
        /// accessible name.
        case matchNote
        /// A colour (stored `#rrggbb`): the card's group carries the class `prefix` + `rrggbb`,
        /// which the SVG's style fills with it (text in the colour that contrasts more).
        case fillClass(prefix: String)
    }

    /// In Graphviz DOT.
    public enum DOTShow: Sendable, Hashable {
        /// A table cell beside the label (results).
        case scoreCell
        /// The node's outline and text style (results).
        case outcomeStyle
        /// The edge's `label`.
        case edgeLabel
        /// The node statement's attribute of this name, the value quoted.
        case nodeAttribute(String)
    }

    /// On the preview page.
    public enum PageShow: Sendable, Hashable {
        /// A column of its own that the page's store reads by name (results, edge labels).
        case column(String)
        /// One entry of the payload's generic `attributes` columns (docs/protocol.md), which the
        /// page reads, splices and draws from its description, whatever the attribute.
        case attributeColumn
    }
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
