/// Appends compact JSON text to a byte buffer.
///
/// Commas and colons are placed automatically: call `beginObject()`, then `key(_:)` followed by
/// one value per member, then `endObject()`; arrays likewise without keys. One flag suffices for
/// separators because a value (or a closed container) is always followed by either a comma or
/// the parent's close. The writer does not check the call sequence; a misuse gives bad JSON,
/// not a crash.
///
/// Strings: `"` `\` and control characters are escaped (`\n` `\r` `\t` `\b` `\f` in short form,
/// the rest as `\u00XX`); `/` and non-ASCII are written as they are (raw UTF-8).
/// Doubles: integral values print without a fraction (`130`), others in Swift's shortest
/// round-trip form, NaN and infinities as `null` (JSON has no spelling for them).
public struct JSONWriter: Sendable {
    public var bytes: [UInt8]
    private var needsComma = false

    public init(reservingCapacity capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    public mutating func int(_ value: Int) {
        int(Int64(value))
    }

    public mutating func int(_ value: Int64) {
        separate()
        appendDecimal(value)
        needsComma = true
    }

    public mutating func double(_ value: Double) {
        separate()
        if !value.isFinite {
            appendASCII("null")
        } else if value == 0 && value.sign == .minus {
            appendASCII("-0")
        } else if let integral = Int64(exactly: value), integral.magnitude < (1 << 53) {
            // Within 2^53 every integer is exact, so dropping ".0" cannot change the value.
            appendDecimal(integral)
        } else {
            appendASCII(value.description)
        }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        appendASCII(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        appendASCII("null")
        needsComma = true
    }

    /// Inserts already-serialized JSON (for example a cached geometry document) as one value.
    /// The caller vouches that `json` is a single valid JSON value.
    public mutating func raw(_ json: some Collection<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    // MARK: - Bytes

    private mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func appendASCII(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func appendDecimal(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // Work with the magnitude as UInt64 so Int64.min does not overflow.
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]))
        }
    }

    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
                if runStart < index {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                }
                appendEscape(for: byte)
                runStart = index + 1
            }
            if runStart < utf8.count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(for byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(hex.utf8Start[Int(byte >> 4)])
            bytes.append(hex.utf8Start[Int(byte & 0xF)])
        }
    }
}
