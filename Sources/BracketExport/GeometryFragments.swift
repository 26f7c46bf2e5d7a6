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

/// A node's result fields in the geometry JSON, for a tree that records results.
public struct GeometryNodeResult: Sendable, Hashable {
    /// The score as written, or nil.
    public var score: String?
    /// Won (or, as a bye, advanced from) the match decided at its parent.
    public var winner: Bool
    /// A slot still to be decided.
    public var pending: Bool
    /// A slot still to be decided that has a label of its own (its accessible name says "to be
    /// decided"); written only when true.
    public var ownLabel: Bool
    /// Its parent's only child, advancing without playing.
    public var bye: Bool
    /// The ID of the leaf whose competitor the card shows (its own for a leaf), nil when pending.
    public var entrant: String?
    /// The score slot as laid out (`Geometry.scores`), nil when the card shows none.
    public var slot: GeometryScoreSlot?

    public init(_ diagram: Diagram, _ geometry: Geometry, _ index: Int) {
        let nodes = diagram.nodes
        score = nodes.scores[index]
        winner = nodes.isWinners[index]
        pending = nodes.isPendings[index]
        ownLabel = nodes.outcome(index) == .pending && nodes.hasExplicitLabels[index]
        bye = nodes.isByes[index]
        entrant = nodes.entrantID(index)
        slot = GeometryScoreSlot(geometry, index)
    }
}

/// A card's score slot as the layout placed it, so a client draws it without measuring:
/// `{ text, x, anchor, labelX[, truncated] }`, the text as drawn (`truncated` only when the
/// score was cut with "…"), the x of its anchor (`anchor` `start` at
/// the card's left edge, `end` at its right), and the x the card's label lines are centred on.
public struct GeometryScoreSlot: Sendable, Hashable {
    public var text: String
    public var x: Double
    public var atLeftEdge: Bool
    public var labelX: Double
    /// Whether the score was cut with "…" to fit (`check` reports `long-score`).
    public var truncated: Bool
    /// A slot drawn in parts: each part's text, the x it starts at, its baseline's y and
    /// whether it is raised (smaller, `SlotPartMetrics`); empty for a slot drawn as one text.
    public var parts: [GeometrySlotPart]

    /// Card `index`'s slot, or nil when it shows none.
    public init?(_ geometry: Geometry, _ index: Int) {
        guard let position = geometry.scores.index(of: index), let x = geometry.scoreAnchorX(index) else { return nil }
        text = geometry.scores.texts[position]
        self.x = x
        atLeftEdge = geometry.scoreAtLeftEdge(index)
        labelX = geometry.labelCentreX(index)
        truncated = geometry.scoreIsCut(index)
        parts = geometry.slotParts(index).map {
            GeometrySlotPart(text: $0.text, x: $0.x, y: $0.y, size: $0.raised ? geometry.raisedFontSize : nil)
        }
    }
}

/// One part of a slot drawn in parts, as the geometry JSON gives it: `{ text, x, y[, size] }`,
/// the text starting at x (`text-anchor` start) on the baseline y; `size` only for a raised
/// part (the card font size times `SlotPartMetrics.raisedScale`).
public struct GeometrySlotPart: Sendable, Hashable {
    public var text: String
    public var x: Double
    public var y: Double
    public var size: Double?
}

/// A card's seed column as the layout placed it (Geometry+Seeds.swift), for every card of a
/// diagram with seeds (each keeps the column's room): `{ text, x, anchor, labelX, labelStartX }`,
/// the text as drawn (`[5]`, `(WC)`; empty for a card that shows none), the x of the column's
/// anchor (`anchor` `start` at the card's left edge, `end` at its right), the x the card's label
/// lines are centred on, and the x they start at under `@label-align start`.
public struct GeometrySeedSlot: Sendable, Hashable {
    public var text: String
    public var x: Double
    public var atLeftEdge: Bool
    public var labelX: Double
    public var labelStartX: Double

    /// Card `index`'s seed column, or nil when the diagram has none.
    public init?(_ geometry: Geometry, _ index: Int) {
        guard geometry.seedRoom > 0, index < geometry.centres.count else { return nil }
        text = geometry.seedText(index) ?? ""
        x = geometry.seedColumnX(index)
        atLeftEdge = geometry.seedAtLeftEdge(index)
        labelX = geometry.labelCentreX(index)
        labelStartX = geometry.labelStartX(index)
    }
}

/// One `nodes` entry: `{ id, label, x, y, width, height, lines, truncated, depth, parent, range }`
/// and, when `result` is given (a tree that records results), `score, winner, pending, [ownLabel,]
/// bye, entrant, [slot]` (`ownLabel` only when true, `slot` only for a card that shows one);
/// `seedSlot` for every card of a diagram with seeds; then the node's drawn attributes (`writeDrawnAttributes`).
public func writeGeometryNode(
    _ json: inout JSONWriter, _ node: DiagramNode, _ card: Card, parentID: String?, range: NodeRange,
    result: GeometryNodeResult? = nil, seed: GeometrySeedSlot? = nil
) {
    json.beginObject()
    json.key("id"); json.string(node.id)
    json.key("label"); json.outputText(node.label)
    json.key("x"); json.double(card.center.x)
    json.key("y"); json.double(card.center.y)
    json.key("width"); json.double(card.width)
    json.key("height"); json.double(card.height)
    json.key("lines")
    json.beginArray()
    for line in card.lines { json.outputText(line) }
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
    if let result {
        json.key("score")
        if let score = result.score { json.outputText(score) } else { json.null() }
        json.key("winner"); json.bool(result.winner)
        json.key("pending"); json.bool(result.pending)
        if result.ownLabel { json.key("ownLabel"); json.bool(true) }
        json.key("bye"); json.bool(result.bye)
        json.key("entrant")
        if let entrant = result.entrant { json.outputText(entrant) } else { json.null() }
        if let slot = result.slot {
            writeTextSlot(&json, "slot", text: slot.text, x: slot.x, atLeftEdge: slot.atLeftEdge, labelX: slot.labelX)
            if slot.truncated { json.key("truncated"); json.bool(true) }
            if !slot.parts.isEmpty {
                json.key("parts")
                json.beginArray()
                for part in slot.parts {
                    json.beginObject()
                    json.key("text"); json.string(part.text)
                    json.key("x"); json.double(part.x)
                    json.key("y"); json.double(part.y)
                    if let size = part.size { json.key("size"); json.double(size) }
                    json.endObject()
                }
                json.endArray()
            }
            json.endObject()
        }
    }
    if let seed {
        writeTextSlot(&json, "seedSlot", text: seed.text, x: seed.x, atLeftEdge: seed.atLeftEdge, labelX: seed.labelX)
        json.key("labelStartX"); json.double(seed.labelStartX)
        json.endObject()
    }
    writeDrawnAttributes(&json, node.drawn)
    json.endObject()
}

/// `key: { text, x, anchor, labelX`: the members a score slot and a seed column share, the
/// object left open for the score slot's own (`truncated`, `parts`); the caller closes it.
private func writeTextSlot(_ json: inout JSONWriter, _ key: String, text: String, x: Double, atLeftEdge: Bool,
                           labelX: Double) {
    json.key(key)
    json.beginObject()
    json.key("text"); json.outputText(text)
    json.key("x"); json.double(x)
    json.key("anchor"); json.string(atLeftEdge ? "start" : "end")
    json.key("labelX"); json.double(labelX)
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
