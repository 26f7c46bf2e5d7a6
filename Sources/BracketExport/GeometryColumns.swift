import BracketBytes
import BracketLayout
import BracketModel

/// The geometry as columns, for the preview page (docs/protocol.md, "Geometry-only payloads"):
/// the same header as `writeGeometryJSON` (size, margin, settings), then one array per field
/// instead of one object per card. A page that draws from the geometry copies each array
/// straight into a typed array; at 131,071 cards this is 17 MB instead of 43 MB, and parsing
/// arrays of numbers costs a fraction of parsing as many objects.
///
/// `{ width, height, margin, fontSize, settings, [title,] count, ids, labels, x, y, depths,
/// widths, heights, lines, ranges, edgeChildren, edgePoints }`: `title` as in the geometry JSON,
/// `lines` each card's shown lines (an array per card), `ranges` four integers per card (the ID's
/// start line and character, end line and character, as already converted by the caller),
/// `edgeChildren` the card index of each connector's child (its parent follows from the depths),
/// `edgePoints` eight numbers per connector (x and y of its four points), `edgeLabels` each
/// connector's `label` as in the geometry JSON (null for most); `levels` (the level headers)
/// is part of the shared header.
///
/// A tree that records results (some `score` or `winner`) also gets `entrants` (the card index of
/// the leaf whose competitor each card shows, -1 for none), `results` (one character per card:
/// `w` won the match at its parent, `l` lost it, `p` a slot still to be decided (`P` when it has
/// a label of its own), `b` a bye, `-` none of these: `DiagramNodes.outcome`), its scores as
/// written, sparsely, `scoreCards` (ascending card indices) beside `scoreTexts`, and the score
/// slots as drawn (`Geometry.scores`): `slotCards`, `slotTexts`, `slotX` (the text's anchor),
/// `slotSides` (a letter per slot: `s` at the card's left edge, `e` at its right) and `labelX`
/// (where the card's label lines are centred), and, when some slot is drawn in parts (sets,
/// legs, a shoot-out), `slotParts` (per slot its parts as `[text, x, y]`, a raised one with its
/// font size as a fourth member). A tree without results pays nothing: the members are absent.
/// A diagram with seeds (`seed`, `entry`) also gets `seedSlots`, every card's seed column
/// (`writeSeedColumn`).
///
/// `prefix` and `suffix` are written before and after the columns in the same buffer: a payload
/// that holds the columns (the preview's `{ …, "columns": …, … }`) is then written once instead
/// of the columns being copied into it (140 MB at a million cards).
///
/// `binary` spells the numeric columns of cards and connectors (`x`, `y`, `depths`, `widths`,
/// `heights`, `ranges`, `edgeChildren`, `edgePoints`) as their values in binary (`ColumnNumbers`)
/// instead of JSON arrays: the preview page decodes them straight into typed arrays, where
/// `JSON.parse` of 2.4 million numbers was most of its first picture at 131,071 cards. It also
/// writes `0` in `lines` for a card that shows its label as its one line, and leaves out
/// `edgeLabels` when no connector has a label (131,071 small arrays and as many nulls less).
public func writeGeometryColumns(_ diagram: Diagram, _ geometry: Geometry, ranges: [NodeRange],
                                 prefix: [UInt8] = [], suffix: [UInt8] = [], binary: Bool = false) -> [UInt8] {
    let count = min(diagram.nodes.count, geometry.centres.count, ranges.count)
    let edges = geometry.edgeChildren.indices.filter {
        Int(geometry.edgeChildren[$0]) < count && Int(geometry.edgeParents[$0]) < count
    }
    let capacity = estimatedColumnsSize(diagram, geometry, count: count, edges: edges.count, binary: binary)
        + prefix.count + suffix.count
    return ByteSink.bytes(capacity: capacity) { out in
        prefix.withUnsafeBufferPointer { out.append($0) }
        writeColumns(&out, diagram, geometry, ranges: ranges, count: count, edges: edges, binary: binary)
        suffix.withUnsafeBufferPointer { out.append($0) }
    }
}

