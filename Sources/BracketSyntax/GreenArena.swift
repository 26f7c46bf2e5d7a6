#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The storage green nodes live in: 64-bit words holding nodes back to back.
///
/// A node at word offset `h` is a header of two words — its byte length, then its `GreenBits`
/// (kind, child count, node count) — followed by one word per child (`GreenWord`): a token, a
/// node of this arena (its offset), or a node of another arena (an index into the externals).
///
/// Why an arena: a parse used to allocate one object per node and block, and malloc, reference
/// counting and freeing those objects were over half of the parse time. Now a parse fills one
/// arena with plain stores (its words are a malloc'd block handed over by the builder), and a
/// document's tree is freed in one call. Nodes an edit creates go into small arenas of their
/// own, one allocation holding the nodes' words and then their externals (two words each: a
/// retained arena and a header offset), which point at the unchanged subtrees; so an edit copies
/// only the path from the root to the change, up to `GreenPath.levelsPerArena` levels of it in
/// one arena (`GreenArena+Path.swift`).
///
/// An arena lives as long as any node in it is referenced, so an arena that holds several nodes
/// of an edit could keep dead ones (and the subtrees they point at) alive. To keep every edit
/// arena either wholly alive or wholly dead, it has one *entry* node, from which all its other
/// nodes hang through local links, and other arenas may only refer to its entry: a reference to
/// any other node of it copies that node and the nodes below it in the arena instead (a parse's
/// arena has no externals and may be referred to anywhere, as before).
///
/// Not `Sendable` itself (`ManagedBuffer` is explicitly not, so a conformance here is ignored):
/// nodes cross threads as `GreenNode`, which is `@unchecked Sendable` because an arena is only
/// written before the first node in it is handed out.
public final class GreenArena: ManagedBuffer<GreenArena.Layout, UInt64> {

    public struct Layout {
        /// The node words: the tail of this object, or an adopted malloc'd block.
        var words: UnsafeMutablePointer<UInt64>
        var count: Int
        var capacity: Int
        /// Two words per external: the retained arena's bits, then the node's header offset.
        var externals: UnsafeMutablePointer<UInt64>
        var externalCount: Int
        var externalCapacity: Int
        var adopted: Bool
        /// The one node other arenas may refer to (see the type's comment), or -1 for a parse's
        /// arena, whose nodes may all be referred to.
        var entry: Int
    }

    /// An empty arena with room for exactly `words` node words and `externals` externals.
    static func make(words: Int, externals: Int) -> GreenArena {
        let buffer = GreenArena.create(minimumCapacity: words + 2 * externals) { buffer in
            let tail = buffer.withUnsafeMutablePointerToElements { $0 }
            return Layout(
                words: tail, count: 0, capacity: words, externals: tail + words, externalCount: 0,
                externalCapacity: externals, adopted: false, entry: 0)
        }
        return unsafeDowncast(buffer, to: GreenArena.self)
    }

    /// An arena that takes over `buffer` (allocated with malloc), whose first `count` words are
    /// nodes of this arena only.
    static func adopting(_ buffer: UnsafeMutablePointer<UInt64>, count: Int) -> GreenArena {
        let arena = GreenArena.create(minimumCapacity: 0) { _ in
            Layout(
                words: buffer, count: count, capacity: count, externals: buffer, externalCount: 0,
                externalCapacity: 0, adopted: true, entry: -1)
        }
        return unsafeDowncast(arena, to: GreenArena.self)
    }

    // The header is read through its pointer: `header` itself is a class's stored property,
    // and every access to it would be checked for exclusivity at run time (a quarter of the
    // time of a walk over the tree).
    @inline(__always)
    var layout: Layout { withUnsafeMutablePointerToHeader { $0.pointee } }

    @inline(__always)
    var words: UnsafeMutablePointer<UInt64> { withUnsafeMutablePointerToHeader { $0.pointee.words } }

    var externalCount: Int { layout.externalCount }

    deinit {
        let layout = self.layout
        if layout.adopted { free(layout.words) }
        // Releasing a long chain of arenas the ordinary way would recurse once per arena inside
        // the runtime's release (an edit 100,000 levels deep makes such a chain) and could
        // overflow the stack. Instead, the externals of arenas only this one keeps alive are
        // moved to a heap worklist and released one at a time, so every deinit stays shallow.
        var worklist: [Unmanaged<GreenArena>] = []
        GreenArena.takeExternals(layout, into: &worklist)
        while let next = worklist.popLast() {
            var arena = next.takeRetainedValue()
            if isKnownUniquelyReferenced(&arena) {
                GreenArena.takeExternals(arena.layout, into: &worklist)
                arena.withUnsafeMutablePointerToHeader { $0.pointee.externalCount = 0 }
            }
        }
    }

