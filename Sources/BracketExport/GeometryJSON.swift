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
    let nodes = diagram.nodes
    let count = min(nodes.count, geometry.cards.count)
    var json = JSONWriter(reservingCapacity: 512 + count * 300)
    json.beginObject()
    json.key("width"); json.double(geometry.width)
    json.key("height"); json.double(geometry.height)
    json.key("margin"); json.double(geometry.margin)
    json.key("settings"); writeSettings(&json, diagram.settings)

    json.key("nodes")
    json.beginArray()
    for index in 0..<count {
        let node = nodes[index], card = geometry.cards[index]
        json.beginObject()
        json.key("id"); json.string(node.id)
        json.key("label"); json.string(node.label)
        json.key("x"); json.double(card.center.x)
        json.key("y"); json.double(card.center.y)
        json.key("width"); json.double(card.width)
        json.key("height"); json.double(card.height)
        json.key("depth"); json.int(card.depth)
        json.key("parent")
        if node.parent >= 0 && node.parent < count { json.string(nodes[node.parent].id) } else { json.null() }
        json.key("range"); writeRange(&json, node.idRange, position)
        json.endObject()
    }
    json.endArray()

    json.key("edges")
    json.beginArray()
    for edge in geometry.edges where edge.child < count && edge.parent < count {
        json.beginObject()
        json.key("child"); json.string(nodes[edge.child].id)
        json.key("parent"); json.string(nodes[edge.parent].id)
        json.key("points")
        json.beginArray()
        for point in edge.pointList {
            json.beginObject()
            json.key("x"); json.double(point.x)
            json.key("y"); json.double(point.y)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
    json.endArray()
    json.endObject()
    return json.bytes
}

/// The resolved settings, so a client can draw or explain the picture without re-deriving them;
/// `title` is left out when the file has none.
private func writeSettings(_ json: inout JSONWriter, _ settings: LayoutSettings) {
    json.beginObject()
    json.key("cardWidth"); json.double(settings.cardWidth)
    json.key("cardHeight"); json.double(settings.cardHeight)
    json.key("levelGap"); json.double(settings.levelGap)
    json.key("leafGap"); json.double(settings.leafGap)
    json.key("margin"); json.double(settings.margin)
    json.key("root"); json.string(settings.root.rawValue)
    json.key("align"); json.string(settings.align.rawValue)
    if let title = settings.title { json.key("title"); json.string(title) }
    json.endObject()
}

func writeRange(
    _ json: inout JSONWriter, _ range: ByteRange, _ position: (Int) -> (line: Int, character: Int)
) {
    json.beginObject()
    json.key("start"); writePosition(&json, position(range.start))
    json.key("end"); writePosition(&json, position(range.end))
    json.endObject()
}

private func writePosition(_ json: inout JSONWriter, _ position: (line: Int, character: Int)) {
    json.beginObject()
    json.key("line"); json.int(position.line)
    json.key("character"); json.int(position.character)
    json.endObject()
}
