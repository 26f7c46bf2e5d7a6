/// The builder's side of the parser's line fast path (Parser+Lines.swift): one call per line,
/// which leaves the builder exactly as the item loop's calls for that line's tokens would, with
/// one capacity check and the stack's count kept in a register instead of a load, a check and a
/// store per token.
///
/// Every call starts with no token peeked: pending trivia (the previous line's break, say) may
/// be on the stack, and the line's indentation joins it. Each leaves the line's break pending,
/// since it belongs to whichever node is innermost when the next token is placed. Offsets are
/// in the lexer's coordinates; every length is at most `maxTokenLength` (the caller checks the
/// whole line against it).
extension GreenBuilder {
    /// `INDENT? ID BREAK`, where the ID is a leaf.
    @inline(__always)
    mutating func placeLeafLine(indent: Int, id: Int, idLength: Int, lineBreak: Int) {
        nodesFinished &+= 1
        let node = leaf(GreenWord.token(.word, idLength))
        placeNodeLine(indent: indent, node: node, end: id &+ idLength, lineBreak: lineBreak)
    }

    /// `INDENT? ID " " LABEL BREAK`: a node of three tokens, written straight into the arena.
    @inline(__always)
    mutating func placeLabelledLeafLine(indent: Int, id: Int, idLength: Int, labelLength: Int, lineBreak: Int) {
        nodesFinished &+= 1
        words.reserve(5)
        let node = words.count
        let target = words.base + node
        target[0] = UInt64(truncatingIfNeeded: idLength &+ 1 &+ labelLength)
        target[1] = GreenBits(kind: .node, count: 3, nodeCount: 1).raw
        target[2] = GreenWord.token(.word, idLength)
        target[3] = GreenWord.token(.whitespace, 1)
        target[4] = GreenWord.token(.string, labelLength)
        words.count = node &+ 5
        placeNodeLine(indent: indent, node: node, end: id &+ idLength &+ 1 &+ labelLength, lineBreak: lineBreak)
    }

    /// The rest of a line holding one finished node (its arena offset `node`, its text ending at
    /// `end`): the indentation before it joins the pending trivia, the node is placed, and the
    /// line break is left pending.
    @inline(__always)
    private mutating func placeNodeLine(indent: Int, node: Int, end: Int, lineBreak: Int) {
        let (base, lineStart) = beginLine(indent: indent, room: 3)
        var count = lineStart
        base[count] = GreenWord.local(node)
        count &+= 1
        offset = end
        placedCount = count
        base[count] = GreenWord.token(.newline, lineBreak)
        elements.count = count &+ 1
    }

    /// `INDENT? ID (" " LABEL)? " " { BREAK`: opens the node and its block (`labelLength` 0
    /// for no label).
    @inline(__always)
    mutating func placeParentLine(indent: Int, id: Int, idLength: Int, labelLength: Int, lineBreak: Int) {
        let (base, lineStart) = beginLine(indent: indent, room: 7)
        var count = lineStart
        open.push(OpenNode(kind: .node, start: count, offset: id, nodes: nodesFinished))
        base[count] = GreenWord.token(.word, idLength)
        count &+= 1
        var at = id &+ idLength
        if labelLength != 0 {
            base[count] = GreenWord.token(.whitespace, 1)
            base[count &+ 1] = GreenWord.token(.string, labelLength)
            count &+= 2
            at &+= 1 &+ labelLength
        }
        base[count] = GreenWord.token(.whitespace, 1)
        count &+= 1
        at &+= 1
        open.push(OpenNode(kind: .block, start: count, offset: at, nodes: nodesFinished))
        base[count] = GreenWord.token(.leftBrace, 1)
        count &+= 1
        offset = at &+ 1
        placedCount = count
        base[count] = GreenWord.token(.newline, lineBreak)
        elements.count = count &+ 1
    }

    /// `INDENT? } BREAK`, with a block open: places the brace and finishes the block and its node.
    @inline(__always)
    mutating func placeClosingLine(indent: Int, brace: Int, lineBreak: Int) {
        let (base, lineStart) = beginLine(indent: indent, room: 2)
        var count = lineStart
        base[count] = GreenWord.token(.rightBrace, 1)
        count &+= 1
        offset = brace &+ 1
        elements.count = count
        placedCount = count
        finishBlockAndNode()
        elements.push(GreenWord.token(.newline, lineBreak))
    }

    /// Makes room for a line's `room` stack words and pushes its indentation, if any, as pending
    /// trivia; returns where the line's next word goes.
    @inline(__always)
    private mutating func beginLine(indent: Int, room: Int) -> (UnsafeMutablePointer<UInt64>, Int) {
        elements.reserve(room)
        let base = elements.base
        var count = elements.count
        if indent != 0 {
            base[count] = GreenWord.token(.whitespace, indent)
            count &+= 1
        }
        return (base, count)
    }

    /// `INDENT? BREAK`: trivia only, all of it pending.
    @inline(__always)
    mutating func placeBlankLine(indent: Int, lineBreak: Int) {
        elements.reserve(2)
        if indent != 0 { elements.push(GreenWord.token(.whitespace, indent)) }
        elements.push(GreenWord.token(.newline, lineBreak))
    }

    /// Finishes a block and the node it belongs to (the two innermost open nodes), with no
    /// trivia pending: what a `}` ends. The same nodes as two `finish()` calls, written with one
    /// capacity check and none of `finish`'s cases for leaves, empty nodes and pending trivia:
    /// the block takes its first child's slot on the stack, which makes it the node's last child.
    @inline(__always)
    mutating func finishBlockAndNode() {
        let block = open.pop()
        let node = open.pop()
        assert(block.kind == .block && node.kind == .node && placedCount == elements.count)
        let blockChildren = elements.count &- block.start
        let nodeChildren = block.start &- node.start &+ 1
        words.reserve(4 &+ blockChildren &+ nodeChildren)
        let blockHeader = words.count
        store(block, children: blockChildren, at: words.base + blockHeader)
        elements[block.start] = GreenWord.local(blockHeader)
        nodesFinished &+= 1
        let nodeHeader = blockHeader &+ 2 &+ blockChildren
        store(node, children: nodeChildren, at: words.base + nodeHeader)
        words.count = nodeHeader &+ 2 &+ nodeChildren
        elements[node.start] = GreenWord.local(nodeHeader)
        elements.count = node.start &+ 1
        placedCount = elements.count
    }
}
