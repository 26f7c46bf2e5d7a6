import BracketModel
import BracketSyntax

public struct CodeAction: Hashable, Sendable {
    public var title: String
    /// Always "quickfix" for now: each action repairs one diagnostic.
    public var kind: String
    /// The diagnostic this action fixes.
    public var diagnostic: Diagnostic
    /// Non-overlapping edits against the current text.
    public var edits: [TextEdit]
}

/// Quick fixes for the diagnostics overlapping `range`.
public func codeActions(for range: ByteRange, in document: Document) -> [CodeAction] {
    var actions: [CodeAction] = []
    let text = document.text
    for diagnostic in document.diagnostics
    where diagnostic.range.start <= range.end && range.start <= diagnostic.range.end {
        func fix(_ title: String, _ edits: [TextEdit]) {
            actions.append(CodeAction(title: title, kind: "quickfix", diagnostic: diagnostic, edits: edits))
        }
        switch diagnostic.code {
        case .duplicateID:
            let id = nextFreeID(in: document.diagram())
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
            var start = diagnostic.range.start
            while start > 0, text[start - 1] == UInt8(ascii: " ") || text[start - 1] == UInt8(ascii: "\t") { start -= 1 }
            fix("Remove the empty label", [TextEdit(range: ByteRange(start, diagnostic.range.end), replacement: "")])
        case .unknownSetting:
            let typed = String(document.string(in: diagnostic.range).dropFirst())
            let near = settingKeys.map { ($0, editDistance($0, typed)) }.filter { $0.1 <= 2 }
                .sorted { $0.1 < $1.1 }
            if let (key, _) = near.first {
                fix("Change to @\(key)", [TextEdit(range: diagnostic.range, replacement: "@" + key)])
            }
        case .invalidSettingValue:
            for value in validValues(forSettingBefore: diagnostic.range.start, in: document) {
                fix("Change to \(value)", [TextEdit(range: diagnostic.range, replacement: value)])
            }
        default:
            break
        }
    }
    return actions
}

/// Valid values of `@root` / `@align` when the setting whose value starts at `offset` is one of them.
private func validValues(forSettingBefore offset: Int, in document: Document) -> [String] {
    let tokens = document.tree.tokens()
    guard let index = tokens.firstIndex(where: { $0.range.start == offset }) else { return [] }
    var previous = index - 1
    while previous >= 0, tokens[previous].kind.isTrivia { previous -= 1 }
    guard previous >= 0, tokens[previous].kind == .settingKey else { return [] }
    switch document.string(in: tokens[previous].range) {
    case "@root": return RootSide.allCases.map(\.rawValue)
    case "@align": return LeafAlignment.allCases.map(\.rawValue)
    case "@fit": return CardFit.allCases.map(\.rawValue)
    case "@title-visible": return ["true", "false"]
    default: return []
    }
}

/// Levenshtein distance over Unicode scalars (setting names are short, so O(n·m) is nothing).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var previousDiagonal = row[0]
        row[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            let above = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previousDiagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
            previousDiagonal = above
        }
    }
    return row[b.count]
}
