/// Splits UTF-8 bytes into tokens. It never fails: bytes that start no token become `.unknown`.
///
/// The lexer is a cursor: the parser pulls one token at a time with `next()`, so no token array
/// is built for the whole file. Its only state is the position (and, before the first token, a
/// byte-order-mark check), and no token crosses a line break, so lexing can restart at any line
/// start or after any `{` and produce the same tokens as a full pass — the property incremental
/// reparsing relies on.
public struct Lexer {
    public struct Token: Hashable, Sendable {
        public var kind: TokenKind
        public var length: Int

        public init(kind: TokenKind, length: Int) {
            self.kind = kind
            self.length = length
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next token starts.
    public private(set) var position: Int
    /// Tokens may read bytes up to here.
    public let end: Int
    private var checkByteOrderMark: Bool

    /// A lexer over `bytes[range]`; `atFileStart` enables the byte-order-mark check. The buffer
    /// must outlive the lexer.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, atFileStart: Bool) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
        checkByteOrderMark = atFileStart
    }

    /// The next token, or nil at the end of the range.
    @inline(__always)
    public mutating func next() -> Token? {
        guard position < end else { return nil }
        let start = position
        if _slowPath(checkByteOrderMark) {
            checkByteOrderMark = false
            if end - position >= 3, bytes[position] == 0xEF, bytes[position + 1] == 0xBB,
                bytes[position + 2] == 0xBF
            {
                position += 3
                return Token(kind: .byteOrderMark, length: 3)
            }
        }
        let kind = Lexer.lexOne(bytes, &position, end)
        return Token(kind: kind, length: position - start)
    }

    /// Lexes `bytes[range]`. `atFileStart` enables the byte-order-mark check. With `stopAt`,
    /// lexing ends at the first token boundary at or after that offset (tokens still see the
    /// bytes up to `range.upperBound`, so a string or comment may run past it); the return value
    /// is where lexing stopped.
    @discardableResult
    public static func tokenize(
        _ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, atFileStart: Bool,
        stopAt: Int? = nil, into tokens: inout [Token]
    ) -> Int {
        var lexer = Lexer(bytes, in: range, atFileStart: atFileStart)
        let stop = min(stopAt ?? range.upperBound, range.upperBound)
        while lexer.position < stop, let token = lexer.next() {
            tokens.append(token)
        }
        return lexer.position
    }

    /// Convenience for callers holding an array.
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        _ = bytes.withUnsafeBufferPointer { buffer in
            tokenize(buffer, in: 0..<buffer.count, atFileStart: true, into: &tokens)
        }
        return tokens
    }

    @inline(__always)
    static func isWordStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F
    }

    @inline(__always)
    static func isWordContinue(_ byte: UInt8) -> Bool {
        isWordStart(byte) || byte == 0x2D || byte == 0x2E
    }

    /// Bytes after which an unknown run stops: anything that starts a real token.
    @inline(__always)
    static func startsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x23, 0x22, 0x7B, 0x7D, 0x40: true
        default: isWordStart(byte)
        }
    }

    /// Skips spaces eight bytes at a time: indentation is most of the bytes in a typical file.
    /// Returns the first offset at or after `p` that is not a space (a tab stops it too; the
    /// caller's byte loop takes over from there).
    @inline(__always)
    private static func skipSpaces(_ b: UnsafeBufferPointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        guard let base = b.baseAddress else { return p }
        var p = p
        while end - p >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
            let different = word ^ 0x2020_2020_2020_2020
            if different != 0 { return p + different.trailingZeroBitCount >> 3 }
            p += 8
        }
        return p
    }

    @inline(__always)
    static func lexOne(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, _ end: Int) -> TokenKind {
        let byte = b[p]
        switch byte {
        case 0x20, 0x09:
            p += 1
            p = skipSpaces(b, p, end)
            while p < end, b[p] == 0x20 || b[p] == 0x09 { p += 1 }
            return .whitespace
        case 0x0A:
            p += 1
            return .newline
        case 0x0D:
            p += 1
            if p < end, b[p] == 0x0A { p += 1 }
            return .newline
        case 0x23:  // '#'
            p += 1
            while p < end, b[p] != 0x0A, b[p] != 0x0D { p += 1 }
            return .comment
        case 0x22:  // '"'
            p += 1
            while p < end {
                let c = b[p]
                if c == 0x22 { p += 1; break }
                if c == 0x0A || c == 0x0D { break }
                // A backslash protects the next byte, unless that byte ends the line.
                if c == 0x5C, p + 1 < end, b[p + 1] != 0x0A, b[p + 1] != 0x0D { p += 2 } else { p += 1 }
            }
            return .string
        case 0x7B:
            p += 1
            return .leftBrace
        case 0x7D:
            p += 1
            return .rightBrace
        case 0x40:  // '@'
            p += 1
            while p < end, isWordContinue(b[p]) { p += 1 }
            return .settingKey
        default:
            if isWordStart(byte) {
                p += 1
                while p < end, isWordContinue(b[p]) { p += 1 }
                return .word
            }
            p += 1
            while p < end, !startsToken(b[p]) { p += 1 }
            return .unknown
        }
    }
}
