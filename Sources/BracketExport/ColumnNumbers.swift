import BracketBytes

/// A column of numbers in binary (docs/protocol.md, "Geometry-only payloads"): `{"i32": B}`,
/// `{"f32": B}`, `{"f64": B}` or `{"i32": B, "shift": k}`, where B is the values in order as
/// little-endian 32-bit integers, 32-bit or 64-bit IEEE floats, in base64 (RFC 4648, padded),
/// and with `shift` each integer is the value times 2^k (k from 1 to 4: layouts place things on
/// sixteenths). The first that holds every value exactly is used, in that order (the page reads
/// the first three straight into typed arrays; a shift costs it one multiplication a value), so
/// decoding gives back exactly the numbers the JSON array would have.
///
/// A page reads B with one native base64 decode into a typed array, about four times faster
/// than `JSON.parse` of the same numbers as text, and nothing is allocated per number. The
/// shift keeps a million-card tree's coordinates, past 2^24 and so not 32-bit floats, at four
/// bytes instead of eight.
enum ColumnNumbers {
    enum Kind: Equatable { case i32, f32, f64, shifted(Int) }

    /// The first kind that holds every value exactly; with `floatsFirst` (a binary body's
    /// positions and sizes), `f32` before `i32`: both are four bytes, and a page keeps those
    /// columns as 32-bit floats, so it takes the section as it is instead of converting it.
    static func kind(_ column: NumberColumn, floatsFirst: Bool = false) -> Kind {
        // With floats first, a column of 32-bit floats (every position and size of a plain
        // layout) is decided by one comparison a value, no integer test.
        if floatsFirst && column.isFloat32 { return .f32 }
        var floats = !floatsFirst
        // The smallest shift that makes every value a 32-bit integer so far (5: none does).
        var shift = 0
        column.forEachStretch { values in
            for value in values {
                if floats, Double(Float(value)) != value { floats = false }
                while shift < 5 && !fitsInt32(value * Double(1 << shift), negativeZero: value == 0 && value.sign == .minus) {
                    shift += 1
                }
            }
            // Nothing narrower holds this column: it is f64 whatever follows.
            return floats || shift < 5
        }
        if shift == 0 { return .i32 }
        if floats { return .f32 }
        return shift < 5 ? .shifted(shift) : .f64
    }

    /// A whole number of 32 bits (not -0, which only a float spells).
    @inline(__always)
    private static func fitsInt32(_ value: Double, negativeZero: Bool) -> Bool {
        !negativeZero && value >= -2_147_483_648 && value <= 2_147_483_647 && value.rounded(.towardZero) == value
    }

    /// `{"KIND":"BASE64"[,"shift":k]}` of the column's numbers.
    static func write(_ out: inout ByteSink, _ column: NumberColumn) {
        let kind = kind(column)
        switch kind {
        case .i32, .shifted: out.raw("{\"i32\":\"")
        case .f32: out.raw("{\"f32\":\"")
        case .f64: out.raw("{\"f64\":\"")
        }
        var encoder = Base64Encoder()
        column.forEachStretch { values in
            switch kind {
            case .i32: for value in values { encoder.append(UInt32(bitPattern: Int32(value)), &out) }
            case .shifted(let shift):
                let scale = Double(1 << shift)
                for value in values { encoder.append(UInt32(bitPattern: Int32(value * scale)), &out) }
            case .f32: for value in values { encoder.append(Float(value).bitPattern, &out) }
            case .f64: for value in values { encoder.append(value.bitPattern, &out) }
            }
            return true
        }
        encoder.finish(&out)
        out.raw("\"")
        if case .shifted(let shift) = kind {
            out.raw(",\"shift\":")
            out.integer(shift)
        }
        out.raw("}")
    }

    /// The column's numbers as `kind`'s little-endian values, raw (a binary body's section,
    /// `writeGeometryColumnsBody`): a stretch at a time, each one reservation and a typed loop.
    static func writeRaw(_ out: inout ByteSink, _ kind: Kind, _ column: NumberColumn) {
        let width = kind.byteWidth
        column.forEachStretch { values in
            out.write(maxCount: values.count &* width) { destination in
                let raw = UnsafeMutableRawPointer(destination)
                switch kind {
                case .i32:
                    for (k, value) in values.enumerated() {
                        raw.storeBytes(of: UInt32(bitPattern: Int32(value)).littleEndian, toByteOffset: 4 &* k, as: UInt32.self)
                    }
                case .shifted(let shift):
                    let scale = Double(1 << shift)
                    for (k, value) in values.enumerated() {
                        raw.storeBytes(of: UInt32(bitPattern: Int32(value * scale)).littleEndian, toByteOffset: 4 &* k, as: UInt32.self)
                    }
                case .f32:
                    for (k, value) in values.enumerated() {
                        raw.storeBytes(of: Float(value).bitPattern.littleEndian, toByteOffset: 4 &* k, as: UInt32.self)
                    }
                case .f64:
                    for (k, value) in values.enumerated() {
                        raw.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: 8 &* k, as: UInt64.self)
                    }
                }
                return values.count &* width
            }
            return true
        }
    }
}

