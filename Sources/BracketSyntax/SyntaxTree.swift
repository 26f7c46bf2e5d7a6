/// A parsed document: the green root. Positions are computed while walking (a green node does
/// not know where it is), so the same subtree can be shared by two versions of a document.
public struct SyntaxTree: @unchecked Sendable {
    public internal(set) var root: GreenNode
    /// The path of the last replacement applied in place (`apply(_:)`): its first
    /// `lastPathLevels` steps are still this tree's nodes, the same child of each on the path,
    /// so a walk to an offset inside them starts at the deepest one. Only `apply(_:)` sets it;
    /// every other tree starts without one.
    var lastPath: [TreePath.Step] = []
    var lastPathLevels = 0

    public init(root: GreenNode) {
        self.root = root
    }

    public static func parse(_ bytes: [UInt8]) -> SyntaxTree {
        SyntaxTree(root: Parser.parse(bytes))
    }

    /// Total length in bytes; equal to the source's length, since no byte is ever dropped.
    public var length: Int { root.length }

    /// A visit to one place in the tree, in document order.
    public enum Event {
        /// Entering an inner node that starts at `offset`.
        case enter(GreenNode, offset: Int)
        case exit(GreenNode, offset: Int)
        case token(TokenKind, ByteRange)
    }

    /// Visits every node and token in document order without recursion. Return `false` from
    /// `body` on an `.enter` event to skip that node's children (its `.exit` still comes).
    public func walk(_ body: (Event) -> Bool) {
        Self.walk(root, at: 0, body)
    }

    public static func walk(_ start: GreenNode, at startOffset: Int, _ body: (Event) -> Bool) {
        guard body(.enter(start, offset: startOffset)) else {
            _ = body(.exit(start, offset: startOffset))
            return
        }
        // Frames read children through pointers and hold no references of their own: `start`
        // is alive for the whole call and keeps every node below it alive (nodes are never
        // mutated), so the walk does no reference counting beyond what `body` receives. The
        // node being visited lives in `current`; the stack holds only its ancestors.
        var current = WalkFrame(start, offset: startOffset)
        var ancestors: [WalkFrame] = []
        while true {
            guard current.next < current.count else {
                _ = body(.exit(current.node, offset: current.offset))
                guard let parent = ancestors.popLast() else { return }
                current = parent
                continue
            }
            let word = current.children[current.next]
            current.next += 1
            if word & GreenWord.tagMask == GreenWord.tokenTag {
                let token = GreenToken(raw: UInt32(truncatingIfNeeded: word >> 2))
                _ = body(.token(token.kind, ByteRange(start: current.cursor, length: token.length)))
                current.cursor += token.length
                continue
            }
            guard case .node(let child) = current.arena.takeUnretainedValue().element(word) else { continue }
            let childStart = current.cursor
            current.cursor += child.length
            if body(.enter(child, offset: childStart)) {
                ancestors.append(current)
                current = WalkFrame(child, offset: childStart)
            } else {
                _ = body(.exit(child, offset: childStart))
            }
        }
    }

    /// Every token in order, trivia included.
    public func tokens() -> [(kind: TokenKind, range: ByteRange)] {
        var result: [(kind: TokenKind, range: ByteRange)] = []
        walk { event in
            if case .token(let kind, let range) = event { result.append((kind, range)) }
            return true
        }
        return result
    }

    /// The source again, assembled token by token from `source`: equal to `source` exactly
    /// when the tokens tile it with no gap and no overlap.
    public func printed(from source: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(source.count)
        walk { event in
            if case .token(_, let range) = event, range.end <= source.count {
                output.append(contentsOf: source[range.start..<range.end])
            }
            return true
        }
        return output
    }

    /// One ancestor on the way down to an offset (an element of `TreePath`).
    public struct PathStep {
        public let node: GreenNode
        public let offset: Int
        /// Index (in `node`) of the child the path continues into or the token found there.
        public let childIndex: Int
    }

    /// The chain of nodes from the root down to the token that contains `offset` (or, at a
    /// boundary, the token that starts there; at the end of the file, the last token).
    public func path(to offset: Int) -> TreePath {
        // After an edit deep in the tree, the next one is usually in the same place: the levels
        // of the last in-place replacement that hold the offset are taken as they are, and the
        // walk goes on from the deepest of them (20,000 levels in a deep chain are otherwise read
        // again on every keystroke).
        if let known = deepestKnownLevel(containing: offset) {
            let step = lastPath[known]
            let below = walkDown(to: offset, from: step.arena, step.header, at: step.offset)
            if known == lastPath.count - 1, below.count == 1, below[0].childIndex == step.childIndex {
                return TreePath(root: root, steps: lastPath)
            }
            var steps = Array(lastPath[0..<known])
            steps.append(contentsOf: below)
            return TreePath(root: root, steps: steps)
        }
        return TreePath(root: root, steps: walkDown(to: offset, from: Unmanaged.passUnretained(root.arena), root.header, at: 0))
    }

