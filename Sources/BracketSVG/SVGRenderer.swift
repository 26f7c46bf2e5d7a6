import BracketLayout
import BracketModel

/// Renders a standalone, accessible SVG of `diagram` laid out as `geometry` (from `layout(_:)`).
///
/// Connectors come first so cards are drawn over them; connectors and cards share one group
/// translated by the margin, so they cannot be offset from each other. Every card is its own
/// focusable list item addressed by `data-node-id`, with its full label in a `<title>`. The
/// output has no script, no external references and no locale-dependent numbers, so the same
/// input gives the same bytes everywhere.
public func renderSVG(_ diagram: Diagram, _ geometry: Geometry) -> String {
    let nodes = diagram.nodes
    let count = min(nodes.count, geometry.cards.count)
    guard count > 0 else { return renderEmptySVG(diagram) }

    var out = SVGBytes(capacity: 1024 + count * 420)
    let margin = geometry.margin
    openDocument(&out, width: geometry.width + 2 * margin, height: geometry.height + 2 * margin)
    out.raw("<title id=\"bracket-title\">")
    out.text(diagram.settings.title ?? "Bracket diagram")
    out.raw("</title>\n<desc id=\"bracket-desc\">")
    describe(&out, diagram, cardCount: count)
    out.raw("</desc>\n<style>")
    out.raw(SVGStyle.sheet)
    out.raw("</style>\n<rect class=\"bracket-background\" width=\"100%\" height=\"100%\"/>\n")
    out.raw("<g transform=\"translate(")
    out.number(margin)
    out.raw(" ")
    out.number(margin)
    out.raw(")\">\n<g class=\"bracket-connectors\" aria-hidden=\"true\">\n")
    for edge in geometry.edges where edge.child < count && edge.parent < count {
        out.raw("<polyline class=\"bracket-connector\" fill=\"none\" points=\"")
        for (offset, point) in edge.pointList.enumerated() {
            if offset > 0 { out.raw(" ") }
            out.number(point.x)
            out.raw(",")
            out.number(point.y)
        }
        out.raw("\"/>\n")
    }
    out.raw("</g>\n<g role=\"list\" aria-label=\"Cards\">\n")
    for index in 0..<count {
        card(&out, nodes[index], geometry.cards[index])
    }
    out.raw("</g>\n</g>\n</svg>\n")
    return out.string
}

private func openDocument(_ out: inout SVGBytes, width: Double, height: Double) {
    out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
    out.number(width)
    out.raw(" ")
    out.number(height)
    out.raw("\" width=\"")
    out.number(width)
    out.raw("\" height=\"")
    out.number(height)
    out.raw("\" role=\"img\" aria-labelledby=\"bracket-title bracket-desc\">\n")
}

/// A one-sentence summary for screen readers: how many cards, and which is the root.
func describe(_ out: inout SVGBytes, _ diagram: Diagram, cardCount: Int) {
    out.raw("Tree diagram with ")
    out.integer(cardCount)
    out.raw(cardCount == 1 ? " card" : " cards")
    if let root = diagram.nodes.first {
        out.raw("; the root, ")
        out.text(root.label)
        out.raw(", is on the ")
        out.text(diagram.settings.root.rawValue)
    }
    out.raw(".")
}

func card(_ out: inout SVGBytes, _ node: DiagramNode, _ card: Card) {
    // The font scales down for short cards so a label never spills over the border.
    let fontSize = min(13, card.height * 0.6)
    let fitting = LabelFitting(cardWidth: card.width, fontSize: fontSize)
    out.raw("<g class=\"bracket-card\" data-node-id=\"")
    out.text(node.id)
    out.raw("\" role=\"listitem\" aria-label=\"")
    out.text(node.label)
    out.raw("\" tabindex=\"0\"><title>")
    out.text(node.label)
    out.raw("</title><rect x=\"")
    out.number(card.center.x - card.width / 2)
    out.raw("\" y=\"")
    out.number(card.center.y - card.height / 2)
    out.raw("\" width=\"")
    out.number(card.width)
    out.raw("\" height=\"")
    out.number(card.height)
    out.raw("\" rx=\"6\"/><text x=\"")
    out.number(card.center.x)
    out.raw("\" y=\"")
    out.number(card.center.y)
    out.raw("\" font-size=\"")
    out.number(fontSize)
    out.raw("\" text-anchor=\"middle\" dominant-baseline=\"central\">")
    out.text(fitting.shown(node.label))
    out.raw("</text></g>\n")
}

/// A small picture that says there is nothing to draw, so a preview of an empty or broken file
/// still shows something meaningful instead of a blank or invalid document.
private func renderEmptySVG(_ diagram: Diagram) -> String {
    var out = SVGBytes(capacity: 2048)
    openDocument(&out, width: 240, height: 80)
    out.raw("<title id=\"bracket-title\">")
    out.text(diagram.settings.title ?? "Bracket diagram")
    out.raw("</title>\n<desc id=\"bracket-desc\">The diagram is empty: there are no nodes to show.</desc>\n<style>")
    out.raw(SVGStyle.sheet)
    out.raw("</style>\n<rect class=\"bracket-background\" width=\"100%\" height=\"100%\"/>\n")
    out.raw("<text class=\"bracket-empty\" x=\"120\" y=\"40\" font-size=\"14\" text-anchor=\"middle\" ")
    out.raw("dominant-baseline=\"central\">Empty diagram</text>\n</svg>\n")
    return out.string
}