    private static func takeExternals(_ layout: Layout, into worklist: inout [Unmanaged<GreenArena>]) {
        for index in 0..<layout.externalCount {
            worklist.append(layout.external(index).arena)
        }
    }

    /// The child element a word stands for.
    @inline(__always)
    func element(_ word: UInt64) -> GreenElement {
        switch word & GreenWord.tagMask {
        case GreenWord.tokenTag: .token(GreenToken(raw: UInt32(truncatingIfNeeded: word >> 2)))
        case GreenWord.localTag: .node(GreenNode(arena: self, header: Int(truncatingIfNeeded: word >> 2)))
        default: .node(external(Int(truncatingIfNeeded: word >> 2)))
        }
    }

    /// The byte length of the child a word stands for, without making a node value (no
    /// retain): what a search down the tree reads at every child it passes.
    @inline(__always)
    func childLength(_ word: UInt64) -> Int {
        switch word & GreenWord.tagMask {
        case GreenWord.tokenTag: return Int(truncatingIfNeeded: word >> 6)  // the length above the kind
        case GreenWord.localTag: return Int(truncatingIfNeeded: words[Int(truncatingIfNeeded: word >> 2)])
        default:
            let external = layout.external(Int(truncatingIfNeeded: word >> 2))
            return Int(truncatingIfNeeded: external.arena.takeUnretainedValue().words[external.header])
        }
    }

    /// `GreenNode.child(containing:from:)` for the node at `header`, with no node value made
    /// (the path walk reads arenas it does not retain).
    @inline(__always)
    func child(containing offset: Int, ofNodeAt header: Int, from start: Int) -> (index: Int, start: Int)? {
        let count = GreenBits(raw: words[header + 1]).count
        guard count > 0 else { return nil }
        let children = words + header + 2
        var cursor = start
        for index in 0..<count {
            let length = childLength(children[index])
            if offset < cursor + length { return (index, cursor) }
            cursor += length
        }
        return (count - 1, start + Int(truncatingIfNeeded: words[header]) - childLength(children[count - 1]))
    }

    /// The node a child word stands for, as its arena (unretained) and header; nil for a token.
    @inline(__always)
    func child(_ word: UInt64) -> (Unmanaged<GreenArena>, Int)? {
        switch word & GreenWord.tagMask {
        case GreenWord.tokenTag: return nil
        case GreenWord.localTag: return (Unmanaged.passUnretained(self), Int(truncatingIfNeeded: word >> 2))
        default:
            let external = layout.external(Int(truncatingIfNeeded: word >> 2))
            return (external.arena, external.header)
        }
    }

    /// How many `.node` nodes the child a word stands for holds (0 for a token).
    @inline(__always)
    func childNodeCount(_ word: UInt64) -> Int {
        switch word & GreenWord.tagMask {
        case GreenWord.tokenTag: return 0
        case GreenWord.localTag: return GreenBits(raw: words[Int(truncatingIfNeeded: word >> 2) + 1]).nodeCount
        default:
            let external = layout.external(Int(truncatingIfNeeded: word >> 2))
            return GreenBits(raw: external.arena.takeUnretainedValue().words[external.header + 1]).nodeCount
        }
    }

    /// External `index`, as a node value (retaining its arena).
    func external(_ index: Int) -> GreenNode {
        let external = layout.external(index)
        return GreenNode(arena: external.arena.takeUnretainedValue(), header: external.header)
    }

    // MARK: - Filling an arena made with `make` (nodes made by edits)

    func appendHeader(_ kind: NodeKind, count: Int, length: Int, nodeCount: Int) {
        append(word: UInt64(truncatingIfNeeded: length))
        append(word: GreenBits(kind: kind, count: count, nodeCount: nodeCount).raw)
    }

    func append(_ element: GreenElement) {
        switch element {
        case .token(let token):
            append(word: GreenWord.token(token))
        case .node(let node):
            appendReference(arena: node.arena, header: node.header)
        }
    }

