import BracketSyntax

/// Where a structural edit changed a diagram: the rows `removed` of the old diagram — whole
/// subtrees of children of `parent`, one after another — gave way to `insertedCount` rows at the
/// same index; every row after them moved by `rowDelta` and its bytes by `byteDelta`, `parent`
/// and its ancestors hold the change, nothing else differs.
public struct DiagramSplice: Sendable, Hashable {
    /// The node whose children changed, -1 for the roots (an index both before and after).
    public var parent: Int
    /// The replaced rows, in the old diagram.
    public var removed: Range<Int>
    public var insertedCount: Int
    public var byteDelta: Int

    public init(parent: Int, removed: Range<Int>, insertedCount: Int, byteDelta: Int) {
        self.parent = parent
        self.removed = removed
        self.insertedCount = insertedCount
        self.byteDelta = byteDelta
    }

    /// The rows that replaced `removed`, in the new diagram.
    public var inserted: Range<Int> { removed.lowerBound..<(removed.lowerBound + insertedCount) }
    public var rowDelta: Int { insertedCount - removed.count }
}

/// A diagram worked out from the previous one (`Document.updatedDiagram(from:after:onlyTokens:defaults:)`).
public struct DiagramUpdate: Sendable {
    public var diagram: Diagram
    /// For one-token edits: the rows whose ID and label were read again (no other row's did);
    /// empty for a splice.
    public var edited: [Int]
    /// For structural edits: where the rows changed (nil for one-token edits).
    public var splice: DiagramSplice?
}

extension DiagramNode {
    /// The row of `node` (with its ID at `idRange`) as the diagram is built: its ID and label
    /// read from `source`, no children yet (the builders count them and set the subtree's end).
    init(_ node: NodeSyntax, id idRange: ByteRange, source: [UInt8], parent: Int, depth: Int, subtreeEnd: Int) {
        let header = DiagramNode.header(of: node, id: idRange, source: source)
        self.init(id: header.id, label: header.label, hasExplicitLabel: header.hasExplicitLabel, parent: parent,
                  depth: depth, childCount: 0, subtreeEnd: subtreeEnd, idRange: idRange, range: node.range)
    }
}

extension TokenEdit {
    /// One edit covering `edits` (each against the text the ones before it produced): the
    /// bytes it replaced in the text before the first, and what they became. Nil for none.
    public init?(joining edits: [TokenEdit]) {
        guard let first = edits.first else { return nil }
        // The span in the original text, and its end in the current text.
        var start = first.range.start, oldEnd = first.range.end, newEnd = first.range.start + first.newLength
        for edit in edits.dropFirst() {
            if edit.range.start < start { start = edit.range.start }
            if edit.range.end > newEnd {
                oldEnd += edit.range.end - newEnd
                newEnd = edit.range.end
            }
            newEnd += edit.newLength - edit.range.length
        }
        self.init(range: ByteRange(start, oldEnd), newLength: newEnd - start)
    }
}

extension Document {
    /// The diagram of this document from `old`, its diagram before `edits` (recorded as they
    /// were applied, with the same `defaults`): by rewriting headers when every edit relexed one
    /// token (`onlyTokens`, `diagramRereadingHeaders(of:after:defaults:)`), else — a tree with results
    /// whose edits stayed inside nodes' headers (a score or a flag typed) — by naming the rows
    /// the results can have changed (`resolvedDiagramAfterHeaderEdits(of:after:…)`), else by splicing
    /// (`diagramSplicingRows(of:at:defaults:)`). Nil when neither applies: build it anew.
    public func updatedDiagram(from old: Diagram, after edits: [TokenEdit], onlyTokens: Bool,
                              defaults: LayoutSettings = .tutorial) -> DiagramUpdate? {
        if edits.isEmpty { return DiagramUpdate(diagram: old, edited: [], splice: nil) }
        if onlyTokens, let patched = diagramRereadingHeaders(of: old, after: edits, defaults: defaults) {
            return DiagramUpdate(diagram: patched.diagram, edited: patched.edited, splice: nil)
        }
        if !onlyTokens, let local = resolvedDiagramAfterHeaderEdits(of: old, after: edits, defaults: defaults) {
            return DiagramUpdate(diagram: local.diagram, edited: local.edited, splice: nil)
        }
        guard let joined = TokenEdit(joining: edits) else { return nil }
        return diagramSplicingRows(of: old, at: joined, defaults: defaults).map {
            DiagramUpdate(diagram: $0.diagram, edited: [], splice: $0.splice)
        }
    }

