// How an edit reaches the document (ARCHITECTURE.md, invariant 4: incremental equals full).
//
// Reuse is tried smallest first, and each step refuses rather than guesses:
// 1. relex one token in place (`ReparseScope.token`; Document+ReparsePlan.swift): an edit inside
//    a token whose kind survives it and whose neighbours are unaffected;
// 2. reparse the whole lines of items around the edit inside their closed block or the file
//    (`.lines`; Document+LineReparse.swift says what makes that equal to a full parse);
// 3. reparse the innermost closed `{…}` block whose new content still lexes to the same braces
//    and balances (`.block`);
// 4. parse everything (`.full`).
// A region is reused only when lexing restarts cleanly at its start (after a line break or `{`,
// never a CR meeting a new LF), stops exactly at its end, balances its braces, and no item could
// reach across its borders: a node taking a label, attribute list or block from the other side,
// an unclosed block before it, or an unclosed attribute list before or in it, whose look ahead
// for its `]` could cross the border (that look never crosses a brace, so block reparses stay
// exact). An edit that changes the count of `{` minus `}` (found from the tokens it touches, or
// at once when neither they nor the new text hold a brace byte) skips steps 2 and 3, since no
// balanced part can hold it. The changes of one `didChange` arrive as a batch (`apply(count:_:)`):
// once one cannot be reparsed alone, it and the rest are joined into one edit and reparsed once,
// so no state that exists only between two changes is ever parsed.
//
// Held by IncrementalTests, IncrementalSyncDifferentialTests, KeystrokeKindTests, PasteTests and
// FuzzIncremental: every step's document equals a fresh parse of its text.

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
        let edit = clamped(edit)
        // Plans are made against the old text and tree; only then does the text change.
        let plan = self.plan(edit)
        let shape = keepsShape(edit)
        buffer.replaceSubrange(edit.range.start..<edit.range.end, with: edit.replacement)
        lineIndex.apply(replacing: edit.range, newLength: edit.replacement.count, in: buffer)
        return finish(plan, edit: edit.range, keepsShape: shape, delta: edit.replacement.count - edit.range.length)
    }

    /// Applies several edits in order, each against the text the previous one produced (as one
    /// batch: see `apply(count:_:)`); returns how each reparse went.
    @discardableResult
    public mutating func apply(_ edits: [TextEdit]) -> [ReparseScope] {
        apply(count: edits.count) { index, _, _ in edits[index] }
    }

    /// Applies `count` edits that arrive together, as the changes of one `didChange` do:
    /// `edit(i, text, lineIndex)` gives edit `i` against the text the edits before it produced
    /// (only then can a client's line and column be turned into offsets).
    ///
    /// Each edit is reparsed on its own while it can be. One that cannot (alone it unbalances
    /// the braces: `wrap {` inserted before a node, with its `}` as the next change) is not
    /// parsed in a state that exists only between two changes: it and every later edit of the
    /// batch are joined into one edit of the text as it was before it, reparsed once, and
    /// together they usually balance, so the lines or the block around them are enough.
    @discardableResult
    public mutating func apply(count: Int, _ edit: (Int, TextBuffer, LineIndex) -> TextEdit) -> [ReparseScope] {
        var scopes: [ReparseScope] = []
        var index = 0
        while index < count {
            let next = clamped(edit(index, buffer, lineIndex))
            index += 1
            let plan = self.plan(next)
            if plan != nil || index == count {
                let shape = keepsShape(next)
                buffer.replaceSubrange(next.range.start..<next.range.end, with: next.replacement)
                lineIndex.apply(replacing: next.range, newLength: next.replacement.count, in: buffer)
                scopes.append(finish(plan, edit: next.range, keepsShape: shape,
                                     delta: next.replacement.count - next.range.length))
                continue
            }
            // Join this edit and the rest: the text and line index follow every edit (the next
            // edit's offsets depend on them), the tree and the tables wait for the joined edit.
            var joined = JoinedEdit(next, in: buffer)
            buffer.replaceSubrange(next.range.start..<next.range.end, with: next.replacement)
            lineIndex.apply(replacing: next.range, newLength: next.replacement.count, in: buffer)
            while index < count {
                let later = clamped(edit(index, buffer, lineIndex))
                index += 1
                joined.add(later, in: buffer)
                buffer.replaceSubrange(later.range.start..<later.range.end, with: later.replacement)
                lineIndex.apply(replacing: later.range, newLength: later.replacement.count, in: buffer)
            }
            // Plans read the text the tree was parsed from: put the joined span's old bytes back
            // for planning (the line index already describes the final text). In the gap buffer
            // this costs the span, not the text after it.
            let replacement = Array(buffer[joined.start..<joined.newEnd])
            buffer.replaceSubrange(joined.start..<joined.newEnd, with: joined.oldBytes)
            let whole = TextEdit(range: ByteRange(joined.start, joined.start + joined.oldBytes.count), replacement: replacement)
            let joinedPlan = self.plan(whole)
            let shape = keepsShape(whole)
            buffer.replaceSubrange(whole.range.start..<whole.range.end, with: replacement)
            scopes.append(finish(joinedPlan, edit: whole.range, keepsShape: shape,
                                 delta: replacement.count - whole.range.length))
            break
        }
        return scopes
    }

    /// The edit with its range clamped to the text, so a bad range from a client cannot crash.
    private func clamped(_ edit: TextEdit) -> TextEdit {
        let start = max(0, min(edit.range.start, buffer.count))
        let end = max(start, min(edit.range.end, buffer.count))
        return TextEdit(range: ByteRange(start, end), replacement: edit.replacement)
    }

    /// The cheapest reparse of `edit` that is sure to equal a full parse, or nil.
    private func plan(_ edit: TextEdit) -> ReparsePlan? {
        if let plan = planTokenRelex(edit) { return plan }
        // An edit that adds or removes a brace on balance leaves no balanced part around it.
        if let change = braceCountChange(edit), change != 0 { return nil }
        return planLineReparse(edit) ?? planBlockReparse(edit)
    }

    /// Brings the tree and tables up to the text, which the edit (old range `edit`) has already
    /// changed; `keepsShape` says whether its old and new bytes are both of the kind that keeps
    /// an attribute list's shape (`keepsShape(_:)`).
    private mutating func finish(_ plan: ReparsePlan?, edit: ByteRange, keepsShape: Bool, delta: Int) -> ReparseScope {
        guard let plan else {
            reparseWholeText()
            return .full
        }
        return commit(plan, edit: edit, keepsShape: keepsShape, delta: delta)
    }

    /// Whether `edit` (against the text before it) could be a score, flag or edge label typed
    /// into an attribute list of a tree with results: its removed and inserted bytes both keep
    /// the list's shape (`keepsAttributeListShape`). Asked only while the document keeps results,
    /// and then it reads the edit's own bytes, a few.
    private func keepsShape(_ edit: TextEdit) -> Bool {
        // A score or a flag is a few bytes; a paste is not one (and its bytes are not read).
        guard resultState != nil, edit.range.length <= 64, edit.replacement.count <= 64 else { return false }
        return Self.keepsAttributeListShape(edit.replacement)
            && Self.keepsAttributeListShape(buffer[edit.range.start..<edit.range.end])
    }
}

