/// One token of the green tree: its kind and byte length packed in 32 bits (kind in the low
/// 4 bits, length in the high 28).
///
/// A token longer than `maxLength` (256 MiB - 1) is stored as several adjacent tokens of the
/// same kind (see `GreenBuilder.token`); the tree stays lossless, it only has more pieces.
public struct GreenToken: Hashable, Sendable {
    @usableFromInline let raw: UInt32

    /// The longest length one token element can hold.
    public static let maxLength = (1 << 28) - 1

    /// `length` must be in `0...maxLength`; longer lengths are truncated to their low 28 bits,
    /// so callers split long tokens first.
    @inlinable @inline(__always)
    public init(_ kind: TokenKind, length: Int) {
        raw = UInt32(truncatingIfNeeded: length) << 4 | UInt32(kind.rawValue)
    }

    @inline(__always)
    init(raw: UInt32) {
        self.raw = raw
    }

    @inlinable @inline(__always)
    public var kind: TokenKind {
        // Every raw value comes from `init`, so the low bits always name a real kind.
        TokenKind(rawValue: UInt8(truncatingIfNeeded: raw & 0xF)) ?? .unknown
    }

    @inlinable @inline(__always)
    public var length: Int { Int(raw >> 4) }
}

/// One child of a green node: a token or an inner node.
public enum GreenElement: Sendable {
    case token(GreenToken)
    case node(GreenNode)

    /// A token element; `length` must not exceed `GreenToken.maxLength`.
    @inlinable @inline(__always)
    public static func token(_ kind: TokenKind, _ length: Int) -> GreenElement {
        .token(GreenToken(kind, length: length))
    }

    @inline(__always)
    public var length: Int {
        switch self {
        case .token(let token): token.length
        case .node(let node): node.length
        }
    }

    /// The token's kind, or nil for a node.
    @inline(__always)
    public var tokenKind: TokenKind? {
        if case .token(let token) = self { return token.kind }
        return nil
    }
}

/// An immutable node of the lossless tree in the style of rowan's green tree: it knows its kind,
/// its byte length and its children, but not its position or its parent, so an unchanged subtree
/// can be shared between the old and the new tree after an edit.
///
/// A node is a place in a `GreenArena`: a parse writes every node of the document into one arena
/// (no allocation, reference count or free per node), and the nodes an edit creates go into small
/// arenas of their own that point back at the subtrees they share. The value is a reference to
/// the arena and the node's word offset in it; copying it retains the arena, which keeps every
/// node below alive.
public struct GreenNode: @unchecked Sendable {
    // @unchecked: an arena is never written once a node in it has been handed out, except by
    // `SyntaxTree.apply(_:)` while that tree holds the only reference to it (no other thread,
    // tree or node value can see it).
    @usableFromInline var arena: GreenArena
    @usableFromInline let header: Int

    @inline(__always)
    init(arena: GreenArena, header: Int) {
        self.arena = arena
        self.header = header
    }

    @inline(__always)
    var bits: GreenBits { GreenBits(raw: arena.words[header + 1]) }

    public var kind: NodeKind { bits.kind }
    public var length: Int { Int(truncatingIfNeeded: arena.words[header]) }
    public var count: Int { bits.count }
    /// How many `.node` nodes this subtree holds, itself included (saturating; see `GreenBits`).
    public var nodeCount: Int { bits.nodeCount }

    public subscript(index: Int) -> GreenElement {
        precondition(index >= 0 && index < count)
        return arena.element(arena.words[header + 2 + index])
    }

    public var children: GreenChildren { GreenChildren(node: self) }

    /// True when both values are the same node of the same arena (not merely equal subtrees).
    public func isSameNode(as other: GreenNode) -> Bool {
        arena === other.arena && header == other.header
    }

    /// A new node of `kind` with `children`, in an arena of its own.
    public static func make(_ kind: NodeKind, _ children: some Collection<GreenElement>) -> GreenNode {
        makeNode(kind, children)
    }

    /// `make(_:_:)` for an array, the common case: callers in other modules reach the generic
    /// version unspecialised, and its per-child protocol witnesses were a sixth of a 1,000-line
    /// paste (the reparsed items are put in a node twice).
    public static func make(_ kind: NodeKind, _ children: [GreenElement]) -> GreenNode {
        makeNode(kind, children)
    }

    @inline(__always)
    private static func makeNode(_ kind: NodeKind, _ children: some Collection<GreenElement>) -> GreenNode {
        var length = 0
        var nodes = kind == .node ? 1 : 0
        var externals = 0
        for child in children {
            length += child.length
            if case .node(let inner) = child {
                nodes += inner.nodeCount
                externals += 1
            }
        }
        let arena = GreenArena.make(words: 2 + children.count, externals: externals)
        arena.appendHeader(kind, count: children.count, length: length, nodeCount: nodes)
        for child in children { arena.append(child) }
        return GreenNode(arena: arena, header: 0)
    }

