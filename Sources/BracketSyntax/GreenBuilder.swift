/// Builds green nodes bottom-up with an explicit stack: the children of all open nodes live on
/// one stack, and finishing a node moves its top part of that stack into the new node and
/// leaves one element in its place. Elements are moved, never copied, so building a tree does no
/// reference counting beyond creating each node once.
///
/// Trivia the parser has lexed but not yet placed sits at the top of the stack as "pending": it
/// belongs to whichever node is innermost when it is committed, and a node that finishes first
/// does not include it (it moves past the finished node into the parent).
struct GreenBuilder: ~Copyable {
    /// A node that has started and not yet finished.
    struct OpenNode {
        var kind: NodeKind
        /// Where its children start on the element stack.
        var start: Int
        /// `offset` and `nodesFinished` when it started.
        var offset: Int
        var nodes: Int
    }

    // Both stacks grow in chunks of 512 bytes instead of one doubling array. Why: parsing right
    // after a large tree was freed (a re-open, a full reparse, a benchmark loop) finds glibc's
    // fast bins full of that tree's small chunks, and the first allocation of 1 KiB or more
    // makes malloc merge all of them (malloc_consolidate), only for the parser to split them
    // again, node by node. Measured: a third of the parse time on the 131,071-node file. With
    // the builder's own allocations all below 1 KiB, the new nodes simply reuse the freed chunks
    // (a node with over ~120 children is still one larger allocation; that is rare).
    private var elements = ChunkedStack<GreenElement>(chunkShift: 6)
    private var open = ChunkedStack<OpenNode>(chunkShift: 4)
    /// How many elements at the top of the stack are pending trivia, and their byte length.
    private var pendingCount = 0
    private var pendingBytes = 0
    /// Bytes placed so far (pending trivia excluded): a node's length is the difference between
    /// this at its finish and at its start.
    private var offset = 0
    /// `.node` nodes finished so far: a node's node count is the difference likewise.
    private var nodesFinished = 0
    /// Tokens longer than this are placed as several pieces of the same kind.
    private let maxTokenLength: Int
    /// Recently built nodes made of one to three tokens, by a hash of their kind and tokens
    /// (direct-mapped: a new node of the same hash replaces the old). A leaf like `n17` or
    /// `a "Label"` is one token or three, and leaves of the same kind and token lengths are the
    /// same value, so they share one node, as rowan's node cache does. Green nodes have no
    /// identity that anything relies on, and a shared node is never mutated.
    private var leafCache: [GreenNode?] = Array(repeating: nil, count: 1 << GreenBuilder.leafCacheBits)
    private static let leafCacheBits = 6

    init(maxTokenLength: Int) {
        self.maxTokenLength = maxTokenLength
    }

    mutating func start(_ kind: NodeKind) {
        precondition(pendingCount == 0, "pending trivia must be committed before a node starts")
        open.push(OpenNode(kind: kind, start: elements.count, offset: offset, nodes: nodesFinished))
    }

    /// Places a token in the innermost open node.
    @inline(__always)
    mutating func token(_ token: Lexer.Token) {
        push(token)
        offset += token.length
    }

    /// Puts lexed trivia on the stack without placing it yet.
    @inline(__always)
    mutating func pendingToken(_ token: Lexer.Token) {
        pendingCount += push(token)
        pendingBytes += token.length
    }

    /// Places the pending trivia in the innermost open node.
    @inline(__always)
    mutating func commitPending() {
        offset += pendingBytes
        pendingCount = 0
        pendingBytes = 0
    }

    /// Pushes a token and returns how many elements that took (one, unless it was cut).
    @inline(__always)
    @discardableResult
    private mutating func push(_ token: Lexer.Token) -> Int {
        if _fastPath(token.length <= maxTokenLength) {
            append(.token(token.kind, token.length))
            return 1
        }
        return pushPieces(token)
    }

    private mutating func pushPieces(_ token: Lexer.Token) -> Int {
        // A token longer than one element holds (256 MiB of one comment, say): cut it into
        // pieces of the same kind. The lexer still saw one token, so the parser's decisions and
        // the tree's bytes are unchanged; only the token count differs.
        var remaining = token.length
        var pieces = 0
        while remaining > 0 {
            let piece = min(remaining, maxTokenLength)
            append(.token(token.kind, piece))
            remaining -= piece
            pieces += 1
        }
        return pieces
    }

