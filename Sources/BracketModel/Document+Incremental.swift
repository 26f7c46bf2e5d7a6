import BracketSyntax

/// How much of the tree an edit had to rebuild.
public enum ReparseScope: String, Sendable {
    /// One token was relexed in place.
    case token
    /// The whole lines of items around the edit, inside their block or the file, were reparsed.
    case lines
    /// The innermost balanced `{ … }` block around the edit was reparsed.
    case block
    /// Nothing could be reused safely: the whole text was parsed again.
    case full
}

extension Document {
    /// Applies one edit, reparsing as little as possible. Ranges are clamped to the text, so a
    /// bad range from a client cannot crash the process.
    @discardableResult
    public mutating func apply(_ edit: TextEdit) -> ReparseScope {
        let start = max(0, min(edit.range.start, text.count))
        let end = max(start, min(edit.range.end, text.count))
        let edit = TextEdit(range: ByteRange(start, end), replacement: edit.replacement)
        // Plans are made against the old text and tree; only then does the text change.
        let plan = planTokenRelex(edit) ?? planLineReparse(edit) ?? planBlockReparse(edit)
        text.replaceSubrange(start..<end, with: edit.replacement)
        lineIndex.apply(replacing: edit.range, newLength: edit.replacement.count, in: text)
        guard let plan else {
            self = Document(text: text)
            return .full
        }
        return commit(plan, delta: edit.replacement.count - edit.range.length)
    }

    /// Applies several edits in order.
    public mutating func apply(_ edits: [TextEdit]) {
        for edit in edits { apply(edit) }
    }
}

/// A reparse worked out against the old text: the new tree, and what the replaced part held.
struct ReparsePlan {
    var scope: ReparseScope
    var newRoot: GreenNode
    /// The replaced part, in old offsets.
    var oldRange: ByteRange
    /// How to find the new part's problems once the text has changed.
    var rescan: Rescan
    var removedIDs: [(id: String, range: ByteRange)]

    enum Rescan {
        case nothing
        case identifier(depth: Int)
        case label
        case subtree(GreenNode, depth: Int)
        /// Items reparsed as the children of their container, held by a stand-in `.file` node,
        /// each with `depth` `.node` ancestors.
        case items(GreenNode, depth: Int, inBlock: Bool)
    }
}

extension Document {
    fileprivate mutating func commit(_ plan: ReparsePlan, delta: Int) -> ReparseScope {
        tree = SyntaxTree(root: plan.newRoot)
        // Cheap (it reads only the file's own children) and it must see size and node-count
        // limits crossed by any edit, so it is always redone.
        file = FileAnalysis(tree: tree, source: text, lineIndex: lineIndex)
        // A setting that changes how labels fit changes `long-label` anywhere: rescan it all.
        guard CardTextFit(fileSettings: file.overrides) == labelFit else {
            self = Document(text: text)
            return .full
        }
        let newRange = ByteRange(plan.oldRange.start, plan.oldRange.end + delta)
        var scan = SubtreeScan(labelFit: labelFit)
        switch plan.rescan {
        case .nothing: break
        case .identifier(let depth): scan.scanIdentifier(newRange, depth: depth, source: text)
        case .label: scan.scanLabel(newRange, source: text)
        case .subtree(let node, let depth):
            scan = SubtreeScan(node, at: newRange.start, depth: depth, inBlock: true, source: text, labelFit: labelFit)
        case .items(let container, let depth, let inBlock):
            scan = SubtreeScan(
                container, at: newRange.start, depth: depth, inBlock: inBlock, source: text, labelFit: labelFit)
        }
        replaceLocal(in: plan.oldRange, delta: delta, with: scan.diagnostics)
        ids.update(removed: plan.removedIDs, added: scan.ids, oldRange: plan.oldRange, delta: delta, source: text)
        replaceResultAttributes(in: plan.oldRange, delta: delta, with: scan.resultAttributes)
        results = wholeDiagramDiagnostics()
        return plan.scope
    }

    /// The same replacement as `replaceLocal`, for the starts of result attributes.
    private mutating func replaceResultAttributes(in oldRange: ByteRange, delta: Int, with fresh: [Int]) {
        let first = resultAttributes.partitioningIndex { $0 >= oldRange.start }
        var last = first
        while last < resultAttributes.count, resultAttributes[last] < oldRange.end { last += 1 }
        var tail = Array(resultAttributes[last...])
        if delta != 0 { tail = tail.map { $0 + delta } }
        resultAttributes.replaceSubrange(first..., with: fresh + tail)
    }

    /// Drops the local diagnostics inside `oldRange`, moves the later ones by `delta`, and puts
    /// `fresh` (already in new offsets) in their place, keeping the list sorted.
    private mutating func replaceLocal(in oldRange: ByteRange, delta: Int, with fresh: [Diagnostic]) {
        let first = local.partitioningIndex { $0.range.start >= oldRange.start }
        // Local diagnostics never straddle a reparsed part (see SubtreeScan), so those starting
        // inside it are exactly those it held.
        var last = first
        while last < local.count, local[last].range.start < oldRange.end { last += 1 }
        var tail = Array(local[last...])
        if delta != 0 { tail = tail.map { $0.shifted(by: delta) } }
        local.replaceSubrange(first..., with: fresh.sorted { $0.range < $1.range } + tail)
    }

    /// The IDs a subtree defines, in document order.
    static func identifiers(in node: GreenNode, at offset: Int, source: [UInt8]) -> [(id: String, range: ByteRange)] {
        var result: [(id: String, range: ByteRange)] = []
        SyntaxTree.walk(node, at: offset) { event in
            guard case .enter(let green, let start) = event else { return true }
            switch green.kind {
            case .node:
                if let range = NodeSyntax(node: green, at: start).id {
                    result.append((String(decoding: source[range.start..<range.end], as: UTF8.self), range))
                }
                return true
            case .file, .block: return true
            case .setting, .unexpected, .attributes, .attribute: return false
            }
        }
        return result
    }
}
