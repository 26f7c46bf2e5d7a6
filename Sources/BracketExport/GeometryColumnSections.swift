import BracketBytes
import BracketLayout
import BracketModel

/// The geometry columns as one binary body (docs/protocol.md, "The payload as a binary body"),
/// for the loopback page, which fetches it with `fetch(…).arrayBuffer()` instead of reading it
/// from the event stream: the numeric columns are their little-endian values, the IDs and the
/// labels each one UTF-8 block with the end of every card's text in UTF-16 code units, so the
/// page makes a typed array over each column and one string of each block with `TextDecoder`,
/// with no parsing and nothing per card.
///
/// Layout: the sections from byte 0, each starting at a multiple of 8; then the head, the
/// payload's JSON object — `prefix`, the columns as `writeGeometryColumns(binary: true)` writes
/// them but with each numeric column `{"i32" | "f32" | "f64": [at, count][, "shift": k]}` and
/// `ids` / `labels` `{"utf8": [at, bytes], "ends": [at, count]}` (offsets into the body, `ends`
/// 32-bit unsigned), `suffix` — ; then 8 bytes: the head's length (32-bit little-endian) and
/// `BKC1`. The head comes last so that the body is written in one pass, never copied.
public func writeGeometryColumnsBody(_ diagram: Diagram, _ geometry: Geometry, ranges: [NodeRange],
                                     prefix: [UInt8] = [], suffix: [UInt8] = []) -> [UInt8] {
    let count = min(diagram.nodes.count, geometry.centres.count, ranges.count)
    let edges = geometry.edgeChildren.indices.filter {
        Int(geometry.edgeChildren[$0]) < count && Int(geometry.edgeParents[$0]) < count
    }
    let source = ColumnSource(diagram: diagram, geometry: geometry, ranges: ranges, count: count, edges: edges)
    let numeric = source.numeric
    let kinds = numeric.map { ColumnNumbers.kind($0, floatsFirst: ColumnSource.floatColumns.contains($0.name)) }
    var sectionBytes = 64
    for (column, kind) in zip(numeric, kinds) { sectionBytes &+= column.count &* kind.byteWidth &+ 8 }
    for strings in [source.ids, source.labels] {
        sectionBytes &+= 4 &* count &+ 16
        for index in 0..<count { sectionBytes &+= strings(index).utf8.count }
    }
    let capacity = sectionBytes &+ estimatedColumnsHeadSize(diagram, geometry, count: count, edges: edges.count)
        &+ prefix.count &+ suffix.count
    return ByteSink.bytes(capacity: capacity) { out in
        let sections = ColumnSections()
        sections.writeTextData(&out, "ids", source.ids, count: count)
        sections.writeTextData(&out, "labels", source.labels, count: count)
        for (column, kind) in zip(numeric, kinds) {
            sections.writeNumberData(&out, column, kind)
        }
        let headStart = out.count
        prefix.withUnsafeBufferPointer { out.append($0) }
        writeColumns(&out, diagram, geometry, ranges: ranges, count: count, edges: edges, binary: true, sections: sections)
        suffix.withUnsafeBufferPointer { out.append($0) }
        let headLength = UInt32(truncatingIfNeeded: out.count - headStart)
        for shift in stride(from: 0, to: 32, by: 8) { out.raw(UInt8(truncatingIfNeeded: headLength >> UInt32(shift))) }
        out.raw("BKC1")
    }
}

