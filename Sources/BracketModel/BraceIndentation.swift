import BracketSyntax

/// Finds the `}` that is one too many, where it is written rather than where its effects land.
///
/// An extra `}` closes a block early: the parser is right to end the block there, and what
/// follows becomes a second root or an unmatched `}` at the end, far from the mistake. The
/// indentation tells where the writer thought the block ended. A block is closed early when
/// the item after its `}` starts a later line indented deeper than the line that opened the
/// block: that item was meant to be inside. The first such block along the path of blocks
/// closed early (the outermost holds the innermost, since closing one early moves every later
/// `}` up one level) has the extra brace.
///
/// Asked only when the file shows the symptoms (several roots, or a `}` matching nothing), and
/// it looks along one path of blocks, so it stays cheap on every edit.
struct BraceIndentation {
    let source: TextBuffer
    let lineIndex: LineIndex

    func earlyCloseBrace(in file: GreenNode) -> Diagnostic? {
        var items = significantItems(of: file, at: 0, in: 0..<file.count)
        // Only a node followed by another item can have been closed early.
        var candidate: (node: NodeSyntax, next: Int)?
        for (index, item) in items.enumerated().dropLast() {
            guard case .node(let node) = item.kind, closedEarly(node, next: items[index + 1].start) else { continue }
            candidate = (node, items[index + 1].start)
            break
        }
        guard var current = candidate else { return nil }
        // Go down while a child block was closed early too.
        descend: while let block = current.node.block, let close = block.closeBrace {
            items = significantItems(of: block.green, at: block.offset, in: block.contentIndices)
            for (index, item) in items.enumerated() {
                guard case .node(let child) = item.kind else { continue }
                let next = index + 1 < items.count ? items[index + 1].start : close.start
                if closedEarly(child, next: next) {
                    current = (child, next)
                    continue descend
                }
            }
            break
        }
        guard let block = current.node.block, let close = block.closeBrace else { return nil }
        let name = current.node.id.map { "'" + String(decoding: source[$0.start..<$0.end], as: UTF8.self) + "'" }
            ?? "this block"
        let openLine = lineIndex.line(containing: block.offset) + 1
        return Diagnostic(
            range: close, severity: .error, code: .unbalancedCloseBrace,
            message: "This '}' closes \(name) from line \(openLine), but the lines after it are indented as if "
                + "they were still inside: it is probably one '}' too many.",
            related: [RelatedLocation(range: block.openBrace, message: "the block it closes opens here")])
    }

    private enum ItemKind {
        case node(NodeSyntax)
        case other
    }

    /// The non-trivia children in `indices`, with where each starts.
    private func significantItems(of green: GreenNode, at offset: Int, in indices: Range<Int>) -> [(kind: ItemKind, start: Int)] {
        var items: [(kind: ItemKind, start: Int)] = []
        for child in green.children(from: offset) where indices.contains(child.index) {
            switch child.element {
            case .token(let token) where token.kind.isTrivia:
                continue
            case .token:
                items.append((.other, child.range.start))
            case .node(let inner):
                items.append((NodeSyntax(inner, at: child.range.start).map(ItemKind.node) ?? .other, child.range.start))
            }
        }
        return items
    }

    /// Whether `node`'s block ends with a `}` after which `next` (where the following item starts)
    /// begins a later line, indented deeper than the line the block opens on.
    private func closedEarly(_ node: NodeSyntax, next: Int) -> Bool {
        guard let block = node.block, let close = block.closeBrace else { return false }
        let nextLine = lineIndex.line(containing: next)
        guard nextLine > lineIndex.line(containing: close.start),
            let nextIndent = indentation(ofLine: nextLine, before: next)
        else { return false }
        let openLine = lineIndex.line(containing: block.offset)
        return nextIndent > leadingBlanks(ofLine: openLine)
    }

    /// The indentation of `line` when the text before `offset` on it is all blanks (nil when
    /// something else comes first on the line).
    private func indentation(ofLine line: Int, before offset: Int) -> Int? {
        let blanks = leadingBlanks(ofLine: line)
        return lineIndex.lineStart(line) + blanks == offset ? blanks : nil
    }

    /// How many spaces and tabs start `line`.
    private func leadingBlanks(ofLine line: Int) -> Int {
        var index = lineIndex.lineStart(line)
        let start = index
        while index < source.count, source[index] == 0x20 || source[index] == 0x09 { index += 1 }
        return index - start
    }
}