/// The length of a coordinate or size of `geometry` spelled in JSON, about: the digits of its
/// largest extent plus a sign, a point and decimals. An estimate, for buffer sizes only (a
/// longer number makes the writer retry with more room).
func estimatedNumberLength(_ geometry: Geometry) -> Int {
    var extent = 0.0
    for value in [geometry.width, geometry.height, geometry.margin] where value.isFinite {
        extent = max(extent, abs(value))
    }
    return 6 + String(Int(min(extent, 1e15))).utf8.count
}

/// Text at its escaped length (counted, not bounded: a bound of six bytes a byte left most of a
/// big payload's buffer unwritten, fresh memory that the server's next allocations then paid
/// for page by page), numbers at the length of the largest extent plus a fraction, positions
/// at ten digits; a longer number only makes the writer retry with more room.
func estimatedColumnsSize(_ diagram: Diagram, _ geometry: Geometry, count: Int, edges: Int, binary: Bool) -> Int {
    // In binary a number is at most 8 bytes, 32 / 3 characters of base64.
    let numberBytes = max(estimatedNumberLength(geometry), binary ? 11 : 0)
    var textBytes = 0
    let nodes = diagram.nodes
    for index in 0..<count {
        textBytes &+= ByteSink.jsonStringLength(nodes.ids[index]) &+ ByteSink.jsonStringLength(nodes.labels[index])
    }
    for line in geometry.lines.strings { textBytes &+= 1 &+ ByteSink.jsonStringLength(line) }
    for line in geometry.title?.lines ?? [] { textBytes &+= 1 &+ ByteSink.jsonStringLength(line) }
    let perCard = 2 * 3 + 5 * numberBytes + 4 * 11 + 16
    let perEdge = 17 + 8 * numberBytes
    let header = 1024 + ByteSink.jsonStringBound((diagram.settings.title ?? "").utf8.count)
    var results = 0
    if diagram.recordsResults {
        // An entrant (ten digits), a result letter, a score's index and a slot's index, letter
        // and two numbers; the texts as text.
        results = count &* (32 + 2 * numberBytes)
        for index in 0..<count { if let score = nodes.scores[index] { textBytes &+= 1 &+ ByteSink.jsonStringLength(score) } }
        for text in geometry.scores.texts { textBytes &+= 1 &+ ByteSink.jsonStringLength(text) }
        for parts in geometry.scores.parts {
            textBytes &+= 4
            for part in parts {
                textBytes &+= 2 &* (8 &+ 3 &* numberBytes) &+ ByteSink.jsonStringLength(part.text)
                    &+ ByteSink.jsonStringLength(part.raised ?? "")
            }
        }
    }
    // `seedSlots`: per card its brackets, side and three numbers; the seeds' texts.
    if geometry.seedRoom > 0 { results &+= count &* (12 &+ 3 &* numberBytes) }
    for text in geometry.seeds.texts { textBytes &+= ByteSink.jsonStringLength(text) }
    let attributes = 64 &* AttributeSpec.drawn.count
        &+ (nodes.drawn.isEmpty ? 0 : (0..<count).reduce(0) { $0 &+ drawnAttributesBound(nodes, $1) })
    return count &* perCard &+ results &+ edges &* perEdge &+ textBytes &+ header &+ attributes
        &+ estimatedEdgeLabelsSize(diagram, geometry, edges: edges) &+ estimatedNotesSize(diagram, geometry)
}

/// The `edgeLabels` column at most: nothing for a tree without any (a binary payload leaves
/// the column out; the `null`s of a JSON one are its connectors' share), else `null` or the
/// label's object for every connector (`writeEdgeLabel`). (The binary body's head once counted
/// 64 bytes a connector regardless, and every text as if each byte were escaped: 9 MiB of a
/// 131,071-card body's buffer was left unwritten, fresh memory that the server's next
/// allocations then paid for page by page.)
func estimatedEdgeLabelsSize(_ diagram: Diagram, _ geometry: Geometry, edges: Int) -> Int {
    guard !geometry.edgeLabels.isEmpty else { return 0 }
    // `"edgeLabels":[…]` and `null,` a connector.
    var bytes = 32 &+ edges &* 5
    let texts = diagram.nodes.edgeLabels
    // `{"text":…,"lines":[…],"x":…,"y":…,"width":…,"height":…,"fontSize":…},`: the keys and
    // punctuation, five numbers, then the texts.
    let fixed = 64 &+ 5 &* estimatedNumberLength(geometry)
    for label in geometry.edgeLabels {
        let child = label.connector < geometry.edgeChildren.count ? Int(geometry.edgeChildren[label.connector]) : -1
        let text = child >= 0 && child < texts.count ? texts[child] ?? "" : ""
        bytes &+= fixed &+ ByteSink.jsonStringLength(text)
        for line in label.lines { bytes &+= 1 &+ ByteSink.jsonStringLength(line) }
    }
    return bytes
}

