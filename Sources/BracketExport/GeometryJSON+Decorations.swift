import BracketBytes
import BracketJSON
import BracketLayout
import BracketModel

// The geometry JSON's level headers and edge labels (schema/geometry.schema.json): written
// from the same `Geometry` the SVG draws, by the full document, the columns form and the
// preview's edge fragments alike.

/// `,"levels":[…]`: one entry per level header in drawing order (a two-sided draw has each
/// level once per half, the root's once); empty without `@rounds`.
func writeLevels(_ out: inout ByteSink, _ geometry: Geometry) {
    out.raw(",\"levels\":[")
    for (index, header) in geometry.headers.enumerated() {
        out.raw(index == 0 ? "{\"depth\":" : ",{\"depth\":")
        out.integer(header.level)
        out.raw(",\"side\":")
        out.jsonString(levelSide(geometry, header))
        out.raw(",\"text\":")
        out.jsonString(header.text)
        out.raw(",")
        writeTextBlockMembers(
            &out, lines: header.lines, center: header.center, width: header.width, height: header.height,
            fontSize: geometry.headerFontSize)
        out.raw("}")
    }
    out.raw("]")
}

/// `,"notes":[…]`: the match notes (`note=…`) as drawn, ascending by node, each
/// `{ id, text, truncated, lines, x, y, width, height, fontSize }` (`text` as written, `lines`
/// its one drawn line); nothing at all for a drawing without notes.
func writeNotes(_ out: inout ByteSink, _ diagram: Diagram, _ geometry: Geometry) {
    guard !geometry.notes.isEmpty else { return }
    let ids = diagram.nodes.ids
    out.raw(",\"notes\":[")
    var first = true
    for note in geometry.notes where note.node < ids.count {
        out.raw(first ? "{\"id\":" : ",{\"id\":")
        first = false
        out.jsonString(ids[note.node])
        out.raw(",\"text\":")
        out.jsonString(diagram.nodes.matchNote(note.node) ?? note.line)
        out.raw(note.isTruncated ? ",\"truncated\":true," : ",\"truncated\":false,")
        writeTextBlockMembers(
            &out, lines: [note.line], center: note.center, width: note.width, height: note.height,
            fontSize: geometry.noteFontSize)
        out.raw("}")
    }
    out.raw("]")
}

/// At most the length of `writeNotes`'s output.
func estimatedNotesSize(_ diagram: Diagram, _ geometry: Geometry) -> Int {
    guard !geometry.notes.isEmpty else { return 0 }
    let fixed = 96 &+ 5 &* estimatedNumberLength(geometry)
    var bytes = 16
    for note in geometry.notes where note.node < diagram.nodes.count {
        bytes &+= fixed &+ ByteSink.jsonStringLength(diagram.nodes.ids[note.node])
            &+ ByteSink.jsonStringLength(diagram.nodes.matchNote(note.node) ?? "") &+ ByteSink.jsonStringLength(note.line)
    }
    return bytes
}

/// Which half of a two-sided draw a header belongs to: "left", "right", or "center" for the
/// root's level; "single" in a one-sided draw.
private func levelSide(_ geometry: Geometry, _ header: LevelHeader) -> String {
    guard geometry.isTwoSided else { return "single" }
    if header.level == 0 { return "center" }
    guard let root = geometry.centres.first else { return "left" }
    return header.center.x < root.x ? "left" : "right"
}

/// An edge's `label`: null, or `{ text, lines, x, y, width, height, fontSize }` for the edge
/// label of connector `edge`. `next` walks `geometry.edgeLabels` (ascending by connector)
/// alongside the caller's walk over the connectors.
func writeEdgeLabel(_ out: inout ByteSink, _ diagram: Diagram, _ geometry: Geometry, edge: Int, from next: inout Int) {
    let labels = geometry.edgeLabels
    while next < labels.count, labels[next].connector < edge { next += 1 }
    guard next < labels.count, labels[next].connector == edge else {
        out.raw("null")
        return
    }
    let label = labels[next]
    let child = Int(geometry.edgeChildren[edge])
    out.raw("{\"text\":")
    out.jsonString(child < diagram.nodes.edgeLabels.count ? diagram.nodes.edgeLabels[child] ?? "" : "")
    out.raw(",")
    writeTextBlockMembers(
        &out, lines: label.lines, center: label.center, width: label.width, height: label.height,
        fontSize: geometry.edgeLabelFontSize)
    out.raw("}")
}

/// The same `label` through a `JSONWriter`, for the preview's edge fragments.
func writeEdgeLabel(_ json: inout JSONWriter, text: String?, _ label: EdgeLabelBox?, fontSize: Double) {
    guard let label else {
        json.null()
        return
    }
    json.beginObject()
    json.key("text"); json.string(text ?? "")
    json.key("lines")
    json.beginArray()
    for line in label.lines { json.string(line) }
    json.endArray()
    json.key("x"); json.double(label.center.x)
    json.key("y"); json.double(label.center.y)
    json.key("width"); json.double(label.width)
    json.key("height"); json.double(label.height)
    json.key("fontSize"); json.double(fontSize)
    json.endObject()
}

/// `"lines":[…],"x":…,"y":…,"width":…,"height":…,"fontSize":…`: the members every drawn text
/// block shares (the title, a level header, an edge label).
func writeTextBlockMembers(
    _ out: inout ByteSink, lines: [String], center: Point, width: Double, height: Double, fontSize: Double
) {
    out.raw("\"lines\":")
    writeLines(&out, lines[...])
    out.raw(",\"x\":")
    out.jsonNumber(center.x)
    out.raw(",\"y\":")
    out.jsonNumber(center.y)
    out.raw(",\"width\":")
    out.jsonNumber(width)
    out.raw(",\"height\":")
    out.jsonNumber(height)
    out.raw(",\"fontSize\":")
    out.jsonNumber(fontSize)
}
