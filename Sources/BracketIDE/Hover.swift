import BracketBytes
import BracketLayout
import BracketModel
import BracketSyntax

/// What hovering an ID shows: a heading (the ID and its card text) and a list of facts, which
/// the server writes as Markdown or as plain text, whichever the client takes.
public struct HoverInfo: Hashable, Sendable {
    /// The ID token hovered.
    public var range: ByteRange
    public var id: String
    public var label: String
    /// Name and value, in display order ("depth", "2").
    public var facts: [Fact]
    /// The match decided at this node, when the tree records results.
    public var match: Match? = nil
    /// A paragraph after the facts: what a hovered attribute means (`AttributeSpec.documentation`).
    public var about: String? = nil

    public struct Fact: Hashable, Sendable {
        public var name: String
        public var value: String
    }

    /// Who played the match at a node, their scores, and who advanced.
    public struct Match: Hashable, Sendable {
        public struct Entry: Hashable, Sendable {
            /// The competitor's name, or nil while it is still to be decided.
            public var name: String?
            public var id: String
            public var score: String?
            public var won: Bool
            /// `status=…`: the competitor did not finish the match (drawn "ret.", "w/o", …).
            public var status: MatchStatus? = nil
            /// The competitor's seed and entry code as drawn before its name ("[5]", "(WC)").
            public var seed: String? = nil
        }
        public var isBye: Bool
        public var entries: [Entry]
        /// The name of who advanced, or nil while the match is undecided.
        public var advanced: String?

        var heading: String { isBye ? "Bye" : "Match" }
        var outcome: String {
            guard let advanced else { return "Still to be decided." }
            return isBye ? "\(advanced) advances without playing." : "\(advanced) advanced."
        }
        func line(_ entry: Entry, code: (String) -> String) -> String {
            let score = entry.score.map { " — \($0)" } ?? ""
            let status = entry.status.map { " — \($0.phrase) (\($0.abbreviation))" } ?? ""
            let seed = entry.seed.map { $0 + " " } ?? ""
            return "\(seed)\(entry.name ?? "(to be decided)") (\(code(entry.id)))\(score)\(status)\(entry.won ? " ✓" : "")"
        }
    }

    public var markdown: String {
        var lines = ["**\(id)** — \(label)", ""] + facts.map { "- \($0.name): \($0.value)" }
        if let match {
            lines += ["", "**\(match.heading)**"] + match.entries.map { "- " + match.line($0) { "`\($0)`" } }
            lines += ["", match.outcome]
        }
        if let about { lines += ["", about] }
        return lines.joined(separator: "\n")
    }

    /// The same content without markup, for clients that show hover text as it is.
    public var plaintext: String {
        var lines = ["\(id) — \(label)", ""] + facts.map { "\($0.name): \($0.value)" }
        if let match {
            lines += ["", match.heading] + match.entries.map { "  " + match.line($0) { $0 } }
            lines += ["", match.outcome]
        }
        if let about { lines += ["", String(about.filter { $0 != "`" })] }
        return lines.joined(separator: "\n")
    }
}