func writeColumns(
    _ out: inout ByteSink, _ diagram: Diagram, _ geometry: Geometry, ranges: [NodeRange], count: Int, edges: [Int],
    binary: Bool, sections: ColumnSections? = nil
) {
    writeGeometryHeader(&out, diagram, geometry)
    out.raw(",\"count\":")
    out.integer(count)
    let nodes = diagram.nodes
    let source = ColumnSource(diagram: diagram, geometry: geometry, ranges: ranges, count: count, edges: edges)
    if let sections {
        sections.writeText(&out, "ids", source.ids)
        sections.writeText(&out, "labels", source.labels)
    } else {
        column(&out, "ids", count) { out, index in out.jsonString(nodes.ids[index]) }
        column(&out, "labels", count) { out, index in out.jsonString(nodes.labels[index]) }
    }
    let spelling: NumberSpelling = sections.map { .sections($0) } ?? (binary ? .base64 : .json)
    numbers(&out, spelling, source.x)
    numbers(&out, spelling, source.y)
    numbers(&out, spelling, source.depths)
    let lines = geometry.lines
    numbers(&out, spelling, source.widths)
    numbers(&out, spelling, source.heights)
    column(&out, "lines", count) { out, index in
        let shown = lines.range(of: index)
        // In binary payloads a card that shows its label as its one line (most) is `0`.
        if binary, shown.count == 1, lines.strings[shown.lowerBound] == nodes.labels[index] {
            out.raw("0")
        } else {
            writeLines(&out, lines.strings[shown])
        }
    }
    numbers(&out, spelling, source.rangeValues)
    numbers(&out, spelling, source.edgeChildren)
    numbers(&out, spelling, source.edgePoints)
    var nextLabel = 0
    // In binary payloads a tree without edge labels leaves out the column of nulls.
    if !binary || !geometry.edgeLabels.isEmpty {
        column(&out, "edgeLabels", edges.count) { out, position in
            writeEdgeLabel(&out, diagram, geometry, edge: edges[position], from: &nextLabel)
        }
    }
    if diagram.recordsResults { writeResultColumns(&out, diagram, geometry, count: count) }
    if geometry.seedRoom > 0 { writeSeedColumn(&out, geometry, count: count) }
    writeAttributeColumns(&out, nodes, count: count)
    out.raw("}")
}

