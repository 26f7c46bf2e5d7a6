/// How a string's UTF-8 goes into a JSON string literal, for every writer that spells JSON
/// (`JSONWriter`, and the geometry writer's byte sink in BracketExport), so they cannot drift
/// apart: `"` and `\` and the control characters are escaped (`\n`, `\r`, `\t`, `\b`, `\f`, else
/// `\u00XX` in lowercase hex), every other byte is copied as it is.
public enum JSONStringEscaping {
    /// Calls `literal` with each run of bytes that stays as it is and `escape` with the escape
    /// sequence of each byte that cannot, in order. Neither buffer outlives its call.
    @inlinable
    public static func forEachPiece(
        of utf8: UnsafeBufferPointer<UInt8>,
        literal: (UnsafeBufferPointer<UInt8>) -> Void,
        escape: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
            if runStart < index { literal(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            withEscapeSequence(for: byte, escape)
            runStart = index + 1
        }
        if runStart < utf8.count { literal(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    /// The most bytes one input byte becomes (`\u00XX`).
    public static let maxEscapedLength = 6

    @usableFromInline
    static func withEscapeSequence(for byte: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var sequence: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (UInt8(ascii: "\\"), 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &sequence) { buffer in
            let short: UInt8? = switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            default: nil
            }
            var count = 2
            if let short {
                buffer[1] = short
            } else {
                let hex: StaticString = "0123456789abcdef"
                buffer[1] = UInt8(ascii: "u")
                buffer[2] = UInt8(ascii: "0")
                buffer[3] = UInt8(ascii: "0")
                buffer[4] = hex.utf8Start[Int(byte >> 4)]
                buffer[5] = hex.utf8Start[Int(byte & 0xF)]
                count = 6
            }
            body(UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }
}
