/// A resilient parser for `.bracket` files. It never fails and never drops text: whatever it
/// cannot place is wrapped in an `.unexpected` node, and problems are left for the diagnostics
/// pass to find in the finished tree.
///
/// Grammar (non-trivia tokens; trivia is kept between them):
///
///     file       = item*
///     item       = setting | node | unexpected
///     setting    = SETTING_KEY [(WORD | STRING) STRING* [attributes]]   (values and "[" on the same line)
///     node       = WORD [STRING] [attributes] [block]  |  block   (the second form is an error: no ID)
///     attributes = "[" (attribute | "," | unexpected)* ["]"]
///     attribute  = WORD ["=" [WORD | STRING]]
///     block      = "{" item* ["}"]
///
/// An attribute list may span lines. Whether it is closed is decided when its `[` is reached, by
/// looking ahead for its `]` before anything that cannot be inside a list (`{`, `}`, `[`, a
/// setting, the end): a closed list runs to its `]`; an unclosed one stops at the end of the
/// line it opens on, so one forgotten `]` costs the rest of that line only and the lines after
/// it parse as they would without it. (`AttributesLookahead` below; the look never crosses a
/// brace, which keeps a block's reparse equal to a full parse.)
///
/// Nesting is tracked with a counter instead of recursion, so any depth parses in constant stack.
///
/// The item loop below places one token at a time. In front of it, whole lines of the common
/// shapes are placed in one step each (Parser+Lines.swift), with the same result.
public struct Parser: ~Copyable {
    // Internal rather than private: the line fast path (Parser+Lines.swift) works on them too.
    var lexer: Lexer
    var builder: GreenBuilder
    /// The next non-trivia token, once `peek()` has lexed it; nil at the end of the input.
    private var next: Lexer.Token?
    /// Where `next` starts (the end of the input when there is none): pending trivia ends there.
    private var nextStart = 0
    /// Whether `next` (and the trivia before it) has been lexed.
    private var peeked = false
    /// Non-trivia tokens placed so far (the item loop checks it makes progress).
    var placed = 0
    /// Whether whole lines may be placed by the fast path (Parser+Lines.swift). Always on, except
    /// for the reference parse the tests and fuzzers compare it with.
    private let takesLines: Bool

