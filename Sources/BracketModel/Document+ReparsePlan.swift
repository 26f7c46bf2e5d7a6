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
            guard case .token(let oldToken) = leaf.node[childIndex] else { continue }
            let kind = oldToken.kind
            let tokenStart = leaf.node.childStart(childIndex, from: leaf.offset)
            let tokenEnd = tokenStart + oldToken.length
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
                let depth = path.nodeCount(above: path.count - 1)
                rescan = .identifier(depth: depth)
                removedIDs = [(string(in: ByteRange(tokenStart, tokenEnd)), ByteRange(tokenStart, tokenEnd))]
            case (.string, .node):
                rescan = .label
            default:
                continue
            }
            // A token too long for one element is stored in pieces; relexing one piece alone
            // either runs past it (rejected below) or, for the last piece, must stay one element.
            guard let relexed = relex(tokenStart..<tokenEnd, edit: edit, giveUp: .afterOneToken), relexed.tokenCount == 1,
                let first = relexed.first, first.kind == kind, first.length <= GreenToken.maxLength
            else { continue }
            let replacement = path.replacement(ofChild: childIndex, at: path.count - 1, with: .token(kind, first.length))
            return ReparsePlan(
                scope: .token, replacement: replacement, oldRange: ByteRange(tokenStart, tokenEnd), rescan: rescan,
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
            defer { level -= 1 }
            guard path.kind(at: level) == .block else { continue }
            let step = path[level]
            guard BlockSyntax.isClosed(step.node) else { continue }
            // A block written without an ID carries its node's `expected-node` error on its `{`;
            // that belongs to the node, so such a block is reparsed together with its parent.
            if level > 0, path[level - 1].childIndex == 0 { continue }
            let blockStart = step.offset
            let blockEnd = step.offset + step.node.length
            guard edit.range.start >= blockStart + 1, edit.range.end <= blockEnd - 1,
                let relexed = relex((blockStart + 1)..<(blockEnd - 1), edit: edit), relexed.bracesBalance
            else { continue }
            var elements: [GreenElement] = [.token(.leftBrace, 1)]
            elements.append(contentsOf: relexed.bytes.withUnsafeBufferPointer { bytes in
                Parser.parseBlockContent(bytes, in: 0..<relexed.end)
            })
            elements.append(.token(.rightBrace, 1))
            let newBlock = GreenNode.make(.block, elements)
            let depth = path.nodeCount(above: level)
            return ReparsePlan(
                scope: .block, replacement: path.replacement(ofNodeAt: level, with: newBlock), oldRange: ByteRange(blockStart, blockEnd),
                rescan: .subtree(newBlock, depth: depth),
                removedIDs: ids.index.identifiers(in: ByteRange(blockStart, blockEnd), source: buffer))
        }
        return nil
    }

    /// Lexes what `region` (old offsets, containing the edit) becomes after the edit. Returns nil
    /// unless lexing stops exactly at the region's end: one byte of the text after it is shown to
    /// the lexer, so a token that would run on past the region (an unclosed string swallowing a
    /// `}`, a CR meeting an LF) is caught. Lexing `bytes[0..<end]` alone then gives the same
    /// tokens, since none of them needed to look past `end`. Also nil when the token before the
    /// region would run into it: a CR before the region meeting a new LF (found by the fuzzer).
    ///
    /// A caller that can only use one answer says so with `giveUp`, and gets nil as soon as the
    /// tokens rule it out (a 1,000-line paste was lexed whole three times over before the line
    /// reparse that takes it, by a token relex and an only-trivia region that the first line
    /// already refused).
    func relex(_ region: Range<Int>, edit: TextEdit, giveUp: RelexLimit = .never) -> Relexed? {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(region.count + edit.replacement.count + 1)
        buffer.append(contentsOf: self.buffer[region.lowerBound..<edit.range.start])
        buffer.append(contentsOf: edit.replacement)
        buffer.append(contentsOf: self.buffer[edit.range.end..<region.upperBound])
        let stop = buffer.count
        if region.upperBound < self.buffer.count { buffer.append(self.buffer[region.upperBound]) }
        var relexed = Relexed(bytes: [], end: stop)
        var depth = 0
        let reached = buffer.withUnsafeBufferPointer { bytes in
            var lexer = Lexer(bytes, in: 0..<bytes.count, atFileStart: region.lowerBound == 0)
            while lexer.position < stop, let token = lexer.next() {
                if relexed.tokenCount == 0 { relexed.first = token }
                relexed.tokenCount += 1
                if !token.kind.isTrivia { relexed.onlyTrivia = false }
                switch giveUp {
                case .never: break
                case .afterOneToken: if relexed.tokenCount > 1 { return -1 }
                case .afterSignificantToken: if !relexed.onlyTrivia { return -1 }
                }
                // Every `}` must close an earlier `{`, and none may be left open.
                if token.kind == .leftBrace { depth += 1 }
                if token.kind == .rightBrace {
                    depth -= 1
                    if depth < 0 { relexed.bracesBalance = false }
                }
            }
            return lexer.position
        }
        guard reached == stop else { return nil }
        relexed.braceDepth = depth
        // The token before the region ended where the region starts; only a lone CR can grow
        // past that point (into CRLF), so a region that now starts with LF after a CR is refused.
        if region.lowerBound > 0, self.buffer[region.lowerBound - 1] == 0x0D, buffer.first == 0x0A { return nil }
        if depth != 0 { relexed.bracesBalance = false }
        relexed.bytes = buffer
        return relexed
    }
}

