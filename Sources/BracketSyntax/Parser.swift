/// A resilient parser for `.bracket` files. It never fails and never drops text: whatever it
/// cannot place is wrapped in an `.unexpected` node, and problems are left for the diagnostics
/// pass to find in the finished tree.
///
/// Grammar (non-trivia tokens; trivia is kept between them):
///
///     file    = item*
///     item    = setting | node | unexpected
///     setting = SETTING_KEY [WORD | STRING]      (the value must be on the same line)
///     node    = WORD [STRING] [block]  |  block   (the second form is an error: no ID)
///     block   = "{" item* ["}"]
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
                guard after == .string || after == .leftBrace else {
                    builder.leaf(at: mark, offset: idStart)
                    break
                }
                builder.start(.node, at: mark, offset: idStart)
                if after == .string { bump() }
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
                }
                builder.finish()
            case .string, .unknown:
                wrapUnexpected()
            case .whitespace, .newline, .comment, .byteOrderMark:
                preconditionFailure("peek() skips trivia")
            }
            // Every iteration must consume a token or close a block; anything else would loop forever.
            assert(placed > before || peek() == nil, "parser made no progress after \(placed) tokens")
        }
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