    /// Appends the children in `range` of `node`, re-pointing its node children at their arenas
    /// (tokens are copied as they are). One retain per node child and no temporary values: an
    /// edit does this once per level of its path.
    func appendChildren(of node: GreenNode, _ range: Range<Int>) {
        appendChildren(ofNodeAt: node.header, in: node.arena, range)
    }

    /// `appendChildren(of:_:)` for the node at `header` of `arena`, with no node value made.
    func appendChildren(ofNodeAt header: Int, in arena: GreenArena, _ range: Range<Int>) {
        let source = arena.words + header + 2
        let sourceLayout = arena.layout
        for index in range {
            let word = source[index]
            switch word & GreenWord.tagMask {
            case GreenWord.tokenTag:
                append(word: word)
            case GreenWord.localTag:
                appendReference(arena: arena, header: Int(truncatingIfNeeded: word >> 2))
            default:
                // Another arena's external is already an entry or a parse's node.
                let external = sourceLayout.external(Int(truncatingIfNeeded: word >> 2))
                append(word: GreenWord.external(appendExternal(arena: external.arena.takeUnretainedValue(), header: external.header)))
            }
        }
    }

    /// Appends a child word referring to the node at `header` of `arena`: an external to it when
    /// it may be referred to (a parse's node, or an edit arena's entry), else to a copy of it and
    /// the nodes below it in its arena (see the type's comment), made into an arena of its own.
    func appendReference(arena: GreenArena, header: Int) {
        let entry = arena.layout.entry
        if entry < 0 || header == entry {
            append(word: GreenWord.external(appendExternal(arena: arena, header: header)))
        } else {
            let copy = GreenArena.copyingLocalSubtree(of: arena, at: header)
            append(word: GreenWord.external(appendExternal(arena: copy, header: copy.layout.entry)))
        }
    }

    /// Makes `header` this arena's entry: the node other arenas refer to.
    func setEntry(_ header: Int) {
        withUnsafeMutablePointerToHeader { $0.pointee.entry = header }
    }

    @inline(__always)
    func append(word: UInt64) {
        withUnsafeMutablePointerToHeader { layout in
            precondition(layout.pointee.count < layout.pointee.capacity)
            layout.pointee.words[layout.pointee.count] = word
            layout.pointee.count += 1
        }
    }

    /// Stores a retained reference to the node at `header` of `arena`; returns its index.
    func appendExternal(arena: GreenArena, header: Int) -> Int {
        withUnsafeMutablePointerToHeader { layout in
            let index = layout.pointee.externalCount
            precondition(index < layout.pointee.externalCapacity)
            let retained = Unmanaged.passRetained(arena).toOpaque()
            layout.pointee.externals[2 * index] = UInt64(UInt(bitPattern: retained))
            layout.pointee.externals[2 * index + 1] = UInt64(truncatingIfNeeded: header)
            layout.pointee.externalCount = index + 1
            return index
        }
    }
}

extension GreenArena.Layout {
    /// External `index`: its arena (unretained: this arena holds the retain) and the header
    /// offset of its node there. The one place the two-word slot is read.
    @inline(__always)
    func external(_ index: Int) -> (arena: Unmanaged<GreenArena>, header: Int) {
        precondition(index >= 0 && index < externalCount)
        guard let pointer = UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: externals[2 * index])) else {
            preconditionFailure("an empty external slot")
        }
        return (Unmanaged.fromOpaque(pointer), Int(truncatingIfNeeded: externals[2 * index + 1]))
    }
}

/// How one child is written in an arena: the low two bits say what it is, the rest says which.
enum GreenWord {
    static let tagMask: UInt64 = 3
    /// A token: `GreenToken.raw` above the tag.
    static let tokenTag: UInt64 = 0
    /// A node of the same arena: its header's word offset above the tag.
    static let localTag: UInt64 = 1
    /// A node of another arena: its index among the externals above the tag.
    static let externalTag: UInt64 = 2

    @inline(__always)
    static func token(_ token: GreenToken) -> UInt64 { UInt64(token.raw) << 2 }

    @inline(__always)
    static func token(_ kind: TokenKind, _ length: Int) -> UInt64 { token(GreenToken(kind, length: length)) }

    @inline(__always)
    static func local(_ header: Int) -> UInt64 { UInt64(truncatingIfNeeded: header) << 2 | localTag }

    @inline(__always)
    static func external(_ index: Int) -> UInt64 { UInt64(truncatingIfNeeded: index) << 2 | externalTag }
}
