/// Copying the path from the root to an edit, several levels to an arena.
///
/// An edit replaces one child somewhere down the tree, so every ancestor of it is copied with
/// that one child swapped. With one arena per copied node, an edit 10,000 levels deep (20,000
/// nodes and blocks) made 20,000 allocations and retains, and freeing the old path as many
/// releases and frees: 10 ms a keystroke. Here up to `levelsPerArena` consecutive levels share
/// one arena, each linked to the one below it by a local word, so the same edit makes a few
/// hundred. Every arena made here is a chain hanging from its topmost node, its entry, which is
/// the only node other arenas refer to (see `GreenArena`), so it lives exactly as long as that
/// node is in a tree: a later edit that leaves this path part way down copies the chain's nodes
/// below the point where it leaves (at most `levelsPerArena - 1`, none of them wide) instead of
/// keeping the whole arena alive for them.
enum GreenPath {
    /// At most this many levels of a path go into one arena.
    static let levelsPerArena = 64
    /// A node with more children than this gets an arena of its own, so a copy of a chain's tail
    /// never copies a wide block.
    static let wideNode = 64
}

extension GreenArena {
    /// A copy of the node at `header` of `source` and of the nodes below it that `source` holds
    /// (reached through local words), as a new arena whose entry is the copy. Nodes of other
    /// arenas are shared, as they are.
    static func copyingLocalSubtree(of source: GreenArena, at header: Int) -> GreenArena {
        let words = source.words
        let sourceLayout = source.layout
        // The local nodes under `header`, children before their parents, and their room.
        var order: [Int] = []
        var pending: [(header: Int, expanded: Bool)] = [(header, false)]
        var wordCount = 0
        var externalCount = 0
        while let (node, expanded) = pending.popLast() {
            if expanded {
                order.append(node)
                continue
            }
            pending.append((node, true))
            let count = GreenBits(raw: words[node + 1]).count
            wordCount += 2 + count
            for index in 0..<count {
                let word = words[node + 2 + index]
                switch word & GreenWord.tagMask {
                case GreenWord.localTag: pending.append((Int(truncatingIfNeeded: word >> 2), false))
                case GreenWord.externalTag: externalCount += 1
                default: break
                }
            }
        }
        let copy = GreenArena.make(words: wordCount, externals: externalCount)
        var moved: [Int: Int] = [:]
        moved.reserveCapacity(order.count)
        for node in order {
            moved[node] = copy.layout.count
            let count = GreenBits(raw: words[node + 1]).count
            copy.append(word: words[node])
            copy.append(word: words[node + 1])
            for index in 0..<count {
                let word = words[node + 2 + index]
                switch word & GreenWord.tagMask {
                case GreenWord.tokenTag:
                    copy.append(word: word)
                case GreenWord.localTag:
                    guard let target = moved[Int(truncatingIfNeeded: word >> 2)] else {
                        preconditionFailure("a local child copied after its parent")
                    }
                    copy.append(word: GreenWord.local(target))
                default:
                    let external = sourceLayout.external(Int(truncatingIfNeeded: word >> 2))
                    copy.append(word: GreenWord.external(
                        copy.appendExternal(arena: external.arena.takeUnretainedValue(), header: external.header)))
                }
            }
        }
        copy.setEntry(moved[header] ?? 0)
        return copy
    }
}

extension TreePath {
    /// The new root after child `index` of the node at `level` is replaced by `element`: that
    /// node and each of its ancestors are copied with their one child on the path swapped (up to
    /// `GreenPath.levelsPerArena` levels to an arena); everything else is shared.
    public func root(replacingChild index: Int, at level: Int, with element: GreenElement) -> GreenNode {
        let copy = GreenPath.copy(steps, from: 0, replacingChild: index, at: level, with: element)
        return GreenNode(arena: copy.arena, header: copy.header)
    }
}