    @inline(__always)
    private mutating func append(_ element: GreenElement) {
        elements.push(element)
    }

    /// Finishes the innermost open node. Pending trivia stays pending, after the new node.
    mutating func finish() {
        let node = open.pop()
        let start = node.start
        let children = elements.count - pendingCount - start
        let isNode = node.kind == .node
        let green: GreenNode
        if let slot = leafSlot(node.kind, start: start, children: children) {
            if let cached = leafCache[slot], cached.hasTokens(of: node.kind, elements, start: start, count: children) {
                // The children are plain tokens: nothing to release.
                green = cached
            } else {
                green = makeNode(node, children: children, isNode: isNode)
                leafCache[slot] = green
            }
        } else {
            green = makeNode(node, children: children, isNode: isNode)
        }
        if isNode { nodesFinished += 1 }
        guard children > 0 else {
            // Only an empty file gets here; the node goes below the pending trivia.
            let pending = (0..<pendingCount).map { _ in elements.pop() }
            elements.push(.node(green))
            for element in pending.reversed() { elements.push(element) }
            return
        }
        elements.address(start).initialize(to: .node(green))
        // A one-child node (most leaves) takes its child's slot: nothing else moves.
        guard children > 1 else { return }
        // The pending trivia slides down to just after the new node (a few elements at most).
        for index in 0..<pendingCount {
            elements.address(start + 1 + index).initialize(to: elements.address(start + children + index).move())
        }
        elements.setCount(start + 1 + pendingCount)
    }

    @inline(__always)
    private func makeNode(_ node: OpenNode, children: Int, isNode: Bool) -> GreenNode {
        GreenNode.make(
            node.kind, count: children, length: offset - node.offset,
            nodeCount: nodesFinished - node.nodes + (isNode ? 1 : 0)
        ) { destination in
            elements.move(node.start..<(node.start + children), to: destination)
        }
    }

    /// The cache slot for a node of one to three tokens, or nil for any other node.
    @inline(__always)
    private func leafSlot(_ kind: NodeKind, start: Int, children: Int) -> Int? {
        guard children > 0, children <= 3 else { return nil }
        var key = UInt64(kind.rawValue) | UInt64(children) << 8
        for index in start..<(start + children) {
            guard case .token(let token) = elements.address(index).pointee else { return nil }
            key = (key ^ UInt64(token.raw)) &* 0x9E37_79B9_7F4A_7C15
        }
        return Int(truncatingIfNeeded: key >> (64 - GreenBuilder.leafCacheBits))
    }

    /// Finishes the root; everything on the stack must have been placed.
    mutating func finishRoot() -> GreenNode {
        precondition(open.count == 1 && pendingCount == 0)
        finish()
        guard case .node(let root) = elements.pop() else { preconditionFailure("the root is a node") }
        return root
    }

    /// The children of the one open node, which is left unfinished (for reparsing a block's
    /// content); everything on the stack must have been placed.
    mutating func finishContent() -> [GreenElement] {
        precondition(open.count == 1 && pendingCount == 0)
        let result = [GreenElement](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            if let address = buffer.baseAddress { elements.move(0..<elements.count, to: address) }
            initialized = elements.count
        }
        elements.setCount(0)
        _ = open.pop()
        return result
    }
}

extension GreenNode {
    /// True when this node has `kind` and exactly the `count` tokens at `start` on `stack`.
    @inline(__always)
    fileprivate func hasTokens(
        of kind: NodeKind, _ stack: borrowing ChunkedStack<GreenElement>, start: Int, count: Int
    ) -> Bool {
        withUnsafeMutablePointers { header, elements in
            guard header.pointee.kind == kind, header.pointee.count == count else { return false }
            for index in 0..<count {
                guard case .token(let mine) = elements[index], case .token(let theirs) = stack.address(start + index).pointee,
                    mine == theirs
                else { return false }
            }
            return true
        }
    }
}
