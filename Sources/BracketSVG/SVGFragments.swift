import BracketLayout
import BracketText
import BracketModel

// Pieces of the SVG that `renderSVG` writes, one at a time, for the preview's delta updates
// (docs/protocol.md): a page that already shows the previous picture swaps single cards and
// connectors instead of parsing a whole new document. Cards, connector points and the
// description use the very helpers `renderSVG` uses; the connector markup repeats its loop
// body, and SVGFragmentTests checks that every fragment appears verbatim in the full document.

/// Card `index`'s `<g data-node-id=…>…</g>` element, without the line break that follows it in
/// the full document. `recordsResults` is `diagram.recordsResults`, which a caller writing many
/// fragments works out once (it decides whether cards carry their results).
public func svgCardFragment(_ diagram: Diagram, _ geometry: Geometry, _ index: Int, recordsResults: Bool) -> String {
    let label = diagram.nodes.labels[index], id = diagram.nodes.ids[index]
    var style = CardStyle(fontSize: geometry.fontSize)
    let range = geometry.lines.range(of: index)
    let lines = geometry.lines.strings[range]
    let lineBytes = lines.reduce(0) { $0 + 200 + SVGBytes.escapedBound($1.utf8.count) }
    let resultBytes = recordsResults ? CardResult.extraBound(diagram, index) : 0
    let note = cardNote(diagram.nodes, index)
    let seedBytes = geometry.seedText(index).map { SeedMark.markupBytes + 64 + SVGBytes.escapedBound($0.utf8.count) } ?? 0
    let capacity = 512 + lineBytes + resultBytes + seedBytes + attributeClassesBound(diagram.nodes, index)
        + SVGBytes.escapedBound(id.utf8.count + 2 * label.utf8.count + 2 * (note?.utf8.count ?? 0))
    var text = SVGBytes.string(capacity: capacity) { out in
        card(&out, id: id, label: label, centre: geometry.centres[index], size: geometry.sizes[index],
             lines: lines, result: recordsResults ? CardResult(diagram, geometry, index) : nil,
             classes: attributeClasses(diagram.nodes, index), labelStartX: labelStartX(diagram, geometry, index),
             seed: SeedMark(geometry, index), note: note, &style)
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

/// The text of the SVG's `<style>` element (what `writeStyle` puts between its tags), for a page
/// that draws cards from the geometry and must style them (and export them) exactly as the full
/// document does: with the results rules exactly when `recordsResults` (`Diagram.recordsResults`),
/// as the full document has them. (A tree that starts or stops recording results changes the
/// sheet, so the preview sends a full payload then: `PreviewFullReason.styleChanged`.) With
/// `notes` (the geometry has match notes) the notes' rule too, as the full document has it.
/// `classSheet` is the diagram's `svgClassSheet`, its classes' and colours' rules.
public func svgStyleSheetText(recordsResults: Bool, notes: Bool = false, classSheet: String = "") -> String {
    let capacity = SVGStyle.sheet.utf8CodeUnitCount + SVGStyle.resultsSheet.utf8CodeUnitCount
        + SVGStyle.fontFamily.utf8.count + 256 + classSheet.utf8.count
    var text = SVGBytes.string(capacity: capacity) { out in
        writeStyle(&out, results: recordsResults, notes: notes, classSheet: classSheet)
    }
    let open = "<style>", close = "</style>\n"
    if text.hasPrefix(open) { text.removeFirst(open.count) }
    if text.hasSuffix(close) { text.removeLast(close.count) }
    return text
}

/// The card font's vertical metrics per pixel of font size (ascent, descent, and the distance
/// from one baseline to the next), from which `card` and `drawTitle` place each line: a page
/// that writes the cards itself computes the same baselines.
public func svgFontMetricsPerPixel() -> (ascent: Double, descent: Double, lineHeight: Double) {
    let measurer = TextMeasurer(fontSize: 1)
    return (measurer.ascent, measurer.descent, measurer.lineHeight)
}
