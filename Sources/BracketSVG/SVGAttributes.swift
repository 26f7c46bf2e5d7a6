import BracketModel

/// The classes a card's group carries for its drawn attributes (`AttributeOutputs.SVGShow`
/// `.cardClasses`): each name after its attribute's prefix, in `AttributeSpec.drawn`'s order, one
/// space before each; nil for a card with none (and at once for a tree with none).
func attributeClasses(_ nodes: DiagramNodes, _ index: Int) -> String? {
    guard !nodes.drawn.isEmpty else { return nil }
    var classes = ""
    for (position, show) in cardClassColumns {
        guard let value = nodes.drawn[position, index] else { continue }
        switch show {
        case .cardClasses(let prefix):
            // Stored names are separated by one space (`AttributeGrammar.stored`); one name,
            // the usual case, is appended as it is.
            for name in value.utf8.contains(0x20) ? value.split(separator: " ") : [Substring(value)] {
                classes.append(" ")
                classes.append(prefix)
                classes.append(contentsOf: name)
            }
        case .fillClass(let prefix):
            classes.append(" ")
            classes.append(prefix)
            classes.append(contentsOf: value.dropFirst())
        default: continue
        }
    }
    return classes.isEmpty ? nil : classes
}

/// The drawn attributes a card shows as classes, with their column in `DiagramNodes.drawn`:
/// read from the declarations once, since copying a declaration (its texts) for every card
/// was most of writing a card's classes.
private let cardClassColumns: [(position: Int, show: AttributeOutputs.SVGShow)] =
    AttributeSpec.drawn.enumerated().compactMap { position, spec in
        switch spec.outputs.svg {
        case .cardClasses, .fillClass: (position, spec.outputs.svg)
        default: nil
        }
    }

/// At least the length of `attributeClasses(nodes, index)`: every drawn value with room for a
/// prefix of 16 bytes a name (for the document's buffer estimate).
func attributeClassesBound(_ nodes: DiagramNodes, _ index: Int) -> Int {
    nodes.drawn.values(of: index).reduce(0) { $0 + 17 * (($1?.utf8.count ?? 0) + 1) }
}