extension GreenPath {
    /// Whether the node of `step` is too wide to share an arena (`wideNode`).
    static func isWide(_ step: TreePath.Step) -> Bool {
        GreenBits(raw: step.arena.takeUnretainedValue().words[step.header + 1]).count > wideNode
    }

    /// The levels `highest...level` of `steps` copied with child `index` of the node at `level`
    /// replaced by `element`, each copied node's child on the path swapped for the copy below it:
    /// the copy of the node at `highest` (its arena's entry), with its length and node count (as
    /// computed, before `GreenBits` saturates it). Everything off the path is shared.
    static func copy(
        _ steps: [TreePath.Step], from highest: Int, replacingChild index: Int, at level: Int, with element: GreenElement
    ) -> (arena: GreenArena, header: Int, length: Int, nodes: Int) {
        precondition(highest >= 0 && highest <= level && level < steps.count)
        func isWide(_ level: Int) -> Bool { GreenPath.isWide(steps[level]) }
        // The new node of the level just below the arena being filled: its arena, header, length
        // and node count.
        var lower: (arena: GreenArena, header: Int, length: Int, nodes: Int)?
        var bottom = level
        while bottom >= highest {
            var top = bottom
            if !isWide(bottom) {
                while top > highest, bottom - top + 1 < GreenPath.levelsPerArena, !isWide(top - 1) { top -= 1 }
            }
            var wordCount = 0
            var externalCount = 1  // the new child at the bottom, if it is a node
            for step in steps[top...bottom] {
                let source = step.arena.takeUnretainedValue()
                let count = GreenBits(raw: source.words[step.header + 1]).count
                wordCount += 2 + count
                let children = source.words + step.header + 2
                for child in 0..<count where children[child] & GreenWord.tagMask != GreenWord.tokenTag {
                    externalCount += 1
                }
            }
            let arena = GreenArena.make(words: wordCount, externals: externalCount)
            // The new child of the level being written: (header in `arena`, length, node count).
            var below: (header: Int, length: Int, nodes: Int)?
            for current in stride(from: bottom, through: top, by: -1) {
                let step = steps[current]
                // `_withUnsafeGuaranteedRef`: the old node's arena is read without a retain.
                below = step.arena._withUnsafeGuaranteedRef { source in
                    let header = source.words + step.header
                    let bits = GreenBits(raw: header[1])
                    let childIndex = current == level ? index : step.childIndex
                    let oldWord = header[2 + childIndex]
                    let newLength: Int
                    let newNodes: Int
                    if let below {
                        (newLength, newNodes) = (below.length, below.nodes)
                    } else if let lower {
                        (newLength, newNodes) = (lower.length, lower.nodes)
                    } else {
                        newLength = element.length
                        if case .node(let node) = element { newNodes = node.nodeCount } else { newNodes = 0 }
                    }
                    let length = Int(truncatingIfNeeded: header[0]) - source.childLength(oldWord) + newLength
                    let nodes = bits.nodeCount - source.childNodeCount(oldWord) + newNodes
                    let written = arena.layout.count
                    arena.appendHeader(bits.kind, count: bits.count, length: length, nodeCount: nodes)
                    arena.appendChildren(ofNodeAt: step.header, in: source, 0..<childIndex)
                    if let below {
                        arena.append(word: GreenWord.local(below.header))
                    } else if let lower {
                        arena.append(word: GreenWord.external(arena.appendExternal(arena: lower.arena, header: lower.header)))
                    } else {
                        arena.append(element)
                    }
                    arena.appendChildren(ofNodeAt: step.header, in: source, (childIndex + 1)..<bits.count)
                    return (written, length, nodes)
                }
            }
            guard let below else { preconditionFailure("an arena with no level") }
            arena.setEntry(below.header)
            lower = (arena, below.header, below.length, below.nodes)
            bottom = top - 1
        }
        guard let lower else { preconditionFailure("a path with no level") }
        return lower
    }
}
