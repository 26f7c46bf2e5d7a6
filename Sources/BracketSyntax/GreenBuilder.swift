/// Builds green nodes bottom-up with an explicit stack: the children of all open nodes live in
/// one flat buffer, and finishing a node moves its tail of that buffer into the new node and
/// leaves one element in its place. Elements are moved, never copied, so building a tree does no
/// reference counting beyond creating each node once.
///
/// Trivia the parser has lexed but not yet placed sits at the top of the stack as "pending": it
/// belongs to whichever node is innermost when it is committed, and a node that finishes first
/// does not include it (it moves past the finished node into the parent).
struct GreenBuilder: ~Copyable {
    private var base: UnsafeMutablePointer<GreenElement>
    private var capacity: Int
    private var count = 0
    /// How many elements at the top of the stack are pending trivia, and their byte length.
    private var pendingCount = 0
    private var pendingBytes = 0
    /// Bytes placed so far (pending trivia excluded): a node's length is the difference between
    /// this at its finish and at its start.
    private var offset = 0
    /// `.node` nodes finished so far: a node's node count is the difference likewise.
    private var nodesFinished = 0
    private var open: [(kind: NodeKind, start: Int, offset: Int, nodes: Int)] = []
    /// Tokens longer than this are placed as several pieces of the same kind.
    private let maxTokenLength: Int

    init(maxTokenLength: Int) {
        capacity = 256
        base = .allocate(capacity: capacity)
        self.maxTokenLength = maxTokenLength
        open.reserveCapacity(64)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    mutating func start(_ kind: NodeKind) {
        precondition(pendingCount == 0, "pending trivia must be committed before a node starts")
        open.append((kind, count, offset, nodesFinished))
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
        let before = count
        push(token)
        pendingCount += count - before
        pendingBytes += token.length
    }

    /// Places the pending trivia in the innermost open node.
    @inline(__always)
    mutating func commitPending() {
        offset += pendingBytes
        pendingCount = 0
        pendingBytes = 0
    }

    @inline(__always)
    private mutating func push(_ token: Lexer.Token) {
        if _fastPath(token.length <= maxTokenLength) {
            append(.token(token.kind, token.length))
            return
        }
        // A token longer than one element holds (256 MiB of one comment, say): cut it into
        // pieces of the same kind. The lexer still saw one token, so the parser's decisions and
        // the tree's bytes are unchanged; only the token count differs.
        var remaining = token.length
        while remaining > 0 {
            let piece = min(remaining, maxTokenLength)
            append(.token(token.kind, piece))
            remaining -= piece
        }
    }

    @inline(__always)
    private mutating func append(_ element: GreenElement) {
        if _slowPath(count == capacity) { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<GreenElement>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    /// Finishes the innermost open node. Pending trivia stays pending, after the new node.
    mutating func finish() {
        let (kind, start, startOffset, nodesBefore) = open.removeLast()
        let children = count - pendingCount - start
        let isNode = kind == .node
        let node = GreenNode.make(
            kind, moving: base + start, count: children, length: offset - startOffset,
            nodeCount: nodesFinished - nodesBefore + (isNode ? 1 : 0))
        if isNode { nodesFinished += 1 }
        // The pending trivia slides down to just after the new node.
        (base + start + 1).moveInitialize(from: base + start + children, count: pendingCount)
        (base + start).initialize(to: .node(node))
        count = start + 1 + pendingCount
    }

    /// Finishes the root; everything on the stack must have been placed.
    mutating func finishRoot() -> GreenNode {
        precondition(open.count == 1 && pendingCount == 0)
        finish()
        count = 0
        guard case .node(let root) = base.move() else { preconditionFailure("the root is a node") }
        return root
    }

    /// The children of the one open node, which is left unfinished (for reparsing a block's
    /// content); everything on the stack must have been placed.
    mutating func finishContent() -> [GreenElement] {
        precondition(open.count == 1 && pendingCount == 0)
        let elements = Array(UnsafeBufferPointer(start: base, count: count))
        base.deinitialize(count: count)
        count = 0
        open.removeAll()
        return elements
    }
}