/// The head's size at most (an estimate only sets the first buffer's size, never the output;
/// one too small is written again). Its per-card texts are counted as the head writes them:
/// the lines of the cards that do not show their label as their one line, and the edge labels.
private func estimatedColumnsHeadSize(_ diagram: Diagram, _ geometry: Geometry, count: Int, edges: Int) -> Int {
    var lines = 0
    let shownLines = geometry.lines, labels = diagram.nodes.labels
    for index in 0..<min(count, labels.count) {
        let shown = shownLines.range(of: index)
        if shown.count == 1, shownLines.strings[shown.lowerBound] == labels[index] { continue }  // `0`
        lines &+= 2
        for line in shownLines.strings[shown] { lines &+= 1 &+ ByteSink.jsonStringLength(line) }
    }
    var results = 0
    if diagram.recordsResults {
        results = count &* 48
        for index in 0..<count { if let score = diagram.nodes.scores[index] { results &+= 3 &+ ByteSink.jsonStringBound(score.utf8.count) } }
        for text in geometry.scores.texts { results &+= 3 &+ ByteSink.jsonStringBound(text.utf8.count) + 48 }
        for parts in geometry.scores.parts {
            results &+= 4
            for part in parts {
                results &+= 2 &* (8 &+ 3 &* 24) &+ ByteSink.jsonStringBound(part.text.utf8.count)
                    &+ ByteSink.jsonStringBound((part.raised ?? "").utf8.count)
            }
        }
    }
    if geometry.seedRoom > 0 { results &+= count &* (12 &+ 3 &* 24) }
    for text in geometry.seeds.texts { results &+= ByteSink.jsonStringBound(text.utf8.count) }
    let titleBytes = (geometry.title?.lines ?? []).reduce(0) { $0 &+ 3 &+ ByteSink.jsonStringBound($1.utf8.count) }
    return 4096 &+ count &* 3 &+ lines &+ results &+ estimatedEdgeLabelsSize(diagram, geometry, edges: edges) &+ titleBytes
        &+ estimatedNotesSize(diagram, geometry)
        &+ ByteSink.jsonStringBound((diagram.settings.title ?? "").utf8.count)
}

/// Where each column of a binary body lies, recorded while its data is written and read back
/// while the head is written.
final class ColumnSections {
    private var numbers: [String: (kind: ColumnNumbers.Kind, at: Int, count: Int)] = [:]
    private var texts: [String: (at: Int, bytes: Int, ends: Int, count: Int)] = [:]

    private static func align(_ out: inout ByteSink) {
        while out.count % 8 != 0 { out.raw(UInt8(0)) }
    }

    /// The values, little-endian, in `kind`'s width.
    func writeNumberData(_ out: inout ByteSink, _ column: NumberColumn, _ kind: ColumnNumbers.Kind) {
        Self.align(&out)
        numbers[column.name] = (kind, out.count, column.count)
        ColumnNumbers.writeRaw(&out, kind, column)
    }

    /// The texts one after another in UTF-8, then the end of each in UTF-16 code units (what a
    /// JavaScript string's offsets count), 32 bits each.
    func writeTextData(_ out: inout ByteSink, _ name: String, _ text: (Int) -> String, count: Int) {
        Self.align(&out)
        let at = out.count
        var ends = [UInt32](repeating: 0, count: count)
        var units: UInt32 = 0
        for index in 0..<count {
            var string = text(index)
            string.withUTF8 { bytes in
                out.append(bytes)
                // A code unit per scalar, two for a scalar past U+FFFF (a 4-byte sequence).
                for byte in bytes where byte & 0xC0 != 0x80 { units &+= byte >= 0xF0 ? 2 : 1 }
            }
            ends[index] = units
        }
        let bytes = out.count - at
        Self.align(&out)
        let endsAt = out.count
        ends.withUnsafeBufferPointer { ends in
            out.write(maxCount: 4 &* ends.count) { destination in
                let raw = UnsafeMutableRawPointer(destination)
                for (k, end) in ends.enumerated() { raw.storeBytes(of: end.littleEndian, toByteOffset: 4 &* k, as: UInt32.self) }
                return 4 &* ends.count
            }
        }
        texts[name] = (at, bytes, endsAt, count)
    }

    /// `{"KIND":[at,count][,"shift":k]}`.
    func writeNumbers(_ out: inout ByteSink, _ name: String) {
        guard let entry = numbers[name] else { out.raw("[]"); return }
        switch entry.kind {
        case .i32, .shifted: out.raw("{\"i32\":[")
        case .f32: out.raw("{\"f32\":[")
        case .f64: out.raw("{\"f64\":[")
        }
        out.integer(entry.at)
        out.raw(",")
        out.integer(entry.count)
        out.raw("]")
        if case .shifted(let shift) = entry.kind {
            out.raw(",\"shift\":")
            out.integer(shift)
        }
        out.raw("}")
    }

