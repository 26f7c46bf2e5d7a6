import BracketBytes
import BracketLayout
import BracketModel
import BracketText

/// Renders a standalone, accessible SVG of `diagram` laid out as `geometry` (from `layout(_:)`).
///
/// Connectors come first so cards are drawn over them; connectors and cards share one group
/// translated by the margin, so they cannot be offset from each other. Every card is its own
/// focusable list item addressed by `data-node-id`, with its full label in a `<title>`. The
/// output has no script, no external references and no locale-dependent numbers, so the same
/// input gives the same bytes everywhere.
///
/// The document's own element ids (its `<title>` and `<desc>`, which `aria-labelledby` names)
/// are `idPrefix` followed by `-title` and `-desc`: a page that shows several pictures inline
/// gives each its own prefix so the ids stay unique. The caller passes an XML name.
public func renderSVG(_ diagram: Diagram, _ geometry: Geometry, idPrefix: String = "bracket") -> String {
    let count = min(diagram.nodes.count, geometry.centres.count)
    guard count > 0 else { return renderEmptySVG(diagram, idPrefix: idPrefix) }
    let classSheet = svgClassSheet(diagram)
    return SVGBytes.string(capacity: estimatedSize(diagram, geometry, count: count)
        + SVGBytes.escapedBound(4 * idPrefix.utf8.count) + classSheet.utf8.count) { out in
        writeSVG(&out, diagram, geometry, count: count, idPrefix: idPrefix, classSheet: classSheet)
    }
}

/// An upper bound on the document's size for ordinary geometry, so the output is written into
/// one buffer of the right size. Text counts at its worst-case escaped length; numbers at the
/// length of the largest extent. If a number is longer than expected the writer retries with
/// more room. Unwritten capacity costs only address space where the buffer is a mapping of its
/// own (the command line); in `bracket lsp`, which reuses its heap, it is fresh memory that a
/// later allocation faults in (the geometry writers count their texts exactly for that reason).
private func estimatedSize(_ diagram: Diagram, _ geometry: Geometry, count: Int) -> Int {
    var extent = 0.0
    for value in [geometry.width, geometry.height, geometry.margin, geometry.cardWidth, geometry.cardHeight]
    where value.isFinite {
        extent = max(extent, abs(value) + 2 * abs(geometry.margin))
    }
    // Sign, digits, point and two decimals.
    let numberBytes = 4 + String(Int(min(extent, 1e15))).utf8.count
    // Markup around one connector (8 numbers) and one card (5 numbers), without its text; each
    // line's tspan (~30 bytes, 2 numbers).
    let perNode = 80 + 240 + 15 * numberBytes
    let perLine = 80 + 3 * numberBytes
    var textBytes = 0
    let nodes = diagram.nodes
    for index in 0..<count {
        // The ID once; the label twice (aria-label, title).
        textBytes &+= nodes.ids[index].utf8.count &+ 2 &* nodes.labels[index].utf8.count
    }
    if !nodes.drawn.isEmpty {
        for index in 0..<count { textBytes &+= attributeClassesBound(nodes, index) }
    }
    // The notes' group, its rule and each note's text element.
    if !geometry.notes.isEmpty { textBytes &+= 64 &+ SVGStyle.notesSheet.utf8CodeUnitCount &+ SVGStyle.fontFamily.utf8.count }
    for note in geometry.notes where note.node < count {
        textBytes &+= 200 &+ 3 &* numberBytes &+ SVGBytes.escapedBound(note.line.utf8.count &+ nodes.ids[note.node].utf8.count)
    }
    var lineBytes = 0
    for line in geometry.lines.strings { lineBytes &+= line.utf8.count }
    if diagram.recordsResults {
        for index in 0..<count { lineBytes &+= CardResult.extraBound(diagram, index) }
    }
    for text in geometry.seeds.texts { lineBytes &+= SeedMark.markupBytes &+ 2 &* numberBytes &+ text.utf8.count }
    let titleLines = geometry.title?.lines ?? []
    let header = 1024 + SVGStyle.sheet.utf8CodeUnitCount + SVGStyle.resultsSheet.utf8CodeUnitCount
        + SVGStyle.fontFamily.utf8.count + 4 * numberBytes
        + SVGBytes.escapedBound((diagram.settings.title ?? "").utf8.count + nodes.labels[0].utf8.count)
        + titleLines.reduce(0) { $0 + perLine + SVGBytes.escapedBound($1.utf8.count) }
    let (total, overflow) = count.multipliedReportingOverflow(by: perNode)
    guard !overflow else { return Int.max / 2 }
    let lines = geometry.lines.strings.count &* perLine
    return total &+ lines &+ SVGBytes.escapedBound(textBytes &+ lineBytes) &+ header &+ DecimalText.maxLength
}

