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
            if !isEscaped(byte) { continue }
            if runStart < index { literal(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            withEscapeSequence(for: byte, escape)
            runStart = index + 1
        }
        if runStart < utf8.count { literal(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    /// The most bytes one input byte becomes (`\u00XX`).
    public static let maxEscapedLength = 6

    /// Whether `byte` is written as an escape sequence rather than as it is.
    @inlinable
    public static func isEscaped(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Exactly how many bytes `utf8` becomes inside the literal (quotes not counted): what a
    /// writer sizes its buffer by when an upper bound (`maxEscapedLength` a byte) would leave
    /// most of it unwritten.
    @inlinable
    public static func escapedCount(of utf8: UnsafeBufferPointer<UInt8>) -> Int {
        // Most text escapes nothing: one comparison a byte, the escapes' extra bytes apart.
        var extra = 0
        for byte in utf8 where isEscaped(byte) {
            extra &+= shortEscape(for: byte) != nil ? 1 : maxEscapedLength &- 1
        }
        return utf8.count &+ extra
    }

    /// `escapedCount(of:)` of a string's UTF-8, read in place (a string whose bytes are not
    /// contiguous is made so on a copy first).
    @inlinable
    public static func escapedCount(of text: String) -> Int {
        if let count = text.utf8.withContiguousStorageIfAvailable({ escapedCount(of: $0) }) { return count }
        var copy = text
        return copy.withUTF8 { escapedCount(of: $0) }
    }

    /// The letter after `\\` of a byte with a two-byte escape, nil for one spelled `\u00XX`.
    @usableFromInline
    static func shortEscape(for byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        default: nil
        }
    }

    @usableFromInline
    static func withEscapeSequence(for byte: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var sequence: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (UInt8(ascii: "\\"), 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &sequence) { buffer in
            let short = shortEscape(for: byte)
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
