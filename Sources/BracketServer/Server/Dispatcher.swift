import BracketJSON
import JSONRPC
import LanguageServerProtocol

/// Method names mapped to typed handlers, in the manner of sourcekit-lsp's `handle<Request>` and
/// rust-analyzer's `on::<R>(handler)`: each registration names a request type and a handler
/// whose return type the compiler holds to `R.Response`. Decoding the params, looking up the
/// document of a text-document request and encoding the answer are written once, here and in
/// `handleRequest`, not once per method.
struct Dispatcher: Sendable {
    typealias RequestHandler = @Sendable (LanguageServer, JSONValue?) throws -> any LSPEncodable
    typealias NotificationHandler = @Sendable (LanguageServer, JSONValue?) throws -> Void

    private(set) var requests: [String: RequestHandler] = [:]
    private(set) var notifications: [String: NotificationHandler] = [:]

    /// Every method with a handler.
    var methods: Set<String> { Set(requests.keys).union(notifications.keys) }

    /// A request answered from the server's state (lifecycle, commands).
    mutating func request<R: LSPRequest>(
        _: R.Type, _ handler: @escaping @Sendable (LanguageServer, R) throws -> R.Response
    ) {
        requests[R.method] = { server, params in try handler(server, try R(params: params)) }
    }

    /// A request about one open document: the handler gets the document's context, or the
    /// client gets -32602 naming the URI that is not open.
    mutating func documentRequest<R: TextDocumentRequest>(
        _: R.Type, _ handler: @escaping @Sendable (LanguageServer, DocumentContext, R) throws -> R.Response
    ) {
        requests[R.method] = { server, params in
            let request = try R(params: params)
            return try handler(server, try server.context(for: request.textDocument.uri), request)
        }
    }

    mutating func notification<N: LSPNotification>(
        _: N.Type, _ handler: @escaping @Sendable (LanguageServer, N) throws -> Void
    ) {
        notifications[N.method] = { server, params in try handler(server, try N(params: params)) }
    }
}

extension LanguageServer {
    /// Runs the handler of a request. A method the server does not answer (unknown, or not
    /// advertised to this client) is -32601. A notification method sent as a request runs as
    /// the notification and is answered `null`. Throws ResponseError or LSPDecodingError (→ -32602).
    func dispatchRequest(method: String, params: JSONValue?) throws -> any LSPEncodable {
        guard answers(method) else { throw ResponseError.methodNotFound(method) }
        if let handler = Self.dispatcher.requests[method] { return try handler(self, params) }
        if let handler = Self.dispatcher.notifications[method] {
            try handler(self, params)
            return VoidResponse()
        }
        throw ResponseError.methodNotFound(method)
    }

    /// Runs the handler of a notification. Unknown ones (including `$/…`) are ignored, as LSP
    /// asks; a request method sent without an id runs and its result is dropped.
    func dispatchNotification(method: String, params: JSONValue?) throws {
        guard answers(method) else { return }
        if let handler = Self.dispatcher.notifications[method] {
            try handler(self, params)
        } else if let handler = Self.dispatcher.requests[method] {
            _ = try handler(self, params)
        }
    }

    /// True for the methods this client was told it may send, and the lifecycle.
    func answers(_ method: String) -> Bool {
        ServerCapabilities.unconditionalMethods.contains(method) || negotiated.advertisedMethods.contains(method)
    }

    /// The open document behind `uri`, or -32602 naming it. Features read the whole text, so its
    /// gap is closed first (once per edit, in place); publishing diagnostics only converts
    /// positions, which read through the gap, and passes `contiguousText: false`.
    func context(for uri: String, contiguousText: Bool = true, oversized: Bool = false) throws(ResponseError) -> DocumentContext {
        if contiguousText { documents[uri]?.document.makeTextContiguous() }
        guard let open = documents[uri] else {
            throw ResponseError.invalidParams("document not open: \(uri) (send textDocument/didOpen first)")
        }
        // A document past the limit has no parse to answer from (only publishing its one
        // diagnostic asks for the stand-in, with `oversized`).
        if let text = open.oversized, !oversized {
            throw ResponseError(code: ResponseError.requestFailed, message: text.refusal)
        }
        return DocumentContext(document: open.document, uri: uri, version: open.version,
                               encoding: encoding, defaults: defaults, client: negotiated.client)
    }
}

/// What initialize settled between this client and the server.
struct Negotiation {
    var client = ClientCapabilities()
    /// The `advertisedMethods` of the capabilities sent in the initialize result.
    var advertisedMethods: Set<String> = []
}
