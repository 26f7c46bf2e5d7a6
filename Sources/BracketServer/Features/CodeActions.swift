import BracketIDE
import BracketJSON
import BracketModel
import JSONRPC
import LanguageServerProtocol

extension LanguageServer {
    /// Quick fixes for the diagnostics on the lines `range` covers and for those the client names
    /// in `context.diagnostics`, each tied to the diagnostic it fixes
    /// (converted exactly as publishDiagnostics sent it, so clients can match them).
    ///
    /// Linear in the diagnostics and edits of the request, whatever their number: the core
    /// builds what the fixes need once, and every position of every edit and diagnostic comes
    /// from one position table.
    ///
    /// A client without `codeActionLiteralSupport` gets each fix as a `Command` instead, which
    /// it runs with `workspace/executeCommand` (`executeCommand` below).
    func codeActions(_ context: DocumentContext, range: LSPRange, request: CodeActionContext) throws(ResponseError) -> [CodeActionResult] {
        let only = request.only
        if !only.isEmpty && !only.contains(where: { $0 == "quickfix" || "quickfix".hasPrefix($0 + ".") }) { return [] }
        let cancellation = self.cancellation
        let named = Set(request.diagnostics.map { DiagnosticReference(range: context.byteRange($0.range), code: $0.code) })
        let actions = BracketIDE.codeActions(for: context.byteRange(range), in: context.document, naming: named,
                                             isCancelled: { cancellation.runningRequestIsCancelled })
        try checkCancelled()
        let all = context.document.diagnostics
        var fixed: [Int] = []
        for action in actions where fixed.last != action.diagnosticIndex { fixed.append(action.diagnosticIndex) }
        let diagnostics = context.lspDiagnostics(of: fixed.map { all[$0] })
        let converted = Dictionary(uniqueKeysWithValues: zip(fixed, diagnostics))
        let table = PositionTable(context, offsets: actions.flatMap { action in
            action.edits.flatMap { [$0.range.start, $0.range.end] }
        })
        var results: [CodeActionResult] = []
        results.reserveCapacity(actions.count)
        for (index, action) in actions.enumerated() {
            if index % 1024 == 1023 { try checkCancelled() }
            let edit = context.workspaceEdit(action.edits, table: table)
            guard context.client.codeActionLiterals else {
                results.append(.command(Command(title: action.title, command: Self.applyFixCommand, arguments: [
                    ["uri": .string(context.uri), "version": JSONValue(context.version), "title": .string(action.title),
                     "edit": edit.json],
                ])))
                continue
            }
            results.append(.action(LanguageServerProtocol.CodeAction(
                title: action.title, kind: action.kind, diagnostics: converted[action.diagnosticIndex].map { [$0] } ?? [],
                edit: edit)))
        }
        return results
    }

    /// `workspace/executeCommand` for `bracket.applyFix`: the fix a command-only client chose
    /// is sent back to it as `workspace/applyEdit`, the usual way a server edits the editor's
    /// buffer. Refused when the document changed since the fix was offered (the edit's ranges
    /// would land in the wrong text), when the edit reaches another document, and when the
    /// client cannot apply edits.
    func executeCommand(_ request: ExecuteCommandRequest) throws -> VoidResponse {
        guard request.command == Self.applyFixCommand else {
            throw ResponseError.invalidParams("unknown command '\(request.command)' (the server runs \(Self.applyFixCommand))")
        }
        guard request.arguments.count == 1 else {
            throw LSPDecodingError(path: "params.arguments", problem: "expected one argument, got \(request.arguments.count)")
        }
        let fix = try AppliedFix(json: request.arguments[0], path: "params.arguments[0]")
        let context = try context(for: fix.uri)
        guard context.version == fix.version else {
            throw ResponseError(code: ResponseError.contentModified, message:
                "\(fix.uri) changed since this fix was offered (version \(fix.version), now \(context.version)); ask for code actions again")
        }
        guard fix.edit.changes.allSatisfy({ $0.uri == fix.uri }) else {
            throw ResponseError.invalidParams("a fix edits only its own document, \(fix.uri)")
        }
        guard negotiated.client.applyEdit else {
            throw ResponseError.requestFailed("the client cannot apply edits (it does not declare workspace.applyEdit)")
        }
        sendRequest(ApplyWorkspaceEditParams.method, ApplyWorkspaceEditParams(label: fix.title, edit: fix.edit).json)
        return VoidResponse()
    }
}

/// The argument of a `bracket.applyFix` command: the document, the version the fix was made
/// for, its title (the label of the edit in the editor's undo history) and its edit.
private struct AppliedFix: JSONDecodable {
    var uri: String
    var version: Int
    var title: String?
    var edit: WorkspaceEdit

    init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        uri = try fields.string("uri")
        version = try fields.int("version")
        title = try fields.optionalString("title")
        edit = try fields.decode("edit")
    }
}