    /// `,"name":{"utf8":[at,bytes],"ends":[at,count]}`.
    func writeText(_ out: inout ByteSink, _ name: String, _ text: (Int) -> String) {
        guard let entry = texts[name] else { return }
        out.raw(",\"")
        Array(name.utf8).withUnsafeBufferPointer { out.append($0) }
        out.raw("\":{\"utf8\":[")
        out.integer(entry.at)
        out.raw(",")
        out.integer(entry.bytes)
        out.raw("],\"ends\":[")
        out.integer(entry.ends)
        out.raw(",")
        out.integer(entry.count)
        out.raw("]}")
    }
}

/// The values of every column, one place for both spellings (JSON and binary) and the body.
struct ColumnSource {
    let diagram: Diagram
    let geometry: Geometry
    let ranges: [NodeRange]
    let count: Int
    let edges: [Int]

    var ids: (Int) -> String { let ids = diagram.nodes.ids; return { ids[$0] } }
    var labels: (Int) -> String { let labels = diagram.nodes.labels; return { labels[$0] } }

    /// The columns of positions and sizes (the others are integers: depths, ranges, indices).
    static let floatColumns: Set<String> = ["x", "y", "widths", "heights", "edgePoints"]

    /// The numeric columns in the order the body holds them.
    var numeric: [NumberColumn] { [x, y, depths, widths, heights, rangeValues, edgeChildren, edgePoints] }

    var x: NumberColumn {
        let centres = geometry.centres
        return NumberColumn(name: "x", rows: count) { rows, into in
            for (k, row) in rows.enumerated() { into[k] = centres[row].x }
        }
    }

    var y: NumberColumn {
        let centres = geometry.centres
        return NumberColumn(name: "y", rows: count) { rows, into in
            for (k, row) in rows.enumerated() { into[k] = centres[row].y }
        }
    }

    var depths: NumberColumn {
        let depths = geometry.depths
        return NumberColumn(name: "depths", rows: count) { rows, into in
            for (k, row) in rows.enumerated() { into[k] = Double(depths[row]) }
        }
    }

    var widths: NumberColumn {
        let sizes = geometry.sizes
        return NumberColumn(name: "widths", rows: count) { rows, into in
            for (k, row) in rows.enumerated() { into[k] = sizes[row].width }
        }
    }

    var heights: NumberColumn {
        let sizes = geometry.sizes
        return NumberColumn(name: "heights", rows: count) { rows, into in
            for (k, row) in rows.enumerated() { into[k] = sizes[row].height }
        }
    }

    /// Four numbers a card: its ID's start line and character, end line and character.
    var rangeValues: NumberColumn {
        let ranges = ranges
        return NumberColumn(name: "ranges", rows: count, width: 4) { rows, into in
            for (k, row) in rows.enumerated() {
                let range = ranges[row]
                into[4 &* k] = Double(range.startLine)
                into[4 &* k &+ 1] = Double(range.startCharacter)
                into[4 &* k &+ 2] = Double(range.endLine)
                into[4 &* k &+ 3] = Double(range.endCharacter)
            }
        }
    }

    var edgeChildren: NumberColumn {
        let children = geometry.edgeChildren, edges = edges
        return NumberColumn(name: "edgeChildren", rows: edges.count) { rows, into in
            for (k, row) in rows.enumerated() { into[k] = Double(children[edges[row]]) }
        }
    }

    /// Eight numbers a connector: x and y of its four points.
    var edgePoints: NumberColumn {
        let geometry = geometry, edges = edges
        return NumberColumn(name: "edgePoints", rows: edges.count, width: 8) { rows, into in
            for (k, row) in rows.enumerated() {
                let points = geometry.connectorPoints(edges[row])
                let at = into + 8 &* k
                at[0] = points.0.x
                at[1] = points.0.y
                at[2] = points.1.x
                at[3] = points.1.y
                at[4] = points.2.x
                at[5] = points.2.y
                at[6] = points.3.x
                at[7] = points.3.y
            }
        }
    }
}
