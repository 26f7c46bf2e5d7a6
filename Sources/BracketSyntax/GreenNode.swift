/// One token of the green tree: its kind and byte length packed in 32 bits (kind in the low
/// 4 bits, length in the high 28), so that `GreenElement` fits in 8 bytes.
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

    @inlinable @inline(__always)
    public var kind: TokenKind {
        // Every raw value comes from `init`, so the low bits always name a real kind.
        TokenKind(rawValue: UInt8(truncatingIfNeeded: raw & 0xF)) ?? .unknown
    }

    @inlinable @inline(__always)
    public var length: Int { Int(raw >> 4) }
}

/// One child of a green node: a token or an inner node. Eight bytes (the token's 32 bits or the
/// node's reference; the enum tag lives in the reference's spare bits), half the size of a
/// `(TokenKind, UInt32)` payload, which would need 9 bytes and a 16-byte stride.
// @unchecked: green nodes are immutable once built (ManagedBuffer itself opts out of Sendable).
public enum GreenElement: @unchecked Sendable {
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

/// A green node's header, 16 bytes, so that a node with one child is a 48-byte allocation
/// (16 bytes of object header, this, one element) rather than 64.
public struct GreenHeader {
    /// The byte length of the subtree.
    let length: Int
    /// Kind (bits 0-2), child count (bits 3-34) and node count (bits 35-63).
    ///
    /// A node with 2^32 children would need a 32 GiB builder stack, so the count runs out of
    /// memory before it could overflow. The node count (how many `.node` nodes the subtree holds,
    /// itself included) saturates at 2^29 - 1 (536,870,911), which would take a tree of over
    /// 25 GB; it is only compared with `Limits.nodes` and used as a capacity hint.
    var bits: UInt64

    static let maxNodeCount = (1 << 29) - 1

    init(kind: NodeKind, count: Int, length: Int, nodeCount: Int) {
        self.length = length
        bits = UInt64(kind.rawValue & 0x7) | UInt64(UInt32(truncatingIfNeeded: count)) << 3
            | UInt64(min(max(nodeCount, 0), GreenHeader.maxNodeCount)) << 35
    }

    // Every header comes from `init`, so the kind bits always name a real kind.
    var kind: NodeKind { NodeKind(rawValue: UInt8(truncatingIfNeeded: bits & 0x7)) ?? .unexpected }
    var count: Int { Int(UInt32(truncatingIfNeeded: bits >> 3)) }
    var nodeCount: Int { Int(bits >> 35) }

    mutating func setCount(_ count: Int) {
        bits = bits & ~(0xFFFF_FFFF << 3) | UInt64(UInt32(truncatingIfNeeded: count)) << 3
    }
}

/// An immutable node of the lossless tree in the style of rowan's green tree: it knows its kind,
/// its byte length and its children, but not its position or its parent, so an unchanged subtree
/// can be shared between the old and the new tree after an edit. Children are stored inline (one
/// allocation per node) to keep large documents small.
public final class GreenNode: ManagedBuffer<GreenHeader, GreenElement> {
    // A green node is never mutated after `make` returns, which is what lets values holding one
    // be @unchecked Sendable.

    public static func make(_ kind: NodeKind, _ children: some Collection<GreenElement>) -> GreenNode {
        var length = 0
        var nodes = kind == .node ? 1 : 0
        for child in children {
            length += child.length
            if case .node(let inner) = child { nodes += inner.nodeCount }
        }
        let node = allocate(kind, capacity: children.count, length: length, nodeCount: nodes)
        node.withUnsafeMutablePointers { header, elements in
            var index = 0
            for child in children {
                (elements + index).initialize(to: child)
                index += 1
            }
            header.pointee.setCount(index)
        }
        return node
    }

    /// Builds a node of `count` children that `initialize` puts in place (all of them), with
    /// length and node count already known: the parser's fast path, which moves the children
    /// in without any retain or release.
    @inline(__always)
    static func make(
        _ kind: NodeKind, count: Int, length: Int, nodeCount: Int,
        initialize: (UnsafeMutablePointer<GreenElement>) -> Void
    ) -> GreenNode {
        let node = allocate(kind, capacity: count, length: length, nodeCount: nodeCount)
        node.withUnsafeMutablePointers { header, elements in
            initialize(elements)
            header.pointee.setCount(count)
        }
        return node
    }

