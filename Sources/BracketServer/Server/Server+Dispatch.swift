import BracketJSON
import JSONRPC
import LanguageServerProtocol

// The one place that maps method names to handlers. Adding a feature is one `case` here:
// decode the typed params, look up the document with `context(for:)`, answer with a Reply.

extension LanguageServer {
    /// Runs the handler for `method`. Returns the reply for a request (nil means `null`);
    /// notifications return nil. Throws ResponseError or LSPDecodingError (→ -32602).
    func dispatch(method: String, params: JSONValue?, isRequest: Bool) throws -> Reply? {
        switch method {
        // Lifecycle
        case InitializeRequest.method:
            return .value(initialize(try InitializeRequest(params: params)))
        case ShutdownRequest.method:
            lifecycle = .shutDown
            return .value(.null)
        case InitializedNotification.method, SetTraceNotification.method:
            return nil

        // Document synchronisation
        case DidOpenTextDocumentNotification.method:
            didOpen(try DidOpenTextDocumentNotification(params: params))
        case DidChangeTextDocumentNotification.method:
            try didChange(try DidChangeTextDocumentNotification(params: params))
        case DidCloseTextDocumentNotification.method:
            didClose(try DidCloseTextDocumentNotification(params: params))
        case DidSaveTextDocumentNotification.method:
            _ = try DidSaveTextDocumentNotification(params: params)  // full sync on change: nothing new
        case DidChangeConfigurationNotification.method:
            didChangeConfiguration(try DidChangeConfigurationNotification(params: params))

        // Preview (bracket's own methods, docs/protocol.md)
        case PreviewRequest.method:
            let request = try PreviewRequest(params: params)
            return .bytes(try previewResult(try context(for: request.textDocument.uri)))
        case SubscribePreviewRequest.method:
            let request = try SubscribePreviewRequest(params: params)
            subscribePreview(uri: request.textDocument.uri, delta: request.delta)
            return .value(.null)
        case UnsubscribePreviewRequest.method:
            let request = try UnsubscribePreviewRequest(params: params)
            preview.subscribed.remove(request.textDocument.uri)
            preview.deltaSubscribed.remove(request.textDocument.uri)
            dropDeltaBase(request.textDocument.uri)
            return .value(.null)
        case OpenPreviewRequest.method:
            let request = try OpenPreviewRequest(params: params)
            return .value(try openPreview(try context(for: request.textDocument.uri)).json)
        case CursorMovedNotification.method:
            cursorMoved(try CursorMovedNotification(params: params))

        // Editing features (Features/, over BracketIDE)
        case DocumentSymbolRequest.method:
            let request = try DocumentSymbolRequest(params: params)
            return .value(.array(documentSymbols(try context(for: request.textDocument.uri)).map(\.json)))
        case HoverRequest.method:
            let request = try HoverRequest(params: params)
            return .value(hover(try context(for: request.textDocument.uri), at: request.position)?.json ?? .null)
        case DefinitionRequest.method:
            let request = try DefinitionRequest(params: params)
            return .value(.array(definition(try context(for: request.textDocument.uri), at: request.position).map(\.json)))
        case ReferencesRequest.method:
            let request = try ReferencesRequest(params: params)
            return .value(.array(references(try context(for: request.textDocument.uri), at: request.position,
                                            includeDeclaration: request.includeDeclaration).map(\.json)))
        case DocumentHighlightRequest.method:
            let request = try DocumentHighlightRequest(params: params)
            return .value(.array(highlights(try context(for: request.textDocument.uri), at: request.position).map(\.json)))
        case PrepareRenameRequest.method:
            let request = try PrepareRenameRequest(params: params)
            return .value(prepareRename(try context(for: request.textDocument.uri), at: request.position)?.json ?? .null)
        case RenameRequest.method:
            let request = try RenameRequest(params: params)
            return .value(try rename(try context(for: request.textDocument.uri), at: request.position,
                                     to: request.newName).json)
        case FormattingRequest.method:
            let request = try FormattingRequest(params: params)
            return .value(.array(formatting(try context(for: request.textDocument.uri)).map(\.json)))
        case FoldingRangeRequest.method:
            let request = try FoldingRangeRequest(params: params)
            return .value(.array(foldingRanges(try context(for: request.textDocument.uri)).map(\.json)))
        case SelectionRangeRequest.method:
            let request = try SelectionRangeRequest(params: params)
            return .value(.array(try selectionRanges(try context(for: request.textDocument.uri),
                                                     at: request.positions).map(\.json)))
        case SemanticTokensFullRequest.method:
            let request = try SemanticTokensFullRequest(params: params)
            return .value(fullSemanticTokens(try context(for: request.textDocument.uri)).json)
        case SemanticTokensDeltaRequest.method:
            let request = try SemanticTokensDeltaRequest(params: params)
            return .value(semanticTokensDelta(try context(for: request.textDocument.uri),
                                              since: request.previousResultId).json)
        case SemanticTokensRangeRequest.method:
            let request = try SemanticTokensRangeRequest(params: params)
            return .value(semanticTokens(try context(for: request.textDocument.uri), range: request.range).json)
        case CompletionRequest.method:
            let request = try CompletionRequest(params: params)
            return .value(.array(completion(try context(for: request.textDocument.uri), at: request.position).map(\.json)))
        case CodeActionRequest.method:
            let request = try CodeActionRequest(params: params)
            return .value(.array(codeActions(try context(for: request.textDocument.uri), range: request.range,
                                             only: request.context.only).map(\.json)))

        default:
            // Unknown notifications (including "$/…" ones) are ignored, as LSP asks.
            if isRequest { throw ResponseError.methodNotFound(method) }
        }
        return nil
    }

    /// The open document behind `uri`, or -32602 naming it.
    func context(for uri: String) throws(ResponseError) -> DocumentContext {
        guard let open = documents[uri] else {
            throw ResponseError.invalidParams("document not open: \(uri) (send textDocument/didOpen first)")
        }
        return DocumentContext(document: open.document, uri: uri, version: open.version,
                               encoding: encoding, defaults: defaults)
    }
}

/// `bracket/cursorMoved`: the editor's cursor moved; the browser preview highlights the card.
struct CursorMovedNotification: LSPNotification {
    static let method = "bracket/cursorMoved"
    var textDocument: TextDocumentIdentifier
    var position: Position

    init(params: JSONValue?) throws(LSPDecodingError) {
        guard let params else { throw LSPDecodingError(path: "params", problem: "missing required params") }
        let decoded = try TextDocumentPositionParams(json: params, path: "params")
        textDocument = decoded.textDocument
        position = decoded.position
    }
}
