#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The storage green nodes live in: one buffer of 64-bit words holding nodes back to back.
///
/// A node at word offset `h` is a header of two words — its byte length, then its `GreenBits`
/// (kind, child count, node count) — followed by one word per child (`GreenWord`): a token, a
/// node of this arena (its offset), or a node of another arena (an index into `externals`).
///
/// Why an arena: a parse used to allocate one object per node and block, and malloc, reference
/// counting and freeing those objects were over half of the parse time. Now a parse fills one
/// arena with plain stores and a document's tree is freed in one call. Nodes an edit creates get
/// a small arena of their own whose externals point at the unchanged subtrees, so an edit still
/// copies only the path from the root to the change.
public final class GreenArena: @unchecked Sendable {
    // @unchecked: an arena is only written before the first node in it is handed out.
    @usableFromInline let words: UnsafeMutablePointer<UInt64>
    private(set) var count = 0
    private let capacity: Int
    /// Nodes of other arenas that nodes here have as children.
    var externals: [GreenNode] = []

    /// An empty arena with room for exactly `capacity` words (nodes made by edits).
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        words = .allocate(capacity: self.capacity)
    }

    /// Takes over `buffer` (allocated with malloc), of which the first `count` words are used.
    init(adopting buffer: UnsafeMutablePointer<UInt64>, count: Int) {
        words = buffer
        self.count = count
        capacity = count
        adopted = true
    }

    /// Whether `words` came from malloc (the builder's growable buffer) rather than `allocate`.
    private var adopted = false

    deinit {
        if adopted { free(words) } else { words.deallocate() }
        // Releasing a long chain of arenas the ordinary way would recurse once per arena inside
        // the runtime's release (an edit 100,000 levels deep makes such a chain) and could
        // overflow the stack. Instead, the externals of arenas only this one keeps alive are
        // moved to a heap worklist and released one at a time, so every deinit stays shallow.
        var worklist = externals
        externals = []
        while var node = worklist.popLast() {
            guard isKnownUniquelyReferenced(&node.arena) else { continue }
            worklist.append(contentsOf: node.arena.externals)
            node.arena.externals = []
        }
    }

    /// The child element a word stands for.
    @inline(__always)
    func element(_ word: UInt64) -> GreenElement {
        switch word & GreenWord.tagMask {
        case GreenWord.tokenTag: .token(GreenToken(raw: UInt32(truncatingIfNeeded: word >> 2)))
        case GreenWord.localTag: .node(GreenNode(arena: self, header: Int(truncatingIfNeeded: word >> 2)))
        default: .node(externals[Int(truncatingIfNeeded: word >> 2)])
        }
    }

    // MARK: - Filling a fixed-size arena (nodes made by edits)

    func appendHeader(_ kind: NodeKind, count: Int, length: Int, nodeCount: Int) {
        append(word: UInt64(truncatingIfNeeded: length))
        append(word: GreenBits(kind: kind, count: count, nodeCount: nodeCount).raw)
    }

    func append(_ element: GreenElement) {
        switch element {
        case .token(let token):
            append(word: GreenWord.token(token))
        case .node(let node):
            append(word: GreenWord.external(externals.count))
            externals.append(node)
        }
    }

    /// Appends the children in `range` of `node`, re-pointing its node children at `node`'s
    /// arena (tokens are copied as they are).
    func appendChildren(of node: GreenNode, _ range: Range<Int>) {
        let source = node.arena.words + node.header + 2
        for index in range {
            let word = source[index]
            if word & GreenWord.tagMask == GreenWord.tokenTag {
                append(word: word)
            } else {
                append(node.arena.element(word))
            }
        }
    }

    @inline(__always)
    private func append(word: UInt64) {
        precondition(count < capacity)
        words[count] = word
        count += 1
    }
}

/// How one child is written in an arena: the low two bits say what it is, the rest says which.
enum GreenWord {
    static let tagMask: UInt64 = 3
    /// A token: `GreenToken.raw` above the tag.
    static let tokenTag: UInt64 = 0
    /// A node of the same arena: its header's word offset above the tag.
    static let localTag: UInt64 = 1
    /// A node of another arena: its index in `externals` above the tag.
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
