import BracketLayout
import BracketModel

// Pieces of the SVG that `renderSVG` writes, one at a time, for the preview's delta updates
// (docs/protocol.md): a page that already shows the previous picture swaps single cards and
// connectors instead of parsing a whole new document. Cards, connector points and the
// description use the very helpers `renderSVG` uses; the connector markup repeats its loop
// body, and SVGFragmentTests checks that every fragment appears verbatim in the full document.

/// One card's `<g data-node-id=…>…</g>` element, without the line break that follows it in
/// the full document.
public func svgCardFragment(_ node: DiagramNode, _ geometry: Card) -> String {
    let style = CardStyle(width: geometry.width, height: geometry.height)
    let capacity = 512 + SVGBytes.escapedBound(node.id.utf8.count + 3 * node.label.utf8.count + 3)
    var text = SVGBytes.string(capacity: capacity) { out in
        card(&out, id: node.id, label: node.label, centre: geometry.center, style)
    }
    if text.utf8.last == UInt8(ascii: "\n") { text.removeLast() }
    return text
}

/// One connector's `<polyline …/>` element, without the line break that follows it.
public func svgConnectorFragment(_ edge: Edge) -> String {
    SVGBytes.string(capacity: 256) { out in
        out.raw("<polyline class=\"bracket-connector\" fill=\"none\" points=\"")
        point(&out, edge.points.0)
        out.raw(" ")
        point(&out, edge.points.1)
        out.raw(" ")
        point(&out, edge.points.2)
        out.raw(" ")
        point(&out, edge.points.3)
        out.raw("\"/>")
    }
}

/// The diagram's `<desc id="bracket-desc">…</desc>` element for a non-empty picture: it names
/// the card count and the root's label, so it changes with most structural edits.
public func svgDescriptionFragment(_ diagram: Diagram, cardCount: Int) -> String {
    let rootLabel = diagram.nodes.labels.first ?? ""
    return SVGBytes.string(capacity: 256 + SVGBytes.escapedBound(rootLabel.utf8.count)) { out in
        out.raw("<desc id=\"bracket-desc\">")
        describe(&out, diagram, cardCount: cardCount)
        out.raw("</desc>")
    }
}

/// The picture's outer size (content plus the margin on both sides), spelled exactly as the
/// `<svg>` element's `width`, `height` and `viewBox` spell it.
public func svgOuterSizeText(_ geometry: Geometry) -> (width: String, height: String) {
    (SVGBytes.string(capacity: 64) { $0.number(geometry.width + 2 * geometry.margin) },
     SVGBytes.string(capacity: 64) { $0.number(geometry.height + 2 * geometry.margin) })
}

/// The text of the SVG's `<style>` element, for a page that draws cards from the geometry and
/// must style them (and export them) exactly as the full document does.
public func svgStyleSheetText() -> String {
    SVGStyle.sheet.description
}