    /// The diagram of this document from `old`, its diagram before `edit` (one edit of any kind:
    /// lines of nodes inserted or deleted, a subtree wrapped in a new `{ … }` or unwrapped, a
    /// node renamed or deleted), by replacing only the rows of the children the edit touched.
    ///
    /// The edit lies inside a container: the innermost closed block of a node with an ID whose
    /// content holds the new text (checked to have held the old text too: same start, its end
    /// moved by the edit, still closed), or the file. Outside it nothing was reparsed
    /// differently: the bytes are the same and a closed block's parse does not reach past its
    /// braces. Inside it, the container's children are matched from both ends against the old
    /// rows: a child that lies wholly before the edit (after it) and spans exactly the same
    /// bytes (moved by the edit) parses to the same subtree, since nothing inside it changed and
    /// anything it could have taken from the edited text would have changed its extent. The
    /// children in between are walked into new rows; the old rows in between give way to them,
    /// and what follows is moved (`DiagramNodes.splice`). The cost is the container's children
    /// plus the new rows, plus one pass over the numeric columns.
    ///
    /// Edge labels belong to their nodes alone: the new rows read theirs as `buildDiagram` does.
    ///
    /// A tree with results (scores or winners), whose labels and outcomes are derived across
    /// nodes, is matched the same way, but its rows are the ones the document keeps resolved
    /// (`resultState`, worked out for the edit already): the splice only says where they
    /// changed. Outside it, what results mean flows up the matches (`DiagramResults`): only the
    /// splice's parent, its ancestors and their children can show another outcome, label, bye
    /// or entrant, which is what `layoutSplice(_:from:splice:previous:)` and the preview's
    /// structural diff look at. Nil when the document keeps no results or the edit makes the
    /// tree start or stop recording them (every single child's bye comes or goes).
    ///
    /// Nil (build the diagram anew) for an edit in a block whose node has no ID.
    public func diagramSplicingRows(of old: Diagram, at edit: TokenEdit, defaults: LayoutSettings = .tutorial)
        -> (diagram: Diagram, splice: DiagramSplice)?
    {
        var resolved: DiagramNodes?
        if !resultAttributes.isEmpty || old.recordsResults {
            guard let kept = resultState?.nodes, kept.recordsResults == old.recordsResults else { return nil }
            resolved = kept
        }
        let oldNodes = old.nodes
        let start = edit.range.start, oldEnd = edit.range.end, newEnd = start + edit.newLength
        let byteDelta = edit.newLength - edit.range.length
        guard start >= 0, newEnd <= text.count else { return nil }

        // The container, from the root down: the innermost closed block of a node with an ID
        // holding the edited text strictly inside its braces.
        let path = tree.path(to: start)
        var container = (green: tree.root, offset: 0, row: -1)
        for level in 1..<max(path.count, 1) {
            let step = path[level]
            guard step.node.kind == .block else { continue }
            let owner = path[level - 1]
            guard owner.node.kind == .node else { break }
            let node = NodeSyntax(node: owner.node, at: owner.offset)
            // A block without an ID leaves its nodes out of the diagram.
            guard let id = node.id else { break }
            guard BlockSyntax.isClosed(step.node), start >= step.offset + 1,
                  newEnd <= step.offset + step.node.length - 1 else { break }
            // The old row of that node: rows are in text order, and its header precedes the edit.
            let row = oldNodes.ranges.partitioningIndex { $0.start >= id.start }
            guard row < oldNodes.count, oldNodes.idRanges[row] == id, container.row < row,
                  oldNodes.ranges[row].end > oldEnd,
                  oldNodes.ranges[row].end + byteDelta == node.range.end
            else { break }
            container = (step.node, step.offset, row)
        }

        // The container's children with IDs, new and old.
        let parent = container.row
        var fresh: [(node: GreenNode, start: Int)] = []
        let children = container.green.children(from: container.offset)
        for child in children {
            guard case .node(let item) = child.element, item.kind == .node, NodeSyntax.hasID(item) else { continue }
            fresh.append((item, child.range.start))
        }
        var previous: [Int] = []
        var row = parent + 1
        let end = parent >= 0 ? Int(oldNodes.subtreeEnds[parent]) : oldNodes.count
        while row < end {
            previous.append(row)
            row = Int(oldNodes.subtreeEnds[row])
        }

        // Matched from the front (wholly before the edit), then from the back (wholly after it).
        var before = 0
        while before < previous.count, before < fresh.count {
            let range = oldNodes.ranges[previous[before]]
            guard range.end < start, range.start == fresh[before].start,
                  range.length == fresh[before].node.length else { break }
            before += 1
        }
        var after = 0
        while after < previous.count - before, after < fresh.count - before {
            let range = oldNodes.ranges[previous[previous.count - 1 - after]]
            let item = fresh[fresh.count - 1 - after]
            guard range.start >= oldEnd, range.start + byteDelta == item.start, range.length == item.node.length else { break }
            after += 1
        }
        let low = before < previous.count ? previous[before] : end
        let high = after > 0 ? previous[previous.count - after] : end
        if let resolved { return splice(old, resolved, parent: parent, removed: low..<high, byteDelta: byteDelta, defaults) }

        // The new children's rows, built where they go.
        var rows = DiagramNodes()
        let depth = parent >= 0 ? Int(oldNodes.depths[parent]) + 1 : 0
        for index in before..<(fresh.count - after) {
            guard appendRows(of: fresh[index].node, at: fresh[index].start, parent: parent, depth: depth,
                             firstRow: low, into: &rows) else { return nil }
        }
        // Without results a leaf is its own entrant (`DiagramResults.resolve`).
        for index in 0..<rows.count where rows.childCounts[index] == 0 { rows.entrants[index] = Int32(low + index) }
        var nodes = oldNodes
        let childDelta = (fresh.count - before - after) - (previous.count - before - after)
        nodes.splice(low..<high, with: rows, parent: parent, childDelta: childDelta, byteDelta: byteDelta)
        let splice = DiagramSplice(parent: parent, removed: low..<high, insertedCount: rows.count, byteDelta: byteDelta)
        return (Diagram(nodes: nodes, settings: fileSettings.applied(to: defaults)), splice)
    }

