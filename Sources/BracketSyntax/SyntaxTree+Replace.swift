/// Replacing one child on a path, in place where the tree alone owns the path.
///
/// An edit 10,000 levels deep changes the length of every ancestor, so copying its path
/// (`TreePath.root(replacingChild:at:with:)`) writes 20,000 nodes into a few hundred new arenas
/// and frees as many old ones per keystroke, and the walk down to find the path reads them all
/// again. But once a tree's path lies in edit arenas that no other tree, node value or path
/// holds (reference counts of one all the way down), nobody can see those nodes change: the
/// new lengths are written into them, the replaced child is swapped in its word, and the path
/// stays the same nodes, so the tree keeps it (`SyntaxTree.lastPath`) and the next walk to the
/// same place starts where it ends. Wherever ownership is shared (a parse's arena, an earlier
/// version of the document still held, a node value someone kept), the levels from there down
/// are copied as before, and the levels above them updated in place.
///
/// The result is the tree the copy gives, bit for bit (`SyntaxTreeReplaceTests`).
public struct PathReplacement {
    /// The path the replacement was planned on; levels `0...level` are read (all of them when
    /// `level` is `-1`: then `newRoot` replaces the root).
    let steps: [TreePath.Step]
    let level: Int
    let childIndex: Int
    let element: GreenElement
}

extension TreePath {
    /// Child `index` of the node at `level` replaced by `element`, to be applied to the tree this
    /// path was taken from before the tree changes in any other way (`SyntaxTree.apply(_:)`).
    public func replacement(ofChild index: Int, at level: Int, with element: GreenElement) -> PathReplacement {
        precondition(level >= 0 && level < steps.count && index >= 0)
        return PathReplacement(steps: steps, level: level, childIndex: index, element: element)
    }

    /// The node at `level` replaced by `node` (at level 0, the root).
    public func replacement(ofNodeAt level: Int, with node: GreenNode) -> PathReplacement {
        precondition(level >= 0 && level < steps.count)
        guard level > 0 else { return PathReplacement(steps: [], level: -1, childIndex: 0, element: .node(node)) }
        return replacement(ofChild: steps[level - 1].childIndex, at: level - 1, with: .node(node))
    }
}

extension SyntaxTree {
    /// Applies a replacement planned on a path of this tree (which has not changed since): the
    /// levels this tree alone owns are updated in place, the rest copied (see `PathReplacement`).
    public mutating func apply(_ replacement: PathReplacement) {
        guard replacement.level >= 0 else {
            guard case .node(let node) = replacement.element else { preconditionFailure("a root that is a token") }
            self = SyntaxTree(root: node)
            return
        }
        let steps = replacement.steps
        let level = replacement.level
        precondition(
            steps[0].arena.toOpaque() == Unmanaged.passUnretained(root.arena).toOpaque() && steps[0].header == root.header,
            "a replacement planned on another tree")
        let owned = ownedLevels(steps, through: level)
        // The deepest level whose child on the path can be swapped where it is: the replaced
        // child itself when its word can take the new element (a token over a token, a node
        // over another arena's node), else the nearest level above whose child on the path is in
        // another arena (its external slot is re-pointed at a copy of the levels below).
        var bottom: Int
        if owned == level, Self.canSwap(steps[level], replacement.childIndex, for: replacement.element) {
            bottom = level
        } else {
            bottom = min(owned, level - 1)
            while bottom >= 0, !Self.childIsExternal(steps[bottom], steps[bottom].childIndex) { bottom -= 1 }
        }
        guard bottom >= 0 else {
            let copy = GreenPath.copy(
                steps, from: 0, replacingChild: replacement.childIndex, at: level, with: replacement.element)
            self = SyntaxTree(root: GreenNode(arena: copy.arena, header: copy.header))
            return
        }
        // The new child of `bottom`'s node: the element, or a copy of the levels below.
        let newChild: (arena: GreenArena, header: Int, length: Int, nodes: Int)?
        var token: GreenToken?
        if bottom == level {
            switch replacement.element {
            case .token(let new):
                newChild = nil
                token = new
            case .node(let node):
                let (arena, header) = GreenArena.referable(node.arena, node.header)
                newChild = (arena, header, node.length, node.nodeCount)
            }
        } else {
            newChild = GreenPath.copy(
                steps, from: bottom + 1, replacingChild: replacement.childIndex, at: level, with: replacement.element)
        }
        let step = steps[bottom]
        let index = bottom == level ? replacement.childIndex : step.childIndex
        var (oldLength, oldNodes, newLength, newNodes) = step.arena._withUnsafeGuaranteedRef { arena in
            let word = arena.words + step.header + 2 + index
            let old = (arena.childLength(word.pointee), arena.childNodeCount(word.pointee))
            if let token {
                word.pointee = GreenWord.token(token)
                return (old.0, old.1, token.length, 0)
            }
            guard let newChild else { preconditionFailure("no new child") }
            arena.replaceExternal(Int(truncatingIfNeeded: word.pointee >> 2), with: newChild.arena, header: newChild.header)
            return (old.0, old.1, newChild.length, newChild.nodes)
        }
        // Every level from `bottom` up gets its new length and node count, computed as the copy
        // computes them.
        for current in stride(from: bottom, through: 0, by: -1) {
            let step = steps[current]
            (oldLength, oldNodes, newLength, newNodes) = step.arena._withUnsafeGuaranteedRef { arena in
                let header = arena.words + step.header
                let bits = GreenBits(raw: header[1])
                let length = Int(truncatingIfNeeded: header[0]) - oldLength + newLength
                let nodes = bits.nodeCount - oldNodes + newNodes
                let old = (Int(truncatingIfNeeded: header[0]), bits.nodeCount)
                header[0] = UInt64(truncatingIfNeeded: length)
                header[1] = GreenBits(kind: bits.kind, count: bits.count, nodeCount: nodes).raw
                return (old.0, old.1, length, nodes)
            }
        }
        // The levels whose nodes stayed the same nodes, with the same child on the path (a token
        // swapped in its word leaves the whole path as it was).
        lastPath = steps
        lastPathLevels = bottom == level && token != nil ? level + 1 : bottom + 1
    }

