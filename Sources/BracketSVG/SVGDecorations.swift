import BracketBytes
import BracketLayout
import BracketModel
import BracketText

// What the SVG draws besides cards and connectors: the level headers (`@rounds`) and the edge
// labels (`edge=…`), both from the one `Geometry`, so they sit exactly where the layout made
// room for them. Text is escaped like labels and placed on the measured font's baselines.

/// The level headers, one `<text class="bracket-round">` per level that has one, in the
/// geometry's order. Nothing without `@rounds`.
func drawHeaders(_ out: inout SVGBytes, _ geometry: Geometry) {
    guard geometry.headers.contains(where: { !$0.lines.isEmpty }) else { return }
    let measurer = TextMeasurer(fontSize: geometry.headerFontSize)
    out.raw("<g class=\"bracket-rounds\" role=\"list\" aria-label=\"Rounds\">\n")
    for header in geometry.headers where !header.lines.isEmpty {
        out.raw("<text class=\"bracket-round\" role=\"listitem\" data-level=\"")
        out.integer(header.level)
        out.raw("\" font-size=\"")
        out.number(geometry.headerFontSize)
        out.raw("\" text-anchor=\"middle\">")
        decorationLines(&out, header.lines, centre: header.center, measurer)
        out.raw("</text>\n")
    }
    out.raw("</g>\n")
}

/// The edge labels, each a `<g class="bracket-edge-label">` holding the background box that
/// keeps its connector from striking through the text, and the text. Drawn after the
/// connectors and before the cards (no label overlaps a card).
func drawEdgeLabels(_ out: inout SVGBytes, _ diagram: Diagram, _ geometry: Geometry, count: Int) {
    guard !geometry.edgeLabels.isEmpty else { return }
    let measurer = TextMeasurer(fontSize: geometry.edgeLabelFontSize)
    let texts = diagram.nodes.edgeLabels, ids = diagram.nodes.ids
    out.raw("<g class=\"bracket-edge-labels\">\n")
    for label in geometry.edgeLabels where label.connector < geometry.edgeChildren.count {
        let child = Int(geometry.edgeChildren[label.connector])
        guard child < count, Int(geometry.edgeParents[label.connector]) < count else { continue }
        out.raw("<g class=\"bracket-edge-label\" data-child-id=\"")
        out.text(ids[child])
        out.raw("\">")
        if child < texts.count, let text = texts[child], label.lines.count > 1 || label.lines.first != text {
            // The whole text, when the drawn lines are not it (wrapped or cut short).
            out.raw("<title>")
            out.text(text)
            out.raw("</title>")
        }
        out.raw("<rect x=\"")
        out.number(label.center.x - label.width / 2)
        out.raw("\" y=\"")
        out.number(label.center.y - label.height / 2)
        out.raw("\" width=\"")
        out.number(label.width)
        out.raw("\" height=\"")
        out.number(label.height)
        out.raw("\" rx=\"3\"/><text font-size=\"")
        out.number(geometry.edgeLabelFontSize)
        out.raw("\" text-anchor=\"middle\">")
        decorationLines(&out, label.lines, centre: label.center, measurer)
        out.raw("</text></g>\n")
    }
    out.raw("</g>\n")
}

/// The lines of a header or edge label, one `<tspan>` each, the block centred on `centre`.
private func decorationLines(_ out: inout SVGBytes, _ lines: [String], centre: Point, _ measurer: TextMeasurer) {
    let baselines = measurer.baselines(lineCount: lines.count)
    for (offset, line) in lines.enumerated() {
        out.raw("<tspan x=\"")
        out.number(centre.x)
        out.raw("\" y=\"")
        out.number(centre.y + baselines[offset])
        out.raw("\">")
        out.text(line)
        out.raw("</tspan>")
    }
}

/// The match notes (`note=…`), one `<text class="bracket-note">` each where the layout made
/// room for it, after the edge labels and before the cards. Hidden from screen readers: each
/// note is also a sentence of its match card's accessible name (`cardNote`). Their style rule is
/// in the style sheet only of a picture that has notes (`writeStyle`), so every other stays as
/// it was.
func drawNotes(_ out: inout SVGBytes, _ diagram: Diagram, _ geometry: Geometry, count: Int) {
    guard !geometry.notes.isEmpty else { return }
    let measurer = TextMeasurer(fontSize: geometry.noteFontSize)
    let ids = diagram.nodes.ids
    out.raw("<g class=\"bracket-notes\" aria-hidden=\"true\">\n")
    for note in geometry.notes where note.node < count {
        out.raw("<text class=\"bracket-note\" data-node-id=\"")
        out.text(ids[note.node])
        out.raw("\" font-size=\"")
        out.number(geometry.noteFontSize)
        out.raw("\" text-anchor=\"middle\">")
        decorationLines(&out, [note.line], centre: note.center, measurer)
        out.raw("</text>\n")
    }
    out.raw("</g>\n")
}

/// The note of card `index` as a sentence of its accessible name: the note as written, for
/// any node that has one (on a leaf it is drawn nowhere, and `note-on-leaf` says so).
func cardNote(_ nodes: DiagramNodes, _ index: Int) -> String? {
    nodes.drawn.isEmpty ? nil : nodes.drawn[AttributeSpec.note.drawnIndex!, index]
}