/// When `Document.relex` may stop early and return nil.
enum RelexLimit {
    case never
    /// A second token: only a region that stays one token is wanted.
    case afterOneToken
    /// A token that is not trivia: only a region of trivia is wanted.
    case afterSignificantToken
}

/// What a region lexes to after an edit: its bytes (with possibly one byte of the following text
/// after `end`), how many tokens, the first one, whether its braces balance, and whether it is
/// all trivia.
struct Relexed {
    var bytes: [UInt8]
    var end: Int
    var tokenCount = 0
    var first: Lexer.Token?
    var bracesBalance = true
    /// No token but whitespace, line breaks, comments or a byte order mark.
    var onlyTrivia = true
    /// How many more `{` than `}` tokens.
    var braceDepth = 0
}

extension Document {
    /// How much the edit changes the count of `{` minus `}` tokens in the whole text, found by
    /// lexing only the old tokens it touches and what they become; nil when the new text does
    /// not lex back in step with the old one by their end (an unclosed quote typed, say), unless
    /// no brace is involved at all (then 0: the caller's next step is the same for both).
    ///
    /// A text whose braces balanced keeps no balanced block around an edit that changes this
    /// count, so the line and block reparses need not try: each would lex its whole region to
    /// find out, and the regions around an edit grow to the whole file (the root's block), which
    /// made `wrap {` typed before a node cost a lex of every enclosing block before the full parse.
    func braceCountChange(_ edit: TextEdit) -> Int? {
        guard let first = tree.token(at: max(0, edit.range.start - 1)), let last = tree.token(at: edit.range.end) else {
            return nil
        }
        let region = min(first.range.start, edit.range.start)..<max(last.range.end, edit.range.end)
        // Without a brace byte in the old tokens or the new text, no brace token can come or go:
        // the answer is 0 or (text that does not lex back in step) nil, and callers go on to the
        // line and block reparses either way. A scan for two byte values costs a fraction of the
        // lex (the 25 KB of a 1,000-line paste, or of its undo, were lexed once more here).
        if !edit.replacement.withUnsafeBufferPointer(Self.containsBrace), !buffer.withBytes(in: region, Self.containsBrace) {
            return 0
        }
        guard let relexed = relex(region, edit: edit) else { return nil }
        let old = buffer.withBytes(in: region) { bytes in
            // The region's bytes alone (index 0 is its start): the lexer stops at their end.
            var lexer = Lexer(bytes, in: 0..<bytes.count, atFileStart: region.lowerBound == 0)
            var depth = 0
            while lexer.position < bytes.count, let token = lexer.next() {
                if token.kind == .leftBrace { depth += 1 }
                if token.kind == .rightBrace { depth -= 1 }
            }
            return depth
        }
        return relexed.braceDepth - old
    }

    /// Whether `bytes` hold a `{` or a `}`, eight bytes a step in plain integers.
    static func containsBrace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte of `word` is zero exactly when this is non-zero (the classic test is exact as a
        // yes or no, though not in which byte it names).
        func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if hasZeroByte(word ^ (ones &* 0x7B)) || hasZeroByte(word ^ (ones &* 0x7D)) { return true }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "}") { return true }
            index += 1
        }
        return false
    }
}
