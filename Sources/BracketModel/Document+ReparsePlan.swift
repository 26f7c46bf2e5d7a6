import BracketSyntax

extension Document {
    /// An edit inside one token whose kind survives it and whose neighbours are unaffected:
    /// trivia, a node's ID, or a node's label. Nothing else in the tree changes shape.
    func planTokenRelex(_ edit: TextEdit) -> ReparsePlan? {
        let delta = edit.replacement.count - edit.range.length
        let path = tree.path(to: edit.range.start)
        guard let leaf = path.last, leaf.childIndex >= 0 else { return nil }
        // At a boundary the edit may belong to the token ending there or the one starting there.
        var candidates = [leaf.childIndex]
        if leaf.childIndex > 0 { candidates.append(leaf.childIndex - 1) }
        for childIndex in candidates {
            guard case .token(let kind, let oldLength) = leaf.node[childIndex] else { continue }
            var tokenStart = leaf.offset
            for index in 0..<childIndex { tokenStart += leaf.node[index].length }
            let tokenEnd = tokenStart + Int(oldLength)
            guard tokenStart <= edit.range.start, edit.range.end <= tokenEnd,
                tokenEnd + delta > tokenStart
            else { continue }
            let rescan: ReparsePlan.Rescan
            var removedIDs: [(id: String, range: ByteRange)] = []
            switch (kind, leaf.node.kind) {
            case (.whitespace, .file), (.whitespace, .node), (.whitespace, .block),
                (.comment, .file), (.comment, .node), (.comment, .block),
                (.newline, .file), (.newline, .node), (.newline, .block):
                rescan = .nothing
            case (.word, .node) where childIndex == 0:
                let depth = path.dropLast().filter { $0.node.kind == .node }.count
                rescan = .identifier(depth: depth)
                removedIDs = [(string(in: ByteRange(tokenStart, tokenEnd)), ByteRange(tokenStart, tokenEnd))]
            case (.string, .node):
                rescan = .label
            default:
                continue
            }
            guard let tokens = relex(tokenStart..<tokenEnd, edit: edit), tokens.count == 1, tokens[0].kind == kind
            else { continue }
            var replacement = GreenElement.token(kind, UInt32(tokens[0].length))
            var level = path.count - 1
            while level >= 0 {
                let step = path[level]
                let index = level == path.count - 1 ? childIndex : step.childIndex
                replacement = .node(step.node.replacingChildren(index..<(index + 1), with: CollectionOfOne(replacement)))
                level -= 1
            }
            guard case .node(let newRoot) = replacement else { return nil }
            return ReparsePlan(
                scope: .token, newRoot: newRoot, oldRange: ByteRange(tokenStart, tokenEnd), rescan: rescan,
                removedIDs: removedIDs)
        }
        return nil
    }

    /// An edit strictly inside the braces of a closed block, whose new content still lexes to
    /// exactly those braces and balances: that block alone is reparsed (rust-analyzer's rule).
    func planBlockReparse(_ edit: TextEdit) -> ReparsePlan? {
        let path = tree.path(to: edit.range.start)
        var level = path.count - 1
        while level >= 0 {
            let step = path[level]
            defer { level -= 1 }
            guard step.node.kind == .block, step.node.count >= 2,
                case .token(.rightBrace, _) = step.node[step.node.count - 1]
            else { continue }
            // A block written without an ID carries its node's `expected-node` error on its `{`;
            // that belongs to the node, so such a block is reparsed together with its parent.
            if level > 0, path[level - 1].childIndex == 0 { continue }
            let blockStart = step.offset
            let blockEnd = step.offset + step.node.length
            guard edit.range.start >= blockStart + 1, edit.range.end <= blockEnd - 1,
                let tokens = relex((blockStart + 1)..<(blockEnd - 1), edit: edit), bracesBalance(tokens)
            else { continue }
            var elements: [GreenElement] = [.token(.leftBrace, 1)]
            elements.append(contentsOf: Parser.parseBlockContent(tokens: tokens))
            elements.append(.token(.rightBrace, 1))
            let newBlock = GreenNode.make(.block, elements)
            var replacement = GreenElement.node(newBlock)
            var up = level - 1
            while up >= 0 {
                let parent = path[up]
                replacement = .node(parent.node.replacingChildren(
                    parent.childIndex..<(parent.childIndex + 1), with: CollectionOfOne(replacement)))
                up -= 1
            }
            guard case .node(let newRoot) = replacement else { return nil }
            let depth = path[0..<level].filter { $0.node.kind == .node }.count
            return ReparsePlan(
                scope: .block, newRoot: newRoot, oldRange: ByteRange(blockStart, blockEnd),
                rescan: .subtree(newBlock, depth: depth),
                removedIDs: Document.identifiers(in: step.node, at: blockStart, source: text))
        }
        return nil
    }

    /// Lexes what `region` (old offsets, containing the edit) becomes after the edit. Returns nil
    /// unless lexing stops exactly at the region's end: one byte of the text after it is shown to
    /// the lexer, so a token that would run on past the region (an unclosed string swallowing a
    /// `}`, a CR meeting an LF) is caught.
    func relex(_ region: Range<Int>, edit: TextEdit) -> [Lexer.Token]? {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(region.count + edit.replacement.count + 1)
        buffer.append(contentsOf: text[region.lowerBound..<edit.range.start])
        buffer.append(contentsOf: edit.replacement)
        buffer.append(contentsOf: text[edit.range.end..<region.upperBound])
        let stop = buffer.count
        if region.upperBound < text.count { buffer.append(text[region.upperBound]) }
        var tokens: [Lexer.Token] = []
        let reached = buffer.withUnsafeBufferPointer { bytes in
            Lexer.tokenize(bytes, in: 0..<bytes.count, atFileStart: region.lowerBound == 0, stopAt: stop, into: &tokens)
        }
        return reached == stop ? tokens : nil
    }
}

/// True when every `}` closes an earlier `{` and none is left open.
func bracesBalance(_ tokens: [Lexer.Token]) -> Bool {
    var depth = 0
    for token in tokens {
        if token.kind == .leftBrace { depth += 1 }
        if token.kind == .rightBrace {
            depth -= 1
            if depth < 0 { return false }
        }
    }
    return depth == 0
}
