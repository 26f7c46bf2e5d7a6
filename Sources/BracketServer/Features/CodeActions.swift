import BracketIDE
import JSONRPC
import LanguageServerProtocol

extension LanguageServer {
    /// Quick fixes for the diagnostics overlapping `range`, each tied to the diagnostic it fixes
    /// (converted exactly as publishDiagnostics sent it, so clients can match them).
    func codeActions(_ context: DocumentContext, range: LSPRange, only: [String]) throws(ResponseError) -> [CodeActionResult] {
        if !only.isEmpty && !only.contains(where: { $0 == "quickfix" || "quickfix".hasPrefix($0 + ".") }) { return [] }
        let core = context.document.diagnostics
        let converted = context.lspDiagnostics()
        return BracketIDE.codeActions(for: context.byteRange(range), in: context.document).map { action in
            let diagnostic = core.firstIndex(of: action.diagnostic).map { [converted[$0]] } ?? []
            return .action(LanguageServerProtocol.CodeAction(
                title: action.title, kind: action.kind, diagnostics: diagnostic,
                edit: context.workspaceEdit(action.edits)))
        }
    }
}
