import BracketJSON
import BracketLayout
import BracketModel
import BracketSyntax

// Single members of the geometry JSON's `nodes` and `edges` arrays, for the preview's delta
// updates (docs/protocol.md). They follow `writeGeometryJSON` member for member;
// GeometryFragmentTests checks that the full document's arrays are exactly these objects.

/// A node's ID range as LSP-style positions, already converted by the caller (who knows the
/// text and the negotiated encoding). Stored so two previews can be compared cheaply.
public struct NodeRange: Sendable, Hashable {
    public var startLine: Int
    public var startCharacter: Int
    public var endLine: Int
    public var endCharacter: Int

    public init(startLine: Int, startCharacter: Int, endLine: Int, endCharacter: Int) {
        self.startLine = startLine
        self.startCharacter = startCharacter
        self.endLine = endLine
        self.endCharacter = endCharacter
    }
}

/// One `nodes` entry: `{ id, label, x, y, width, height, lines, truncated, depth, parent, range }`.
public func writeGeometryNode(
    _ json: inout JSONWriter, _ node: DiagramNode, _ card: Card, parentID: String?, range: NodeRange
) {
    json.beginObject()
    json.key("id"); json.string(node.id)
    json.key("label"); json.string(node.label)
    json.key("x"); json.double(card.center.x)
    json.key("y"); json.double(card.center.y)
    json.key("width"); json.double(card.width)
    json.key("height"); json.double(card.height)
    json.key("lines")
    json.beginArray()
    for line in card.lines { json.string(line) }
    json.endArray()
    json.key("truncated"); json.bool(card.isTruncated)
    json.key("depth"); json.int(card.depth)
    json.key("parent")
    if let parentID { json.string(parentID) } else { json.null() }
    json.key("range")
    let start = (line: range.startLine, character: range.startCharacter)
    let end = (line: range.endLine, character: range.endCharacter)
    // The shared range writer takes offsets; 0 and 1 stand for the already known ends.
    writeRange(&json, ByteRange(0, 1)) { $0 == 0 ? start : end }
    json.endObject()
}

/// One `edges` entry: `{ child, parent, points, label }` (`label` as the geometry JSON writes
/// it: null, or the edge label's text and box from `geometry`).
public func writeGeometryEdge(
    _ json: inout JSONWriter, _ edge: Edge, childID: String, parentID: String,
    label: EdgeLabelBox?, labelText: String?, labelFontSize: Double
) {
    json.beginObject()
    json.key("child"); json.string(childID)
    json.key("parent"); json.string(parentID)
    json.key("points")
    json.beginArray()
    for point in edge.pointList {
        json.beginObject()
        json.key("x"); json.double(point.x)
        json.key("y"); json.double(point.y)
        json.endObject()
    }
    json.endArray()
    json.key("label")
    writeEdgeLabel(&json, text: labelText, label, fontSize: labelFontSize)
    json.endObject()
}

/// `{ "start": {line, character}, "end": {…} }` through a `JSONWriter`, spelled exactly as
/// `writeGeometryJSON` spells a node's range.
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
