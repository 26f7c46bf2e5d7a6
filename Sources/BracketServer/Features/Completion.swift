import BracketIDE
import LanguageServerProtocol

extension LanguageServer {
    /// Items carry a textEdit over what was typed of the word, so `@ca` becomes `@card-width `
    /// instead of `@@card-width `.
    func completion(_ context: DocumentContext, at position: Position) -> [CompletionItem] {
        completions(at: context.offset(position), in: context.document).map { entry in
            var kind: CompletionItemKind = switch entry.kind {
            case .settingKey: .property
            case .settingValue, .attributeValue: .enumMember
            case .newID: .value
            case .attributeKey: .property
            }
            // EnumMember (20) came after the first protocol version: older clients get Value.
            if !context.client.completionItemKinds.contains(kind.rawValue) { kind = .value }
            return CompletionItem(
                label: entry.label, kind: kind, detail: entry.detail, insertText: entry.insertText,
                textEdit: LanguageServerProtocol.TextEdit(range: context.range(entry.replacing), newText: entry.insertText))
        }
    }
}
