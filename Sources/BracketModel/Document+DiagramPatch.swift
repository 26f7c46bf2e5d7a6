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
    /// A tree with edge labels is patched the same way: an edge label belongs to its node alone,
    /// so a header followed by an attribute list is read again from the tree (`rereadNode`),
    /// edge label included (the document reparses an edit inside the list as lines today, so
    /// that edit comes as a splice).
    ///
    /// A tree with results (scores or winners: labels and outcomes derived across nodes) takes
    /// the nodes the document keeps resolved (`resolvedDiagramAfterTokenEdits`).
    ///
    /// Nil, and the caller builds the diagram anew, for anything else: an edit that touches a
    /// node's first byte, reaches past its node, or leaves a header that does not read as an ID,
    /// an optional label, then the node's attributes, block or end.
    ///
    /// `edited` lists (ascending) the nodes whose ID and label were read again: no other node's
    /// ID or label changed.
    public func diagramRereadingHeaders(of old: Diagram, after edits: [TokenEdit], defaults: LayoutSettings = .tutorial)
        -> (diagram: Diagram, edited: [Int])?
    {
        if old.recordsResults || !resultAttributes.isEmpty {
            return resolvedDiagramAfterTokenEdits(of: old, after: edits, defaults: defaults)
        }
        var nodes = old.nodes
        // Headers are read once all offsets have moved, from the final text.
        var edited: Set<Int> = []
        for edit in edits {
            guard let owner = Self.shift(&nodes, for: edit) else { return nil }
            if owner >= 0 { edited.insert(owner) }
        }
        let sorted = edited.sorted()
        let source = text
        for index in sorted {
            switch Self.rereadHeader(&nodes, index, text: source) {
            case .read: continue
            case .attributed: guard rereadNode(&nodes, index, source: source) else { return nil }
            case .unreadable: return nil
            }
        }
        return (Diagram(nodes: nodes, settings: fileSettings.applied(to: defaults)), sorted)
    }

    /// The same for a tree with results, whose nodes the document already keeps resolved
    /// (`resultState`, brought up to every one-token edit by `updateResults`): they are the
    /// answer, and what is left is to say which rows may differ from `old`'s. Those are the
    /// edited headers' nodes and, up from each, the matches it advanced through (a parent
    /// without a label shows its winner's, and every card a competitor reached shows its
    /// entrant's ID). Nil when the document has no kept results or the edits are not local.
    private func resolvedDiagramAfterTokenEdits(of old: Diagram, after edits: [TokenEdit], defaults: LayoutSettings)
        -> (diagram: Diagram, edited: [Int])?
    {
        guard let resolved = resultState?.nodes, resolved.count == old.nodes.count else { return nil }
        var nodes = old.nodes
        var edited: Set<Int> = []
        for edit in edits {
            guard let owner = Self.shift(&nodes, for: edit) else { return nil }
            if owner >= 0 { edited.insert(owner) }
        }
        for owner in Array(edited) {
            var card = owner
            while resolved.isWinners[card], case let parent = Int(resolved.parents[card]), parent >= 0 {
                edited.insert(parent)
                card = parent
            }
        }
        return (Diagram(nodes: resolved, settings: fileSettings.applied(to: defaults)), edited.sorted())
    }

    /// The same for a tree with results after edits of any kind that each stayed inside one
    /// node's header — a score typed into an attribute list, a `winner` flag written or taken
    /// out, which the document reparses as lines — and left every row where it was (the same
    /// count, parents and ID ranges once the offsets moved: no node came or went). Each edit
    /// changed its node's own row; what results mean flows up the matches (`DiagramResults`),
    /// so the rows that may differ from `old`'s are those nodes, their ancestors (outcome,
    /// entrant, the label a parent shows) and the ancestors' children (winner, loser or bye).
    /// That is the edited nodes' depth times their ancestors' children, not the tree. Nil when
    /// the document keeps no results or an edit is not inside one header.
    func resolvedDiagramAfterHeaderEdits(of old: Diagram, after edits: [TokenEdit], defaults: LayoutSettings)
        -> (diagram: Diagram, edited: [Int])?
    {
        guard !resultAttributes.isEmpty || old.recordsResults, let resolved = resultState?.nodes,
              resolved.count == old.nodes.count, resolved.recordsResults == old.recordsResults else { return nil }
        var nodes = old.nodes
        var owners: Set<Int> = []
        for edit in edits {
            guard let owner = Self.shift(&nodes, for: edit) else { return nil }
            if owner >= 0 { owners.insert(owner) }
        }
        guard nodes.parents == resolved.parents, nodes.idRanges == resolved.idRanges else { return nil }
        var edited = owners
        var visited: Set<Int> = []
        for owner in owners {
            var card = owner
            while case let parent = Int(resolved.parents[card]), parent >= 0, visited.insert(parent).inserted {
                edited.insert(parent)
                var child = parent + 1
                while child < Int(resolved.subtreeEnds[parent]) {
                    edited.insert(child)
                    child = Int(resolved.subtreeEnds[child])
                }
                card = parent
            }
        }
        return (Diagram(nodes: resolved, settings: fileSettings.applied(to: defaults)), edited.sorted())
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

    /// How `rereadHeader` went.
    enum HeaderRead {
        /// The row holds the header as it now reads.
        case read
        /// The header is followed by an attribute list: read the node from the tree instead.
        case attributed
        /// The header does not read as one: build the diagram anew.
        case unreadable
    }

    /// Reads node `index`'s ID and label again from `text` (its offsets already moved), up to
    /// the next node's start: the ID, an optional label, then the block's `{`; for a node without
    /// a block, what follows may be its parent's `}` or nothing, and the node ends with its
    /// header (an edit right at its end may have made it longer or not). A `[` after the header
    /// (an attribute list) is left to `rereadNode`.
    static func rereadHeader(_ nodes: inout DiagramNodes, _ index: Int, text: [UInt8]) -> HeaderRead {
        let range = nodes.ranges[index]
        let limit = index + 1 < nodes.count ? nodes.ranges[index + 1].start : text.count
        guard range.start >= 0, limit <= text.count, range.start < limit else { return .unreadable }
        return text.withUnsafeBufferPointer { bytes -> HeaderRead in
            var lexer = Lexer(bytes, in: range.start..<limit, atFileStart: false)
            guard let first = lexer.next(), first.kind == .word else { return .unreadable }
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
            if token?.kind == .leftBracket { return .attributed }
            if let next = token, !hasBlock, next.kind != .rightBrace { return .unreadable }
            if !hasBlock, nodes.childCounts[index] > 0 { return .unreadable }
            let id = String(decoding: bytes[idRange.start..<idRange.end], as: UTF8.self)
            let text = label.map { LabelText(token: ArraySlice(bytes[$0.start..<$0.end])) }
            nodes.setHeader(of: index, id: id, label: text?.value ?? "Node \(id)", hasExplicitLabel: text != nil,
                            idRange: idRange)
            if !hasBlock { nodes.setEnd(headerEnd, of: index) }
            return .read
        }
    }

    /// Reads node `index` (its offsets already moved) again from the tree, as `buildDiagram`
    /// reads it: ID, label, edge label and extent. One path down the tree (its depth, each level
    /// a binary search), for a node with an attribute list: the tree says where the node ends
    /// and what the list holds, with the grammar's rules rather than a second reading of them.
    /// False when the tree has no node with an ID there, the node gained or lost its block
    /// while it has children, or its attributes record a result — unless `keepingResults`
    /// (a tree whose results are worked out again after the reread: `updateResults`), where
    /// they must record the score the row has.
    func rereadNode(_ nodes: inout DiagramNodes, _ index: Int, source: [UInt8], keepingResults: Bool = false) -> Bool {
        let start = nodes.ranges[index].start
        guard start >= 0, start < source.count else { return false }
        let path = tree.path(to: start)
        var found: NodeSyntax?
        for step in path where step.node.kind == .node && step.offset == start {
            found = NodeSyntax(node: step.node, at: step.offset)
        }
        guard let node = found, let idRange = node.id, idRange.start == start,
              node.block != nil || nodes.childCounts[index] == 0 else { return false }
        let attributes = node.attributes.map { NodeAttributes($0, source: source) }
        if keepingResults {
            // A status decides a match as a score does: a changed one needs the results pass.
            guard attributes?.score == nodes.scores[index], attributes?.status == nodes.status(index) else { return false }
        } else {
            guard attributes?.recordsResult != true else { return false }
        }
        let header = DiagramNode.header(of: node, id: idRange, source: source)
        nodes.setHeader(of: index, id: header.id, label: header.label, hasExplicitLabel: header.hasExplicitLabel,
                        idRange: idRange)
        if !nodes.storesAttributes(of: index, attributes) {
            // The score is the row's (equal, or none: checked above); the results pass keeps it.
            var stored = attributes
            stored?.score = nodes.scores[index]
            nodes.setAttributes(of: index, stored)
        }
        if nodes.ranges[index].end != node.range.end { nodes.setEnd(node.range.end, of: index) }
        return true
    }
}
