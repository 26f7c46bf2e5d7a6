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
    static func kind(_ values: ((Double) -> Void) -> Void, floatsFirst: Bool = false) -> Kind {
        var floats = true
        // The smallest shift that makes every value a 32-bit integer so far (5: none does).
        var shift = 0
        values { value in
            if floats, Double(Float(value)) != value { floats = false }
            while shift < 5 && !fitsInt32(value * Double(1 << shift), negativeZero: value == 0 && value.sign == .minus) {
                shift += 1
            }
        }
        if floats && floatsFirst { return .f32 }
        if shift == 0 { return .i32 }
        if floats { return .f32 }
        return shift < 5 ? .shifted(shift) : .f64
    }

    /// A whole number of 32 bits (not -0, which only a float spells).
    private static func fitsInt32(_ value: Double, negativeZero: Bool) -> Bool {
        !negativeZero && value >= -2_147_483_648 && value <= 2_147_483_647 && value.rounded(.towardZero) == value
    }

    /// `{"KIND":"BASE64"[,"shift":k]}` of the numbers `values` produces (called twice, the same
    /// each time).
    static func write(_ out: inout ByteSink, _ values: ((Double) -> Void) -> Void) {
        let kind = kind(values)
        switch kind {
        case .i32, .shifted: out.raw("{\"i32\":\"")
        case .f32: out.raw("{\"f32\":\"")
        case .f64: out.raw("{\"f64\":\"")
        }
        var encoder = Base64Encoder()
        values { value in
            switch kind {
            case .i32: encoder.append(UInt32(bitPattern: Int32(value)), &out)
            case .shifted(let shift): encoder.append(UInt32(bitPattern: Int32(value * Double(1 << shift))), &out)
            case .f32: encoder.append(Float(value).bitPattern, &out)
            case .f64: encoder.append(value.bitPattern, &out)
            }
        }
        encoder.finish(&out)
        out.raw("\"")
        if case .shifted(let shift) = kind {
            out.raw(",\"shift\":")
            out.integer(shift)
        }
        out.raw("}")
    }

    /// The numbers `values` produces as `kind`'s little-endian values, raw (a binary body's
    /// section, `writeGeometryColumnsBody`).
    static func writeRaw(_ out: inout ByteSink, _ kind: Kind, _ values: ((Double) -> Void) -> Void) {
        values { value in
            let bits: UInt64, width: Int
            switch kind {
            case .i32: bits = UInt64(UInt32(bitPattern: Int32(value))); width = 4
            case .shifted(let shift): bits = UInt64(UInt32(bitPattern: Int32(value * Double(1 << shift)))); width = 4
            case .f32: bits = UInt64(Float(value).bitPattern); width = 4
            case .f64: bits = value.bitPattern; width = 8
            }
            out.write(maxCount: width) { destination in
                for k in 0..<width { destination[k] = UInt8(truncatingIfNeeded: bits >> UInt64(8 * k)) }
                return width
            }
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
