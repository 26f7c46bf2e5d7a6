import BracketBytes
import BracketJSON
import BracketLayout
import BracketModel
import BracketSyntax

/// The geometry JSON document shared by the server, the schemas and the editors (see the team
/// brief): content size, margin, settings, one entry per card and per connector.
///
/// `position` converts a byte offset into an LSP position; the caller owns the text and knows
/// the negotiated encoding, which keeps this module free of both. Cards and connectors are
/// written from the one `Geometry`, so the JSON and the SVG always agree.
public func writeGeometryJSON(
    _ diagram: Diagram, _ geometry: Geometry, position: (Int) -> (line: Int, character: Int)
) -> [UInt8] {
    let count = min(diagram.nodes.count, geometry.centres.count)
    return ByteSink.bytes(capacity: estimatedGeometryJSONSize(diagram, geometry, count: count)) { out in
        writeGeometry(&out, diagram, geometry, count: count, position: position)
    }
}

/// The document's size for ordinary geometry, so it is written into one buffer: text at its
/// escaped length, numbers at the length of the largest extent plus a fraction, line and
/// character numbers at ten digits; if a number turns out longer, the writer retries with more
/// room. Unwritten capacity is not free: in a process that reuses its heap (`bracket lsp`) the
/// unwritten tail of a freed buffer is fresh memory that a later allocation faults in.
func estimatedGeometryJSONSize(_ diagram: Diagram, _ geometry: Geometry, count: Int) -> Int {
    var extent = 0.0
    for value in [geometry.width, geometry.height, geometry.cardWidth, geometry.cardHeight] where value.isFinite {
        extent = max(extent, abs(value))
    }
    let numberBytes = 6 + String(Int(min(extent, 1e15))).utf8.count
    // A node's keys and punctuation (~190 bytes), 5 numbers and 4 positions; a connector's
    // keys (~90 bytes) and 8 numbers; each line's quotes and comma.
    let perNode = 190 + 5 * numberBytes + 4 * 10 + 104 + 8 * numberBytes
    // Texts at their escaped length, counted (a bound of six bytes a byte left most of a big
    // output's buffer unwritten: fresh memory that a server's next allocations pay for).
    var lineBytes = 0
    for line in geometry.lines.strings { lineBytes &+= 1 &+ ByteSink.jsonStringLength(line) }
    for line in geometry.title?.lines ?? [] { lineBytes &+= 1 &+ ByteSink.jsonStringLength(line) &+ 8 * numberBytes }
    let nodes = diagram.nodes
    var idBytes = [Int](repeating: 0, count: count)
    for index in 0..<count { idBytes[index] = ByteSink.jsonStringLength(nodes.ids[index]) }
    var textBytes = 0
    let results = diagram.recordsResults
    for index in 0..<count {
        // Its ID as node and as edge child, its parent's ID as parent twice, its label once.
        let parent = Int(nodes.parents[index])
        let parentBytes = parent >= 0 && parent < count ? idBytes[parent] : 0
        textBytes &+= 2 &* (idBytes[index] &+ parentBytes) &+ ByteSink.jsonStringLength(nodes.labels[index])
        if results {
            // The result fields' keys and literals, the score and the entrant's ID.
            textBytes &+= 88 &+ ByteSink.jsonStringLength(nodes.scores[index] ?? "")
                &+ ByteSink.jsonStringLength(nodes.entrantID(index) ?? "")
        }
        textBytes &+= drawnAttributesBound(nodes, index)
    }
    // A score slot's keys, its two numbers and its text.
    for text in geometry.scores.texts { textBytes &+= 74 &+ 2 &* numberBytes &+ ByteSink.jsonStringLength(text) }
    // A slot in parts: per part its keys, up to three numbers and its text.
    for parts in geometry.scores.parts {
        for part in parts {
            textBytes &+= 2 &* (48 &+ 3 &* numberBytes) &+ ByteSink.jsonStringLength(part.text)
                &+ ByteSink.jsonStringLength(part.raised ?? "")
        }
    }
    // A seed slot on every card of a diagram with seeds: its keys and three numbers; the texts.
    if geometry.seedRoom > 0 { textBytes &+= count &* (80 &+ 3 &* numberBytes) }
    for text in geometry.seeds.texts { textBytes &+= ByteSink.jsonStringLength(text) }
    let settingsBytes = 768 + ByteSink.jsonStringBound((diagram.settings.title ?? "").utf8.count)
    let (total, overflow) = count.multipliedReportingOverflow(by: perNode)
    guard !overflow else { return Int.max / 2 }
    return total &+ textBytes &+ lineBytes &+ settingsBytes
        &+ estimatedEdgeLabelsSize(diagram, geometry, edges: geometry.edgeChildren.count)
        &+ estimatedNotesSize(diagram, geometry)
}

