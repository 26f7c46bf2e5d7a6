import BracketSyntax

extension Document {
    /// An edit among the items of a block (or of the file) that still balances its braces: only
    /// the whole lines of items around it are reparsed, however many siblings the block has.
    ///
    /// Reparsing the innermost block (`planBlockReparse`) costs as much as the block is big, and
    /// in a wide tree the block around a new line is often the root's: typing a new child there
    /// would reparse the whole file. Here the region grows from the edit to the nearest line
    /// breaks that sit directly in the container, so it holds whole items, and is parsed as
    /// items (when the edit leaves only trivia, the region ends right after it instead). What
    /// makes that equal to a full parse:
    /// - lexing restarts safely after a line break (no lexer state crosses one; a lone CR
    ///   meeting a new LF is refused), and `relex` refuses a last token that runs past the
    ///   region;
    /// - the region's braces balance, so its items cannot close or open the container;
    /// - no item can reach across the region's borders: a node before the region could take a
    ///   label or block the region now starts with, and a label or ID-less block right after it
    ///   could be taken by the region's last node; both cases are refused, as is every case
    ///   where the region would be the container's whole content (the block or full reparse
    ///   does the same work then).
    func planLineReparse(_ edit: TextEdit) -> ReparsePlan? {
        let path = tree.path(to: edit.range.start)
        guard let level = containerLevel(in: path, around: edit) else { return nil }
        let container = path[level].node
        let children = ChildOffsets(container, at: path[level].offset)
        let content = children.contentIndices
        guard !content.isEmpty else { return nil }

        // The children the edit touches, plus the one just before its start (a token there may
        // merge with new text), from a line break that is a direct child. (`relex` refuses the
        // one merge a line break allows: a CR before the region meeting a new LF.)
        var first = children.index(containing: max(edit.range.start - 1, children.start(content.lowerBound)), in: content)
        while first > content.lowerBound, !children.isNewline(first - 1) { first -= 1 }

        // When the edit leaves only trivia there (a line break, indentation, a deleted line),
        // the region can end at the first child border after the edit: nothing in it can join
        // or be joined by an item. Typing Enter before the root's ID stays small this way.
        let border = children.border(atOrAfter: edit.range.end, from: first, in: content)
        if let plan = itemsPlan(path, level, children, replacing: first..<border, edit, onlyTrivia: true) {
            return plan
        }
        // Otherwise the region runs to a line break that is a direct child, so it holds whole
        // items on whole lines.
        var last = children.index(containing: min(edit.range.end, children.end(content.upperBound - 1) - 1), in: content)
        while last < content.upperBound - 1, !children.isNewline(last) { last += 1 }
        guard first > content.lowerBound || last < content.upperBound - 1 else { return nil }
        return itemsPlan(path, level, children, replacing: first..<(last + 1), edit, onlyTrivia: false)
    }

    /// Reparses the container's children in `replaced` with the edit applied, if the result is
    /// sure to equal a full parse (see `planLineReparse`); with `onlyTrivia`, only if the new
    /// text there holds nothing but trivia.
    private func itemsPlan(
        _ path: TreePath, _ level: Int, _ children: ChildOffsets, replacing replaced: Range<Int>,
        _ edit: TextEdit, onlyTrivia: Bool
    ) -> ReparsePlan? {
        let container = children.node
        let region = children.start(replaced.lowerBound)..<children.start(replaced.upperBound)
        guard region.lowerBound <= edit.range.start, edit.range.end <= region.upperBound,
            let relexed = relex(region, edit: edit, giveUp: onlyTrivia ? .afterSignificantToken : .never),
            relexed.bracesBalance, relexed.onlyTrivia || !onlyTrivia
        else { return nil }
        // A byte order mark is only one at the file's start, which items are not parsed as: at
        // the start, refuse when the old or the new text begins with one (the new first bytes
        // may come from after the region; an insertion before a mark makes it stray).
        if region.lowerBound == 0,
            buffer.starts(with: Self.byteOrderMark) || startsWithByteOrderMark(afterApplying: edit)
        {
            return nil
        }
        let items = relexed.bytes.withUnsafeBufferPointer { bytes in
            Parser.parseBlockContent(bytes, in: 0..<relexed.end)
        }
        let opening = firstSignificantToken(items)
        let previous = children.significantNode(before: replaced.lowerBound)
        // An unclosed block before the region takes in everything after it, new items included.
        if let previous, previous.isOpenEnded { return nil }
        if let opening, opening == .string || opening == .leftBrace || opening == .leftBracket, previous?.kind == .node {
            return nil
        }
        // Whether an attribute list is closed is decided by looking ahead to its `]`: an
        // unclosed one before the region may find one in the new text, and one in the region
        // may have found one past it. (Such a look never crosses a brace, so the block reparse
        // is safe.)
        if items.contains(where: { $0.hasUnclosedAttributes }) || hasUnclosedAttributes(before: region.lowerBound) {
            return nil
        }
        if let next = children.significantNode(after: replaced.upperBound - 1), canBeTakenByPreviousNode(next) {
            return nil
        }

        let replacement = path.replacement(ofNodeAt: level, with: container.replacingChildren(replaced, with: items))
        let depth = path.nodeCount(above: level)
        return ReparsePlan(
            scope: .lines, replacement: replacement, oldRange: ByteRange(region.lowerBound, region.upperBound),
            rescan: .items(GreenNode.make(.file, items), depth: depth, inBlock: container.kind == .block),
            removedIDs: ids.index.identifiers(in: ByteRange(region.lowerBound, region.upperBound), source: buffer))
    }

