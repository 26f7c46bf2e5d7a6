/// Splits UTF-8 bytes into tokens. It never fails: bytes that start no token become `.unknown`.
///
/// The lexer is a cursor: the parser pulls one token at a time with `next()`, so no token array
/// is built for the whole file. Its only state is the position (a byte order mark counts only at
/// the start of a lexer made `atFileStart`), and no token crosses a line break, so lexing can
/// restart at any line start or after any `{` and produce the same tokens as a full pass — the
/// property incremental reparsing relies on.
public struct Lexer {
    public struct Token: Hashable, Sendable {
        public var kind: TokenKind
        public var length: Int

        public init(kind: TokenKind, length: Int) {
            self.kind = kind
            self.length = length
        }
    }

    // The lexer's hot path is `@inlinable` so that lexing loops in other modules (the relex of
    // an edited region, the benchmark) keep the cursor in registers as the parser's loop does,
    // instead of paying a call and a store of the position per token. Hence the
    // `@usableFromInline` state below.
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var cursor: Int
    /// Where the next token starts.
    public var position: Int { cursor }
    /// Tokens may read bytes up to here.
    public let end: Int
    /// Where a byte order mark counts as one: the range's start when lexing from the file's
    /// start, else -1 (nowhere). Why an offset and not a "first token" flag: the check then sits
    /// on the path of byte 0xEF, which starts no other token, instead of costing every token.
    @usableFromInline let byteOrderMarkAt: Int

    /// A lexer over `bytes[range]`; `atFileStart` enables the byte-order-mark check. The buffer
    /// must outlive the lexer.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, atFileStart: Bool) {
        self.bytes = bytes
        cursor = range.lowerBound
        end = range.upperBound
        byteOrderMarkAt = atFileStart ? range.lowerBound : -1
    }

    /// The next token, or nil at the end of the range.
    @inlinable @inline(__always)
    public mutating func next() -> Token? {
        guard cursor < end else { return nil }
        let start = cursor
        // Not nil: the range is inside the buffer and not empty.
        let kind = Lexer.lexOne(bytes.baseAddress.unsafelyUnwrapped, &cursor, end, byteOrderMarkAt)
        return Token(kind: kind, length: cursor &- start)
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

    /// Lexes the token at `p` (`p < end`) and moves `p` past it.
    @inlinable @inline(__always)
    static func lexOne(_ b: UnsafePointer<UInt8>, _ p: inout Int, _ end: Int, _ byteOrderMarkAt: Int) -> TokenKind {
        let byte = b[p]
        let start = p
        p &+= 1
        switch byte {
        case 0x20, 0x09:
            // One blank between tokens is the common case outside indentation: no scan.
            if p < end, !isBlank(b[p]) { return .whitespace }
            p = skipBlanks(b, p, end)
            return .whitespace
        case 0x0A:
            return .newline
        case 0x0D:
            if p < end, b[p] == 0x0A { p &+= 1 }
            return .newline
        case 0x23:  // '#'
            p = skipToLineEnd(b, p, end)
            return .comment
        case 0x22:  // '"'
            p = skipString(b, p, end)
            return .string
        case 0x7B:
            return .leftBrace
        case 0x7D:
            return .rightBrace
        case 0x5B:
            return .leftBracket
        case 0x5D:
            return .rightBracket
        case 0x3D:
            return .equals
        case 0x2C:
            return .comma
        case 0x40:  // '@'
            p = skipWord(b, p, end)
            return .settingKey
        default:
            if isWordStart(byte) {
                p = skipWord(b, p, end)
                return .word
            }
            if _slowPath(byte == 0xEF) && start == byteOrderMarkAt && end &- start >= 3 && b[start &+ 1] == 0xBB
                && b[start &+ 2] == 0xBF
            {
                p = start &+ 3
                return .byteOrderMark
            }
            p = skipUnknown(b, p, end)
            return .unknown
        }
    }
}