extension ColumnNumbers.Kind {
    /// Bytes a value takes in binary.
    var byteWidth: Int { self == .f64 ? 8 : 4 }
}

/// A numeric column of the payload (`ColumnSource.numeric`): `rows` rows of `width` numbers
/// each, produced a stretch of rows at a time into a buffer of doubles, so that choosing the
/// column's kind and writing it are typed loops over a buffer instead of a closure call per
/// value (a third of the binary body's time at 131,071 cards was those calls).
struct NumberColumn {
    let name: String
    /// Rows (cards or connectors).
    let rows: Int
    /// Numbers a row has (4 for a card's range, 8 for a connector's points).
    let width: Int
    /// Writes the numbers of `rows` (`rows.count * width` of them) from the pointer on.
    let fill: (_ rows: Range<Int>, _ into: UnsafeMutablePointer<Double>) -> Void

    init(name: String, rows: Int, width: Int = 1, fill: @escaping (Range<Int>, UnsafeMutablePointer<Double>) -> Void) {
        self.name = name
        self.rows = rows
        self.width = width
        self.fill = fill
    }

    /// A column holding `values` (one number a row).
    init(name: String = "", _ values: [Double]) {
        self.init(name: name, rows: values.count) { rows, into in
            values.withUnsafeBufferPointer { into.update(from: $0.baseAddress! + rows.lowerBound, count: rows.count) }
        }
    }

    /// How many numbers the column has.
    var count: Int { rows &* width }

    /// Numbers in a stretch: 16 KiB of doubles, in cache while both of a column's passes read it.
    private static let stretchValues = 2048

    /// Calls `body` with the column's numbers in order, a stretch at a time, until it returns
    /// false; false when it did.
    @discardableResult
    func forEachStretch(_ body: (UnsafeBufferPointer<Double>) -> Bool) -> Bool {
        guard rows > 0 else { return true }
        let stretchRows = max(Self.stretchValues / max(width, 1), 1)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: min(stretchRows, rows) &* width) { buffer in
            guard let base = buffer.baseAddress else { return true }
            var start = 0
            while start < rows {
                let end = min(start &+ stretchRows, rows)
                fill(start..<end, base)
                guard body(UnsafeBufferPointer(start: base, count: (end &- start) &* width)) else { return false }
                start = end
            }
            return true
        }
    }

    /// Whether every number is a 32-bit float exactly.
    var isFloat32: Bool {
        forEachStretch { values in
            for value in values where Double(Float(value)) != value { return false }
            return true
        }
    }
}

/// Base64 (RFC 4648, padded) of bytes given a few at a time, written in blocks: 3,072 bytes
/// (a multiple of 3, 4 and 8, so no value straddles a block and only the last needs padding)
/// become 4,096 characters.
struct Base64Encoder {
    private static let blockSize = 3072
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private var block = [UInt8](repeating: 0, count: Base64Encoder.blockSize)
    private var filled = 0

    mutating func append(_ value: UInt32, _ out: inout ByteSink) {
        if filled == Self.blockSize { flush(&out) }
        for shift in stride(from: 0, to: 32, by: 8) { block[filled + shift / 8] = UInt8(truncatingIfNeeded: value >> UInt32(shift)) }
        filled += 4
    }

    mutating func append(_ value: UInt64, _ out: inout ByteSink) {
        append(UInt32(truncatingIfNeeded: value), &out)
        append(UInt32(truncatingIfNeeded: value >> 32), &out)
    }

    /// Writes what is left, padded.
    mutating func finish(_ out: inout ByteSink) { flush(&out) }

    /// Encodes the filled part of the block (a whole block has no padding).
    private mutating func flush(_ out: inout ByteSink) {
        let count = filled
        guard count > 0 else { return }
        let alphabet = Self.alphabet
        block.withUnsafeBufferPointer { bytes in
            alphabet.withUnsafeBufferPointer { table in
                out.write(maxCount: (count + 2) / 3 * 4) { destination in
                    var read = 0, written = 0
                    while read + 3 <= count {
                        let word = UInt32(bytes[read]) << 16 | UInt32(bytes[read + 1]) << 8 | UInt32(bytes[read + 2])
                        destination[written] = table[Int(word >> 18)]
                        destination[written + 1] = table[Int(word >> 12 & 63)]
                        destination[written + 2] = table[Int(word >> 6 & 63)]
                        destination[written + 3] = table[Int(word & 63)]
                        read += 3
                        written += 4
                    }
                    if read < count {
                        let second = read + 1 < count ? UInt32(bytes[read + 1]) : 0
                        let word = UInt32(bytes[read]) << 16 | second << 8
                        destination[written] = table[Int(word >> 18)]
                        destination[written + 1] = table[Int(word >> 12 & 63)]
                        destination[written + 2] = read + 1 < count ? table[Int(word >> 6 & 63)] : UInt8(ascii: "=")
                        destination[written + 3] = UInt8(ascii: "=")
                        written += 4
                    }
                    return written
                }
            }
        }
        filled = 0
    }
}
