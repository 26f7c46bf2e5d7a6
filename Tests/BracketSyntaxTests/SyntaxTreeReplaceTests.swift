import BracketTestSupport
import Testing

@testable import BracketSyntax

/// Replacing a child on a path in place (`SyntaxTree.apply(_:)`, SyntaxTree+Replace.swift): the
/// tree equals the copy `TreePath.root(replacingChild:at:with:)` gives, a copy of the tree kept
/// by someone else never changes, no dead node is kept alive, and a walk that starts from the
/// kept path finds what a fresh walk finds.
@Suite struct SyntaxTreeReplaceTests {
    static func below(_ bound: Int, _ random: inout SeededRandom) -> Int { Int(random.next() % UInt64(max(1, bound))) }

    /// Each step of `a` and `b`: the same node, offset and child.
    static func samePath(_ a: TreePath, _ b: TreePath) -> Bool {
        a.steps.count == b.steps.count
            && zip(a.steps, b.steps).allSatisfy { x, y in
                x.arena.toOpaque() == y.arena.toOpaque() && x.header == y.header && x.offset == y.offset
                    && x.childIndex == y.childIndex
            }
    }

    /// The path to `offset` read from the tree's kept path equals a walk from the root.
    static func expectSamePath(_ tree: SyntaxTree, to offset: Int, _ comment: Comment) {
        let fresh = SyntaxTree(root: tree.root)
        #expect(samePath(tree.path(to: offset), fresh.path(to: offset)), comment)
    }

    @Test(arguments: ["chain", "two chains", "wide", "random"])
    func randomReplacementsEqualTheCopy(shape: String) {
        var random = SeededRandom(seed: UInt64(shape.utf8.count) &* 104_729)
        let source: String
        switch shape {
        case "chain": source = chainText(length: 300)
        case "two chains": source = "r {\n" + GreenPathTests.chain("n", 150) + GreenPathTests.chain("m", 150) + "}\n"
        case "wide": source = "r {\n" + (0..<200).map { "  w\($0) { x\($0)\n  }\n" }.joined() + "}\n"
        default: source = RandomText.document(&random, nodes: 300)
        }
        var tree = SyntaxTree.parse(Array(source.utf8))
        // A copy of the tree someone else keeps, and the tree it must still equal.
        var kept: (tree: SyntaxTree, expected: GreenNode)?
        var inPlace = 0
        var offset = Self.below(tree.length, &random)
        for step in 0..<600 {
            // Mostly the same place again (a run of keystrokes), sometimes somewhere else.
            if step % 7 == 0 { offset = Self.below(tree.length, &random) }
            offset = min(offset, max(0, tree.length - 1))
            Self.expectSamePath(tree, to: offset, "\(shape) step \(step)")
            // Planned in a function of its own, so that no path or node value of the tree is
            // still held when it is applied (each would make the tree's arenas shared).
            guard let (expected, replacement) = Self.plan(tree, at: offset, step: step, &random) else { continue }
            let arenaBefore = ObjectIdentifier(tree.root.arena)
            if step % 50 == 25 { kept = (tree, GreenPathTests.levelByLevelCopy(of: tree.root)) }
            tree.apply(replacement)
            if ObjectIdentifier(tree.root.arena) == arenaBefore { inPlace += 1 }
            #expect(tree.root.isStructurallyEqual(to: expected), "\(shape) step \(step)")
            #expect(tree.length == expected.length && tree.root.nodeCount == expected.nodeCount, "\(shape) step \(step)")
            GreenPathTests.expectNoDeadNodes(tree.root, "\(shape) step \(step)")
            if let kept, step % 10 == 0 {
                #expect(kept.tree.root.isStructurallyEqual(to: kept.expected), "\(shape) step \(step): a kept copy changed")
            }
            if step % 50 == 45 { kept = nil }
        }
        // Most steps after the first edit of a place find the path owned by the tree alone.
        #expect(inPlace > 200, "\(shape): only \(inPlace) replacements in place")
    }

    /// A replacement at `offset` (the leaf's token lengthened or shortened; every fifth step a
    /// node on the path replaced by a new node of the same text, or by itself), and the tree the
    /// copy gives for it.
    static func plan(
        _ tree: SyntaxTree, at offset: Int, step: Int, _ random: inout SeededRandom
    ) -> (GreenNode, PathReplacement)? {
        let path = tree.path(to: offset)
        guard let leaf = path.last, leaf.childIndex >= 0 else { return nil }
        let level: Int
        let index: Int
        let element: GreenElement
        switch step % 5 {
        case 3 where path.count > 1:
            level = Self.below(path.count - 1, &random)
            index = path[level].childIndex
            guard case .node(let old) = path[level].node[index] else { return nil }
            element = .node(GreenNode.make(old.kind, Array(old.children)))
        case 4 where path.count > 1:
            level = Self.below(path.count - 1, &random)
            index = path[level].childIndex
            element = path[level].node[index]
        default:
            level = path.count - 1
            index = leaf.childIndex
            guard case .token(let token) = leaf.node[index] else { return nil }
            element = .token(token.kind, max(1, token.length + (step % 2 == 0 ? 1 : -1)))
        }
        return (path.root(replacingChild: index, at: level, with: element), path.replacement(ofChild: index, at: level, with: element))
    }

    /// A deep edit kept repeating in place touches no new arena and keeps the same root.
    @Test func repeatedDeepEditsStayInPlace() {
        var tree = SyntaxTree.parse(Array(chainText(length: 2_000).utf8))
        let bottom = tree.length / 2
        var roots: Set<ObjectIdentifier> = []
        var random = SeededRandom(seed: 1)
        for step in 0..<50 {
            guard let (expected, replacement) = Self.plan(tree, at: bottom, step: 0, &random) else {
                Issue.record("no token at the bottom")
                return
            }
            tree.apply(replacement)
            #expect(tree.root.isStructurallyEqual(to: expected), "step \(step)")
            if step > 0 { roots.insert(ObjectIdentifier(tree.root.arena)) }
        }
        #expect(roots.count == 1, "the root was copied \(roots.count) times after the first edit")
        GreenPathTests.expectNoDeadNodes(tree.root, "after the deep edits")
    }
}

extension GreenPathTests {
    /// A tree equal to `root` sharing no edit arena with it (each node made anew), so that it
    /// cannot change when `root`'s arenas are written.
    static func levelByLevelCopy(of root: GreenNode) -> GreenNode {
        // Children before parents, without recursion.
        var order: [GreenNode] = []
        var stack = [root]
        while let node = stack.popLast() {
            order.append(node)
            for case .node(let child) in node.children { stack.append(child) }
        }
        var results: [NodeKey: GreenNode] = [:]
        for node in order.reversed() {
            var children: [GreenElement] = []
            for child in node.children {
                switch child {
                case .token: children.append(child)
                case .node(let inner): children.append(.node(results[NodeKey(inner)] ?? inner))
                }
            }
            results[NodeKey(node)] = GreenNode.make(node.kind, children)
        }
        return results[NodeKey(root)] ?? root
    }
}

/// A node's identity: its arena and header.
private struct NodeKey: Hashable {
    let arena: ObjectIdentifier
    let header: Int

    init(_ node: GreenNode) {
        arena = ObjectIdentifier(node.arena)
        header = node.header
    }
}