    @inline(__always)
    private static func allocate(_ kind: NodeKind, capacity: Int, length: Int, nodeCount: Int) -> GreenNode {
        let buffer = GreenNode.create(minimumCapacity: capacity) { _ in
            GreenHeader(kind: kind, count: 0, length: length, nodeCount: nodeCount)
        }
        return unsafeDowncast(buffer, to: GreenNode.self)
    }

    public var kind: NodeKind { withUnsafeMutablePointerToHeader { $0.pointee.kind } }
    public var length: Int { withUnsafeMutablePointerToHeader { $0.pointee.length } }
    public var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
    public var nodeCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.nodeCount } }

    public subscript(index: Int) -> GreenElement {
        withUnsafeMutablePointers { header, elements in
            precondition(index >= 0 && index < header.pointee.count)
            return elements[index]
        }
    }

    public var children: UnsafeBufferPointer<GreenElement> {
        // Valid while `self` is alive; callers hold a reference to the node while they read.
        withUnsafeMutablePointers { header, elements in
            UnsafeBufferPointer(start: elements, count: header.pointee.count)
        }
    }

    /// Calls `body` with the children without copying them.
    @inline(__always)
    public func withChildren<R>(_ body: (UnsafeBufferPointer<GreenElement>) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { header, elements in
            try body(UnsafeBufferPointer(start: elements, count: header.pointee.count))
        }
    }

    /// A copy with the children in `range` replaced by `replacement`.
    public func replacingChildren(_ range: Range<Int>, with replacement: some Collection<GreenElement>) -> GreenNode {
        withChildren { children in
            var elements: [GreenElement] = []
            elements.reserveCapacity(children.count - range.count + replacement.count)
            elements.append(contentsOf: children[0..<range.lowerBound])
            elements.append(contentsOf: replacement)
            elements.append(contentsOf: children[range.upperBound...])
            return GreenNode.make(kind, elements)
        }
    }

    /// A copy with child `index` replaced by `replacement`: one allocation and a copy of the
    /// other children, with length and node count adjusted by the difference. Incremental
    /// reparsing calls this once per level of the path from the root to an edit, so it is kept
    /// non-generic (a generic collection here cost ~400 ns a level in runtime metadata lookups,
    /// 8 ms for an edit 10,000 levels deep).
    public func replacingChild(at index: Int, with replacement: GreenElement) -> GreenNode {
        withUnsafeMutablePointers { header, elements in
            let count = header.pointee.count
            precondition(index >= 0 && index < count)
            let old = elements[index]
            var nodeCount = header.pointee.nodeCount
            if case .node(let node) = old { nodeCount -= node.nodeCount }
            if case .node(let node) = replacement { nodeCount += node.nodeCount }
            let length = header.pointee.length - old.length + replacement.length
            return GreenNode.make(header.pointee.kind, count: count, length: length, nodeCount: nodeCount) { copy in
                copy.initialize(from: elements, count: index)
                (copy + index).initialize(to: replacement)
                (copy + index + 1).initialize(from: elements + index + 1, count: count - index - 1)
            }
        }
    }

    deinit {
        // Releasing a 100,000-level chain the ordinary way would recurse once per level inside
        // the runtime's release and overflow the stack. Instead, children this node solely owns
        // are moved to a heap worklist and emptied one at a time, so every deinit stays shallow.
        var worklist: [GreenNode] = []
        withUnsafeMutablePointers { header, elements in
            for index in 0..<header.pointee.count {
                if case .node(let child) = (elements + index).move() { worklist.append(child) }
            }
            header.pointee.setCount(0)
        }
        while var node = worklist.popLast() {
            guard isKnownUniquelyReferenced(&node) else { continue }
            node.withUnsafeMutablePointers { header, elements in
                for index in 0..<header.pointee.count {
                    if case .node(let child) = (elements + index).move() { worklist.append(child) }
                }
                header.pointee.setCount(0)
            }
        }
    }
}
