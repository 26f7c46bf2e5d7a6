import BracketExport
import BracketJSON
import BracketLayout
import BracketModel
import BracketPreview
import BracketSVG
import BracketSyntax
import Foundation

/// A preview as a page holds it: cards and connectors in drawing order, each with its geometry
/// JSON object and its SVG markup, and the frame. Built either from a full payload's pieces or
/// by applying delta payloads, so the two can be compared.
struct PictureState: Equatable, CustomStringConvertible {
    struct Item: Equatable {
        var key: String
        var json: JSONValue
        var svg: String
    }

    var cards: [Item]
    var edges: [Item]
    var frame: JSONValue

    var description: String {
        "cards \(cards.map(\.key)) edges \(edges.map(\.key)) frame \(frame)"
    }
}

/// The snapshot the server would keep for `text` (UTF-16 positions, like the default LSP
/// encoding), with the editor defaults of the tutorial.
func snapshot(_ text: String) -> PreviewSnapshot {
    let document = Document(text)
    return snapshot(document, document.diagram(), layout(document.diagram()))
}

/// The snapshot of `document` drawn from `diagram` and `geometry` (which the caller may have
/// made incrementally).
func snapshot(_ document: Document, _ diagram: Diagram, _ geometry: Geometry) -> PreviewSnapshot {
    let ranges = diagram.nodes.map { node in
        let start = document.lineIndex.position(of: node.idRange.start, in: document.text, encoding: .utf16)
        let end = document.lineIndex.position(of: node.idRange.end, in: document.text, encoding: .utf16)
        return NodeRange(startLine: start.line, startCharacter: start.character,
                         endLine: end.line, endCharacter: end.character)
    }
    return PreviewSnapshot(diagram: diagram, geometry: geometry, ranges: ranges)
}

/// The whole picture from the FULL outputs: the geometry writer's arrays, the renderer's SVG
/// (its size and description read back out of the document text), card and connector markup
/// from the fragment functions (SVGFragmentTests proves they are the full SVG's pieces).
func fullState(_ snap: PreviewSnapshot) throws -> PictureState {
    let geometryJSON = try JSONReader().parse(writeGeometryJSON(snap.diagram, snap.geometry) { offset in
        // The snapshot already holds converted ranges; find the one this offset belongs to.
        for (index, node) in snap.diagram.nodes.prefix(snap.cardCount).enumerated() {
            if node.idRange.start == offset { return (snap.ranges[index].startLine, snap.ranges[index].startCharacter) }
            if node.idRange.end == offset { return (snap.ranges[index].endLine, snap.ranges[index].endCharacter) }
        }
        return (-1, -1)
    })
    let nodes = geometryJSON["nodes"]?.arrayValue ?? []
    let edges = geometryJSON["edges"]?.arrayValue ?? []
    let cards = (0..<snap.cardCount).map { index in
        PictureState.Item(key: snap.diagram.nodes[index].id, json: nodes[index],
                          svg: svgCardFragment(snap.diagram, snap.geometry, index, recordsResults: snap.recordsResults))
    }
    let connectors = snap.drawnEdges.enumerated().map { offset, index in
        PictureState.Item(key: snap.diagram.nodes[snap.geometry.edges[index].child].id, json: edges[offset],
                          svg: svgConnectorFragment(snap.geometry.edges[index]))
    }
    let svg = renderSVG(snap.diagram, snap.geometry)
    let frame: JSONValue = [
        "width": geometryJSON["width"] ?? .null, "height": geometryJSON["height"] ?? .null,
        // Read back as JSON: the delta writes the attribute's exact spelling as a JSON number.
        "svgWidth": try JSONReader().parse(attribute("width", in: svg) ?? ""),
        "svgHeight": try JSONReader().parse(attribute("height", in: svg) ?? ""),
        "desc": .string(element("desc", in: svg)),
    ]
    return PictureState(cards: cards, edges: connectors, frame: frame)
}

struct StateError: Error, CustomStringConvertible { var description: String }

/// The value of the first `name="…"` attribute (the `<svg>` element's, for width and height).
func attribute(_ name: String, in svg: String) -> String? {
    guard let start = svg.range(of: " \(name)=\"") else { return nil }
    let rest = svg[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
}

/// The first `<name …>…</name>` element, markup included.
func element(_ name: String, in svg: String) -> String {
    guard let start = svg.range(of: "<\(name) "), let end = svg.range(of: "</\(name)>", range: start.upperBound..<svg.endIndex)
    else { return "" }
    return String(svg[start.lowerBound..<end.upperBound])
}

/// Applies a parsed `delta` member the way the page does: removals, changes in place, then
/// additions after their anchors. Throws where the page would ask for a resync.
func apply(_ delta: JSONValue, to state: PictureState) throws -> PictureState {
    var state = state
    guard let frame = delta["frame"] else { throw StateError(description: "no frame") }
    state.frame = frame
    state.cards = try applyItems(delta["cards"], to: state.cards, key: "id", json: "node")
    state.edges = try applyItems(delta["edges"], to: state.edges, key: "child", json: "edge")
    return state
}

private func applyItems(_ part: JSONValue?, to items: [PictureState.Item], key: String, json: String) throws -> [PictureState.Item] {
    guard let part, let removed = part["removed"]?.arrayValue, let changed = part["changed"]?.arrayValue,
          let added = part["added"]?.arrayValue else { throw StateError(description: "malformed \(key) part") }
    var items = items
    for id in removed {
        guard let index = items.firstIndex(where: { $0.key == id.stringValue }) else { throw StateError(description: "remove unknown \(id)") }
        items.remove(at: index)
    }
    for entry in changed {
        guard let index = items.firstIndex(where: { $0.key == entry[key]?.stringValue }), let value = entry[json]
        else { throw StateError(description: "change unknown \(entry)") }
        items[index].json = value
        if let svg = entry["svg"]?.stringValue { items[index].svg = svg }
    }
    for entry in added {
        guard let id = entry[key]?.stringValue, let value = entry[json], let svg = entry["svg"]?.stringValue,
              let after = entry["after"] else { throw StateError(description: "malformed addition \(entry)") }
        var position = 0
        if let anchor = after.stringValue {
            guard let index = items.firstIndex(where: { $0.key == anchor }) else { throw StateError(description: "no anchor \(anchor)") }
            position = index + 1
        }
        items.insert(PictureState.Item(key: id, json: value, svg: svg), at: position)
    }
    return items
}

/// The written `delta` member, parsed back (so the test covers the writer too).
func writtenDelta(_ delta: PreviewDelta, to new: PreviewSnapshot) throws -> JSONValue {
    var json = JSONWriter()
    writePreviewDelta(&json, delta, to: new)
    return try JSONReader().parse(json.bytes)
}
