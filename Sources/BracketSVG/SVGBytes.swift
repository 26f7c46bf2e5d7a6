/// An append-only byte buffer for building SVG text. Appending bytes is several times faster than
/// `String` interpolation for large diagrams (measured: ~5×), and the result is converted to a
/// `String` once, at the end.
struct SVGBytes {
    var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Markup written by this module itself (tags, attribute names): never user text.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ byte: UInt8) { bytes.append(byte) }

    /// A number in SVG coordinates, independent of locale: integers as `130`, anything else with
    /// at most two decimals and no trailing zeros (`12.5`, `0.33`). Non-finite values, which only
    /// absurd settings could produce, are written as `0` so the document stays valid.
    mutating func number(_ value: Double) {
        guard value.isFinite else { return raw(UInt8(ascii: "0")) }
        let limit = 9.0e16  // keeps value * 100 inside Int64
        let clamped = min(max(value, -limit), limit)
        var hundredths = Int64((clamped * 100).rounded())
        if hundredths < 0 {
            raw(UInt8(ascii: "-"))
            hundredths = -hundredths
        }
        integer(hundredths / 100)
        let fraction = Int(hundredths % 100)
        guard fraction != 0 else { return }
        raw(UInt8(ascii: "."))
        raw(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { raw(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var remaining = value.magnitude
        // Digits are produced backwards into a stack buffer, then appended in one call: per-digit
        // appends showed up as the top cost of rendering large diagrams.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    mutating func integer(_ value: Int) { integer(Int64(value)) }

    /// User text (labels, titles, IDs) for element content or a double-quoted attribute.
    /// Escapes the five XML specials and replaces characters XML 1.0 forbids or that would render
    /// as garbage (C0 controls other than tab and newline, C1 controls, U+FFFE, U+FFFF) with
    /// U+FFFD, so a label can never end an element or inject markup.
    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            // Most labels need no escaping: copy them in one go.
            if !utf8.contains(where: Self.needsAttention) { return bytes.append(contentsOf: utf8) }
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): raw("&amp;")
                case UInt8(ascii: "<"): raw("&lt;")
                case UInt8(ascii: ">"): raw("&gt;")
                case UInt8(ascii: "\""): raw("&quot;")
                case UInt8(ascii: "'"): raw("&#39;")
                case UInt8(ascii: "\t"), UInt8(ascii: "\n"): raw(byte)
                case 0..<0x20, 0x7F: raw(replacement)
                case 0xC2 where index < utf8.count && (0x80...0x9F).contains(utf8[index]):
                    index += 1
                    raw(replacement)
                case 0xEF where index + 1 < utf8.count && utf8[index] == 0xBF
                    && (utf8[index + 1] == 0xBE || utf8[index + 1] == 0xBF):
                    index += 2
                    raw(replacement)
                default: raw(byte)
                }
            }
        }
    }

    /// Bytes that may start something `text(_:)` rewrites. 0xC2 and 0xEF also start harmless
    /// characters (é is C3, but "¢" is C2 A2); those merely take the slower path.
    private static func needsAttention(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
            UInt8(ascii: "'"), 0..<0x20, 0x7F, 0xC2, 0xEF:
            return true
        default:
            return false
        }
    }

    /// U+FFFD REPLACEMENT CHARACTER in UTF-8.
    private var replacement: StaticString { "\u{FFFD}" }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
