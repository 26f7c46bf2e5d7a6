import BracketModel
import BracketSyntax
import JSONRPC
import LanguageServerProtocol

extension DocumentContext {
    /// Core edits (byte ranges in the current text) as LSP edits in the negotiated encoding.
    func lspEdits(_ edits: [BracketModel.TextEdit]) -> [LanguageServerProtocol.TextEdit] {
        let table = PositionTable(self, offsets: edits.flatMap { [$0.range.start, $0.range.end] })
        return edits.map { edit in
            LanguageServerProtocol.TextEdit(range: table.range(edit.range),
                                            newText: String(decoding: edit.replacement, as: UTF8.self))
        }
    }

    func workspaceEdit(_ edits: [BracketModel.TextEdit]) -> WorkspaceEdit {
        WorkspaceEdit(changes: [(uri: uri, edits: lspEdits(edits))])
    }

    func byteRange(_ range: LSPRange) -> ByteRange {
        let start = offset(range.start), end = offset(range.end)
        return ByteRange(min(start, end), max(start, end))
    }
}

extension ResponseError {
    /// LSP's RequestFailed: the request was understood but cannot be carried out (e.g. a refused rename).
    static func requestFailed(_ message: String) -> ResponseError {
        ResponseError(code: -32803, message: message)
    }
}
