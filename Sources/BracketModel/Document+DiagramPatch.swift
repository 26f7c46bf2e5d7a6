import BracketSyntax

/// An edit the document applied by relexing one token in place (`ReparseScope.token`): the
/// range it replaced, in the text before it, and the replacement's length in bytes.
public struct TokenEdit: Sendable, Hashable {
    public var range: ByteRange
    public var newLength: Int

    public init(range: ByteRange, newLength: Int) {
        self.range = range
        self.newLength = newLength
    }
}

extension Document {
    /// The diagram of this document, from `old` — its diagram before `edits`, built with the
    /// same `defaults` — when every edit relexed one token in place: a character typed in a
    /// label or an ID, in the spaces or a comment. Such an edit changes at most one node's ID
    /// and label and moves the offsets after it; everything else (order, parents, depths) stays,
    /// so the update costs one pass over the offset columns instead of a walk of the whole tree
    /// (~20 ms at 131,071 nodes, after every keystroke the preview draws).
    ///
    /// Nil, and the caller builds the diagram anew, for anything else: a tree with attributes
    /// or results (their labels and outcomes are derived across nodes), an edit that touches a
    /// node's first byte, reaches past its node, or leaves a header that does not read as an ID,
    /// an optional label, then the node's attributes, block or end.
    ///
    /// `edited` lists (ascending) the nodes whose ID and label were read again: no other node's
    /// ID or label changed.
    public func diagram(updating old: Diagram, after edits: [TokenEdit], defaults: LayoutSettings = .tutorial)
        -> (diagram: Diagram, edited: [Int])?
    {
        guard resultAttributes.isEmpty, !old.hasAttributes else { return nil }
        var nodes = old.nodes
        // Headers are read once all offsets have moved, from the final text.
        var edited: Set<Int> = []
        for edit in edits {
            guard let owner = Self.shift(&nodes, for: edit) else { return nil }
            if owner >= 0 { edited.insert(owner) }
        }
        let sorted = edited.sorted()
        for index in sorted {
            guard Self.rereadHeader(&nodes, index, text: text) != nil else { return nil }
        }
        return (Diagram(nodes: nodes, settings: fileSettings.applied(to: defaults)), sorted)
    }

    /// Moves `nodes`' offsets for one edit (offsets in the text before it). Returns the node
    /// whose header holds the edit (-1 for none: the edit is in spaces, a comment or a setting
    /// outside every header), or nil when the edit is not a local one.
    private static func shift(_ nodes: inout DiagramNodes, for edit: TokenEdit) -> Int? {
        let start = edit.range.start, end = edit.range.end
        let owner: Int
        let inHeader: Bool
        do {
            let ranges = nodes.ranges
            // The first node starting at or after the edit must start after it (an edit at a
            // node's first byte may change where the node starts, or whether it is one).
            var low = 0, high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].start < start { low = middle + 1 } else { high = middle }
            }
            if low < ranges.count, ranges[low].start <= end { return nil }
            // The node the edit may be in: the last one starting before it. No child of it
            // starts before the edit, so its header holds the edit unless the edit is past its end.
            owner = low - 1
            inHeader = owner >= 0 && start <= ranges[owner].end
            if inHeader, ranges[owner].end < end { return nil }
        }
        nodes.shiftOffsets(after: edit.range, by: edit.newLength - edit.range.length)
        return inHeader ? owner : -1
    }

    /// Reads node `index`'s ID and label again from `text` (its offsets already moved), up to
    /// the next node's start: the ID, an optional label, then the block's `{`; for a node without
    /// a block, what follows may be its parent's `}` or nothing, and the node ends with its
    /// header (an edit right at its end may have made it longer or not).
    private static func rereadHeader(_ nodes: inout DiagramNodes, _ index: Int, text: [UInt8]) -> Void? {
        let range = nodes.ranges[index]
        let limit = index + 1 < nodes.count ? nodes.ranges[index + 1].start : text.count
        guard range.start >= 0, limit <= text.count, range.start < limit else { return nil }
        return text.withUnsafeBufferPointer { bytes -> Void? in
            var lexer = Lexer(bytes, in: range.start..<limit, atFileStart: false)
            guard let first = lexer.next(), first.kind == .word else { return nil }
            let idRange = ByteRange(start: range.start, length: first.length)
            var headerEnd = idRange.end
            var token = lexer.next()
            while let next = token, next.kind.isTrivia { token = lexer.next() }
            var label: ByteRange?
            if let next = token, next.kind == .string {
                label = ByteRange(start: lexer.position - next.length, length: next.length)
                headerEnd = lexer.position
                token = lexer.next()
                while let next = token, next.kind.isTrivia { token = lexer.next() }
            }
            // After the header: the block, or (a node without one) the parent's `}` or the next
            // node. Anything else, an attribute list above all, may hold the string the tree
            // takes as the label.
            let hasBlock = token?.kind == .leftBrace
            if let next = token, !hasBlock, next.kind != .rightBrace { return nil }
            if !hasBlock, nodes.childCounts[index] > 0 { return nil }
            let id = String(decoding: bytes[idRange.start..<idRange.end], as: UTF8.self)
            let text = label.map { LabelText(token: ArraySlice(bytes[$0.start..<$0.end])) }
            nodes.setHeader(of: index, id: id, label: text?.value ?? "Node \(id)", hasExplicitLabel: text != nil,
                            idRange: idRange)
            if !hasBlock { nodes.setEnd(headerEnd, of: index) }
            return ()
        }
    }
}
