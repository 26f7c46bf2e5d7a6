import BracketBytes

/// Builds green nodes bottom-up into one arena (see `GreenArena`), with an explicit stack: the
/// children of all open nodes live on one stack of arena words, and finishing a node copies its
/// top part of that stack into the arena and leaves one word (the node's offset) in its place.
/// Building does no allocation per node and no reference counting at all.
///
/// Trivia the parser has lexed but not yet placed sits at the top of the stack as "pending": it
/// belongs to whichever node is innermost when it is committed, and a node that finishes first
/// does not include it (it moves past the finished node into the parent).
///
/// The state below is internal rather than private for the line-level operations of the
/// parser's fast path (GreenBuilder+Lines.swift), which write it directly.
struct GreenBuilder: ~Copyable {
    /// A node that has started and not yet finished.
    struct OpenNode: BitwiseCopyable {
        var kind: NodeKind
        /// Where its children start on the element stack.
        var start: Int
        /// `offset` and `nodesFinished` when it started.
        var offset: Int
        var nodes: Int
    }

    /// The children of all open nodes, as arena words, with pending trivia on top.
    var elements = PlainStack<UInt64>(capacity: 256)
    var open = PlainStack<OpenNode>(capacity: 64)
    /// The arena being filled. It grows with `realloc` (which moves pages rather than bytes
    /// for large blocks) and is trimmed to size when it is handed to a `GreenArena`.
    var words: PlainStack<UInt64>
    /// The stack's count when something was last placed: the elements above it are pending
    /// trivia. Kept instead of a pending count so that lexing trivia is only a push.
    var placedCount = 0
    /// Where placed text ends, in the lexer's coordinates (pending trivia excluded): a node's
    /// length is the difference between this at its finish and at its start. The parser moves
    /// it to the next token's start when it commits trivia, so trivia costs no addition each.
    var offset: Int
    /// Tokens longer than this are placed as several pieces of the same kind.
    ///
    /// It sits between `offset` and `nodesFinished`, which `start` copies into an `OpenNode`:
    /// side by side, the two fields were read with one 16-byte load right after two separate
    /// 8-byte stores had written them, and such a load waits for both stores to reach the cache
    /// (no store-to-load forwarding across two stores), about a tenth of a parse.
    let maxTokenLength: Int
    /// `.node` nodes finished so far: a node's node count is the difference likewise.
    var nodesFinished = 0

    /// Recently built one-token nodes (a leaf like `n17`), as arena offsets, by the token's
    /// length: leaves whose ID has the same length are the same value, so they share one node,
    /// as rowan's node cache does (a quarter less arena for a typical tree). Nothing relies on a
    /// node's identity, and nodes are never mutated.
    private var leafCache = PlainStack<Int>(capacity: GreenBuilder.leafSlots)
    private static let leafSlots = 64

    /// `expectedBytes` (the length of the text to parse) sizes the arena so that a typical file
    /// needs no regrowth: about one word per four bytes.
    /// `startOffset` is where the parsed range starts, in the lexer's coordinates.
    init(maxTokenLength: Int, expectedBytes: Int, startOffset: Int) {
        self.maxTokenLength = maxTokenLength
        offset = startOffset
        words = PlainStack(capacity: max(64, expectedBytes / 4))
        for _ in 0..<GreenBuilder.leafSlots { leafCache.push(-1) }
    }

    mutating func start(_ kind: NodeKind) {
        precondition(placedCount == elements.count, "pending trivia must be committed before a node starts")
        open.push(OpenNode(kind: kind, start: elements.count, offset: offset, nodes: nodesFinished))
    }

    /// Where the next element goes and how many nodes have finished: what a node opened later
    /// around an already placed token (`start(_:at:)`) needs to know.
    var mark: (index: Int, nodes: Int) { (elements.count, nodesFinished) }

    /// Opens a node whose first child is the token already placed at `mark` (its first byte at
    /// `offset`), with everything placed since then inside it. Why: whether an ID is a leaf or
    /// starts a node with a label or block is known only after the next token, and most IDs in a
    /// tree are leaves, which `leaf(at:)` then makes without opening anything.
    mutating func start(_ kind: NodeKind, at mark: (index: Int, nodes: Int), offset: Int) {
        open.push(OpenNode(kind: kind, start: mark.index, offset: offset, nodes: mark.nodes))
    }

    /// Turns the token placed at `mark` (the last thing placed; trivia may be pending after it)
    /// into a one-token `.node` leaf, as `start(.node)` before it and `finish()` after would.
    mutating func leaf(at mark: (index: Int, nodes: Int), offset: Int) {
        guard _fastPath(placedCount == mark.index &+ 1) else {
            // A token cut into pieces: the general path.
            start(.node, at: mark, offset: offset)
            finish()
            return
        }
        nodesFinished &+= 1
        elements[mark.index] = GreenWord.local(leaf(elements[mark.index]))
    }

    /// Places a token in the innermost open node.
    @inline(__always)
    mutating func token(_ token: Lexer.Token) {
        push(token)
        offset &+= token.length
        placedCount = elements.count
    }

    /// Puts lexed trivia on the stack without placing it yet.
    @inline(__always)
    mutating func pendingToken(_ token: Lexer.Token) {
        push(token)
    }

    /// Places the pending trivia, which ends at `end` (the next token's start, in the lexer's
    /// coordinates), in the innermost open node.
    @inline(__always)
    mutating func commitPending(endingAt end: Int) {
        offset = end
        placedCount = elements.count
    }

