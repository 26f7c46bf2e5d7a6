import BracketJSON

// bracket's own protocol extensions (docs/protocol.md). Each takes `{ "textDocument": { "uri" } }`.

/// `bracket/preview`: the result (uri, version, geometry, svg, diagnostics counts) is assembled
/// by the server straight into bytes, so it is typed as serialized JSON here.
public struct PreviewRequest: TextDocumentRequest {
    public typealias Response = RawJSON
    public static let method = "bracket/preview"
    public var textDocument: TextDocumentIdentifier

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try documentParam(params)
    }
}

public struct SubscribePreviewRequest: TextDocumentRequest {
    public typealias Response = VoidResponse
    public static let method = "bracket/subscribePreview"
    public var textDocument: TextDocumentIdentifier
    /// The client can apply delta payloads (docs/protocol.md); absent means false.
    public var delta: Bool
    /// The client can apply a delta's `renamed` and `runs` too (docs/protocol.md, "Runs and
    /// renames"); absent means false.
    public var runs: Bool

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try documentParam(params)
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        delta = try fields.optionalBool("delta") ?? false
        runs = try fields.optionalBool("runs") ?? false
    }
}

public struct UnsubscribePreviewRequest: TextDocumentRequest {
    public typealias Response = VoidResponse
    public static let method = "bracket/unsubscribePreview"
    public var textDocument: TextDocumentIdentifier

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try documentParam(params)
    }
}

public struct OpenPreviewResult: Equatable, Sendable, LSPEncodable {
    public var url: String

    public init(url: String) { self.url = url }

    public var json: JSONValue { ["url": .string(url)] }
}

public struct OpenPreviewRequest: TextDocumentRequest {
    public typealias Response = OpenPreviewResult
    public static let method = "bracket/openPreview"
    public var textDocument: TextDocumentIdentifier

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try documentParam(params)
    }
}

/// The server-to-client notification carrying the same payload as a `bracket/preview` result.
public enum DidChangePreviewNotification {
    public static let method = "bracket/didChangePreview"
}

/// The server-to-client notification that asks the editor to show a node whose card was
/// clicked in the browser preview, sent instead of `window/showDocument` to clients that do not
/// advertise `window.showDocument.support`. Params: `{ uri, selection, takeFocus, id }`.
public enum RevealNotification {
    public static let method = "bracket/reveal"
}

/// `bracket/cursorMoved`: the editor's cursor moved; the browser preview highlights the card.
public struct CursorMovedNotification: LSPNotification {
    public static let method = "bracket/cursorMoved"
    public var textDocument: TextDocumentIdentifier
    public var position: Position

    public init(params: JSONValue?) throws(LSPDecodingError) {
        guard let params else { throw LSPDecodingError(path: "params", problem: "missing required params") }
        let decoded = try TextDocumentPositionParams(json: params, path: "params")
        textDocument = decoded.textDocument
        position = decoded.position
    }
}