/// `{"width":…,"height":…,"margin":…,"fontSize":…,"settings":{…}[,"title":{…}]` — the opening
/// of the geometry JSON, shared with the columns form (GeometryColumns.swift); the caller writes
/// the rest and the closing brace.
func writeGeometryHeader(_ out: inout ByteSink, _ diagram: Diagram, _ geometry: Geometry) {
    out.raw("{\"width\":")
    out.jsonNumber(geometry.width)
    out.raw(",\"height\":")
    out.jsonNumber(geometry.height)
    out.raw(",\"margin\":")
    out.jsonNumber(geometry.margin)
    out.raw(",\"fontSize\":")
    out.jsonNumber(geometry.fontSize)
    out.raw(",\"settings\":")
    writeSettings(&out, diagram.settings)
    if let title = geometry.title {
        out.raw(",\"title\":{")
        writeTextBlockMembers(
            &out, lines: title.lines, center: title.center, width: title.width, height: title.height,
            fontSize: title.fontSize)
        out.raw("}")
    }
    writeLevels(&out, geometry)
    writeNotes(&out, diagram, geometry)
}

private func writeGeometry(
    _ out: inout ByteSink, _ diagram: Diagram, _ geometry: Geometry, count: Int,
    position: (Int) -> (line: Int, character: Int)
) {
    writeGeometryHeader(&out, diagram, geometry)

    out.raw(",\"nodes\":[")
    let nodes = diagram.nodes
    let ids = nodes.ids, parents = nodes.parents
    let lines = geometry.lines
    let results = diagram.recordsResults
    for index in 0..<count {
        let centre = geometry.centres[index], size = geometry.sizes[index]
        out.raw(index == 0 ? "{\"id\":" : ",{\"id\":")
        out.jsonString(ids[index])
        out.raw(",\"label\":")
        out.jsonString(nodes.labels[index])
        out.raw(",\"x\":")
        out.jsonNumber(centre.x)
        out.raw(",\"y\":")
        out.jsonNumber(centre.y)
        out.raw(",\"width\":")
        out.jsonNumber(size.width)
        out.raw(",\"height\":")
        out.jsonNumber(size.height)
        out.raw(",\"lines\":")
        writeLines(&out, lines.strings[lines.range(of: index)])
        out.raw(lines.isTruncated(index) ? ",\"truncated\":true" : ",\"truncated\":false")
        out.raw(",\"depth\":")
        out.integer(Int(geometry.depths[index]))
        out.raw(",\"parent\":")
        let parent = Int(parents[index])
        if parent >= 0 && parent < count { out.jsonString(ids[parent]) } else { out.raw("null") }
        let range = nodes.idRanges[index]
        out.raw(",\"range\":{\"start\":")
        writePosition(&out, position(range.start))
        out.raw(",\"end\":")
        writePosition(&out, position(range.end))
        out.raw("}")
        if results { writeResult(&out, GeometryNodeResult(diagram, geometry, index)) }
        if let seed = GeometrySeedSlot(geometry, index) { writeSeedSlot(&out, seed) }
        writeDrawnAttributes(&out, nodes, index)
        out.raw("}")
    }

    out.raw("],\"edges\":[")
    var first = true
    var nextLabel = 0
    let edgeChildren = geometry.edgeChildren, edgeParents = geometry.edgeParents
    for edge in 0..<edgeChildren.count {
        let child = Int(edgeChildren[edge]), parent = Int(edgeParents[edge])
        guard child < count && parent < count else { continue }
        out.raw(first ? "{\"child\":" : ",{\"child\":")
        first = false
        out.jsonString(ids[child])
        out.raw(",\"parent\":")
        out.jsonString(ids[parent])
        let points = geometry.connectorPoints(edge)
        out.raw(",\"points\":[")
        writePoint(&out, points.0)
        out.raw(",")
        writePoint(&out, points.1)
        out.raw(",")
        writePoint(&out, points.2)
        out.raw(",")
        writePoint(&out, points.3)
        out.raw("],\"label\":")
        writeEdgeLabel(&out, diagram, geometry, edge: edge, from: &nextLabel)
        out.raw("}")
    }
    out.raw("]}")
}

