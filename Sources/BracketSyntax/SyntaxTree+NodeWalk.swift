/// A node of a green tree read through an unretained reference to its arena, as
/// `SyntaxTree.walkNodes` hands them out: reading one does no reference counting, so it is only
/// valid while something else keeps its arena alive (the walk's start node does, for the walk).
///
/// Why: a `GreenNode` value holds a strong reference to its arena, so a walk that makes one per
/// node (and a syntax view of it, and its exit event) retains and releases the arena three or
/// four times a node; scanning the 1,000 items of a pasted block spent over a third of its time
/// on that. `node` makes an ordinary value for the rare kinds that need a full syntax view.
public struct BorrowedNode {
    @usableFromInline let arena: Unmanaged<GreenArena>
    @usableFromInline let header: Int

    @inline(__always)
    init(arena: Unmanaged<GreenArena>, header: Int) {
        self.arena = arena
        self.header = header
    }

    @inline(__always)
    private var words: UnsafeMutablePointer<UInt64> { arena._withUnsafeGuaranteedRef { $0.words } }

    @inline(__always)
    private var bits: GreenBits { GreenBits(raw: words[header + 1]) }

    public var kind: NodeKind { bits.kind }
    public var count: Int { bits.count }
    public var length: Int { Int(truncatingIfNeeded: words[header]) }

    /// An ordinary node value (one retain of the arena).
    public var node: GreenNode { GreenNode(arena: arena.takeUnretainedValue(), header: header) }

    /// A `.node`'s ID token, label token and whether it has a block, read as `NodeSyntax` reads
    /// them (the ID is the first child when it is a word, the label the first string token, the
    /// block an inner `.block` node), for a node starting at `offset`.
    public func nodeParts(at offset: Int) -> (id: ByteRange?, label: ByteRange?, hasBlock: Bool) {
        let parts = arena._withUnsafeGuaranteedRef { NodeSyntax.parts(ofNodeAt: header, in: $0, at: offset) }
        return (parts.id, parts.label, parts.blockIndex >= 0)
    }

    /// Whether a `.block` ends with its `}` (`BlockSyntax.isClosed`).
    public var isClosedBlock: Bool {
        let count = self.count
        guard count >= 2 else { return false }
        let word = words[header + 2 + count - 1]
        return word & GreenWord.tagMask == GreenWord.tokenTag
            && GreenToken(raw: UInt32(truncatingIfNeeded: word >> 2)).kind == .rightBrace
    }
}

extension SyntaxTree {
    /// Visits every node of `start`'s subtree (starting at `startOffset`), itself included, in
    /// document order without recursion: `enter` with the node and its start before its
    /// children, `exit` after them. Return `false` from `enter` to skip the node's children (its
    /// `exit` still comes). Tokens are stepped over, not visited.
    ///
    /// Unlike `walk`, no node value is made: the nodes are `BorrowedNode`s, valid during the
    /// call (`start` keeps every arena below it alive, and nodes are never mutated), so the walk
    /// and a visitor that reads them do no reference counting at all.
    public static func walkNodes(
        _ start: GreenNode, at startOffset: Int, enter: (BorrowedNode, Int) -> Bool, exit: (BorrowedNode) -> Void
    ) {
        withExtendedLifetime(start) {
            let root = BorrowedNode(arena: Unmanaged.passUnretained(start.arena), header: start.header)
            guard enter(root, startOffset) else {
                exit(root)
                return
            }
            var current = NodeWalkFrame(root)
            current.cursor = startOffset
            var ancestors: [NodeWalkFrame] = []
            while true {
                guard current.next < current.count else {
                    exit(current.node)
                    guard let parent = ancestors.popLast() else { return }
                    current = parent
                    continue
                }
                let word = current.children[current.next]
                current.next &+= 1
                let childStart = current.cursor
                let child = current.node.arena._withUnsafeGuaranteedRef { arena -> BorrowedNode? in
                    current.cursor &+= arena.childLength(word)
                    guard let (childArena, header) = arena.child(word) else { return nil }
                    return BorrowedNode(arena: childArena, header: header)
                }
                guard let child else { continue }
                if enter(child, childStart) {
                    ancestors.append(current)
                    current = NodeWalkFrame(child)
                    current.cursor = childStart
                } else {
                    exit(child)
                }
            }
        }
    }
}

/// One node being visited by `walkNodes`: its child words, the next child and where it starts.
private struct NodeWalkFrame {
    let node: BorrowedNode
    let children: UnsafeMutablePointer<UInt64>
    let count: Int
    var next = 0
    var cursor = 0

    @inline(__always)
    init(_ node: BorrowedNode) {
        self.node = node
        (children, count) = node.arena._withUnsafeGuaranteedRef { arena in
            (arena.words + node.header + 2, GreenBits(raw: arena.words[node.header + 1]).count)
        }
    }
}
