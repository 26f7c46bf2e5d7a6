import BracketSyntax

/// A replacement of the bytes in `range` (offsets in the text before the edit) with new bytes.
/// Several edits apply one after another, each against the text the previous one produced.
public struct TextEdit: Hashable, Sendable {
    public var range: ByteRange
    public var replacement: [UInt8]

    public init(range: ByteRange, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    public init(range: ByteRange, replacement: String) {
        self.init(range: range, replacement: Array(replacement.utf8))
    }
}

/// One version of a document and everything known about it: text, lossless tree, line index,
/// diagnostics and the file's own settings. A value: applying an edit gives the next version,
/// reusing what the edit did not touch, and the result always equals analysing the new text
/// from scratch (tests check this on hundreds of thousands of random edits).
public struct Document: Sendable {
    /// The text, in a gap buffer: an edit costs its own size and its distance from the last one,
    /// not the length of the text after it (see `TextBuffer`).
    public internal(set) var buffer: TextBuffer
    public internal(set) var tree: SyntaxTree
    public internal(set) var lineIndex: LineIndex
    /// Problems inside the tree, sorted by start offset (see `SubtreeScan`), kept so that a
    /// reparse replaces only its own (see `LocalDiagnostics`).
    var local: LocalDiagnostics
    var ids: IDTable
    var file: FileAnalysis
    /// How labels fit their cards under the file's own settings (for `long-label`).
    var labelFit: CardTextFit
    /// Where each counted `score` or `winner` attribute starts, sorted; none for a plain tree.
    /// Kept with a gap at the last edit, as the definition starts are.
    var resultAttributes: OffsetGapArray
    /// Where each counted `note` attribute starts, sorted, kept as `resultAttributes` is: the
    /// places `note-on-leaf` looks at (Document+Notes.swift).
    var noteAttributes: OffsetGapArray
    /// What the results mean that is wrong (`DiagramResults`): found from the whole diagram, so
    /// worked out again after every edit, but only while the document records results.
    var results: [Diagnostic]
    /// What that pass found (nil for a tree without results): its diagram's nodes, which
    /// `diagram(defaults:)` hands out instead of walking the tree again (building a scored
    /// tree's diagram twice, for its diagnostics and for its drawing, was nearly half of a
    /// preview render; the nodes follow from the text alone, the defaults set only the
    /// settings), and what a one-token edit needs to redo only the matches it reaches.
    var resultState: ResultsState? = nil
    /// How many times this document (and the versions it came from) ran the whole results
    /// pass: the tests read it to see which edits the kept state answers.
    var wholeResultsPasses = 0

    public init(text: [UInt8]) {
        let source = TextBuffer(text)
        buffer = source
        tree = SyntaxTree.parse(text)
        lineIndex = LineIndex(text)
        file = FileAnalysis(tree: tree, source: source, lineIndex: lineIndex)
        labelFit = CardTextFit(fileSettings: file.overrides)
        let scan = SubtreeScan(tree.root, at: 0, depth: 0, inBlock: false, source: source, labelFit: labelFit)
        local = LocalDiagnostics(scan.diagnostics)
        ids = IDTable(scan.ids)
        resultAttributes = OffsetGapArray(scan.resultAttributes)
        noteAttributes = OffsetGapArray(scan.noteAttributes)
        results = []
        results = wholeDiagramDiagnostics()
    }

    public init(_ text: String) {
        self.init(text: Array(text.utf8))
    }

    /// The whole text in one array. Free while the buffer has no gap (after `makeTextContiguous()`
    /// or before the first edit); otherwise each read copies the text, so a reader of the whole
    /// text after edits closes the gap first, once.
    public var text: [UInt8] { buffer.contiguous }

    /// Closes the text's gap so that `text` is free to read: one move of the text after the last
    /// edit, which the next edit's gap then opens again.
    public mutating func makeTextContiguous() {
        buffer.makeContiguous()
    }

    /// The settings the file itself gives; they win over an editor's or the command line's.
    public var fileSettings: SettingOverrides { file.overrides }

    /// Every problem in the document, ordered by position, then severity, then code
    /// (`DiagnosticOrder`): its sources merged, not the whole list sorted.
    public var diagnostics: [Diagnostic] {
        DiagnosticOrder.merged(diagnosticSources)
    }

    /// The same list sorted whole, as it was made before the merge: the tests' reference.
    var diagnosticsSortedWhole: [Diagnostic] {
        diagnosticSources.joined().sorted(by: DiagnosticOrder.precedes)
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool {
        // A duplicate is an error: no need to format every one to find that out.
        ids.hasDuplicates || local.contains { $0.severity == .error }
            || (file.diagnostics + results).contains { $0.severity == .error }
    }

    /// Every problem, from each source in turn: the one place that lists the sources.
    private var diagnosticSources: [[Diagnostic]] {
        [local.all, file.diagnostics, ids.diagnostics(), results]
    }

    /// The text of a range as a string (invalid UTF-8 shows as U+FFFD).
    public func string(in range: ByteRange) -> String {
        let end = min(range.end, buffer.count)
        return String(decoding: buffer[min(range.start, end)..<end], as: UTF8.self)
    }
}
