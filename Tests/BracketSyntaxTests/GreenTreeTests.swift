import BracketTestSupport
import Testing

@testable import BracketSyntax

/// The packed tree representation: element size, token packing, and tokens too long for one
/// element (cut into pieces with a lowered limit, so no 256 MiB input is needed).
@Suite struct GreenTreeTests {
    @Test func everyElementRoundTripsThroughAnArenaWord() {
        // Tokens keep kind and length; nodes of the same arena and of another arena come back
        // as the same node.
        let other = GreenNode.make(.node, [GreenElement.token(.word, 2)])
        let arena = GreenArena.make(words: 16, externals: 1)
        arena.appendHeader(.block, count: 2, length: 5, nodeCount: 1)
        arena.append(.token(.leftBrace, 1))
        arena.append(.node(other))
        for kind in TokenKind.allCases {
            for length in [0, 1, 1_000, GreenToken.maxLength] {
                guard case .token(let token) = arena.element(GreenWord.token(kind, length)) else {
                    Issue.record("a token word decoded as a node")
                    continue
                }
                #expect(token.kind == kind && token.length == length)
            }
        }
        guard case .node(let local) = arena.element(GreenWord.local(0)),
            case .node(let external) = arena.element(GreenWord.external(0))
        else {
            Issue.record("a node word decoded as a token")
            return
        }
        #expect(local.isSameNode(as: GreenNode(arena: arena, header: 0)) && local.kind == .block && local.count == 2)
        #expect(external.isSameNode(as: other) && external.length == 2)
    }

    @Test func headerBitsKeepTheirFieldsAndSaturate() {
        for kind in NodeKind.allCases {
            let bits = GreenBits(kind: kind, count: Int(UInt32.max), nodeCount: 123_456)
            #expect(bits.kind == kind && bits.count == Int(UInt32.max) && bits.nodeCount == 123_456)
        }
        // The node count saturates instead of spilling into the other fields.
        let huge = GreenBits(kind: .file, count: 1, nodeCount: 1 << 40)
        #expect(huge.nodeCount == GreenBits.maxNodeCount && huge.kind == .file && huge.count == 1)
    }

    @Test func aParsedTreeIsOneArena() {
        // The parser writes every node into the root's arena: none is an external reference.
        let root = Parser.parse(Array("@gap 3\nr \"R\" {\n  a {\n    b\n  }\n  c\n}\n}\n".utf8))
        var nodes = 0
        var stack = [root]
        while let node = stack.popLast() {
            nodes += 1
            #expect(node.arena === root.arena && node.arena.externalCount == 0)
            for case .node(let inner) in node.children { stack.append(inner) }
        }
        #expect(nodes == 9)
    }

    @Test func arenasAreFreedOnceNoTreeUsesThem() {
        // Edit arenas hold their externals with manual retains: every one must be released, or
        // a long session would keep every tree it ever parsed.
        weak var parsed: GreenArena?
        weak var firstEdit: GreenArena?
        weak var secondEdit: GreenArena?
        do {
            let root = Parser.parse(Array("r {\n  a\n  b \"B\"\n}\n".utf8))
            parsed = root.arena
            let once = root.replacingChild(at: 0, with: root[0])
            firstEdit = once.arena
            let twice = once.replacingChildren(0..<1, with: [once[0], .token(.newline, 1)])
            secondEdit = twice.arena
            #expect(twice.length == root.length + 1 && twice.isStructurallyEqual(to: twice))
            #expect(parsed != nil && firstEdit != nil && secondEdit != nil)
        }
        #expect(parsed == nil && firstEdit == nil && secondEdit == nil)
    }

    @Test func aLongChainOfEditArenasIsFreedWithoutDeepRecursion() {
        // Each `make` is a new arena holding the previous one: releasing the outermost must not
        // recurse once per level (this would overflow the stack without the deinit worklist).
        var node = GreenNode.make(.node, [GreenElement.token(.word, 1)])
        for _ in 0..<300_000 {
            node = GreenNode.make(.node, [GreenElement.token(.word, 1), .node(node)])
        }
        #expect(node.nodeCount == 300_001)
        node = GreenNode.make(.file, [GreenElement]())
        #expect(node.count == 0)
    }

    @Test func equalLeavesShareOneNode() {
        // `a1` and `b2` are both one two-byte word: the same value, so one node serves both;
        // `c33` is longer and gets its own.
        let root = Parser.parse(Array("r {\n  a1\n  b2\n  c33\n}\n".utf8))
        var leaves: [GreenNode] = []
        var stack = [root]
        while let node = stack.popLast() {
            for child in node.children {
                guard case .node(let inner) = child else { continue }
                if inner.kind == .node, inner.count == 1 { leaves.append(inner) } else { stack.append(inner) }
            }
        }
        #expect(leaves.count == 3)
        let lengths = leaves.map(\.length).sorted()
        #expect(lengths == [2, 2, 3])
        let twoByte = leaves.filter { $0.length == 2 }
        #expect(twoByte.count == 2 && twoByte[0].isSameNode(as: twoByte[1]))
    }

