import BracketBytes
import BracketLayout
import BracketModel
import BracketText

/// Graphviz DOT for `diagram`, so the tree can be laid out or restyled with Graphviz tools.
///
/// Edges go parent → child and `rankdir` points away from the root (RL puts rank 0, the root, on
/// the right), so `dot` reproduces the root side; `ordering=out` keeps children in file order.
/// Each card is a fixed-size box of the size the layout gives it (DOT measures in inches:
/// points / 72), showing the same lines as the SVG (DOT's `\n` centres each line), in the
/// measured font at the cards' font size; the level and leaf gaps become `ranksep` and
/// `nodesep`. Connectors are plain lines like the preview's. Output depends only on the
/// diagram, so it is byte-for-byte reproducible.
public func exportDOT(_ diagram: Diagram) -> String {
    exportDOT(diagram, layout(diagram))
}

/// DOT for `diagram` laid out as `geometry` (from `layout(_:)`): sizes and lines come from it.
public func exportDOT(_ diagram: Diagram, _ geometry: Geometry) -> String {
    let settings = diagram.settings
    let names = dotNodeNames(diagram)
    let classLooks = DOTClassLooks(ResolvedClasses(diagram))
    var out = "digraph bracket {\n"
    out += "  graph [rankdir=\(rankDirection(settings.root)), ordering=out, splines=ortho"
    out += ", nodesep=\(inches(settings.leafGap)), ranksep=\(inches(settings.levelGap))"
    out += ", pad=\(inches(settings.margin)), charset=\"UTF-8\""
    if let title = settings.title, settings.titleVisible {
        out += ", label=\(dotQuoted(title)), labelloc=t, fontname=\(dotQuoted(primaryFontFamily)), fontsize=18"
    }
    out += "];\n"
    out += "  node [shape=box, style=rounded, fixedsize=true"
    out += ", width=\(inches(settings.cardWidth)), height=\(inches(settings.cardHeight))"
    out += ", fontname=\(dotQuoted(primaryFontFamily)), fontsize=\(DecimalText.string(geometry.fontSize, decimals: 2))];\n"
    out += "  edge [dir=none];\n"
    let sizes = geometry.sizes, lines = geometry.lines
    let results = diagram.recordsResults
    // `@champion hidden`: the root's card is drawn nowhere, and so is its node here.
    let hidden = geometry.hidesRoot
    for (index, node) in diagram.nodes.enumerated() where !(hidden && index == 0) {
        out += "  \(names[index]) [label="
        let result = results ? DOTCardResult(diagram, geometry, index) : nil
        let atStart = settings.labelAlign == .start
        if index < lines.count, let html = result?.htmlLabel(lines: lines.lines(of: index), atStart: atStart) {
            out += html
        } else if index < lines.count {
            out += atStart ? dotLeftJustified(lines.lines(of: index))
                : dotQuoted(lines.lines(of: index).joined(separator: "\n"))
        } else {
            out += dotQuoted(node.label)
        }
        if let result { out += result.styleAttributes }
        out += dotDrawnAttributes(diagram.nodes, index)
        out += classLooks.attributes(diagram.nodes, index)
        if index < sizes.count, sizes[index] != Size(width: settings.cardWidth, height: settings.cardHeight) {
            out += ", width=\(inches(sizes[index].width)), height=\(inches(sizes[index].height))"
        }
        if node.label.contains(where: \.isNewline) || (index < lines.count && lines.isTruncated(index)) {
            // The whole label, for tools that show a tooltip (SVG output's <title>).
            out += ", tooltip=\(dotQuoted(node.label))"
        }
        out += "];\n"
    }
    out += dotEdges(diagram, geometry, names: names)
    out += dotAlignedLeaves(diagram, names: names)
    out += dotHeaderRow(diagram, geometry, names: names)
    out += "}\n"
    return out
}

/// The measured font's family name: the first entry of the SVG's font stack, unquoted.
var primaryFontFamily: String {
    let first = FontTable.fontFamily.split(separator: ",").first ?? "sans-serif"
    return String(first.filter { $0 != "'" && $0 != "\"" }).split(separator: " ").joined(separator: " ")
}

func rankDirection(_ side: RootSide) -> String {
    switch side {
    case .right: "RL"
    case .left, .center: "LR"
    case .top: "TB"
    case .bottom: "BT"
    }
}

/// Quoted DOT node names: the IDs as written. A repeated ID (an error the model reports) gets a
/// `#2`, `#3`… suffix so every card stays a separate node; `#` cannot occur in an ID, so the
/// suffixed name cannot clash with another node's.
func dotNodeNames(_ diagram: Diagram) -> [String] {
    var seen: [String: Int] = [:]
    return diagram.nodes.map { node in
        let count = (seen[node.id] ?? 0) + 1
        seen[node.id] = count
        return dotQuoted(count == 1 ? node.id : "\(node.id)#\(count)")
    }
}

/// A quoted label whose lines each end in DOT's `\l`, which left-justifies them
/// (`@label-align start`).
func dotLeftJustified(_ lines: [String]) -> String {
    "\"" + lines.map { dotQuoted($0).dropFirst().dropLast() }.joined(separator: "\\l") + "\\l\""
}

/// A DOT double-quoted string. Backslash is DOT's escape character in labels (`\n`, `\N`…), so it
/// is doubled; a line break becomes DOT's centred line break and a tab a space; what no output
/// carries (`UncarriedCharacters`: other controls, which DOT would pass into its SVG, and
/// noncharacters, which make Graphviz refuse the graph) becomes U+FFFD.
func dotQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += " "
        case _ where UncarriedCharacters.isUncarried(scalar): out.unicodeScalars.append(UncarriedCharacters.replacement)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// Points to inches with at most four decimals, in the shared locale-free spelling (`132` → `1.8333`).
func inches(_ points: Double) -> String {
    DecimalText.string(points / 72, decimals: 4)
}

/// A card's class look in DOT: the fill, outline and text of the class whose look the SVG gives
/// it (the one defined last; a class only used on nodes gives way to a defined one), unless the
/// node has a `color=` of its own (then `dotDrawnAttributes` fills it).
struct DOTClassLooks {
    private var rank: [Substring: (order: Int, look: ResolvedClass)] = [:]

    init(_ classes: ResolvedClasses) {
        let defined = Set(classes.definedNames)
        let ordered = classes.classes.filter { !defined.contains($0.name) } + classes.classes.filter { defined.contains($0.name) }
        for (order, look) in ordered.enumerated() { rank[Substring(look.name)] = (order, look) }
    }

    func attributes(_ nodes: DiagramNodes, _ index: Int) -> String {
        guard !rank.isEmpty, let column = AttributeSpec.class.drawnIndex, let value = nodes.drawn[column, index],
            AttributeSpec.color.drawnIndex.map({ nodes.drawn[$0, index] == nil }) ?? true
        else { return "" }
        var best: (order: Int, look: ResolvedClass)?
        for name in value.split(separator: " ") {
            if let entry = rank[name], entry.order > (best?.order ?? -1) { best = entry }
        }
        guard let look = best?.look else { return "" }
        var out = ", fillcolor=\(dotQuoted(look.fill.hex)), style=\"rounded,filled\""
        if let border = look.border { out += ", color=\(dotQuoted(border.hex))" }
        out += ", fontcolor=\(dotQuoted((look.text ?? ClassPalette.lightText).hex))"
        return out
    }
}