private func writeSVG(
    _ out: inout SVGBytes, _ diagram: Diagram, _ geometry: Geometry, count: Int, idPrefix: String, classSheet: String
) {
    let margin = geometry.margin
    openDocument(&out, width: geometry.width + 2 * margin, height: geometry.height + 2 * margin, idPrefix: idPrefix)
    out.raw("<title id=\"")
    out.text(idPrefix)
    out.raw("-title\">")
    out.text(diagram.settings.title ?? "Bracket diagram")
    out.raw("</title>\n<desc id=\"")
    out.text(idPrefix)
    out.raw("-desc\">")
    describe(&out, diagram, cardCount: count)
    out.raw("</desc>\n")
    let results = diagram.recordsResults
    writeStyle(&out, results: results, notes: !geometry.notes.isEmpty, classSheet: classSheet)
    out.raw("<rect class=\"bracket-background\" width=\"100%\" height=\"100%\"/>\n")
    out.raw("<g transform=\"translate(")
    out.number(margin)
    out.raw(" ")
    out.number(margin)
    out.raw(")\">\n")
    if let title = geometry.title { drawTitle(&out, title) }
    drawHeaders(&out, geometry)
    out.raw("<g class=\"bracket-connectors\" aria-hidden=\"true\">\n")
    let edgeChildren = geometry.edgeChildren, edgeParents = geometry.edgeParents
    for edge in 0..<edgeChildren.count where Int(edgeChildren[edge]) < count && Int(edgeParents[edge]) < count {
        let points = geometry.connectorPoints(edge)
        out.raw("<polyline class=\"bracket-connector\" fill=\"none\" points=\"")
        point(&out, points.0)
        out.raw(" ")
        point(&out, points.1)
        out.raw(" ")
        point(&out, points.2)
        out.raw(" ")
        point(&out, points.3)
        out.raw("\"/>\n")
    }
    out.raw("</g>\n")
    drawEdgeLabels(&out, diagram, geometry, count: count)
    drawNotes(&out, diagram, geometry, count: count)
    out.raw("<g role=\"list\" aria-label=\"Cards\">\n")
    // Every card has the same font, so the baselines are worked out once per line count.
    var style = CardStyle(fontSize: geometry.fontSize)
    let nodes = diagram.nodes
    let lines = geometry.lines
    for index in 0..<count {
        card(&out, id: nodes.ids[index], label: nodes.labels[index], centre: geometry.centres[index],
             size: geometry.sizes[index], lines: lines.strings[lines.range(of: index)],
             result: results ? CardResult(diagram, geometry, index) : nil,
             classes: attributeClasses(nodes, index), labelStartX: labelStartX(diagram, geometry, index),
             seed: SeedMark(geometry, index), note: cardNote(nodes, index), &style)
    }
    out.raw("</g>\n</g>\n</svg>\n")
}

/// A card's seed column as drawn, on every card of a diagram with seeds: its text (`[5]`,
/// `(WC)`; nil for a card that shows none) anchored at `x`, at the card's left edge
/// (`text-anchor="start"`) or its right one (`"end"`), where the geometry put it, and the x the
/// label is centred on in the room the column leaves.
struct SeedMark {
    let text: String?
    let x: Double
    let atLeft: Bool
    let labelX: Double

    /// The markup around one seed's text and its two numbers.
    static let markupBytes = 100

    init?(_ geometry: Geometry, _ index: Int) {
        guard geometry.seedRoom > 0 else { return nil }
        text = geometry.seedText(index)
        x = geometry.seedColumnX(index)
        atLeft = geometry.seedAtLeftEdge(index)
        labelX = geometry.labelCentreX(index)
    }
}

/// Where card `index`'s label lines start under `@label-align start`, or nil when they are
/// centred (`@label-align center`).
func labelStartX(_ diagram: Diagram, _ geometry: Geometry, _ index: Int) -> Double? {
    diagram.settings.labelAlign == .start ? geometry.labelStartX(index) : nil
}

func point(_ out: inout SVGBytes, _ point: Point) {
    out.number(point.x)
    out.raw(",")
    out.number(point.y)
}