/// `,"score":…,"winner":…,"pending":…[,"ownLabel":true],"bye":…,"entrant":…[,"slot":{…}]`: a
/// node's result fields (`writeGeometryNode`'s), written only for a tree that records results
/// (`Diagram.recordsResults`), so a plain tree's document is as it was.
private func writeResult(_ out: inout ByteSink, _ result: GeometryNodeResult) {
    out.raw(",\"score\":")
    if let score = result.score { out.jsonString(score) } else { out.raw("null") }
    out.raw(result.winner ? ",\"winner\":true" : ",\"winner\":false")
    out.raw(result.pending ? ",\"pending\":true" : ",\"pending\":false")
    if result.ownLabel { out.raw(",\"ownLabel\":true") }
    out.raw(result.bye ? ",\"bye\":true" : ",\"bye\":false")
    out.raw(",\"entrant\":")
    if let entrant = result.entrant { out.jsonString(entrant) } else { out.raw("null") }
    guard let slot = result.slot else { return }
    writeTextSlot(&out, ",\"slot\":{\"text\":", text: slot.text, x: slot.x, atLeftEdge: slot.atLeftEdge, labelX: slot.labelX)
    if slot.truncated { out.raw(",\"truncated\":true") }
    if !slot.parts.isEmpty {
        out.raw(",\"parts\":[")
        for (position, part) in slot.parts.enumerated() {
            out.raw(position == 0 ? "{\"text\":" : ",{\"text\":")
            out.jsonString(part.text)
            out.raw(",\"x\":")
            out.jsonNumber(part.x)
            out.raw(",\"y\":")
            out.jsonNumber(part.y)
            if let size = part.size {
                out.raw(",\"size\":")
                out.jsonNumber(size)
            }
            out.raw("}")
        }
        out.raw("]")
    }
    out.raw("}")
}

/// `,"seedSlot":{"text":…,"x":…,"anchor":…,"labelX":…,"labelStartX":…}`: a card's seed column
/// (`GeometrySeedSlot`), written for every card of a diagram with seeds.
private func writeSeedSlot(_ out: inout ByteSink, _ seed: GeometrySeedSlot) {
    writeTextSlot(&out, ",\"seedSlot\":{\"text\":", text: seed.text, x: seed.x, atLeftEdge: seed.atLeftEdge,
                  labelX: seed.labelX)
    out.raw(",\"labelStartX\":")
    out.jsonNumber(seed.labelStartX)
    out.raw("}")
}

/// A slot's members after `opening` (its key and the text's): the text, the anchor's x, the side
/// and the label's centre. The score slot and the seed column share it; the object is left open
/// for the score slot's own members (`truncated`, `parts`), and the caller closes it.
private func writeTextSlot(_ out: inout ByteSink, _ opening: StaticString, text: String, x: Double, atLeftEdge: Bool,
                           labelX: Double) {
    out.raw(opening)
    out.jsonString(text)
    out.raw(",\"x\":")
    out.jsonNumber(x)
    out.raw(atLeftEdge ? ",\"anchor\":\"start\",\"labelX\":" : ",\"anchor\":\"end\",\"labelX\":")
    out.jsonNumber(labelX)
}

func writeLines(_ out: inout ByteSink, _ lines: ArraySlice<String>) {
    out.raw("[")
    var first = true
    for line in lines {
        if !first { out.raw(",") }
        first = false
        out.jsonString(line)
    }
    out.raw("]")
}

func writePoint(_ out: inout ByteSink, _ point: Point) {
    out.raw("{\"x\":")
    out.jsonNumber(point.x)
    out.raw(",\"y\":")
    out.jsonNumber(point.y)
    out.raw("}")
}

/// The resolved settings, so a client can draw or explain the picture without re-deriving them;
/// `title` is left out when the file has none.
func writeSettings(_ out: inout ByteSink, _ settings: LayoutSettings) {
    out.raw("{\"cardWidth\":")
    out.jsonNumber(settings.cardWidth)
    out.raw(",\"cardHeight\":")
    out.jsonNumber(settings.cardHeight)
    out.raw(",\"levelGap\":")
    out.jsonNumber(settings.levelGap)
    out.raw(",\"leafGap\":")
    out.jsonNumber(settings.leafGap)
    out.raw(",\"margin\":")
    out.jsonNumber(settings.margin)
    out.raw(",\"root\":")
    out.jsonString(settings.root.rawValue)
    out.raw(",\"align\":")
    out.jsonString(settings.align.rawValue)
    out.raw(",\"maxCardWidth\":")
    out.jsonNumber(settings.maxCardWidth)
    out.raw(",\"maxLines\":")
    out.integer(settings.maxLines)
    out.raw(",\"fit\":")
    out.jsonString(settings.fit.rawValue)
    out.raw(settings.titleVisible ? ",\"titleVisible\":true" : ",\"titleVisible\":false")
    out.raw(",\"labelAlign\":")
    out.jsonString(settings.labelAlign.rawValue)
    if let title = settings.title {
        out.raw(",\"title\":")
        out.jsonString(title)
    }
    out.raw("}")
}

private func writePosition(_ out: inout ByteSink, _ position: (line: Int, character: Int)) {
    out.raw("{\"line\":")
    out.integer(position.line)
    out.raw(",\"character\":")
    out.integer(position.character)
    out.raw("}")
}
