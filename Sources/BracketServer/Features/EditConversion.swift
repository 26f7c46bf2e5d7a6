import BracketModel
import BracketSyntax
import JSONRPC
import LanguageServerProtocol

extension DocumentContext {
    /// Core edits (byte ranges in the current text) as LSP edits in the negotiated encoding.
    /// `table` must hold every end of every edit; by default one is made for these edits.
    func lspEdits(_ edits: [BracketModel.TextEdit], table: PositionTable? = nil) -> [LanguageServerProtocol.TextEdit] {
        let table = table ?? PositionTable(self, offsets: edits.flatMap { [$0.range.start, $0.range.end] })
        return edits.map { edit in
            LanguageServerProtocol.TextEdit(range: table.range(edit.range),
                                            newText: String(decoding: edit.replacement, as: UTF8.self))
        }
    }

    func workspaceEdit(_ edits: [BracketModel.TextEdit], table: PositionTable? = nil) -> WorkspaceEdit {
        WorkspaceEdit(changes: [(uri: uri, edits: lspEdits(edits, table: table))])
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