private func writeResultColumns(_ out: inout ByteSink, _ diagram: Diagram, _ geometry: Geometry, count: Int) {
    let nodes = diagram.nodes
    column(&out, "entrants", count) { out, index in
        let entrant = Int(nodes.entrants[index])
        out.integer(entrant < count ? entrant : -1)
    }
    out.raw(",\"results\":\"")
    for index in 0..<count { out.raw(resultLetter(nodes, index)) }
    out.raw("\"")
    let scored = (0..<count).filter { nodes.scores[$0] != nil }
    column(&out, "scoreCards", scored.count) { out, position in out.integer(scored[position]) }
    column(&out, "scoreTexts", scored.count) { out, position in out.jsonString(nodes.scores[scored[position]] ?? "") }
    let slots = geometry.scores
    let slotted = slots.cards.indices.filter { Int(slots.cards[$0]) < count }
    column(&out, "slotCards", slotted.count) { out, position in out.integer(Int(slots.cards[slotted[position]])) }
    column(&out, "slotTexts", slotted.count) { out, position in out.jsonString(slots.texts[slotted[position]]) }
    column(&out, "slotX", slotted.count) { out, position in
        out.jsonNumber(geometry.scoreAnchorX(Int(slots.cards[slotted[position]])) ?? 0)
    }
    out.raw(",\"slotSides\":\"")
    for position in slotted { out.raw(geometry.scoreAtLeftEdge(Int(slots.cards[position])) ? UInt8(ascii: "s") : UInt8(ascii: "e")) }
    out.raw("\"")
    column(&out, "labelX", slotted.count) { out, position in
        out.jsonNumber(geometry.labelCentreX(Int(slots.cards[slotted[position]])))
    }
    // Slots drawn in parts: per slot its parts as `[text, x, y]`, a raised one `[text, x, y, size]`.
    guard !slots.parts.isEmpty else { return }
    column(&out, "slotParts", slotted.count) { out, position in
        out.raw("[")
        for (at, part) in geometry.slotParts(Int(slots.cards[slotted[position]])).enumerated() {
            out.raw(at == 0 ? "[" : ",[")
            out.jsonString(part.text)
            out.raw(",")
            out.jsonNumber(part.x)
            out.raw(",")
            out.jsonNumber(part.y)
            if part.raised {
                out.raw(",")
                out.jsonNumber(geometry.raisedFontSize)
            }
            out.raw("]")
        }
        out.raw("]")
    }
}

/// `seedSlots`, for a diagram with seeds: every card's seed column as the geometry JSON's
/// `seedSlot` has it (`GeometrySeedSlot`), `[text, x, side, labelX, labelStartX]`, the side `s`
/// at the card's left edge and `e` at its right, the text empty for a card that shows none.
private func writeSeedColumn(_ out: inout ByteSink, _ geometry: Geometry, count: Int) {
    column(&out, "seedSlots", count) { out, index in
        guard let seed = GeometrySeedSlot(geometry, index) else { return out.raw("null") }
        out.raw("[")
        out.jsonString(seed.text)
        out.raw(",")
        out.jsonNumber(seed.x)
        out.raw(seed.atLeftEdge ? ",\"s\"," : ",\"e\",")
        out.jsonNumber(seed.labelX)
        out.raw(",")
        out.jsonNumber(seed.labelStartX)
        out.raw("]")
    }
}

/// The `results` letter of card `index`: its outcome as every writer draws it.
private func resultLetter(_ nodes: DiagramNodes, _ index: Int) -> UInt8 {
    switch nodes.outcome(index) {
    case .winner: UInt8(ascii: "w")
    case .loser: UInt8(ascii: "l")
    case .pending: nodes.hasExplicitLabels[index] ? UInt8(ascii: "P") : UInt8(ascii: "p")
    case .bye: UInt8(ascii: "b")
    case .none: UInt8(ascii: "-")
    }
}

/// `,"name":[…]` with `count` members written by `member`.
private func column(_ out: inout ByteSink, _ name: StaticString, _ count: Int, _ member: (inout ByteSink, Int) -> Void) {
    out.raw(",\"")
    out.raw(name)
    out.raw("\":[")
    for index in 0..<count {
        if index > 0 { out.raw(",") }
        member(&out, index)
    }
    out.raw("]")
}

/// How a numeric column is spelled: a JSON array, its values in base64 (`ColumnNumbers`), or a
/// reference to its values in the binary body's sections (`ColumnSections`).
private enum NumberSpelling {
    case json, base64
    case sections(ColumnSections)
}

/// `,"name":…`: the column's numbers, as `spelling` has it.
private func numbers(_ out: inout ByteSink, _ spelling: NumberSpelling, _ column: NumberColumn) {
    out.raw(",\"")
    Array(column.name.utf8).withUnsafeBufferPointer { out.append($0) }
    out.raw("\":")
    switch spelling {
    case .base64:
        ColumnNumbers.write(&out, column)
        return
    case .sections(let sections):
        sections.writeNumbers(&out, column.name)
        return
    case .json: break
    }
    out.raw("[")
    var first = true
    column.forEachStretch { values in
        for value in values {
            if !first { out.raw(",") }
            first = false
            out.jsonNumber(value)
        }
        return true
    }
    out.raw("]")
}
