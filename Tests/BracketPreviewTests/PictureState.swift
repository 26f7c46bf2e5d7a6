import BracketBytes
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
        /// Set when a run moved the markup: its coordinates were rounded before the move, so
        /// they are compared allowing for that rounding (the geometry objects exactly).
        var movedMarkup = false

        init(key: String, json: JSONValue, svg: String) {
            self.key = key
            self.json = json
            self.svg = svg
        }

        static func == (a: Item, b: Item) -> Bool {
            a.key == b.key && a.json == b.json
                && (a.movedMarkup || b.movedMarkup ? sameMarkup(a.svg, b.svg) : a.svg == b.svg)
        }
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

/// Applies a parsed `delta` member the way the page does, in the order docs/protocol.md gives:
/// renames, removals, additions (after their anchors), runs (positions in the new order), then
/// changes in place. Throws where the page would ask for a resync.
func apply(_ delta: JSONValue, to state: PictureState) throws -> PictureState {
    var state = state
    guard let frame = delta["frame"] else { throw StateError(description: "no frame") }
    state.frame = frame
    for rename in delta["renamed"]?.arrayValue ?? [] {
        guard let from = rename["from"]?.stringValue, let to = rename["to"]?.stringValue,
              let card = state.cards.firstIndex(where: { $0.key == from }) else { throw StateError(description: "bad rename \(rename)") }
        state.cards[card].key = to
        state.cards[card].json = replacing(state.cards[card].json, "id", with: .string(to))
        state.cards[card].svg = state.cards[card].svg.replacingOccurrences(
            of: "data-node-id=\"\(from)\"", with: "data-node-id=\"\(to)\"")
        if let edge = state.edges.firstIndex(where: { $0.key == from }) {
            state.edges[edge].key = to
            state.edges[edge].json = replacing(state.edges[edge].json, "child", with: .string(to))
        }
    }
    let described = try DeltaDescription.loaded.get()
    let cards = try parts(delta["cards"], key: "cards"), edges = try parts(delta["edges"], key: "edges")
    state.cards = try removeAndAdd(cards, in: state.cards, key: described.card.key, json: described.card.value)
    state.edges = try removeAndAdd(edges, in: state.edges, key: described.edge.key, json: described.edge.value)
    for run in delta["runs"]?.arrayValue ?? [] { try applyRun(run, to: &state, described) }
    try change(cards, in: &state.cards, key: described.card.key, json: described.card.value)
    try change(edges, in: &state.edges, key: described.edge.key, json: described.edge.value)
    return state
}

private func parts(_ part: JSONValue?, key: String) throws -> (removed: [JSONValue], changed: [JSONValue], added: [JSONValue]) {
    guard let part, let removed = part["removed"]?.arrayValue, let changed = part["changed"]?.arrayValue,
          let added = part["added"]?.arrayValue else { throw StateError(description: "malformed \(key) part") }
    return (removed, changed, added)
}