    /// A copy with the children in `range` replaced by `replacement`.
    public func replacingChildren(_ range: Range<Int>, with replacement: some Collection<GreenElement>) -> GreenNode {
        replacingChildrenOf(range, with: replacement)
    }

    /// `replacingChildren(_:with:)` for an array, specialised here (see `make(_:_:)`).
    public func replacingChildren(_ range: Range<Int>, with replacement: [GreenElement]) -> GreenNode {
        replacingChildrenOf(range, with: replacement)
    }

    @inline(__always)
    private func replacingChildrenOf(_ range: Range<Int>, with replacement: some Collection<GreenElement>) -> GreenNode {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        var length = self.length
        var nodes = nodeCount
        var externals = nodeChildren(0..<range.lowerBound) + nodeChildren(range.upperBound..<count)
        for index in range {
            let old = self[index]
            length -= old.length
            if case .node(let node) = old { nodes -= node.nodeCount }
        }
        for child in replacement {
            length += child.length
            if case .node(let node) = child {
                nodes += node.nodeCount
                externals += 1
            }
        }
        let newCount = count - range.count + replacement.count
        let copy = GreenArena.make(words: 2 + newCount, externals: externals)
        copy.appendHeader(kind, count: newCount, length: length, nodeCount: nodes)
        copy.appendChildren(of: self, 0..<range.lowerBound)
        for child in replacement { copy.append(child) }
        copy.appendChildren(of: self, range.upperBound..<count)
        return GreenNode(arena: copy, header: 0)
    }

    /// A copy with child `index` replaced by `replacement`, with length and node count adjusted
    /// by the difference. Incremental reparsing calls this once per level of the path from the
    /// root to an edit, so it is kept non-generic (a generic collection here cost ~400 ns a level
    /// in runtime metadata lookups, 8 ms for an edit 10,000 levels deep).
    public func replacingChild(at index: Int, with replacement: GreenElement) -> GreenNode {
        let count = self.count
        precondition(index >= 0 && index < count)
        let old = self[index]
        var nodes = nodeCount
        if case .node(let node) = old { nodes -= node.nodeCount }
        if case .node(let node) = replacement { nodes += node.nodeCount }
        var externals = nodeChildren(0..<index) + nodeChildren((index + 1)..<count)
        if case .node = replacement { externals += 1 }
        let copy = GreenArena.make(words: 2 + count, externals: externals)
        copy.appendHeader(kind, count: count, length: length - old.length + replacement.length, nodeCount: nodes)
        copy.appendChildren(of: self, 0..<index)
        copy.append(replacement)
        copy.appendChildren(of: self, (index + 1)..<count)
        return GreenNode(arena: copy, header: 0)
    }
}

extension GreenNode {
    /// How many of the children in `range` are nodes.
    @inline(__always)
    fileprivate func nodeChildren(_ range: Range<Int>) -> Int {
        let words = arena.words + header + 2
        var nodes = 0
        for index in range where words[index] & GreenWord.tagMask != GreenWord.tokenTag { nodes += 1 }
        return nodes
    }
}

/// The children of a green node, decoded from the arena's words as they are read.
public struct GreenChildren: RandomAccessCollection {
    let node: GreenNode

    public var startIndex: Int { 0 }
    public var endIndex: Int { node.count }

    @inline(__always)
    public subscript(position: Int) -> GreenElement { node[position] }
}

/// A node's kind, child count and node count, packed in one word: kind in bits 0-2, child count
/// in bits 3-34, node count in bits 35-63.
///
/// A node with 2^32 children would need a 32 GiB builder stack, so the count runs out of memory
/// before it could overflow. The node count saturates at 2^29 - 1 (536,870,911), which would take
/// a tree of over 25 GB; it is only compared with `Limits.nodes` and used as a capacity hint.
struct GreenBits {
    let raw: UInt64

    static let maxNodeCount = (1 << 29) - 1

    @inline(__always)
    init(raw: UInt64) {
        self.raw = raw
    }

    @inline(__always)
    init(kind: NodeKind, count: Int, nodeCount: Int) {
        raw = UInt64(kind.rawValue & 0x7) | UInt64(UInt32(truncatingIfNeeded: count)) << 3
            | UInt64(min(max(nodeCount, 0), GreenBits.maxNodeCount)) << 35
    }

    // Every value comes from `init`, so the kind bits always name a real kind.
    var kind: NodeKind { NodeKind(rawValue: UInt8(truncatingIfNeeded: raw & 0x7)) ?? .unexpected }
    var count: Int { Int(UInt32(truncatingIfNeeded: raw >> 3)) }
    var nodeCount: Int { Int(raw >> 35) }
}
