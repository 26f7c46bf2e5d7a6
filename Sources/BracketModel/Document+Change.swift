import BracketSyntax

/// An edit as an editor gives it: the text between two line positions (in either order: a
/// reversed range is applied the right way round) replaced by `replacement`.
public struct LineEdit: Sendable, Hashable {
    public var start: LinePosition
    public var end: LinePosition
    public var replacement: String

    public init(start: LinePosition, end: LinePosition, replacement: String) {
        self.start = start
        self.end = end
        self.replacement = replacement
    }
}

/// One edit as the document applied it: what the layers that follow the document (the
/// preview's diagram, layout and ID ranges) need to update what they made from the text before.
public struct AppliedEdit: Sendable, Hashable {
    /// The bytes it replaced, in the text before it, and the replacement's length.
    public var edit: TokenEdit
    /// How the document reparsed it. Every edit of a batch that had to be reparsed joined
    /// (`apply(count:_:)`) says `.full`: the tree after it is not the work of one-token relexes.
    public var scope: ReparseScope
    /// The lines its range started and ended on, in the text before it.
    public var lines: ClosedRange<Int>
    /// Where its range ended, in the text before it, as the editor counted it.
    public var end: LinePosition

    public init(edit: TokenEdit, scope: ReparseScope, lines: ClosedRange<Int>, end: LinePosition) {
        self.edit = edit
        self.scope = scope
        self.lines = lines
        self.end = end
    }

    /// The document relexed one token in place: no line break came or went, no node.
    public var relexedOneToken: Bool { scope == .token }
}

/// What one change of the document changed (`Document.apply(_:encoding:)`,
/// `Document.replaceText(with:)`).
public enum DocumentChange: Sendable, Hashable {
    /// The whole text was replaced: nothing made from the text before carries over.
    case wholeText
    /// Ranged edits, in the order they were applied (each against the text the ones before it
    /// produced).
    case edits([AppliedEdit])
}

extension Document {
    /// Applies the ranged edits of one editor change, in order, each against the text the ones
    /// before it produced (as one batch: `apply(count:_:)`), with positions counted in
    /// `encoding`; reports what each did.
    public mutating func apply(_ edits: [LineEdit], encoding: PositionEncoding) -> DocumentChange {
        var applied: [AppliedEdit] = []
        applied.reserveCapacity(edits.count)
        let scopes = apply(count: edits.count) { index, text, lineIndex in
            let edit = edits[index]
            let start = lineIndex.offset(of: edit.start, in: text, encoding: encoding)
            let end = lineIndex.offset(of: edit.end, in: text, encoding: encoding)
            let textEdit = TextEdit(range: ByteRange(min(start, end), max(start, end)), replacement: edit.replacement)
            let first = min(edit.start, edit.end), last = max(edit.start, edit.end)
            applied.append(AppliedEdit(edit: TokenEdit(range: textEdit.range, newLength: textEdit.replacement.count),
                                       scope: .full, lines: first.line...last.line, end: last))
            return textEdit
        }
        // A joined batch reports fewer scopes than edits: each of its edits stays `.full`.
        if scopes.count == applied.count {
            for index in applied.indices { applied[index].scope = scopes[index] }
        }
        return .edits(applied)
    }

    /// Replaces the whole text (an editor's change without a range): parsed anew.
    public mutating func replaceText(with text: String) -> DocumentChange {
        self = Document(text)
        return .wholeText
    }
}
