/// One child of a green node: a token (kind and byte length) or an inner node.
// @unchecked: green nodes are immutable once built (ManagedBuffer itself opts out of Sendable).
public enum GreenElement: @unchecked Sendable {
    case token(TokenKind, UInt32)
    case node(GreenNode)

    @inline(__always)
    public var length: Int {
        switch self {
        case .token(_, let length): Int(length)
        case .node(let node): node.length
        }
    }
}

public struct GreenHeader {
    public let kind: NodeKind
    public var count: Int
    public let length: Int
    /// How many `.node` nodes this subtree holds, itself included.
    public let nodeCount: Int
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
        let buffer = GreenNode.create(minimumCapacity: children.count) { _ in
            GreenHeader(kind: kind, count: 0, length: length, nodeCount: nodes)
        }
        let node = unsafeDowncast(buffer, to: GreenNode.self)
        node.withUnsafeMutablePointers { header, elements in
            var index = 0
            for child in children {
                (elements + index).initialize(to: child)
                index += 1
            }
            header.pointee.count = index
        }
        return node
    }

    public var kind: NodeKind { header.kind }
    public var length: Int { header.length }
    public var count: Int { header.count }
    public var nodeCount: Int { header.nodeCount }

    public subscript(index: Int) -> GreenElement {
        precondition(index >= 0 && index < header.count)
        return withUnsafeMutablePointerToElements { $0[index] }
    }

    public var children: UnsafeBufferPointer<GreenElement> {
        // Valid while `self` is alive; callers hold a reference to the node while they read.
        withUnsafeMutablePointerToElements { UnsafeBufferPointer(start: $0, count: header.count) }
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

    deinit {
        // Releasing a 100,000-level chain the ordinary way would recurse once per level inside
        // the runtime's release and overflow the stack. Instead, children this node solely owns
        // are moved to a heap worklist and emptied one at a time, so every deinit stays shallow.
        var worklist: [GreenNode] = []
        withUnsafeMutablePointers { header, elements in
            for index in 0..<header.pointee.count {
                if case .node(let child) = (elements + index).move() { worklist.append(child) }
            }
            header.pointee.count = 0
        }
        while var node = worklist.popLast() {
            guard isKnownUniquelyReferenced(&node) else { continue }
            node.withUnsafeMutablePointers { header, elements in
                for index in 0..<header.pointee.count {
                    if case .node(let child) = (elements + index).move() { worklist.append(child) }
                }
                header.pointee.count = 0
            }
        }
    }
}