/// Several edits joined into one: the bytes `start..<newEnd` of the current text replaced the
/// bytes `oldBytes` of the text before the first of them, and nothing else changed.
private struct JoinedEdit {
    var start: Int
    var newEnd: Int
    var oldBytes: [UInt8]

    /// Starts with `edit`, against `text` (before it is applied).
    init(_ edit: TextEdit, in text: TextBuffer) {
        start = edit.range.start
        newEnd = edit.range.start + edit.replacement.count
        oldBytes = Array(text[edit.range.start..<edit.range.end])
    }

    /// Adds `edit`, against `text` (the joined edits applied, not yet `edit`): the joined span
    /// grows to cover it, taking the bytes it reaches outside the span as old bytes too.
    mutating func add(_ edit: TextEdit, in text: TextBuffer) {
        if edit.range.start < start {
            oldBytes.insert(contentsOf: text[edit.range.start..<start], at: 0)
            start = edit.range.start
        }
        if edit.range.end > newEnd {
            oldBytes.append(contentsOf: text[newEnd..<edit.range.end])
            newEnd = edit.range.end
        }
        newEnd += edit.replacement.count - edit.range.length
    }
}

/// A reparse worked out against the old text: the change to the tree, and what the replaced part
/// held.
struct ReparsePlan {
    var scope: ReparseScope
    /// The replaced child on the path to the edit, applied to the tree once the plan is taken
    /// (in place where the tree alone owns the path: see `PathReplacement`).
    var replacement: PathReplacement
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
    fileprivate mutating func commit(_ plan: ReparsePlan, edit: ByteRange, keepsShape: Bool, delta: Int) -> ReparseScope {
        tree.apply(plan.replacement)
        // Cheap (it reads only the file's own children) and it must see size and node-count
        // limits crossed by any edit, so it is always redone.
        file = FileAnalysis(tree: tree, source: buffer, lineIndex: lineIndex)
        // A setting that changes how labels fit changes `long-label` anywhere: rescan it all.
        guard CardTextFit(fileSettings: file.overrides) == labelFit else {
            reparseWholeText()
            return .full
        }
        let newRange = ByteRange(plan.oldRange.start, plan.oldRange.end + delta)
        var scan = SubtreeScan(labelFit: labelFit)
        switch plan.rescan {
        case .nothing: break
        case .identifier(let depth): scan.scanIdentifier(newRange, depth: depth, source: buffer)
        case .label: scan.scanLabel(newRange, source: buffer)
        case .subtree(let node, let depth):
            scan = SubtreeScan(node, at: newRange.start, depth: depth, inBlock: true, source: buffer, labelFit: labelFit)
        case .items(let container, let depth, let inBlock):
            scan = SubtreeScan(
                container, at: newRange.start, depth: depth, inBlock: inBlock, source: buffer, labelFit: labelFit)
        }
        local.replace(in: plan.oldRange, delta: delta, with: scan.diagnostics)
        ids.update(removed: plan.removedIDs, added: scan.ids, oldRange: plan.oldRange, delta: delta, source: buffer)
        replaceResultAttributes(in: plan.oldRange, delta: delta, with: scan.resultAttributes)
        replaceNoteAttributes(in: plan.oldRange, delta: delta, with: scan.noteAttributes)
        if plan.scope == .token {
            let header: Bool
            if case .nothing = plan.rescan { header = false } else { header = true }
            results = diagnosticsAfterToken(plan.oldRange, newLength: plan.oldRange.length + delta, header: header)
        } else {
            results = keepsShape ? diagnosticsAfterAttributeEdit(edit, newLength: edit.length + delta)
                : wholeDiagramDiagnostics()
        }
        return plan.scope
    }

