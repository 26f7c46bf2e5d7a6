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
public struct Parser {
    private var tokens: [Lexer.Token]
    /// Index of the next token not yet placed in the tree (it may be trivia).
    private var position = 0
    private var builder = GreenBuilder()

    private init(tokens: [Lexer.Token]) {
        self.tokens = tokens
    }

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) -> GreenNode {
        parse(tokens: Lexer.tokenize(bytes))
    }

    public static func parse(tokens: [Lexer.Token]) -> GreenNode {
        var parser = Parser(tokens: tokens)
        parser.builder.start(.file)
        parser.parseItems()
        parser.flushTrivia()
        return parser.builder.finishRoot()
    }

    /// Parses the inside of a block (everything between its braces), as the full parser would
    /// for those tokens. The caller guarantees the braces in `tokens` are balanced.
    public static func parseBlockContent(tokens: [Lexer.Token]) -> [GreenElement] {
        var parser = Parser(tokens: tokens)
        parser.builder.start(.block)
        parser.parseItems()
        parser.flushTrivia()
        return parser.builder.finishContent()
    }

    // MARK: - The item loop

    private mutating func parseItems() {
        var openBlocks = 0
        while true {
            let before = position
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
                start(.node)
                bump()
                if peek() == .string { bump() }
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
            assert(position > before || peek() == nil, "parser made no progress at token \(position)")
        }
    }

    private mutating func wrapUnexpected() {
        start(.unexpected)
        bump()
        builder.finish()
    }

    // MARK: - Token cursor

    /// The kind of the next non-trivia token, without consuming anything.
    private func peek() -> TokenKind? {
        var index = position
        while index < tokens.count {
            let kind = tokens[index].kind
            if !kind.isTrivia { return kind }
            index += 1
        }
        return nil
    }

    private func newlineBeforeNextToken() -> Bool {
        var index = position
        while index < tokens.count, tokens[index].kind.isTrivia {
            if tokens[index].kind == .newline { return true }
            index += 1
        }
        return false
    }

    /// Opens a node. Pending trivia goes to the enclosing node first, so a node's range starts at
    /// its first real token (leading trivia belongs to the parent, as in rowan).
    private mutating func start(_ kind: NodeKind) {
        flushTrivia()
        builder.start(kind)
    }

    /// Places pending trivia into the innermost open node.
    private mutating func flushTrivia() {
        while position < tokens.count, tokens[position].kind.isTrivia {
            builder.token(tokens[position])
            position += 1
        }
    }

    /// Places pending trivia, then the next token, into the innermost open node.
    private mutating func bump() {
        flushTrivia()
        builder.token(tokens[position])
        position += 1
    }
}

/// Builds green nodes bottom-up with an explicit stack: children of all open nodes live in one
/// flat array, and finishing a node turns its tail of that array into one element.
struct GreenBuilder {
    private var open: [(kind: NodeKind, start: Int)] = []
    private var elements: [GreenElement] = []

    mutating func start(_ kind: NodeKind) {
        open.append((kind, elements.count))
    }

    mutating func token(_ token: Lexer.Token) {
        elements.append(.token(token.kind, UInt32(token.length)))
    }

    mutating func finish() {
        let (kind, start) = open.removeLast()
        let node = GreenNode.make(kind, elements[start...])
        elements.removeSubrange(start...)
        elements.append(.node(node))
    }

    mutating func finishRoot() -> GreenNode {
        let (kind, start) = open.removeLast()
        precondition(open.isEmpty && start == 0)
        return GreenNode.make(kind, elements)
    }

    mutating func finishContent() -> [GreenElement] {
        precondition(open.count == 1)
        return elements
    }
}
