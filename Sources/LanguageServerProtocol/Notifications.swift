import BracketJSON
import JSONRPC

public struct InitializedNotification: LSPNotification {
    public static let method = "initialized"
    public init(params: JSONValue?) throws(LSPDecodingError) {}
}

public struct ExitNotification: LSPNotification {
    public static let method = "exit"
    public init(params: JSONValue?) throws(LSPDecodingError) {}
}

public struct DidOpenTextDocumentNotification: LSPNotification {
    public static let method = "textDocument/didOpen"
    public var textDocument: TextDocumentItem

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try FieldReader(try JSONValue.requireParams(params), path: "params").decode("textDocument")
    }
}

public struct DidChangeTextDocumentNotification: LSPNotification {
    public static let method = "textDocument/didChange"
    public var textDocument: VersionedTextDocumentIdentifier
    /// Applied in order, each to the result of the previous one.
    public var contentChanges: [TextDocumentContentChangeEvent]

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        textDocument = try fields.decode("textDocument")
        guard fields.raw("contentChanges") != nil else {
            throw LSPDecodingError(path: "params.contentChanges", problem: "missing required field")
        }
        contentChanges = try fields.array("contentChanges")
    }
}

public struct DidCloseTextDocumentNotification: LSPNotification {
    public static let method = "textDocument/didClose"
    public var textDocument: TextDocumentIdentifier

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try documentParam(params)
    }
}

public struct DidSaveTextDocumentNotification: LSPNotification {
    public static let method = "textDocument/didSave"
    public var textDocument: TextDocumentIdentifier
    public var text: String?

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        textDocument = try fields.decode("textDocument")
        text = try fields.optionalString("text")
    }
}

public struct DidChangeConfigurationNotification: LSPNotification {
    public static let method = "workspace/didChangeConfiguration"
    /// Raw: the server picks out `bracket.layout`.
    public var settings: JSONValue

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        settings = fields.raw("settings") ?? .null
    }
}

public struct CancelRequestNotification: LSPNotification {
    public static let method = "$/cancelRequest"
    public var id: RequestID

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        guard let raw = fields.raw("id") else { throw LSPDecodingError(path: "params.id", problem: "missing required field") }
        guard let id = RequestID(json: raw) else {
            throw LSPDecodingError(path: "params.id", problem: "expected an integer or a string, got \(raw.typeName)")
        }
        self.id = id
    }
}

public struct SetTraceNotification: LSPNotification {
    public static let method = "$/setTrace"
    /// "off", "messages" or "verbose".
    public var value: String

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        value = try fields.string("value")
        guard ["off", "messages", "verbose"].contains(value) else {
            throw LSPDecodingError(path: "params.value", problem: "expected \"off\", \"messages\" or \"verbose\", got \"\(value)\"")
        }
    }
}
