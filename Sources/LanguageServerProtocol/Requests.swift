import BracketJSON

public struct InitializeRequest: LSPRequest {
    public typealias Response = InitializeResult
    public static let method = "initialize"
    public var params: InitializeParams

    public init(params: JSONValue?) throws(LSPDecodingError) {
        self.params = try InitializeParams(json: try JSONValue.requireParams(params), path: "params")
    }
}

public struct ShutdownRequest: LSPRequest {
    public typealias Response = VoidResponse
    public static let method = "shutdown"
    public init(params: JSONValue?) throws(LSPDecodingError) {}
}

public struct HoverRequest: TextDocumentPositionRequest {
    public typealias Response = Hover?
    public static let method = "textDocument/hover"
    public let params: TextDocumentPositionParams
    public init(positionParams params: TextDocumentPositionParams) { self.params = params }
}

public struct DefinitionRequest: TextDocumentPositionRequest {
    public typealias Response = [Location]
    public static let method = "textDocument/definition"
    public let params: TextDocumentPositionParams
    public init(positionParams params: TextDocumentPositionParams) { self.params = params }
}

public struct ReferencesRequest: TextDocumentRequest {
    public typealias Response = [Location]
    public static let method = "textDocument/references"
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var includeDeclaration: Bool

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let decoded = try positionParams(params)
        textDocument = decoded.textDocument
        position = decoded.position
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        includeDeclaration = try fields.optionalReader("context")?.optionalBool("includeDeclaration") ?? false
    }
}

public struct DocumentHighlightRequest: TextDocumentPositionRequest {
    public typealias Response = [DocumentHighlight]
    public static let method = "textDocument/documentHighlight"
    public let params: TextDocumentPositionParams
    public init(positionParams params: TextDocumentPositionParams) { self.params = params }
}

public struct CompletionRequest: TextDocumentPositionRequest {
    public typealias Response = [CompletionItem]
    public static let method = "textDocument/completion"
    public let params: TextDocumentPositionParams
    public init(positionParams params: TextDocumentPositionParams) { self.params = params }
}

public struct PrepareRenameRequest: TextDocumentPositionRequest {
    public typealias Response = PrepareRenameResult?
    public static let method = "textDocument/prepareRename"
    public let params: TextDocumentPositionParams
    public init(positionParams params: TextDocumentPositionParams) { self.params = params }
}

public struct RenameRequest: TextDocumentRequest {
    public typealias Response = WorkspaceEdit?
    public static let method = "textDocument/rename"
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var newName: String

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let decoded = try positionParams(params)
        textDocument = decoded.textDocument
        position = decoded.position
        newName = try FieldReader(try JSONValue.requireParams(params), path: "params").string("newName")
    }
}

public struct DocumentSymbolRequest: TextDocumentRequest {
    public typealias Response = DocumentSymbolResult
    public static let method = "textDocument/documentSymbol"
    public var textDocument: TextDocumentIdentifier

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try documentParam(params)
    }
}

public struct FormattingRequest: TextDocumentRequest {
    public typealias Response = [TextEdit]
    public static let method = "textDocument/formatting"
    public var textDocument: TextDocumentIdentifier
    public var options: FormattingOptions

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        textDocument = try fields.decode("textDocument")
        options = try fields.decode("options")
    }
}

public struct FoldingRangeRequest: TextDocumentRequest {
    public typealias Response = [FoldingRange]
    public static let method = "textDocument/foldingRange"
    public var textDocument: TextDocumentIdentifier

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try documentParam(params)
    }
}

public struct SelectionRangeRequest: TextDocumentRequest {
    public typealias Response = [SelectionRange]
    public static let method = "textDocument/selectionRange"
    public var textDocument: TextDocumentIdentifier
    public var positions: [Position]

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        textDocument = try fields.decode("textDocument")
        guard fields.raw("positions") != nil else {
            throw LSPDecodingError(path: "params.positions", problem: "missing required field")
        }
        positions = try fields.array("positions")
    }
}

public struct SemanticTokensFullRequest: TextDocumentRequest {
    public typealias Response = SemanticTokens?
    public static let method = "textDocument/semanticTokens/full"
    public var textDocument: TextDocumentIdentifier

    public init(params: JSONValue?) throws(LSPDecodingError) {
        textDocument = try documentParam(params)
    }
}

public struct SemanticTokensDeltaRequest: TextDocumentRequest {
    public typealias Response = SemanticTokensDeltaResult?
    public static let method = "textDocument/semanticTokens/full/delta"
    public var textDocument: TextDocumentIdentifier
    public var previousResultId: String

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        textDocument = try fields.decode("textDocument")
        previousResultId = try fields.string("previousResultId")
    }
}

public struct SemanticTokensRangeRequest: TextDocumentRequest {
    public typealias Response = SemanticTokens?
    public static let method = "textDocument/semanticTokens/range"
    public var textDocument: TextDocumentIdentifier
    public var range: LSPRange

    public init(params: JSONValue?) throws(LSPDecodingError) {
        guard let params else { throw LSPDecodingError(path: "params", problem: "missing required params") }
        guard let document = params["textDocument"], let range = params["range"] else {
            throw LSPDecodingError(path: "params", problem: "needs textDocument and range")
        }
        textDocument = try TextDocumentIdentifier(json: document, path: "params.textDocument")
        self.range = try LSPRange(json: range, path: "params.range")
    }
}

public struct CodeActionRequest: TextDocumentRequest {
    public typealias Response = [CodeActionResult]
    public static let method = "textDocument/codeAction"
    public var textDocument: TextDocumentIdentifier
    public var range: LSPRange
    public var context: CodeActionContext

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        textDocument = try fields.decode("textDocument")
        range = try fields.decode("range")
        context = try fields.optional("context") ?? CodeActionContext(diagnostics: [])
    }
}

/// `workspace/executeCommand`: runs one of the commands the server advertised.
public struct ExecuteCommandRequest: LSPRequest {
    public typealias Response = VoidResponse
    public static let method = "workspace/executeCommand"
    public var command: String
    public var arguments: [JSONValue]

    public init(params: JSONValue?) throws(LSPDecodingError) {
        let fields = try FieldReader(try JSONValue.requireParams(params), path: "params")
        command = try fields.string("command")
        switch fields.raw("arguments") {
        case nil: arguments = []
        case .array(let values)?: arguments = values
        case let other?: throw LSPDecodingError(path: "params.arguments", problem: "expected an array, got \(other.typeName)")
        }
    }
}

/// `workspace/applyEdit` (server to client): the params; the client's answer says whether it
/// applied the edit.
public struct ApplyWorkspaceEditParams: Equatable, Sendable, LSPEncodable {
    public static let method = "workspace/applyEdit"
    /// Shown in the editor's undo history.
    public var label: String?
    public var edit: WorkspaceEdit

    public init(label: String?, edit: WorkspaceEdit) {
        self.label = label
        self.edit = edit
    }

    public var json: JSONValue {
        var object = JSONObject()
        object.appendIfPresent("label", label)
        object.append("edit", edit.json)
        return .object(object)
    }
}
