import BracketJSON

// bracket's own protocol extensions (docs/protocol.md). Each takes `{ "textDocument": { "uri" } }`.

/// `bracket/preview`: the result (uri, version, geometry, svg, diagnostics counts) is assembled
/// by the server, usually written straight into a JSONWriter, so it is typed as raw JSON here.
public struct PreviewRequest: LSPRequest {
    public typealias Response = JSONValue
    public static let method = "bracket/preview"
    public var textDocument: TextDocumentIdentifier

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try documentParam(params)
    }
}

public struct SubscribePreviewRequest: LSPRequest {
    public typealias Response = VoidResponse
    public static let method = "bracket/subscribePreview"
    public var textDocument: TextDocumentIdentifier
    /// The client can apply delta payloads (docs/protocol.md); absent means false.
    public var delta: Bool

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try documentParam(params)
        delta = try FieldReader(try JSONValue.requireParams(params), path: "params").optionalBool("delta") ?? false
    }
}

public struct UnsubscribePreviewRequest: LSPRequest {
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

public struct OpenPreviewRequest: LSPRequest {
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