/// Hover for the ID token at `offset`: label, depth, children, leaves below, and the card
/// centre in content coordinates (the same numbers the preview and the geometry JSON use);
/// for a match in a tree with results, who played, their scores and who advanced.
public func hover(at offset: Int, in document: Document, defaults: LayoutSettings = .tutorial) -> HoverInfo? {
    if let attribute = attributeHover(at: offset, in: document) { return attribute }
    if let setting = settingHover(at: offset, in: document) { return setting }
    let diagram = document.diagram(defaults: defaults)
    guard let index = nodeIndex(at: offset, in: diagram) else { return nil }
    let node = diagram.nodes[index]
    var leaves = 0
    for inner in index..<node.subtreeEnd where diagram.nodes.childCounts[inner] == 0 { leaves += 1 }
    let geometry = layout(diagram)
    var facts = [
        HoverInfo.Fact(name: "depth", value: String(node.depth)),
        HoverInfo.Fact(name: "children", value: String(node.childCount)),
        HoverInfo.Fact(name: "leaves", value: String(leaves)),
    ]
    if index < geometry.cards.count {
        let centre = geometry.cards[index].center
        facts.append(HoverInfo.Fact(name: "centre", value:
            "(\(DecimalText.string(centre.x, decimals: 2)), \(DecimalText.string(centre.y, decimals: 2)))"))
    }
    for (position, spec) in AttributeSpec.drawn.enumerated() {
        if let value = diagram.nodes.drawn[position, index] { facts.append(HoverInfo.Fact(name: spec.name, value: value)) }
    }
    // What each of its classes stands for, as its `@class` line describes it.
    if let column = AttributeSpec.class.drawnIndex, !diagram.nodes.drawn.isEmpty,
        let value = diagram.nodes.drawn[column, index]
    {
        let looks = diagram.settings.classLooks
        for name in value.split(separator: " ") {
            if let description = looks.first(where: { $0.name == name })?.description {
                facts.append(HoverInfo.Fact(name: "class \(name)", value: description))
            }
        }
    }
    // The match decided here as a results page prints it ("Argentina 3–3 France, a.e.t., 4–2 on penalties").
    if diagram.recordsResults, let line = ScoreParts.matchLine(diagram.nodes, index) {
        facts.append(HoverInfo.Fact(name: "result", value: line))
    }
    var info = HoverInfo(range: node.idRange, id: node.id, label: node.label, facts: facts)
    info.match = match(at: index, in: diagram)
    return info
}

/// Hover for an attribute's name at `offset` (`score` in `[score=3]`): how it is written and
/// what it means, from its declaration; nil when `offset` is not on a known attribute's name.
private func attributeHover(at offset: Int, in document: Document) -> HoverInfo? {
    for step in document.tree.path(to: offset).reversed() where step.node.kind == .attributes {
        guard let list = AttributesSyntax(step.node, at: step.offset) else { return nil }
        for attribute in list.attributes where attribute.key.start <= offset && offset <= attribute.key.end {
            guard let spec = AttributeSpec(name: document.string(in: attribute.key)) else { return nil }
            var info = HoverInfo(range: attribute.key, id: spec.name, label: spec.usage, facts: [])
            info.about = spec.documentation
            return info
        }
        return nil
    }
    return nil
}

/// Hover for a setting's key at `offset` (`@root`): what it does and the values it takes, from
/// its declaration; nil when `offset` is not on a known setting's key.
private func settingHover(at offset: Int, in document: Document) -> HoverInfo? {
    for step in document.tree.path(to: offset).reversed() where step.node.kind == .setting {
        guard let setting = SettingSyntax(step.node, at: step.offset),
              setting.key.start <= offset && offset <= setting.key.end,
              let spec = SettingSpec.named(document.string(in: setting.name)) else { return nil }
        var info = HoverInfo(range: setting.key, id: "@" + spec.name, label: spec.expectation, facts: [])
        info.about = spec.summary
        return info
    }
    return nil
}

/// The match decided at `index`, when the tree records results: each competitor with its score,
/// then who advanced (nil while it is still to be decided).
private func match(at index: Int, in diagram: Diagram) -> HoverInfo.Match? {
    let nodes = diagram.nodes
    guard nodes.childCounts[index] > 0, diagram.hasAttributes,
        nodes.isWinners.contains(true) || nodes.isPendings.contains(true)
    else { return nil }
    let children = diagram.children(of: index)
    var advanced: String?
    let entries = children.map { child in
        if nodes.isWinners[child] { advanced = nodes.labels[child] }
        return HoverInfo.Match.Entry(name: nodes.isPendings[child] ? nil : nodes.labels[child], id: nodes.ids[child],
                                     score: nodes.scores[child], won: nodes.isWinners[child],
                                     status: nodes.status(child),
                                     seed: nodes.isPendings[child] ? nil : nodes.seedText(child))
    }
    return HoverInfo.Match(isBye: children.count == 1, entries: entries,
                           advanced: nodes.isPendings[index] ? nil : advanced)
}