private func removeAndAdd(
    _ part: (removed: [JSONValue], changed: [JSONValue], added: [JSONValue]), in items: [PictureState.Item],
    key: String, json: String
) throws -> [PictureState.Item] {
    var items = items
    for id in part.removed {
        guard let index = items.firstIndex(where: { $0.key == id.stringValue }) else { throw StateError(description: "remove unknown \(id)") }
        items.remove(at: index)
    }
    for entry in part.added {
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

private func change(
    _ part: (removed: [JSONValue], changed: [JSONValue], added: [JSONValue]), in items: inout [PictureState.Item],
    key: String, json: String
) throws {
    for entry in part.changed {
        guard let index = items.firstIndex(where: { $0.key == entry[key]?.stringValue }), let value = entry[json]
        else { throw StateError(description: "change unknown \(entry)") }
        items[index].json = value
        if let svg = entry["svg"]?.stringValue { items[index].svg = svg }
    }
}

/// Moves `count` cards from `first` (and their connectors) as the run says: their geometry
/// objects as preview.schema.json's run table says (DeltaDescription), the coordinates in their
/// markup by (dx, dy).
private func applyRun(_ run: JSONValue, to state: inout PictureState, _ described: DeltaDescription) throws {
    guard let first = run["first"]?.stringValue, let count = run["count"]?.intValue, count >= 1,
          let start = state.cards.firstIndex(where: { $0.key == first }), start + count <= state.cards.count
    else { throw StateError(description: "bad run \(run)") }
    let dx = run["dx"]?.doubleValue ?? 0, dy = run["dy"]?.doubleValue ?? 0
    for index in start..<(start + count) {
        state.cards[index].json = try DeltaDescription.moved(state.cards[index].json, by: run, described.nodeMoves)
        state.cards[index].svg = translated(state.cards[index].svg, dx: dx, dy: dy)
        state.cards[index].movedMarkup = true
        let key = state.cards[index].key
        if let edge = state.edges.firstIndex(where: { $0.key == key }) {
            state.edges[edge].json = try DeltaDescription.moved(state.edges[edge].json, by: run, described.edgeMoves)
            state.edges[edge].svg = translated(state.edges[edge].svg, dx: dx, dy: dy)
            state.edges[edge].movedMarkup = true
        }
    }
}

/// `object` with `key` set to `value`, keeping the order of its members.
func replacing(_ object: JSONValue, _ key: String, with value: JSONValue) -> JSONValue {
    guard case .object(var members) = object else { return object }
    members[key] = value
    return .object(members)
}

/// A number as the geometry writer spells it, read back (an integral value reads as an integer).
func jsonNumber(_ value: Double) -> JSONValue {
    var bytes: [UInt8] = []
    DecimalText.appendJSON(value, to: &bytes)
    return (try? JSONReader().parse(bytes)) ?? .null
}

/// Markup with every coordinate moved: the values of `x` and `y` attributes and each pair of
/// `points`, as a page that keeps the elements would move them (written with two decimals, as
/// BracketSVG writes them; `sameMarkup` allows for the rounding).
func translated(_ svg: String, dx: Double, dy: Double) -> String {
    var out = "", rest = Substring(svg)
    while let quote = rest.range(of: "=\"") {
        let name = String(rest[..<quote.lowerBound].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "-" }.reversed())
        out += rest[..<quote.upperBound]
        rest = rest[quote.upperBound...]
        guard let close = rest.firstIndex(of: "\"") else { break }
        let value = String(rest[..<close])
        if name == "points" {
            out += value.split(separator: " ").map { pair -> String in
                let xy = pair.split(separator: ",")
                guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]) else { return String(pair) }
                return DecimalText.string(x + dx, decimals: 2) + "," + DecimalText.string(y + dy, decimals: 2)
            }.joined(separator: " ")
        } else if name == "x" || name == "y", let number = Double(value) {
            out += DecimalText.string(number + (name == "x" ? dx : dy), decimals: 2)
        } else {
            out += value
        }
        rest = rest[close...]
    }
    return out + rest
}

/// Equal markup, or markup whose numbers differ by at most the rounding of two decimals
/// (moved coordinates rounded before and after the move).
func sameMarkup(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    func pieces(_ text: String) -> [Substring] {
        var result: [Substring] = [], start = text.startIndex, index = text.startIndex, inNumber = false
        while index < text.endIndex {
            let digit = text[index].isNumber || text[index] == "." || text[index] == "-"
            if digit != inNumber, index > start { result.append(text[start..<index]); start = index }
            inNumber = digit
            index = text.index(after: index)
        }
        result.append(text[start...])
        return result
    }
    let left = pieces(a), right = pieces(b)
    guard left.count == right.count else { return false }
    for (x, y) in zip(left, right) where x != y {
        guard let u = Double(x), let v = Double(y), abs(u - v) <= 0.0101 else { return false }
    }
    return true
}

/// The written `delta` member, parsed back (so the test covers the writer too).
func writtenDelta(_ delta: PreviewDelta, to new: PreviewSnapshot) throws -> JSONValue {
    var json = JSONWriter()
    writePreviewDelta(&json, delta, to: new)
    return try JSONReader().parse(json.bytes)
}
