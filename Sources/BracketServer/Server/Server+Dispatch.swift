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
            return .bytes(previewPayload(try context(for: request.textDocument.uri)))
        case SubscribePreviewRequest.method:
            let request = try SubscribePreviewRequest(params: params)
            subscribePreview(uri: request.textDocument.uri)
            return .value(.null)
        case UnsubscribePreviewRequest.method:
            let request = try UnsubscribePreviewRequest(params: params)
            preview.subscribed.remove(request.textDocument.uri)
            return .value(.null)
        case OpenPreviewRequest.method:
            let request = try OpenPreviewRequest(params: params)
            return .value(try openPreview(try context(for: request.textDocument.uri)).json)
        case CursorMovedNotification.method:
            cursorMoved(try CursorMovedNotification(params: params))

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