    /// Whether the pending trivia holds a line break (a setting's value must be on its line).
    func pendingHasNewline() -> Bool {
        for index in placedCount..<elements.count {
            let word = elements[index]
            if word & GreenWord.tagMask == GreenWord.tokenTag,
                GreenToken(raw: UInt32(truncatingIfNeeded: word >> 2)).kind == .newline
            {
                return true
            }
        }
        return false
    }

    /// Pushes a token (in pieces if it is too long for one element).
    @inline(__always)
    private mutating func push(_ token: Lexer.Token) {
        if _fastPath(token.length <= maxTokenLength) {
            elements.push(GreenWord.token(token.kind, token.length))
        } else {
            pushPieces(token)
        }
    }

    private mutating func pushPieces(_ token: Lexer.Token) {
        // A token longer than one element holds (256 MiB of one comment, say): cut it into
        // pieces of the same kind. The lexer still saw one token, so the parser's decisions and
        // the tree's bytes are unchanged; only the token count differs.
        var remaining = token.length
        while remaining > 0 {
            let piece = min(remaining, maxTokenLength)
            elements.push(GreenWord.token(token.kind, piece))
            remaining -= piece
        }
    }

    /// Finishes the innermost open node. Pending trivia stays pending, after the new node.
    mutating func finish() {
        let node = open.pop()
        let start = node.start
        // Wrapping arithmetic in the builder: every count and offset is bounded by the input's
        // size, and the overflow checks were a tenth of its instructions.
        let children = placedCount &- start
        let pending = elements.count &- placedCount
        let isNode = node.kind == .node
        if isNode { nodesFinished &+= 1 }
        let header: Int
        if children == 1, isNode, elements[start] & GreenWord.tagMask == GreenWord.tokenTag {
            header = leaf(elements[start])
        } else {
            header = write(node, children: children)
        }
        guard _fastPath(children > 0) else {
            // Only an empty file gets here; the node goes below the pending trivia.
            elements.push(0)
            var index = elements.count - 1
            while index > start {
                elements[index] = elements[index - 1]
                index -= 1
            }
            elements[start] = GreenWord.local(header)
            placedCount = start &+ 1
            return
        }
        elements[start] = GreenWord.local(header)
        placedCount = start &+ 1
        // A one-child node (most leaves) takes its child's slot: nothing else moves.
        guard children > 1 else { return }
        // The pending trivia slides down to just after the new node (a few elements at most).
        for index in 0..<pending {
            elements[start &+ 1 &+ index] = elements[start &+ children &+ index]
        }
        elements.count = start &+ 1 &+ pending
    }

    /// The node for a one-token `.node` leaf: the cached one when it holds the same token.
    @inline(__always)
    mutating func leaf(_ token: UInt64) -> Int {
        // Bits 6 and up of a token word are its length.
        let slot = Int(truncatingIfNeeded: token >> 6) & (GreenBuilder.leafSlots - 1)
        let cached = leafCache[slot]
        if cached >= 0, words[cached &+ 2] == token { return cached }
        words.reserve(3)
        let header = words.count
        let target = words.base + header
        target[0] = token >> 6
        target[1] = GreenBits(kind: .node, count: 1, nodeCount: 1).raw
        target[2] = token
        words.count = header &+ 3
        leafCache[slot] = header
        return header
    }

    /// Writes a node whose children are the `children` words at `node.start` into the arena and
    /// returns its offset.
    @inline(__always)
    private mutating func write(_ node: OpenNode, children: Int) -> Int {
        // One capacity check, then plain stores through a pointer.
        words.reserve(2 &+ children)
        let header = words.count
        store(node, children: children, at: words.base + header)
        words.count = header &+ 2 &+ children
        return header
    }

    /// Stores `node`'s two header words, then its `children` words from the stack at
    /// `node.start`, at `target` (room for them reserved by the caller).
    @inline(__always)
    func store(_ node: OpenNode, children: Int, at target: UnsafeMutablePointer<UInt64>) {
        target[0] = UInt64(truncatingIfNeeded: offset &- node.offset)
        target[1] = GreenBits(kind: node.kind, count: children, nodeCount: nodesFinished &- node.nodes).raw
        let source = elements.base + node.start
        for index in 0..<children { target[2 &+ index] = source[index] }
    }

    /// Hands the filled words to a new arena, trimmed to size.
    private mutating func finishArena() -> GreenArena {
        let count = words.count
        return GreenArena.adopting(words.takeStorage(), count: count)
    }

    /// Finishes the root; everything on the stack must have been placed.
    mutating func finishRoot() -> GreenNode {
        precondition(open.count == 1 && placedCount == elements.count)
        finish()
        let word = elements.pop()
        precondition(word & GreenWord.tagMask == GreenWord.localTag, "the root is a node")
        return GreenNode(arena: finishArena(), header: Int(truncatingIfNeeded: word >> 2))
    }

    /// The children of the one open node, which is left unfinished (for reparsing a block's
    /// content); everything on the stack must have been placed.
    mutating func finishContent() -> [GreenElement] {
        precondition(open.count == 1 && placedCount == elements.count)
        let arena = finishArena()
        let result = (0..<elements.count).map { arena.element(elements[$0]) }
        elements.count = 0
        _ = open.pop()
        return result
    }
}
