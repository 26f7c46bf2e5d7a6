import BracketModel
import BracketSyntax

public struct CodeAction: Hashable, Sendable {
    public var title: String
    /// Always "quickfix" for now: each action repairs one diagnostic.
    public var kind: String
    /// The diagnostic this action fixes, and its index in `document.diagnostics`.
    public var diagnostic: Diagnostic
    public var diagnosticIndex: Int
    /// Non-overlapping edits against the current text.
    public var edits: [TextEdit]
}

/// A diagnostic as a client names it back (LSP's `context.diagnostics`): where it is and its
/// code, the two things that tell it apart from the others on its line.
public struct DiagnosticReference: Hashable, Sendable {
    public var range: ByteRange
    /// The diagnostic's code as published ("duplicate-id"), or nil when the client dropped it.
    public var code: String?

    public init(range: ByteRange, code: String?) {
        self.range = range
        self.code = code
    }
}

/// Quick fixes for every diagnostic on the lines `range` touches, and for every diagnostic the
/// client names in `named`, wherever it is. Editors draw a message at the end of its line and
/// ask with the cursor anywhere on it, so the cursor need not be on the diagnostic's token.
///
/// What a fix needs from the whole document (the free IDs, the token list) is built at most
/// once per call, on first use, so a request over a file with thousands of diagnostics stays
/// linear. `isCancelled` is polled between diagnostics; once it says true the call returns what
/// it has so far, which the caller discards.
public func codeActions(for range: ByteRange, in document: Document, naming named: Set<DiagnosticReference> = [],
                        isCancelled: () -> Bool = { false }) -> [CodeAction] {
    var actions: [CodeAction] = []
    let text = document.text
    let lines = LineSpan(range, in: document)
    var freeIDs: FreeIDs?
    var tokens: SettingValueTokens?
    for (index, diagnostic) in document.diagnostics.enumerated()
    where lines.touches(diagnostic.range)
        || named.contains(DiagnosticReference(range: diagnostic.range, code: diagnostic.code.rawValue))
        || named.contains(DiagnosticReference(range: diagnostic.range, code: nil)) {
        if index % 256 == 0, isCancelled() { break }
        func fix(_ title: String, _ edits: [TextEdit]) {
            actions.append(CodeAction(title: title, kind: "quickfix", diagnostic: diagnostic, diagnosticIndex: index,
                                      edits: edits))
        }
        switch diagnostic.code {
        case .duplicateID:
            if freeIDs == nil { freeIDs = FreeIDs(document.diagram()) }
            let id = freeIDs!.proposal(like: document.string(in: diagnostic.range))
            fix("Rename to \(id)", [TextEdit(range: diagnostic.range, replacement: id)])
        case .unbalancedOpenBrace:
            let needsNewline = text.last.map { $0 != UInt8(ascii: "\n") } ?? false
            fix("Insert '}' at the end of the file",
                [TextEdit(range: ByteRange(text.count, text.count), replacement: needsNewline ? "\n}\n" : "}\n")])
        case .unbalancedCloseBrace:
            fix("Delete the unmatched '}'", [TextEdit(range: diagnostic.range, replacement: "")])
        case .strayCharacter:
            fix("Delete '\(document.string(in: diagnostic.range))'", [TextEdit(range: diagnostic.range, replacement: "")])
        case .emptyLabel:
            // Take the space before the label too, so `a ""` becomes `a`.
            let start = startOfSpaces(before: diagnostic.range.start, in: text)
            fix("Remove the empty label", [TextEdit(range: ByteRange(start, diagnostic.range.end), replacement: "")])
        case .unknownSetting:
            let typed = String(document.string(in: diagnostic.range).dropFirst())
            if let key = NearestName.nearest(to: typed, in: settingKeys) {
                fix("Change to @\(key)", [TextEdit(range: diagnostic.range, replacement: "@" + key)])
            }
        case .unknownAttribute:
            let typed = document.string(in: diagnostic.range)
            if let key = NearestName.nearest(to: typed, in: AttributeSpec.names) {
                fix("Change to \(key)", [TextEdit(range: diagnostic.range, replacement: key)])
            }
        case .labelContradictsWinner:
            // The label goes with the blank before it, so `sf1 "Ayşe" {` becomes `sf1 {`.
            let start = startOfSpaces(before: diagnostic.range.start, in: text)
            fix("Remove the label to show the winner", [TextEdit(range: ByteRange(start, diagnostic.range.end), replacement: "")])
        case .winnerContradictsParts, .winnerWithLowerScore:
            // The result names the other side: the flag moves there (after its result attribute).
            let removal = removingAttribute(at: diagnostic.range, in: text)
            if let other = diagnostic.related.first?.range, removal.range.end <= other.start || other.end <= removal.range.start {
                fix("Move 'winner' to the side the result favours",
                    [removal, TextEdit(range: ByteRange(other.end, other.end), replacement: ", winner")].sorted { $0.range.start < $1.range.start })
            }
            fix("Remove 'winner' (the result decides)", [removal])
        case .winnerWithStatus, .multipleWinners:
            fix("Remove 'winner'", [removingAttribute(at: diagnostic.range, in: text)])
        case .noteOnLeaf:
            fix("Remove the note", [removingAttribute(at: diagnostic.range, in: text)])
        case .invalidSettingValue:
            if tokens == nil { tokens = SettingValueTokens(document) }
            for value in tokens!.validValues(forValueAt: diagnostic.range.start) {
                fix("Change to \(value)", [TextEdit(range: diagnostic.range, replacement: value)])
            }
        default:
            break
        }
    }
    return actions
}

