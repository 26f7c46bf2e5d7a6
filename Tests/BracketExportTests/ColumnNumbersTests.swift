@testable import BracketBytes
@testable import BracketExport
import BracketLayout
import BracketModel
import Foundation
import Testing

/// The columns in binary (the loopback page's spelling, docs/protocol.md "Geometry-only
/// payloads") say exactly what the JSON arrays say: each numeric column read back with
/// Foundation's base64 decoder, `0` lines and a left-out `edgeLabels` expanded again.
@Suite struct ColumnNumbersTests {
    /// Both spellings of one document's columns, parsed by Foundation.
    func both(_ text: String) throws -> (json: [String: Any], binary: [String: Any]) {
        let document = Document(text)
        let d = document.diagram()
        let geometry = layout(d)
        let ranges = asciiIDRanges(of: d, in: text)
        func parsed(_ bytes: [UInt8]) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        }
        return (try parsed(writeGeometryColumns(d, geometry, ranges: ranges)),
                try parsed(writeGeometryColumns(d, geometry, ranges: ranges, binary: true)))
    }

    /// A binary column's kind and numbers.
    func decoded(_ value: Any?) throws -> (kind: String, numbers: [Double]) {
        var object = try #require(value as? [String: Any])
        let shift = (object.removeValue(forKey: "shift") as? NSNumber)?.intValue ?? 0
        #expect(object.count == 1)
        let (kind, textValue) = try #require(object.first)
        let text = try #require(textValue as? String)
        let data = try #require(Data(base64Encoded: text))
        let size = kind == "f64" ? 8 : 4
        #expect(data.count % size == 0)
        let bytes = [UInt8](data)
        var numbers: [Double] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            var bits: UInt64 = 0
            for k in 0..<size { bits |= UInt64(bytes[start + k]) << (8 * UInt64(k)) }
            switch kind {
            case "i32": numbers.append(Double(Int32(bitPattern: UInt32(bits))))
            case "f32": numbers.append(Double(Float(bitPattern: UInt32(bits))))
            case "f64": numbers.append(Double(bitPattern: bits))
            default: Issue.record("unknown kind \(kind)")
            }
        }
        if shift > 0 {
            #expect(kind == "i32" && (1...4).contains(shift))
            return ("i32 shift \(shift)", numbers.map { $0 / Double(1 << shift) })
        }
        return (kind, numbers)
    }

    /// The first kind that holds all of `numbers` exactly: i32, f32, i32 with a shift, f64.
    func expectedKind(_ numbers: [Double]) -> String {
        func whole(_ shift: Int) -> Bool {
            numbers.allSatisfy { value in
                let scaled = value * Double(1 << shift)
                return scaled.rounded() == scaled && abs(scaled) <= 2_147_483_647 && !(value == 0 && value.sign == .minus)
            }
        }
        if whole(0) { return "i32" }
        if numbers.allSatisfy({ Double(Float($0)) == $0 }) { return "f32" }
        if let shift = (1...4).first(where: whole) { return "i32 shift \(shift)" }
        return "f64"
    }

    func check(_ text: String) throws {
        let (json, binary) = try both(text)
        for key in ["x", "y", "depths", "widths", "heights", "ranges", "edgeChildren", "edgePoints"] {
            let expected = try #require(json[key] as? [NSNumber]).map(\.doubleValue)
            let (kind, numbers) = try decoded(binary[key])
            #expect(numbers == expected, "\(key) (\(kind))")
            #expect(kind == expectedKind(expected), "\(key)")
        }
        let labels = try #require(json["labels"] as? [String])
        let lines = try #require(json["lines"] as? [[String]])
        let shown = try #require(binary["lines"] as? [Any])
        #expect(shown.count == lines.count)
        for (index, value) in shown.enumerated() where index < lines.count {
            if let zero = value as? NSNumber {
                #expect(zero == 0 && lines[index] == [labels[index]], "lines of card \(index)")
            } else {
                #expect(value as? [String] == lines[index] && lines[index] != [labels[index]], "lines of card \(index)")
            }
        }
        let edgeLabels = try #require(json["edgeLabels"] as? [Any])
        if edgeLabels.allSatisfy({ $0 is NSNull }) {
            #expect(binary["edgeLabels"] == nil)
        } else {
            let canonical = { (value: Any) in try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) }
            #expect(try canonical(binary["edgeLabels"] as Any) == canonical(edgeLabels))
        }
        // Everything else is spelled the same.
        let numeric: Set = ["x", "y", "depths", "widths", "heights", "ranges", "edgeChildren", "edgePoints", "lines", "edgeLabels"]
        for key in Set(json.keys).union(binary.keys).subtracting(numeric) {
            let canonical = { (value: Any?) in try JSONSerialization.data(withJSONObject: ["v": value ?? NSNull()], options: [.sortedKeys]) }
            #expect(try canonical(json[key]) == canonical(binary[key]), "\(key)")
        }
    }

    @Test func tutorial() throws { try check("1 {\n  2 { 4 5 }\n  3 { 6 7 }\n}") }

    /// Wrapped and cut labels (their own lines), edge labels, half-unit positions (`f32`).
    @Test func wrappedLabelsEdgeLabelsAndHalves() throws {
        try check("""
        @max-card-width 160
        r "A label long enough to be wrapped onto more than one line of its card" {
          a [edge="yes, this one"] { x "short" y "Another label that is far too long for a single line" }
          b [edge=no] "b"
        }
        """)
        try check("@card-width 131\n@level-gap 37\n@fit fixed\nr \"A label far too long to fit a fixed card\" { a { x y } b }")
    }

    @Test func results() throws {
        try check(#"final { sf1 [score=3] { p1 "Ayşe" [score=6] p2 [score=4] } sf2 [score=1] { p3 [winner] p4 } }"#)
    }

    /// The numeric columns are written a stretch of rows at a time (`NumberColumn`); both
    /// spellings, on a tree whose columns span many stretches of every width (one number a
    /// card, four a range, eight a connector), hold exactly the geometry's numbers in order.
    @Test func columnsAcrossStretchesHoldTheGeometry() throws {
        var lines = ["root {"]
        for group in 0..<550 {
            lines.append("  g\(group) \"Group \(group)\" {")
            for leaf in 0..<3 { lines.append("    l\(group)x\(leaf)") }
            lines.append("  }")
        }
        lines.append("}")
        let text = lines.joined(separator: "\n")
        let d = Document(text).diagram()
        let geometry = layout(d)
        // One line a node here (`asciiIDRanges` would scan the text for each position).
        let starts = text.utf8.indices.filter { $0 == text.utf8.startIndex || text.utf8[text.utf8.index(before: $0)] == 10 }
            .map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
        let ranges = d.nodes.idRanges.map { range in
            let line = starts.lastIndex { $0 <= range.start } ?? 0
            return NodeRange(startLine: line, startCharacter: range.start - starts[line],
                             endLine: line, endCharacter: range.end - starts[line])
        }
        let count = d.nodes.count
        try #require(count == 2201 && geometry.edgeChildren.count == count - 1)
        var expected: [String: [Double]] = [
            "x": geometry.centres.map(\.x), "y": geometry.centres.map(\.y),
            "depths": geometry.depths.map(Double.init),
            "widths": geometry.sizes.map(\.width), "heights": geometry.sizes.map(\.height),
            "ranges": ranges.flatMap { [$0.startLine, $0.startCharacter, $0.endLine, $0.endCharacter].map(Double.init) },
            "edgeChildren": geometry.edgeChildren.map(Double.init),
        ]
        expected["edgePoints"] = geometry.edgeChildren.indices.flatMap { edge -> [Double] in
            let points = geometry.connectorPoints(edge)
            return [points.0, points.1, points.2, points.3].flatMap { [$0.x, $0.y] }
        }
        func parsed(_ bytes: [UInt8]) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        }
        let json = try parsed(writeGeometryColumns(d, geometry, ranges: ranges))
        let binary = try parsed(writeGeometryColumns(d, geometry, ranges: ranges, binary: true))
        for (key, numbers) in expected {
            #expect(try #require(json[key] as? [NSNumber]).map(\.doubleValue) == numbers, "\(key) as JSON")
            #expect(try decoded(binary[key]).numbers == numbers, "\(key) in base64")
        }
        // Not all trivially the same: the ranges' lines run past the first stretch's, and there
        // are more cards than a stretch of one-number rows holds.
        #expect(Set(expected["ranges"] ?? []).count > 2000 && count > 2048)
    }

    @Test func emptyDiagram() throws {
        let (_, binary) = try both("")
        #expect(try decoded(binary["x"]).numbers.isEmpty)
        #expect(binary["x"] as? [String: String] == ["i32": ""])
    }

    /// Past 2^24 halves are no 32-bit floats: integers times 2 (`shift` 1), not 64-bit floats.
    @Test func halvesPastFloatPrecisionAreShifted() throws {
        let values = [16_777_216.5, 37_748_700, -3.25]
        let written = ByteSink.bytes(capacity: 16) { out in ColumnNumbers.write(&out, NumberColumn(values)) }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any])
        #expect((object["shift"] as? NSNumber)?.intValue == 2)
        let (kind, numbers) = try decoded(object)
        #expect(kind == "i32 shift 2" && numbers == values)
        let tenths = ByteSink.bytes(capacity: 16) { out in ColumnNumbers.write(&out, NumberColumn([16_777_216.1])) }
        #expect(String(decoding: tenths, as: UTF8.self).hasPrefix("{\"f64\":"))
    }

    /// Every length across the encoder's block and every padding, against Foundation's base64,
    /// in each kind (values chosen to need it: whole, halves, beyond a float's precision).
    @Test func base64OfEveryLength() {
        for count in [0, 1, 2, 3, 4, 5, 767, 768, 769, 1535, 1536, 1537, 5000] {
            for (kind, value) in [("i32", { (i: Int) in Double(i * 37 - 900) }),
                                  ("f32", { (i: Int) in Double(i) + 0.5 }),
                                  ("f64", { (i: Int) in 16_777_216.1 + Double(i) })] {
                let values = (0..<count).map(value)
                let written = ByteSink.bytes(capacity: 16) { out in
                    ColumnNumbers.write(&out, NumberColumn(values))
                }
                var packed = Data()
                for v in values {
                    switch kind {
                    case "i32": withUnsafeBytes(of: Int32(v).littleEndian) { packed.append(contentsOf: $0) }
                    case "f32": withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { packed.append(contentsOf: $0) }
                    default: withUnsafeBytes(of: v.bitPattern.littleEndian) { packed.append(contentsOf: $0) }
                    }
                }
                // A column of nothing but whole numbers is i32 whatever the generator meant.
                let expectedKind = count == 0 ? "i32" : kind
                #expect(String(decoding: written, as: UTF8.self) == "{\"\(expectedKind)\":\"\(count == 0 ? "" : packed.base64EncodedString())\"}",
                        "\(count) \(kind)")
            }
        }
    }

    /// Negative zero and NaN keep their bits (no integer holds them).
    @Test func negativeZeroAndNaN() {
        let written = ByteSink.bytes(capacity: 16) { out in ColumnNumbers.write(&out, NumberColumn([-0.0, 1])) }
        #expect(String(decoding: written, as: UTF8.self).hasPrefix("{\"f32\":"))
        let withNaN = ByteSink.bytes(capacity: 16) { out in ColumnNumbers.write(&out, NumberColumn([.nan, 1])) }
        #expect(String(decoding: withNaN, as: UTF8.self).hasPrefix("{\"f64\":"))
    }
}
