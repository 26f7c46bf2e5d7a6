#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds green nodes bottom-up into one arena (see `GreenArena`), with an explicit stack: the
/// children of all open nodes live on one stack of arena words, and finishing a node copies its
/// top part of that stack into the arena and leaves one word (the node's offset) in its place.
/// Building does no allocation per node and no reference counting at all.
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

    // Both stacks grow in chunks of 512 bytes rather than as one doubling array, so that the
    // builder's own scratch never asks malloc for a large block in the middle of a parse.
    private var elements = ChunkedStack<UInt64>(chunkShift: 6)
    private var open = ChunkedStack<OpenNode>(chunkShift: 4)
    /// The arena being filled: malloc'd so that it can grow with `realloc` (which moves pages
    /// rather than bytes for large blocks) and be trimmed to size at the end.
    private var words: UnsafeMutablePointer<UInt64>
    private var used = 0
    private var capacity: Int
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
    /// (direct-mapped: a new node of the same hash replaces the old), as arena offsets. A leaf
    /// like `n17` or `a "Label"` is one token or three, and leaves of the same kind and token
    /// lengths are the same value, so they share one node, as rowan's node cache does: a third
    /// less arena for a typical tree. Nothing relies on a node's identity, and nodes are never
    /// mutated.
    private var leafCache = [Int](repeating: -1, count: 1 << GreenBuilder.leafCacheBits)
    private static let leafCacheBits = 6

    /// `expectedBytes` (the length of the text to parse) sizes the arena so that a typical file
    /// needs no regrowth: about one word per four bytes.
    init(maxTokenLength: Int, expectedBytes: Int) {
        self.maxTokenLength = maxTokenLength
        capacity = max(64, expectedBytes / 4)
        guard let buffer = malloc(capacity * MemoryLayout<UInt64>.stride) else {
            preconditionFailure("out of memory for a \(capacity)-word syntax tree")
        }
        words = buffer.bindMemory(to: UInt64.self, capacity: capacity)
    }

    deinit {
        // Only a builder that never handed its buffer to an arena still owns it.
        if capacity > 0 { free(words) }
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
            elements.push(GreenWord.token(token.kind, token.length))
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
            elements.push(GreenWord.token(token.kind, piece))
            remaining -= piece
            pieces += 1
        }
        return pieces
    }

    /// Finishes the innermost open node. Pending trivia stays pending, after the new node.
    mutating func finish() {
        let node = open.pop()
        let start = node.start
        let children = elements.count - pendingCount - start
        let isNode = node.kind == .node
        if isNode { nodesFinished += 1 }
        let header: Int
        if let slot = leafSlot(node.kind, start: start, children: children) {
            let cached = leafCache[slot]
            if cached >= 0, hasTokens(at: cached, of: node.kind, start: start, count: children) {
                header = cached
            } else {
                header = write(node, children: children, isNode: isNode)
                leafCache[slot] = header
            }
        } else {
            header = write(node, children: children, isNode: isNode)
        }
        guard children > 0 else {
            // Only an empty file gets here; the node goes below the pending trivia.
            let pending = (0..<pendingCount).map { _ in elements.pop() }
            elements.push(GreenWord.local(header))
            for element in pending.reversed() { elements.push(element) }
            return
        }
        elements.address(start).pointee = GreenWord.local(header)
        // A one-child node (most leaves) takes its child's slot: nothing else moves.
        guard children > 1 else { return }
        // The pending trivia slides down to just after the new node (a few elements at most).
        for index in 0..<pendingCount {
            elements.address(start + 1 + index).pointee = elements.address(start + children + index).pointee
        }
        elements.setCount(start + 1 + pendingCount)
    }

    /// Writes a node whose children are the `children` words at `node.start` into the arena and
    /// returns its offset.
    @inline(__always)
    private mutating func write(_ node: OpenNode, children: Int, isNode: Bool) -> Int {
        reserve(2 + children)
        let header = used
        words[header] = UInt64(truncatingIfNeeded: offset - node.offset)
        words[header + 1] = GreenBits(
            kind: node.kind, count: children, nodeCount: nodesFinished - node.nodes
        ).raw
        elements.move(node.start..<(node.start + children), to: words + header + 2)
        used += 2 + children
        return header
    }

    @inline(__always)
    private mutating func reserve(_ needed: Int) {
        guard _slowPath(used + needed > capacity) else { return }
        grow(to: used + needed)
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity.multipliedReportingOverflow(by: 2).overflow ? needed : capacity * 2)
        guard let buffer = realloc(words, newCapacity * MemoryLayout<UInt64>.stride) else {
            preconditionFailure("out of memory for a \(newCapacity)-word syntax tree")
        }
        words = buffer.bindMemory(to: UInt64.self, capacity: newCapacity)
        capacity = newCapacity
    }

    /// The cache slot for a node of one to three tokens, or nil for any other node.
    @inline(__always)
    private func leafSlot(_ kind: NodeKind, start: Int, children: Int) -> Int? {
        guard children > 0, children <= 3 else { return nil }
        var key = UInt64(kind.rawValue) | UInt64(children) << 8
        for index in start..<(start + children) {
            let word = elements.address(index).pointee
            guard word & GreenWord.tagMask == GreenWord.tokenTag else { return nil }
            key = (key ^ word) &* 0x9E37_79B9_7F4A_7C15
        }
        return Int(truncatingIfNeeded: key >> (64 - GreenBuilder.leafCacheBits))
    }

    /// True when the node at `header` has `kind` and exactly the `count` words at `start` on the
    /// stack (all tokens, so equal words mean equal children).
    @inline(__always)
    private func hasTokens(at header: Int, of kind: NodeKind, start: Int, count: Int) -> Bool {
        let bits = GreenBits(raw: words[header + 1])
        guard bits.kind == kind, bits.count == count else { return false }
        for index in 0..<count where words[header + 2 + index] != elements.address(start + index).pointee {
            return false
        }
        return true
    }

    /// Hands the filled words to a new arena, trimmed to size.
    private mutating func finishArena() -> GreenArena {
        let size = max(used, 1)
        let trimmed = realloc(words, size * MemoryLayout<UInt64>.stride)?.bindMemory(to: UInt64.self, capacity: size) ?? words
        capacity = 0  // the arena owns the buffer now
        return GreenArena(adopting: trimmed, count: used)
    }

    /// Finishes the root; everything on the stack must have been placed.
    mutating func finishRoot() -> GreenNode {
        precondition(open.count == 1 && pendingCount == 0)
        finish()
        let word = elements.pop()
        precondition(word & GreenWord.tagMask == GreenWord.localTag, "the root is a node")
        return GreenNode(arena: finishArena(), header: Int(truncatingIfNeeded: word >> 2))
    }

    /// The children of the one open node, which is left unfinished (for reparsing a block's
    /// content); everything on the stack must have been placed.
    mutating func finishContent() -> [GreenElement] {
        precondition(open.count == 1 && pendingCount == 0)
        let arena = finishArena()
        let result = (0..<elements.count).map { arena.element(elements.address($0).pointee) }
        elements.setCount(0)
        _ = open.pop()
        return result
    }
}