private func openDocument(_ out: inout SVGBytes, width: Double, height: Double, idPrefix: String) {
    out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
    out.number(width)
    out.raw(" ")
    out.number(height)
    out.raw("\" width=\"")
    out.number(width)
    out.raw("\" height=\"")
    out.number(height)
    out.raw("\" role=\"img\" aria-labelledby=\"")
    out.text(idPrefix)
    out.raw("-title ")
    out.text(idPrefix)
    out.raw("-desc\">\n")
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

/// What every card's text shares: the font size and the baselines of a block of n lines,
/// relative to the card's centre (from the font's ascent and descent, so the text sits centred
/// in every renderer, librsvg included, which ignores `dominant-baseline`). (Internal: the
/// preview's single-card fragments are written by the same `card` function.)
struct CardStyle {
    let measurer: TextMeasurer
    private var baselines: [[Double]] = []

    init(fontSize: Double) {
        measurer = TextMeasurer(fontSize: fontSize)
    }

    var fontSize: Double { measurer.fontSize }

    mutating func baselines(lineCount: Int) -> [Double] {
        guard lineCount < 64 else { return measurer.baselines(lineCount: lineCount) }
        while baselines.count <= lineCount { baselines.append(measurer.baselines(lineCount: baselines.count)) }
        return baselines[lineCount]
    }
}

/// One card: its group, the full label as aria-label and `<title>`, the rectangle, and one
/// `<text>` with a `<tspan>` per line. In a tree that records results (`result` given) the group
/// also carries its outcome class and `data-entrant`, the accessible name adds the score and the
/// outcome, the label moves aside for the score slot, and the slot is its own `<text>`.
///
/// `note`: the match's note (`note=…`), a sentence of the accessible name after the result.
///
/// `labelStartX`: with `@label-align start`, the x every line starts at (`text-anchor="start"`);
/// nil centres the lines (`text-anchor="middle"`).
func card(
    _ out: inout SVGBytes, id: String, label: String, centre: Point, size: Size,
    lines: ArraySlice<String>, result: CardResult? = nil, classes: String? = nil, labelStartX: Double? = nil,
    seed: SeedMark? = nil, note: String? = nil, _ style: inout CardStyle
) {
    out.raw("<g class=\"bracket-card")
    if let className = result?.className {
        out.raw(" ")
        out.raw(className)
    }
    if let classes { out.text(classes) }
    out.raw("\" data-node-id=\"")
    out.text(id)
    if let entrant = result?.entrant {
        out.raw("\" data-entrant=\"")
        out.text(entrant)
    }
    out.raw("\" role=\"listitem\" aria-label=\"")
    // The label appears up to three times; it is escaped once and its bytes repeated.
    let labelStart = out.count
    out.text(label)
    let labelEnd = out.count
    result?.writeNameSuffix(&out)
    if let note {
        out.raw("; ")
        out.text(note)
    }
    let nameEnd = out.count
    out.raw("\" tabindex=\"0\"><title>")
    out.repeatWritten(from: labelStart, to: nameEnd)
    out.raw("</title><rect x=\"")
    out.number(centre.x - size.width / 2)
    out.raw("\" y=\"")
    out.number(centre.y - size.height / 2)
    out.raw("\" width=\"")
    out.number(size.width)
    out.raw("\" height=\"")
    out.number(size.height)
    out.raw("\" rx=\"6\"/><text font-size=\"")
    out.number(style.fontSize)
    out.raw(labelStartX == nil ? "\" text-anchor=\"middle\">" : "\" text-anchor=\"start\">")
    let baselines = style.baselines(lineCount: lines.count)
    let labelX = labelStartX ?? result?.labelX ?? seed?.labelX ?? centre.x
    for (offset, line) in lines.enumerated() {
        textLine(&out, x: labelX, y: centre.y + baselines[offset]) { out in
            // A label shown whole on one line is the text just escaped: repeat its bytes.
            if lines.count == 1 && line == label { out.repeatWritten(from: labelStart, to: labelEnd) } else { out.text(line) }
        }
    }
    out.raw("</text>")
    let baseline = centre.y + style.baselines(lineCount: 1)[0]
    if let seed, let text = seed.text {
        // The seed, one line centred on the card as the score is, in the column the layout
        // kept at the edge away from the parent.
        slotText(&out, "<text class=\"bracket-seed\" font-size=\"", text, x: seed.x, atLeft: seed.atLeft,
                 baseline: baseline, fontSize: style.fontSize)
    }
    if let result, result.slot != nil, !result.parts.isEmpty {
        // A slot in parts: each part at its column's x, a raised part smaller and higher.
        out.raw("<text class=\"bracket-score bracket-parts\" font-size=\"")
        out.number(style.fontSize)
        out.raw("\" text-anchor=\"start\">")
        for part in result.parts {
            out.raw("<tspan x=\"")
            out.number(part.x)
            out.raw("\" y=\"")
            out.number(part.y)
            if part.raised {
                out.raw("\" font-size=\"")
                out.number(style.fontSize * SlotPartMetrics.raisedScale)
            }
            out.raw("\">")
            out.text(part.text)
            out.raw("</tspan>")
        }
        out.raw("</text>")
    } else if let result, let slot = result.slot {
        // The score, one line centred on the card like a one-line label, at the edge facing
        // the parent (its measured width is what the layout left room for).
        slotText(&out, "<text class=\"bracket-score\" font-size=\"", slot, x: result.slotX, atLeft: result.slotAtLeft,
                 baseline: baseline, fontSize: style.fontSize)
    }
    out.raw("</g>\n")
}

/// A card's one-line slot text (score or seed) after `opening`: anchored at `x`, starting there at
/// the card's left edge or ending there at its right edge, on `baseline`.
private func slotText(_ out: inout SVGBytes, _ opening: StaticString, _ text: String, x: Double, atLeft: Bool,
                      baseline: Double, fontSize: Double) {
    out.raw(opening)
    out.number(fontSize)
    out.raw(atLeft ? "\" text-anchor=\"start\" x=\"" : "\" text-anchor=\"end\" x=\"")
    out.number(x)
    out.raw("\" y=\"")
    out.number(baseline)
    out.raw("\">")
    out.text(text)
    out.raw("</text>")
}

/// One line of text, centred on `x` with its baseline at `y`. No `textLength`: every width was
/// measured with the widest font of the stack, so a viewer's fallback font draws the line no
/// wider, and pinning the width would stretch it (docs/language.md, "Text and fonts").
private func textLine(_ out: inout SVGBytes, x: Double, y: Double, _ body: (inout SVGBytes) -> Void) {
    out.raw("<tspan x=\"")
    out.number(x)
    out.raw("\" y=\"")
    out.number(y)
    out.raw("\">")
    body(&out)
    out.raw("</tspan>")
}

/// The drawn title above the cards. Hidden from screen readers: the document's own `<title>`
/// already says it.
func drawTitle(_ out: inout SVGBytes, _ title: TitleBlock) {
    out.raw("<text class=\"bracket-heading\" aria-hidden=\"true\" font-size=\"")
    out.number(title.fontSize)
    out.raw("\" text-anchor=\"middle\">")
    let baselines = TextMeasurer(fontSize: title.fontSize).baselines(lineCount: title.lines.count)
    for (offset, line) in title.lines.enumerated() {
        textLine(&out, x: title.center.x, y: title.center.y + baselines[offset]) { $0.text(line) }
    }
    out.raw("</text>\n")
}

/// The `<style>` element: the shared sheet (and the results rules, for a tree that records
/// results) with the measured font first in the font stack.
func writeStyle(_ out: inout SVGBytes, results: Bool = false, notes: Bool = false, classSheet: String = "") {
    out.raw("<style>")
    out.raw(SVGStyle.sheet)
    if results { out.raw(SVGStyle.resultsSheet) }
    out.plain(classSheet)
    out.raw(".bracket-card text,.bracket-empty,.bracket-heading,.bracket-round,.bracket-edge-label text{font-family:")
    out.plain(SVGStyle.fontFamily)
    if notes {
        out.raw("}")
        out.raw(SVGStyle.notesSheet)
        out.plain(SVGStyle.fontFamily)
    }
    out.raw("}</style>\n")
}

/// A small picture that says there is nothing to draw, so a preview of an empty or broken file
/// still shows something meaningful instead of a blank or invalid document.
private func renderEmptySVG(_ diagram: Diagram, idPrefix: String) -> String {
    let title = diagram.settings.title ?? "Bracket diagram"
    let capacity = 1024 + SVGStyle.sheet.utf8CodeUnitCount + SVGStyle.fontFamily.utf8.count
        + SVGBytes.escapedBound(title.utf8.count + 4 * idPrefix.utf8.count)
    return SVGBytes.string(capacity: capacity) { out in writeEmptySVG(&out, title: title, idPrefix: idPrefix) }
}

private func writeEmptySVG(_ out: inout SVGBytes, title: String, idPrefix: String) {
    openDocument(&out, width: 240, height: 80, idPrefix: idPrefix)
    out.raw("<title id=\"")
    out.text(idPrefix)
    out.raw("-title\">")
    out.text(title)
    out.raw("</title>\n<desc id=\"")
    out.text(idPrefix)
    out.raw("-desc\">The diagram is empty: there are no nodes to show.</desc>\n")
    writeStyle(&out)
    out.raw("<rect class=\"bracket-background\" width=\"100%\" height=\"100%\"/>\n")
    let message = "Empty diagram"
    let measurer = TextMeasurer(fontSize: 14)
    out.raw("<text class=\"bracket-empty\" font-size=\"14\" text-anchor=\"middle\">")
    textLine(&out, x: 120, y: 40 + measurer.baselines(lineCount: 1)[0]) { $0.text(String(message)) }
    out.raw("</text>\n</svg>\n")
}