    /// How many levels from the root down (as the deepest such level; -1 for none) lie in edit
    /// arenas that only this tree holds: the root's arena held by `root` alone, each arena below
    /// entered at its entry from the level above and held by that one reference.
    private mutating func ownedLevels(_ steps: [TreePath.Step], through level: Int) -> Int {
        guard root.arena.layout.entry == root.header, isKnownUniquelyReferenced(&root.arena) else { return -1 }
        var current = 0
        while current < level {
            let next = steps[current + 1]
            if next.arena.toOpaque() != steps[current].arena.toOpaque() {
                guard next.arena._withUnsafeGuaranteedRef({ $0.layout.entry }) == next.header,
                    GreenArena.isHeldOnce(next.arena)
                else { break }
            }
            current += 1
        }
        return current
    }

    /// Whether child `index` of `step`'s node can be replaced by `element` in its own word: a
    /// token by a token, or a node of another arena by a node (its external slot is re-pointed).
    private static func canSwap(_ step: TreePath.Step, _ index: Int, for element: GreenElement) -> Bool {
        switch element {
        case .token: childIsToken(step, index)
        case .node: childIsExternal(step, index)
        }
    }

    private static func childIsToken(_ step: TreePath.Step, _ index: Int) -> Bool {
        childTag(step, index) == GreenWord.tokenTag
    }

    private static func childIsExternal(_ step: TreePath.Step, _ index: Int) -> Bool {
        childTag(step, index) == GreenWord.externalTag
    }

    private static func childTag(_ step: TreePath.Step, _ index: Int) -> UInt64 {
        step.arena._withUnsafeGuaranteedRef { $0.words[step.header + 2 + index] & GreenWord.tagMask }
    }

    /// The deepest level of `lastPath` whose node holds `offset` strictly inside it, or nil.
    /// Ancestors hold what their descendants hold, so the levels that do form a prefix.
    func deepestKnownLevel(containing offset: Int) -> Int? {
        func contains(_ level: Int) -> Bool {
            let step = lastPath[level]
            let length = step.arena._withUnsafeGuaranteedRef { Int(truncatingIfNeeded: $0.words[step.header]) }
            return step.offset <= offset && offset < step.offset + length
        }
        guard lastPathLevels > 0, contains(0) else { return nil }
        var low = 0  // holds offset
        var high = lastPathLevels  // the first level known not to (or past the end)
        while high - low > 1 {
            let middle = (low + high) / 2
            if contains(middle) { low = middle } else { high = middle }
        }
        return low
    }
}

extension GreenArena {
    /// Whether the arena behind `unmanaged` (an external slot's reference) is held by exactly one
    /// strong reference: that slot's.
    static func isHeldOnce(_ unmanaged: Unmanaged<GreenArena>) -> Bool {
        // Borrow the slot's own reference for the check, then give it back.
        var arena = unmanaged.takeRetainedValue()
        let once = isKnownUniquelyReferenced(&arena)
        _ = Unmanaged.passRetained(arena)
        return once
    }

    /// A node another arena may refer to for the node at `header` of `arena`: the node itself
    /// when it may be referred to (a parse's node, an edit arena's entry), else a copy of it and
    /// the nodes below it in its arena (see the type's comment).
    static func referable(_ arena: GreenArena, _ header: Int) -> (arena: GreenArena, header: Int) {
        let entry = arena.layout.entry
        if entry < 0 || header == entry { return (arena, header) }
        let copy = copyingLocalSubtree(of: arena, at: header)
        return (copy, copy.layout.entry)
    }

    /// Re-points external `index` at the node at `header` of `arena` (retained), releasing the
    /// arena it held.
    func replaceExternal(_ index: Int, with arena: GreenArena, header: Int) {
        let old = layout.external(index).arena
        withUnsafeMutablePointerToHeader { layout in
            let retained = Unmanaged.passRetained(arena).toOpaque()
            layout.pointee.externals[2 * index] = UInt64(UInt(bitPattern: retained))
            layout.pointee.externals[2 * index + 1] = UInt64(truncatingIfNeeded: header)
        }
        old.release()
    }
}
