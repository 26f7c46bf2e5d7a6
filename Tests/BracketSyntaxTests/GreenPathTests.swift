import BracketTestSupport
import Testing

@testable import BracketSyntax

/// Copying an edit's path several levels to an arena (GreenArena+Path.swift): the new tree equals
/// the one a copy level by level gives, every edit arena is referred to only at its entry, and so
/// every node of every arena a tree keeps alive is in that tree (no dead nodes pinned), however
/// the edits move around.
@Suite struct GreenPathTests {
    /// Every node of the tree, as (arena, header) pairs, visiting a shared node once.
    static func reachable(_ root: GreenNode) -> [ObjectIdentifier: (arena: GreenArena, headers: Set<Int>)] {
        var seen: [ObjectIdentifier: (arena: GreenArena, headers: Set<Int>)] = [:]
        var stack = [root]
        while let node = stack.popLast() {
            let key = ObjectIdentifier(node.arena)
            if seen[key]?.headers.contains(node.header) == true { continue }
            seen[key, default: (node.arena, [])].headers.insert(node.header)
            for case .node(let child) in node.children { stack.append(child) }
        }
        return seen
    }

    /// The headers of every node an edit arena holds (they lie back to back from offset 0).
    static func headers(of arena: GreenArena) -> Set<Int> {
        var result: Set<Int> = []
        var header = 0
        while header < arena.layout.count {
            result.insert(header)
            header += 2 + GreenBits(raw: arena.words[header + 1]).count
        }
        return result
    }

