import BracketLayout
import BracketModel

// Pieces of the SVG that `renderSVG` writes, one at a time, for the preview's delta updates
// (docs/protocol.md): a page that already shows the previous picture swaps single cards and
// connectors instead of parsing a whole new document. Cards and the description use the very
// helpers `renderSVG` uses; the connector markup repeats its loop body, and
// SVGFragmentTests checks that every fragment appears verbatim in the full document.

/// One card's `<g data-node-id=…>…</g>` element, without the line break that follows it in
/// the full document.
public func svgCardFragment(_ node: DiagramNode, _ geometry: Card) -> String {
    var out = SVGBytes(capacity: 420)
    card(&out, node, geometry)
    if out.bytes.last == UInt8(ascii: "\n") { out.bytes.removeLast() }
    return out.string
}

/// One connector's `<polyline …/>` element, without the line break that follows it.
public func svgConnectorFragment(_ edge: Edge) -> String {
    var out = SVGBytes(capacity: 128)
    out.raw("<polyline class=\"bracket-connector\" fill=\"none\" points=\"")
    for (offset, point) in edge.pointList.enumerated() {
        if offset > 0 { out.raw(" ") }
        out.number(point.x)
        out.raw(",")
        out.number(point.y)
    }
    out.raw("\"/>")
    return out.string
}

/// The diagram's `<desc id="bracket-desc">…</desc>` element for a non-empty picture: it names
/// the card count and the root's label, so it changes with most structural edits.
public func svgDescriptionFragment(_ diagram: Diagram, cardCount: Int) -> String {
    var out = SVGBytes(capacity: 160)
    out.raw("<desc id=\"bracket-desc\">")
    describe(&out, diagram, cardCount: cardCount)
    out.raw("</desc>")
    return out.string
}

/// The picture's outer size (content plus the margin on both sides), spelled exactly as the
/// `<svg>` element's `width`, `height` and `viewBox` spell it.
public func svgOuterSizeText(_ geometry: Geometry) -> (width: String, height: String) {
    var width = SVGBytes(capacity: 16), height = SVGBytes(capacity: 16)
    width.number(geometry.width + 2 * geometry.margin)
    height.number(geometry.height + 2 * geometry.margin)
    return (width.string, height.string)
}