    /// The splice of a tree with results: the rows outside `removed` are the old ones (moved),
    /// so the resolved rows between them are the new children's. Checked where it is cheap: the
    /// counts add up and the parent's row is the same node, its subtree's end moved by as many rows.
    private func splice(_ old: Diagram, _ resolved: DiagramNodes, parent: Int, removed: Range<Int>, byteDelta: Int,
                        _ defaults: LayoutSettings) -> (diagram: Diagram, splice: DiagramSplice)? {
        let oldNodes = old.nodes
        let inserted = resolved.count - (oldNodes.count - removed.count)
        guard inserted >= 0 else { return nil }
        let splice = DiagramSplice(parent: parent, removed: removed, insertedCount: inserted, byteDelta: byteDelta)
        if parent >= 0 {
            guard parent < resolved.count, resolved.ids[parent] == oldNodes.ids[parent],
                  Int(resolved.subtreeEnds[parent]) == Int(oldNodes.subtreeEnds[parent]) + splice.rowDelta
            else { return nil }
        }
        return (Diagram(nodes: resolved, settings: fileSettings.applied(to: defaults)), splice)
    }

    /// Appends the rows of `node` (at `offset`) and its subtree, as `buildDiagram` makes them,
    /// to `rows`, whose first row will be row `firstRow` of the diagram, under `parent` at
    /// `depth`, with their edge labels. False when an attribute list records a result (results
    /// are for the full build to work out).
    private func appendRows(of node: GreenNode, at offset: Int, parent: Int, depth: Int, firstRow: Int,
                            into rows: inout DiagramNodes) -> Bool {
        var open: [Int] = []  // local indices of the nodes whose subtree is being visited
        var plain = true
        let source = text
        SyntaxTree.walk(node, at: offset) { event in
            switch event {
            case .enter(let green, let start):
                switch green.kind {
                case .file, .block:
                    return true
                case .setting, .unexpected, .attributes, .attribute:
                    return false
                case .node:
                    let syntax = NodeSyntax(node: green, at: start)
                    guard let idRange = syntax.id else { return false }
                    let local = open.last
                    if let local { rows.addChild(to: local) }
                    rows.append(DiagramNode(syntax, id: idRange, source: source, parent: local.map { $0 + firstRow } ?? parent,
                                            depth: depth + open.count, subtreeEnd: firstRow + rows.count + 1))
                    open.append(rows.count - 1)
                    if let list = syntax.attributes {
                        let attributes = NodeAttributes(list, source: source)
                        if attributes.recordsResult { plain = false }
                        if attributes.edgeLabel != nil || !attributes.drawn.isEmpty {
                            var stored = attributes
                            stored.score = nil
                            rows.setAttributes(of: rows.count - 1, stored)
                        }
                    }
                    return plain
                }
            case .exit(let green, _):
                if green.kind == .node, let index = open.last, NodeSyntax.hasID(green) {
                    rows.setSubtreeEnd(firstRow + rows.count, of: index)
                    open.removeLast()
                }
            case .token:
                break
            }
            return true
        }
        return plain
    }
}