    /// Whether the text after `edit` begins with the UTF-8 byte order mark.
    private func startsWithByteOrderMark(afterApplying edit: TextEdit) -> Bool {
        var head = Array(buffer[0..<min(edit.range.start, 3)])
        head += edit.replacement.prefix(3 - head.count)
        head += buffer[edit.range.end..<min(edit.range.end + 3 - head.count, buffer.count)]
        return head == Self.byteOrderMark
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The innermost block or file on `path` whose content (inside its braces) holds the edit.
    private func containerLevel(in path: TreePath, around edit: TextEdit) -> Int? {
        var level = path.count - 1
        while level >= 0 {
            let step = path[level]
            defer { level -= 1 }
            switch step.node.kind {
            case .file:
                return level
            case .block:
                // Only a closed block: an unclosed one runs to the end of the file, but the
                // trivia after its last item belongs to the file, which items parsed as its
                // content would not reproduce. The edit must not touch the braces.
                guard BlockSyntax.isClosed(step.node) else { continue }
                if edit.range.start >= step.offset + 1, edit.range.end <= step.offset + step.node.length - 1 {
                    return level
                }
            case .node, .setting, .unexpected, .attributes, .attribute:
                continue
            }
        }
        return nil
    }

    private func firstSignificantToken(_ items: [GreenElement]) -> TokenKind? {
        for item in items {
            switch item {
            case .token(let token) where token.kind.isTrivia: continue
            case .token(let token): return token.kind
            case .node(let node): return node.firstToken
            }
        }
        return nil
    }

    /// Whether an unclosed attribute list starts before `offset` (read from the local
    /// diagnostics, which name every such list).
    private func hasUnclosedAttributes(before offset: Int) -> Bool {
        local.unclosedBrackets > 0 && local.contains(before: offset) { $0.code == .unclosedBracket }
    }

    /// A label or an attribute list (wrapped as unexpected) or an ID-less block, which a node
    /// ending just before it could take as its own.
    private func canBeTakenByPreviousNode(_ item: GreenNode) -> Bool {
        switch item.kind {
        case .unexpected: item.firstToken == .string || item.firstToken == .leftBracket
        case .node: item.firstToken == .leftBrace
        default: false
        }
    }
}

extension GreenElement {
    /// An item (a node, a setting such as `@class`, or a stray list wrapped as unexpected) whose
    /// own attribute list has no `]`.
    fileprivate var hasUnclosedAttributes: Bool {
        guard case .node(let item) = self, item.kind == .node || item.kind == .setting || item.kind == .unexpected
        else { return false }
        for index in 0..<item.count {
            if case .node(let inner) = item[index], let list = AttributesSyntax(inner, at: 0), !list.isClosed {
                return true
            }
        }
        return false
    }
}

extension GreenNode {
    /// A node whose block has no `}` (a closed block cannot hold an unclosed one, so the node's
    /// own block is the only one to look at).
    fileprivate var isOpenEnded: Bool {
        guard kind == .node, count > 0, case .node(let block) = self[count - 1], block.kind == .block else {
            return false
        }
        return !BlockSyntax.isClosed(block)
    }

    /// The kind of the first non-trivia token in this subtree (without recursion).
    fileprivate var firstToken: TokenKind? {
        var node = self
        descend: while true {
            for index in 0..<node.count {
                switch node[index] {
                case .token(let token) where token.kind.isTrivia: continue
                case .token(let token): return token.kind
                case .node(let inner):
                    node = inner
                    continue descend
                }
            }
            return nil
        }
    }
}

/// A container's children with their start offsets, and which of them are its content.
private struct ChildOffsets {
    let node: GreenNode
    private var starts: [Int]

    init(_ node: GreenNode, at offset: Int) {
        self.node = node
        starts = node.childStarts(from: offset)
    }

    /// Between the braces for a block (containers are closed blocks), everything for the file.
    var contentIndices: Range<Int> {
        BlockSyntax(node, at: starts[0])?.contentIndices ?? 0..<node.count
    }

    func start(_ index: Int) -> Int { starts[index] }
    func end(_ index: Int) -> Int { starts[index + 1] }

    /// The child of `indices` holding `offset` (binary search over the starts).
    func index(containing offset: Int, in indices: Range<Int>) -> Int {
        starts[indices].lastIndex(notAbove: offset)
    }

    /// The first child index from `first` whose start is at or after `offset` (the content's
    /// end index when none is).
    func border(atOrAfter offset: Int, from first: Int, in indices: Range<Int>) -> Int {
        var index = first
        while index < indices.upperBound, starts[index] < offset { index += 1 }
        return index
    }

    func isNewline(_ index: Int) -> Bool { node[index].tokenKind == .newline }

    /// The nearest inner node before `index` with only trivia between, or nil.
    func significantNode(before index: Int) -> GreenNode? {
        var cursor = index - 1
        while cursor >= 0 {
            switch node[cursor] {
            case .token(let token) where token.kind.isTrivia: cursor -= 1
            case .token: return nil
            case .node(let inner): return inner
            }
        }
        return nil
    }

    /// The nearest inner node after `index` with only trivia between, or nil.
    func significantNode(after index: Int) -> GreenNode? {
        var cursor = index + 1
        while cursor < node.count {
            switch node[cursor] {
            case .token(let token) where token.kind.isTrivia: cursor += 1
            case .token: return nil
            case .node(let inner): return inner
            }
        }
        return nil
    }
}