    /// The steps from the node at `header` of `arena` (starting at `nodeOffset`) down to the token
    /// holding `offset`.
    private func walkDown(
        to offset: Int, from arena: Unmanaged<GreenArena>, _ header: Int, at nodeOffset: Int
    ) -> [TreePath.Step] {
        var steps: [TreePath.Step] = []
        // Nodes are read through unretained references: the path holds the root, which keeps
        // every node below it alive, so the walk down (up to 20,000 levels in a deep chain) does
        // no reference counting.
        var arena = arena
        var header = header
        var nodeOffset = nodeOffset
        while true {
            // `_withUnsafeGuaranteedRef`: reading the arena retains and releases nothing.
            let (chosen, chosenStart, next) = arena._withUnsafeGuaranteedRef { node -> (Int, Int, (Unmanaged<GreenArena>, Int)?) in
                guard let (index, start) = node.child(containing: offset, ofNodeAt: header, from: nodeOffset) else {
                    return (-1, 0, nil)
                }
                return (index, start, node.child(node.words[header + 2 + index]))
            }
            steps.append(TreePath.Step(arena: arena, header: header, offset: nodeOffset, childIndex: chosen))
            guard let (childArena, childHeader) = next else { return steps }
            arena = childArena
            header = childHeader
            nodeOffset = chosenStart
        }
    }

    /// The token that contains `offset` (at a boundary, the one that starts there), with its
    /// range: what completion asks to tell a comment or a string from code.
    public func token(at offset: Int) -> (kind: TokenKind, range: ByteRange)? {
        guard let last = path(to: offset).last, last.childIndex >= 0,
              case .token(let token) = last.node[last.childIndex],
              let (_, start) = last.node.child(containing: offset, from: last.offset) else { return nil }
        return (token.kind, ByteRange(start: start, length: token.length))
    }
}

/// The chain of nodes from the root down to an offset (`SyntaxTree.path(to:)`), stored without
/// retaining any of them: the path holds the root, which keeps every node on it alive. A step
/// read as a `PathStep` makes a node value; `kind(at:)` and `nodeCount(above:)` read the words.
public struct TreePath: RandomAccessCollection {
    struct Step {
        let arena: Unmanaged<GreenArena>
        let header: Int
        let offset: Int
        let childIndex: Int
    }

    let root: GreenNode
    let steps: [Step]

    public var startIndex: Int { 0 }
    public var endIndex: Int { steps.count }

    public subscript(position: Int) -> SyntaxTree.PathStep {
        let step = steps[position]
        return SyntaxTree.PathStep(
            node: GreenNode(arena: step.arena.takeUnretainedValue(), header: step.header), offset: step.offset,
            childIndex: step.childIndex)
    }

    /// The kind of the node at `level`, read without making a node value.
    public func kind(at level: Int) -> NodeKind {
        let step = steps[level]
        return GreenBits(raw: step.arena.takeUnretainedValue().words[step.header + 1]).kind
    }

    /// How many of the nodes above `level` (levels `0..<level`) are `.node`s: a depth.
    public func nodeCount(above level: Int) -> Int {
        var count = 0
        for index in 0..<level where kind(at: index) == .node { count += 1 }
        return count
    }
}

/// One node being visited by `SyntaxTree.walk`.
private struct WalkFrame {
    // Frames hold no references of their own: the walk's start node keeps every arena below it
    // alive (nodes are never mutated), so visiting does no reference counting beyond what the
    // visitor receives.
    let arena: Unmanaged<GreenArena>
    let header: Int
    /// The node's child words and how many there are.
    let children: UnsafeMutablePointer<UInt64>
    let count: Int
    /// Index of the next child to visit, and the offset where it starts.
    var next = 0
    var cursor: Int
    let offset: Int

    init(_ node: GreenNode, offset: Int) {
        arena = Unmanaged.passUnretained(node.arena)
        header = node.header
        children = node.arena.words + node.header + 2
        count = node.count
        cursor = offset
        self.offset = offset
    }

    var node: GreenNode { GreenNode(arena: arena.takeUnretainedValue(), header: header) }
}

extension GreenNode {
    /// True when both subtrees have the same shape: kinds, lengths and children, recursively
    /// (compared with an explicit stack). Used to check incremental reparsing against a full parse.
    public func isStructurallyEqual(to other: GreenNode) -> Bool {
        var pending: [(GreenNode, GreenNode)] = [(self, other)]
        while let (a, b) = pending.popLast() {
            if a.isSameNode(as: b) { continue }
            guard a.kind == b.kind, a.length == b.length, a.count == b.count else { return false }
            for index in 0..<a.count {
                switch (a[index], b[index]) {
                case (.token(let ta), .token(let tb)):
                    if ta != tb { return false }
                case (.node(let na), .node(let nb)):
                    pending.append((na, nb))
                default:
                    return false
                }
            }
        }
        return true
    }

    /// A readable dump of the tree for fixtures: one line per node or token, indented by depth.
    public func debugDescription(source: [UInt8]) -> String {
        var lines: [String] = []
        var depth = 0
        SyntaxTree.walk(self, at: 0) { event in
            let indent = String(repeating: "  ", count: depth)
            switch event {
            case .enter(let node, let offset):
                lines.append("\(indent)\(node.kind)@\(offset)..<\(offset + node.length)")
                depth += 1
            case .exit:
                depth -= 1
            case .token(let kind, let range):
                let end = min(range.end, source.count)
                let text = String(decoding: source[min(range.start, end)..<end], as: UTF8.self)
                lines.append("\(indent)\(kind) \(debugQuoted(text))")
            }
            return true
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

private func debugQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
