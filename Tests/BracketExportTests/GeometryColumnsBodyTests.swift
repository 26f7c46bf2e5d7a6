@testable import BracketExport
import BracketLayout
import BracketModel
import BracketTestSupport
import Foundation
import Testing

/// The columns as a binary body (docs/protocol.md, "The payload as a binary body") say exactly
/// what the base64 spelling says: the head is the same JSON with each column naming its
/// section, every numeric section holds the same values (in the same kind, except positions
/// and sizes that are all 32-bit floats, which are `f32`), and the ID and label
/// blocks split at their UTF-16 ends give the same texts.
@Suite struct GeometryColumnsBodyTests {
    func check(_ text: String, prefix: String = "{\"columns\":", suffix: String = "}") throws {
        let document = Document(text)
        let d = document.diagram()
        let geometry = layout(d)
        let ranges = asciiIDRanges(of: d, in: text)
        let inline = writeGeometryColumns(d, geometry, ranges: ranges, prefix: Array(prefix.utf8), suffix: Array(suffix.utf8), binary: true)
        let body = writeGeometryColumnsBody(d, geometry, ranges: ranges, prefix: Array(prefix.utf8), suffix: Array(suffix.utf8))
        #expect(Array(body.suffix(4)) == Array("BKC1".utf8))
        let headLength = (0..<4).reduce(0) { $0 | Int(body[body.count - 8 + $1]) << (8 * $1) }
        let headStart = body.count - 8 - headLength
        try #require(headStart >= 0)
        let head = try #require(try JSONSerialization.jsonObject(with: Data(body[headStart..<body.count - 8])) as? [String: Any])
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(inline)) as? [String: Any])
        var columns = try #require(head["columns"] as? [String: Any])
        let want = try #require(expected["columns"] as? [String: Any])
        #expect(Set(columns.keys) == Set(want.keys))
        for key in ["x", "y", "depths", "widths", "heights", "ranges", "edgeChildren", "edgePoints"] {
            var reference = try #require(columns[key] as? [String: Any])
            let shift = reference.removeValue(forKey: "shift") as? NSNumber
            let (kind, place) = try #require(reference.first)
            let pair = try #require(place as? [NSNumber]).map(\.intValue)
            try #require(pair.count == 2 && pair[0] % 8 == 0 && pair[0] >= 0)
            let width = kind == "f64" ? 8 : 4
            try #require(pair[0] + pair[1] * width <= headStart, "\(key) inside the sections")
            let data = Data(body[pair[0]..<pair[0] + pair[1] * width])
            var inlineSpelling = try #require(want[key] as? [String: Any])
            let inlineShift = inlineSpelling.removeValue(forKey: "shift") as? NSNumber
            let (inlineKind, encoded) = try #require(inlineSpelling.first)
            let base64 = try #require(encoded as? String)
            let inlineData = try #require(Data(base64Encoded: base64))
            let values = Self.values(kind, data, shift: shift?.intValue ?? 0)
            #expect(values.count == pair[1])
            #expect(values == Self.values(inlineKind, inlineData, shift: inlineShift?.intValue ?? 0), "\(key)")
            // Positions and sizes that are all 32-bit floats are f32 (the page takes them as
            // they are); every other column is in the inline spelling's kind.
            let floats = values.allSatisfy { Double(Float($0)) == $0 }
            if ColumnSource.floatColumns.contains(key) && floats {
                #expect(kind == "f32", "\(key)")
            } else {
                #expect(kind == inlineKind && shift == inlineShift, "\(key)")
            }
            columns[key] = nil
        }
        for key in ["ids", "labels"] {
            let reference = try #require(columns[key] as? [String: Any])
            let utf8 = try #require(reference["utf8"] as? [NSNumber]).map(\.intValue)
            let ends = try #require(reference["ends"] as? [NSNumber]).map(\.intValue)
            #expect(utf8[0] % 8 == 0 && ends[0] % 4 == 0)
            let joined = Array(String(decoding: body[utf8[0]..<utf8[0] + utf8[1]], as: UTF8.self).utf16)
            var texts: [String] = [], start = 0
            for k in 0..<ends[1] {
                let end = (0..<4).reduce(0) { $0 | Int(body[ends[0] + 4 * k + $1]) << (8 * $1) }
                texts.append(String(decoding: joined[start..<end], as: UTF16.self))
                start = end
            }
            #expect(start == joined.count)
            #expect(texts == want[key] as? [String], "\(key)")
            columns[key] = nil
        }
        // Everything else is the same JSON.
        for key in columns.keys {
            let canonical = { (value: Any?) in try JSONSerialization.data(withJSONObject: ["v": value ?? NSNull()], options: [.sortedKeys]) }
            #expect(try canonical(columns[key]) == canonical(want[key]), "\(key)")
        }
    }

    /// The little-endian values of a section (or of a base64 spelling's bytes) of `kind`.
    static func values(_ kind: String, _ data: Data, shift: Int) -> [Double] {
        let bytes = [UInt8](data), width = kind == "f64" ? 8 : 4
        return stride(from: 0, to: bytes.count - width + 1, by: width).map { at in
            let bits = (0..<width).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
            switch kind {
            case "f64": return Double(bitPattern: bits)
            case "f32": return Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            default: return Double(Int32(bitPattern: UInt32(truncatingIfNeeded: bits))) / Double(1 << shift)
            }
        }
    }

    @Test func tutorial() throws { try check("1 {\n  2 { 4 5 }\n  3 { 6 7 }\n}", prefix: "{\"uri\":\"u\",\"columns\":", suffix: ",\"n\":1}") }

    /// Labels past ASCII — two- and three-byte characters and one past U+FFFF (two UTF-16
    /// units) — wrapped lines, edge labels, halves.
    @Test func textsPastASCIIWrappedLabelsAndEdgeLabels() throws {
        try check("""
        @max-card-width 160
        r "Ayşe Yılmaz 🏆 wins a label long enough to be wrapped onto more than one line" {
          a [edge="yes, this one"] { x "短い" y "Another label that is far too long for a single line" }
          b [edge=no] "b é"
        }
        """)
    }

    @Test func results() throws {
        try check(#"final { sf1 [score=3] { p1 "Ayşe" [score=6] p2 [score=4] } sf2 [score=1] { p3 [winner] p4 } }"#)
    }

    /// Sections written a stretch of rows at a time: ranges and connectors over several
    /// stretches (512 ranges, 256 connectors each).
    @Test func manyCards() throws {
        let groups = (0..<150).map { "  g\($0) \"Group \($0)\" {\n    a\($0)\n    b\($0) \"Ayşe \($0)\"\n    c\($0)\n  }" }
        try check("root {\n" + groups.joined(separator: "\n") + "\n}")
    }

    @Test func emptyDiagram() throws { try check("") }

    /// The body's buffer is sized from an estimate that must hold it (a larger one is written
    /// again) without much room left unwritten: an unwritten tail is memory the process never
    /// touched, which its next allocations then pay for page by page. For trees without and with
    /// edge labels, and with labels that wrap and need escapes, the buffer (its capacity) is at
    /// most a quarter larger than the body: an estimate too small would have been doubled.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func theBufferFitsTheBody(edgeLabels: Bool, longLabels: Bool) throws {
        let text = "@max-card-width 160\n" + binaryTreeText(nodes: 4095, oneLine: false) { index in
            let label = longLabels && index % 2 == 0
                ? "A \\\"quoted\\\" name with a back\\\\slash, long enough to wrap, \(index)" : "Node \(index)"
            let edge = edgeLabels && index % 3 == 1
                ? (longLabels ? " [edge=\"a \\\"path\\\" that is long enough to wrap \(index)\"]" : " [edge=\"path \(index)\"]") : ""
            return "n\(index) \"\(label)\"" + edge
        }
        let document = Document(text)
        let d = document.diagram()
        let geometry = layout(d)
        #expect(edgeLabels == !geometry.edgeLabels.isEmpty)
        #expect(document.diagnostics.isEmpty)
        if longLabels { #expect(geometry.lines.strings.count > d.nodes.count) }
        // Every range the same: they are a section of fixed width (asciiIDRanges is quadratic).
        let ranges = [NodeRange](repeating: NodeRange(startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 1),
                                 count: d.nodes.count)
        let body = writeGeometryColumnsBody(d, geometry, ranges: ranges,
                                            prefix: Array("{\"columns\":".utf8), suffix: Array("}".utf8))
        #expect(body.capacity >= body.count)
        #expect(body.capacity * 4 <= body.count * 5, "capacity \(body.capacity) for \(body.count) bytes")
        // The columns spelled inline (base64 or JSON numbers) and the geometry JSON estimate
        // their numbers at the picture's largest extent, their texts exactly: never too small
        // (the output would be written twice), at most 2.5 and 1.6 times the output.
        for binary in [true, false] {
            let inline = writeGeometryColumns(d, geometry, ranges: ranges, prefix: [], suffix: [], binary: binary)
            let estimate = estimatedColumnsSize(d, geometry, count: d.nodes.count, edges: geometry.edgeChildren.count, binary: binary)
            #expect(estimate >= inline.count && estimate * 2 <= inline.count * 5, "binary \(binary): \(estimate) for \(inline.count) bytes")
        }
        let json = writeGeometryJSON(d, geometry) { _ in (0, 0) }
        let estimate = estimatedGeometryJSONSize(d, geometry, count: d.nodes.count)
        #expect(estimate >= json.count && estimate * 5 <= json.count * 8, "geometry JSON: \(estimate) for \(json.count) bytes")
    }
}