    @Test func tokenPacksEveryKindAndTheLongestLength() {
        for kind in TokenKind.allCases {
            for length in [0, 1, 2, 1_000, GreenToken.maxLength - 1, GreenToken.maxLength] {
                let token = GreenToken(kind, length: length)
                #expect(token.kind == kind && token.length == length, "\(kind) \(length)")
                guard case .token(let back) = GreenElement.token(token) else {
                    Issue.record("not a token")
                    continue
                }
                #expect(back == token)
            }
        }
    }

    /// Tokens of a tree with the kinds of the enclosing nodes, as events a test can compare.
    enum Event: Equatable {
        case enter(NodeKind, Int)
        case exit
        case token(TokenKind, ByteRange)
    }

    static func events(_ root: GreenNode) -> [Event] {
        var events: [Event] = []
        SyntaxTree.walk(root, at: 0) { event in
            switch event {
            case .enter(let node, let offset): events.append(.enter(node.kind, offset))
            case .exit: events.append(.exit)
            case .token(let kind, let range): events.append(.token(kind, range))
            }
            return true
        }
        return events
    }

    /// `events` with every token longer than `limit` cut into pieces of at most `limit` bytes.
    static func cut(_ events: [Event], limit: Int) -> [Event] {
        events.flatMap { event -> [Event] in
            guard case .token(let kind, let range) = event, range.length > limit else { return [event] }
            return stride(from: range.start, to: range.end, by: limit).map { start in
                .token(kind, ByteRange(start, min(start + limit, range.end)))
            }
        }
    }

    @Test(arguments: TestScale.arguments([1, 2, 3, 7]))
    func longTokensBecomePiecesAndNothingElseChanges(limit: Int) {
        var random = SeededRandom(seed: UInt64(limit) &* 104_729)
        var sources = [
            "a_very_long_identifier \"a label that is long\" { child # a comment that runs on\n }",
            "\u{FEFF}@title \"Long title here\"\n\n\n      x\t\t\t\"unterminated label\n}}}~~~~~~ \"",
            String(repeating: " ", count: 40) + String(repeating: "~", count: 33) + "\r\n\r\n",
        ]
        for _ in 0..<40 { sources.append(RandomText.document(&random, nodes: 25)) }
        for source in sources {
            let bytes = Array(source.utf8)
            let whole = Parser.parse(bytes, maxTokenLength: GreenToken.maxLength)
            let pieces = Parser.parse(bytes, maxTokenLength: limit)
            let tree = SyntaxTree(root: pieces)
            // Lossless, every element within the limit, and the same shape as the whole-token
            // parse once its tokens are cut the same way: the parser's decisions did not change.
            #expect(tree.printed(from: bytes) == bytes)
            #expect(tree.tokens().allSatisfy { $0.range.length <= limit })
            #expect(Self.events(pieces) == Self.cut(Self.events(whole), limit: limit), "\(source.debugDescription)")
            #expect(pieces.nodeCount == whole.nodeCount && pieces.length == whole.length)
        }
    }

    @Test func replacingOneChildKeepsLengthAndNodeCountRight() {
        var random = SeededRandom(seed: 11)
        let root = Parser.parse(Array(RandomText.document(&random, nodes: 40).utf8))
        let leaf = Parser.parse(Array("x \"y\" { z }".utf8))
        var checked = 0
        var stack = [root]
        while let node = stack.popLast() {
            for (index, child) in node.children.enumerated() {
                if case .node(let inner) = child { stack.append(inner) }
                // Swap in a token, then a node, and compare with the general (generic) path.
                for replacement in [GreenElement.token(.whitespace, 3), .node(leaf)] {
                    let fast = node.replacingChild(at: index, with: replacement)
                    let general = node.replacingChildren(index..<(index + 1), with: [replacement])
                    #expect(fast.isStructurallyEqual(to: general))
                    #expect(fast.length == general.length && fast.nodeCount == general.nodeCount)
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }

    @Test func nodeCountAndLengthMatchTheChildren() {
        var random = SeededRandom(seed: 4)
        for _ in 0..<30 {
            let bytes = Array(RandomText.document(&random, nodes: 60).utf8)
            let root = Parser.parse(bytes)
            // The builder derives both from offsets and counters; check them against the
            // children, node by node, with an explicit stack.
            var stack = [root]
            while let node = stack.popLast() {
                var length = 0
                var nodes = node.kind == .node ? 1 : 0
                for child in node.children {
                    length += child.length
                    if case .node(let inner) = child {
                        nodes += inner.nodeCount
                        stack.append(inner)
                    }
                }
                #expect(node.length == length && node.nodeCount == nodes)
            }
            #expect(root.length == bytes.count)
        }
    }
}