    /// No arena the tree keeps alive holds a node outside it, and every reference into an edit
    /// arena from another arena is to its entry.
    static func expectNoDeadNodes(_ root: GreenNode, _ comment: Comment) {
        for (arena, headers) in reachable(root).values where arena.layout.entry >= 0 {
            #expect(headers == Self.headers(of: arena), comment)
            let externals = arena.layout
            for index in 0..<externals.externalCount {
                let external = externals.external(index)
                let target = external.arena.takeUnretainedValue()
                #expect(target.layout.entry < 0 || target.layout.entry == external.header, comment)
            }
        }
        if root.arena.layout.entry >= 0 { #expect(root.header == root.arena.layout.entry, comment) }
    }

    /// A chain `p0 { p1 { … } }` of `length` nodes, one a line.
    static func chain(_ prefix: String, _ length: Int) -> String {
        var text = ""
        for level in 0..<length { text += "\(prefix)\(level)" + (level + 1 < length ? " {\n" : "\n") }
        return text + String(repeating: "}\n", count: length - 1)
    }

    static func below(_ bound: Int, _ random: inout SeededRandom) -> Int { Int(random.next() % UInt64(max(1, bound))) }

    /// The same replacement copied one arena per level, as before: the reference.
    static func levelByLevel(_ path: TreePath, replacingChild index: Int, at level: Int, with element: GreenElement) -> GreenNode {
        var replacement = path[level].node.replacingChild(at: index, with: element)
        var up = level - 1
        while up >= 0 {
            replacement = path[up].node.replacingChild(at: path[up].childIndex, with: .node(replacement))
            up -= 1
        }
        return replacement
    }

    /// Random token swaps at random places of deep and wide trees, each new root equal to the
    /// level-by-level copy, with no dead node kept alive after any of them.
    @Test(arguments: [
        "chain", "two chains", "wide", "random",
    ])
    func randomReplacementsEqualTheLevelByLevelCopy(shape: String) {
        var random = SeededRandom(seed: UInt64(shape.utf8.count) &* 7_919)
        let source: String
        switch shape {
        case "chain": source = chainText(length: 300)
        case "two chains": source = "r {\n" + Self.chain("n", 150) + Self.chain("m", 150) + "}\n"
        case "wide": source = "r {\n" + (0..<200).map { "  w\($0) { x\($0)\n  }\n" }.joined() + "}\n"
        default: source = RandomText.document(&random, nodes: 300)
        }
        var root = Parser.parse(Array(source.utf8))
        for step in 0..<400 {
            let tree = SyntaxTree(root: root)
            let path = tree.path(to: Self.below(root.length, &random))
            guard let leaf = path.last, leaf.childIndex >= 0 else { continue }
            // The leaf's token, or (every third step) the whole node at a random level above it.
            let level: Int
            let index: Int
            let element: GreenElement
            if step % 3 == 2, path.count > 1 {
                level = Self.below(path.count - 1, &random)
                index = path[level].childIndex
                element = path[level].node[index]
            } else {
                level = path.count - 1
                index = leaf.childIndex
                guard case .token(let token) = leaf.node[index] else { continue }
                element = .token(token.kind, token.length + (step % 2 == 0 ? 1 : 0))
            }
            let fast = path.root(replacingChild: index, at: level, with: element)
            let slow = Self.levelByLevel(path, replacingChild: index, at: level, with: element)
            #expect(fast.isStructurallyEqual(to: slow), "\(shape) step \(step)")
            #expect(fast.length == slow.length && fast.nodeCount == slow.nodeCount, "\(shape) step \(step)")
            Self.expectNoDeadNodes(fast, "\(shape) step \(step)")
            root = fast
        }
    }

    /// Alternating edits at the bottoms of two deep chains (the case that would pin one dead
    /// path per edit if arenas could be referred to anywhere): the tree keeps no more storage
    /// than one path's worth of arenas per chain beyond the parse.
    @Test func alternatingDeepEditsKeepNoOldPaths() {
        let first = "r {\n" + Self.chain("n", 400)
        let source = first + Self.chain("m", 400) + "}\n"
        var root = Parser.parse(Array(source.utf8))
        // The bottom IDs: `n399` ends the first chain's opening lines, `m399` the second's.
        let firstBottom = 4 + (0..<399).reduce(0) { $0 + "n\($1) {\n".utf8.count }
        let secondBottom = first.utf8.count + (0..<399).reduce(0) { $0 + "m\($1) {\n".utf8.count }
        #expect(Array(Array(source.utf8)[firstBottom..<(firstBottom + 4)]) == Array("n399".utf8))
        #expect(Array(Array(source.utf8)[secondBottom..<(secondBottom + 4)]) == Array("m399".utf8))
        var fresh = 0
        for step in 0..<600 {
            let path = SyntaxTree(root: root).path(to: step % 2 == 0 ? firstBottom : secondBottom)
            guard let leaf = path.last, case .token(let token) = leaf.node[leaf.childIndex] else {
                Issue.record("no token at the bottom")
                return
            }
            root = path.root(replacingChild: leaf.childIndex, at: path.count - 1, with: .token(token.kind, token.length))
            if step == 1 { fresh = Self.editWords(root) }
        }
        Self.expectNoDeadNodes(root, "after alternating edits")
        #expect(Self.editWords(root) <= fresh, "edit arenas grew from \(fresh) to \(Self.editWords(root)) words")
    }

    /// The words of every edit arena the tree keeps alive.
    static func editWords(_ root: GreenNode) -> Int {
        reachable(root).values.filter { $0.arena.layout.entry >= 0 }.reduce(0) { $0 + $1.arena.layout.count }
    }

    @Test func oldPathArenasAreFreedOnceNoTreeUsesThem() {
        weak var firstPath: GreenArena?
        do {
            let root = Parser.parse(Array(chainText(length: 200).utf8))
            let bottom = root.length - 3
            var path = SyntaxTree(root: root).path(to: bottom)
            let once = path.root(replacingChild: path.last!.childIndex, at: path.count - 1, with: .token(.newline, 1))
            firstPath = once.arena
            path = SyntaxTree(root: once).path(to: bottom)
            let twice = path.root(replacingChild: path.last!.childIndex, at: path.count - 1, with: .token(.newline, 1))
            #expect(twice.isStructurallyEqual(to: once) && firstPath != nil)
        }
        #expect(firstPath == nil)
    }
}