    /// Parses the text again from scratch: the full parser reads one array, so the gap closes
    /// first (the new document shares the buffer's storage).
    private mutating func reparseWholeText() {
        buffer.makeContiguous()
        self = Document(text: buffer.contiguous)
    }

    /// The same replacement as `LocalDiagnostics.replace`, for the starts of result attributes:
    /// kept with a gap (`OffsetGapArray`), so an edit writes its own starts and those between it
    /// and the previous edit, not every later one moved by its length (a copy of every `score`
    /// after it, which a scored file paid on every keystroke).
    private mutating func replaceResultAttributes(in oldRange: ByteRange, delta: Int, with fresh: [Int]) {
        let first = resultAttributes.partitioningIndex { $0 >= oldRange.start }
        let last = max(first, resultAttributes.partitioningIndex { $0 >= oldRange.end })
        resultAttributes.replace(first..<last, with: fresh, delta: delta)
    }

    /// The same for the starts of `note` attributes.
    private mutating func replaceNoteAttributes(in oldRange: ByteRange, delta: Int, with fresh: [Int]) {
        let first = noteAttributes.partitioningIndex { $0 >= oldRange.start }
        let last = max(first, noteAttributes.partitioningIndex { $0 >= oldRange.end })
        noteAttributes.replace(first..<last, with: fresh, delta: delta)
    }
}
