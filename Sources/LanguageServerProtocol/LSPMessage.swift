import BracketJSON

/// A request the server handles: its method name, its decoded params, and the type it answers
/// with. The server's dispatcher registers a handler per request type whose return type must be
/// `Response`, so the compiler checks that every handler answers its own request.
public protocol LSPRequest: Sendable {
    associatedtype Response: LSPEncodable
    static var method: String { get }
    /// `params` is nil when the message had none. Throws an error naming the bad field.
    init(params: JSONValue?) throws(LSPDecodingError)
}

/// A request about one document (`params.textDocument`): the dispatcher looks the document
/// up once for all of them, before the handler runs.
public protocol TextDocumentRequest: LSPRequest {
    var textDocument: TextDocumentIdentifier { get }
}

/// A notification the server handles (no response).
public protocol LSPNotification: Sendable {
    static var method: String { get }
    init(params: JSONValue?) throws(LSPDecodingError)
}

extension JSONValue {
    /// Params that must be present and be an object, for request/notification decoding.
    static func requireParams(_ params: JSONValue?) throws(LSPDecodingError) -> JSONValue {
        guard let params else { throw LSPDecodingError(path: "params", problem: "missing required params") }
        return params
    }
}

/// Decodes params shaped `{ "textDocument": { "uri" } }`.
func documentParam(_ params: JSONValue?) throws(LSPDecodingError) -> TextDocumentIdentifier {
    try FieldReader(try JSONValue.requireParams(params), path: "params").decode("textDocument")
}

func positionParams(_ params: JSONValue?) throws(LSPDecodingError) -> TextDocumentPositionParams {
    try TextDocumentPositionParams(json: try JSONValue.requireParams(params), path: "params")
}

/// A request whose params are exactly `TextDocumentPositionParams` (hover, definition, …): the
/// decoding and the two accessors are written once here instead of in every request type.
public protocol TextDocumentPositionRequest: TextDocumentRequest {
    var params: TextDocumentPositionParams { get }
    init(positionParams: TextDocumentPositionParams)
}

extension TextDocumentPositionRequest {
    public var textDocument: TextDocumentIdentifier { params.textDocument }
    public var position: Position { params.position }

    public init(params: JSONValue?) throws(LSPDecodingError) {
        self.init(positionParams: try positionParams(params))
    }
}