/// The edit that takes the attribute at `range` out of its list with one separator: `[a, winner]`
/// and `[winner, a]` keep `[a]`, and `[winner]` goes whole with the blanks before it.
private func removingAttribute(at range: ByteRange, in text: [UInt8]) -> TextEdit {
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
    var before = range.start
    while before > 0, isBlank(text[before - 1]) { before -= 1 }
    var after = range.end
    while after < text.count, isBlank(text[after]) { after += 1 }
    if before > 0, text[before - 1] == UInt8(ascii: ",") {
        return TextEdit(range: ByteRange(before - 1, range.end), replacement: "")
    }
    if after < text.count, text[after] == UInt8(ascii: ",") {
        var next = after + 1
        while next < text.count, isBlank(text[next]) { next += 1 }
        return TextEdit(range: ByteRange(range.start, next), replacement: "")
    }
    guard before > 0, text[before - 1] == UInt8(ascii: "["), after < text.count, text[after] == UInt8(ascii: "]") else {
        return TextEdit(range: range, replacement: "")
    }
    return TextEdit(range: ByteRange(startOfSpaces(before: before - 1, in: text), after + 1), replacement: "")
}

/// Where the spaces and tabs just before `offset` start (`offset` itself when there are none):
/// a removed label or list takes the blank before it along.
private func startOfSpaces(before offset: Int, in text: [UInt8]) -> Int {
    var start = offset
    while start > 0, text[start - 1] == UInt8(ascii: " ") || text[start - 1] == UInt8(ascii: "\t") { start -= 1 }
    return start
}

/// The whole lines a byte range touches, from the start of its first line to the end of its
/// last (the line break included).
private struct LineSpan {
    let start: Int
    let end: Int
    let isAtEndOfText: Bool

    init(_ range: ByteRange, in document: Document) {
        let index = document.lineIndex
        let count = document.text.count
        let first = index.line(containing: min(range.start, count))
        let last = index.line(containing: min(max(range.start, range.end), count))
        start = index.lineStart(first)
        end = last + 1 < index.lineCount ? index.lineStart(last + 1) : count
        isAtEndOfText = end == count
    }

    /// Whether `range` has a byte on these lines, or is empty and stands on one of them.
    func touches(_ range: ByteRange) -> Bool {
        if range.start >= start { return range.start < end || (isAtEndOfText && range.start == end) }
        return range.end > start
    }
}

/// The document's tokens, read once, to find which setting a value belongs to.
private struct SettingValueTokens {
    let document: Document
    let tokens: [(kind: TokenKind, range: ByteRange)]

    init(_ document: Document) {
        self.document = document
        tokens = document.tree.tokens()
    }

    /// Valid values of `@root` / `@align` when the setting whose value starts at `offset` is one of them.
    func validValues(forValueAt offset: Int) -> [String] {
        // Tokens tile the text in order: binary search for the one starting at `offset`.
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.start < offset { low = middle + 1 } else { high = middle }
        }
        guard low < tokens.count, tokens[low].range.start == offset else { return [] }
        var previous = low - 1
        while previous >= 0, tokens[previous].kind.isTrivia { previous -= 1 }
        guard previous >= 0, tokens[previous].kind == .settingKey else { return [] }
        return LayoutSettings.valueChoices(forSetting: String(document.string(in: tokens[previous].range).dropFirst()))
    }
}
