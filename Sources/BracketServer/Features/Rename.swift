import BracketIDE
import JSONRPC
import LanguageServerProtocol

extension LanguageServer {
    /// The ID token under the cursor with its text as placeholder; null where nothing is renamable.
    func prepareRename(_ context: DocumentContext, at position: Position) -> PrepareRenameResult? {
        guard let range = BracketIDE.prepareRename(at: context.offset(position), in: context.document) else { return nil }
        return PrepareRenameResult(range: context.range(range), placeholder: context.document.string(in: range))
    }

    /// Edits for every occurrence, or RequestFailed with the core's explanation (invalid or taken ID).
    func rename(_ context: DocumentContext, at position: Position, to newName: String) throws(ResponseError) -> WorkspaceEdit {
        switch BracketIDE.rename(at: context.offset(position), to: newName, in: context.document) {
        case .success(let edits): return context.workspaceEdit(edits)
        case .failure(let error): throw ResponseError.requestFailed(error.message)
        }
    }
}
