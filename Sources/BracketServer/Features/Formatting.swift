import BracketIDE
import LanguageServerProtocol

extension LanguageServer {
    /// The canonical layout (two spaces, whatever the editor's tab options: the format is the
    /// file's, not the editor's). No edits when the text is canonical or has syntax errors.
    func formatting(_ context: DocumentContext) -> [LanguageServerProtocol.TextEdit] {
        context.lspEdits(formattingEdits(context.document))
    }
}