    private init(lexer: Lexer, builder: consuming GreenBuilder, takesLines: Bool = true) {
        self.lexer = lexer
        self.builder = builder
        self.takesLines = takesLines
    }

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) -> GreenNode {
        parse(bytes, maxTokenLength: GreenToken.maxLength)
    }

    /// Parses token by token only, without the line fast path: the reference that path must
    /// equal, for the fuzzers (`@_spi(Reference) import BracketSyntax`).
    @_spi(Reference)
    public static func parseTokenByToken(_ bytes: [UInt8]) -> GreenNode {
        parse(bytes, maxTokenLength: GreenToken.maxLength, takesLines: false)
    }

    /// `maxTokenLength` (at most `GreenToken.maxLength`) is where a longer token is cut into
    /// pieces; tests lower it to exercise that without a 256 MiB input. `takesLines: false`
    /// parses token by token only, the reference the line fast path is tested against.
    static func parse(_ bytes: [UInt8], maxTokenLength: Int, takesLines: Bool = true) -> GreenNode {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(
                lexer: Lexer(buffer, in: 0..<buffer.count, atFileStart: true),
                builder: GreenBuilder(
                    maxTokenLength: min(max(maxTokenLength, 1), GreenToken.maxLength), expectedBytes: buffer.count,
                    startOffset: 0),
                takesLines: takesLines)
            parser.builder.start(.file)
            parser.parseItems()
            parser.flushTrivia()
            return parser.builder.finishRoot()
        }
    }

    /// Parses the inside of a block (`bytes[range]`, everything between its braces), as the full
    /// parser would for those bytes. The caller guarantees the braces in the range balance.
    public static func parseBlockContent(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> [GreenElement] {
        var parser = Parser(
            lexer: Lexer(bytes, in: range, atFileStart: false),
            builder: GreenBuilder(
                maxTokenLength: GreenToken.maxLength, expectedBytes: range.count, startOffset: range.lowerBound))
        parser.builder.start(.block)
        parser.parseItems()
        parser.flushTrivia()
        return parser.builder.finishContent()
    }

    // MARK: - The item loop

    private mutating func parseItems() {
        var openBlocks = 0
        while true {
            if takesLines && !peeked { parseLines(openBlocks: &openBlocks) }
            let before = placed
            guard let kind = peek() else {
                guard openBlocks > 0 else { return }
                // End of input inside blocks: close them, each missing its `}`.
                builder.finish()  // block
                builder.finish()  // node
                openBlocks -= 1
                continue
            }
            switch kind {
            case .word:
                // The ID is placed first and its node made around it once the next token says
                // what it is: most IDs are leaves, which then need no open node at all.
                flushTrivia()
                let mark = builder.mark
                let idStart = nextStart
                bump()
                let after = peek()
                guard after == .string || after == .leftBrace || after == .leftBracket else {
                    builder.leaf(at: mark, offset: idStart)
                    break
                }
                builder.start(.node, at: mark, offset: idStart)
                if after == .string { bump() }
                if peek() == .leftBracket { parseAttributes() }
                if peek() == .leftBrace {
                    start(.block)
                    bump()
                    openBlocks += 1
                } else {
                    builder.finish()
                }
            case .leftBrace:
                start(.node)
                start(.block)
                bump()
                openBlocks += 1
            case .rightBrace:
                if openBlocks > 0 {
                    bump()
                    builder.finish()  // block
                    builder.finish()  // node
                    openBlocks -= 1
                } else {
                    wrapUnexpected()
                }
            case .settingKey:
                start(.setting)
                bump()
                if let next = peek(), next == .word || next == .string, !newlineBeforeNextToken() {
                    bump()
                    // Further quoted values on the same line belong to the setting (`@rounds`
                    // takes a list); a WORD after the value still starts a node, as it always did.
                    while peek() == .string, !newlineBeforeNextToken() { bump() }
                    // `@class NAME "…" [fill=…]`: the look's keys, in a node's attribute syntax.
                    if peek() == .leftBracket, !newlineBeforeNextToken() { parseAttributes() }
                }
                builder.finish()
            case .leftBracket:
                // An attribute list with no node before it: kept whole, so its keys do not
                // turn into nodes.
                start(.unexpected)
                parseAttributes()
                builder.finish()
            case .string, .unknown, .rightBracket, .equals, .comma:
                wrapUnexpected()
            case .whitespace, .newline, .comment, .byteOrderMark:
                preconditionFailure("peek() skips trivia")
            }
            // Every iteration must consume a token or close a block; anything else would loop forever.
            assert(placed > before || peek() == nil, "parser made no progress after \(placed) tokens")
        }
    }

    /// `[ attribute* ]`, the next token being the `[`. Never crosses a brace or a setting, so the
    /// item loop's nesting count is untouched.
    private mutating func parseAttributes() {
        let closed = AttributesLookahead.isClosed(after: lexer)
        start(.attributes)
        bump()  // `[`
        while let kind = peek() {
            // An unclosed list ends with the line it opened on.
            if !closed, newlineBeforeNextToken() { break }
            switch kind {
            case .rightBracket:
                bump()
                builder.finish()
                return
            case .word:
                start(.attribute)
                bump()
                if peek() == .equals, closed || !newlineBeforeNextToken() {
                    bump()
                    if let value = peek(), value == .word || value == .string, closed || !newlineBeforeNextToken() {
                        bump()
                    }
                }
                builder.finish()
            case .comma:
                bump()
            case .string, .equals, .unknown:
                wrapUnexpected()
            case .leftBrace, .rightBrace, .leftBracket, .settingKey:
                // Only an unclosed list meets one of these; it ends before it.
                builder.finish()
                return
            case .whitespace, .newline, .comment, .byteOrderMark:
                preconditionFailure("peek() skips trivia")
            }
        }
        builder.finish()
    }

    private mutating func wrapUnexpected() {
        start(.unexpected)
        bump()
        builder.finish()
    }

    // MARK: - Token cursor

    /// The kind of the next non-trivia token, without placing it. Trivia lexed on the way is put
    /// on the builder's stack as pending: it joins whichever node is innermost when the next token
    /// is placed, or moves past a node that finishes first (leading trivia belongs to the parent).
    @inline(__always)
    private mutating func peek() -> TokenKind? {
        if !peeked { lexAhead() }
        return next?.kind
    }

    private mutating func lexAhead() {
        peeked = true
        while let token = lexer.next() {
            guard token.kind.isTrivia else {
                next = token
                nextStart = lexer.position &- token.length
                return
            }
            builder.pendingToken(token)
        }
        next = nil
        nextStart = lexer.position
    }

    /// Whether the trivia before the next token holds a line break. Only a setting asks, so it
    /// is worked out from the pending trivia then rather than tracked for every token.
    private mutating func newlineBeforeNextToken() -> Bool {
        _ = peek()
        return builder.pendingHasNewline()
    }

    /// Opens a node. Pending trivia goes to the enclosing node first, so a node's range starts at
    /// its first real token (leading trivia belongs to the parent, as in rowan).
    @inline(__always)
    private mutating func start(_ kind: NodeKind) {
        flushTrivia()
        builder.start(kind)
    }

    /// Places pending trivia into the innermost open node.
    @inline(__always)
    private mutating func flushTrivia() {
        _ = peek()
        builder.commitPending(endingAt: nextStart)
    }

    /// Places pending trivia, then the next token, into the innermost open node.
    @inline(__always)
    private mutating func bump() {
        flushTrivia()
        guard let token = next else { return }
        builder.token(token)
        peeked = false
        placed += 1
    }
}


/// Whether the attribute list whose `[` the lexer has just passed is closed: its `]` comes before
/// any token that cannot stand inside a list. Reads ahead on a copy of the lexer, so nothing is
/// placed; the look stops at the first such token, so the lists of a document are looked
/// through at most once each (each look ends where the next list, block or setting begins).
enum AttributesLookahead {
    static func isClosed(after lexer: Lexer) -> Bool {
        var ahead = lexer
        while let token = ahead.next() {
            switch token.kind {
            case .rightBracket: return true
            case .leftBrace, .rightBrace, .leftBracket, .settingKey: return false
            default: continue
            }
        }
        return false
    }
}
