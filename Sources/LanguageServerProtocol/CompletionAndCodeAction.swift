import BracketJSON

public enum CompletionItemKind: Int, Sendable {
    case text = 1, keyword = 14, value = 12, enumMember = 20, reference = 18, snippet = 15, property = 10
}

public struct CompletionItem: Equatable, Sendable, LSPEncodable {
    public var label: String
    public var kind: CompletionItemKind?
    public var detail: String?
    /// Markdown.
    public var documentation: String?
    public var insertText: String?
    public var textEdit: TextEdit?
    public var sortText: String?
    public var filterText: String?

    public init(label: String, kind: CompletionItemKind? = nil, detail: String? = nil, documentation: String? = nil,
                insertText: String? = nil, textEdit: TextEdit? = nil, sortText: String? = nil, filterText: String? = nil) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.insertText = insertText
        self.textEdit = textEdit
        self.sortText = sortText
        self.filterText = filterText
    }

    public var json: JSONValue {
        var object: JSONObject = ["label": .string(label)]
        if let kind { object.append("kind", JSONValue(kind.rawValue)) }
        object.appendIfPresent("detail", detail)
        if let documentation { object.append("documentation", ["kind": "markdown", "value": .string(documentation)]) }
        object.appendIfPresent("insertText", insertText)
        object.appendIfPresent("textEdit", textEdit)
        object.appendIfPresent("sortText", sortText)
        object.appendIfPresent("filterText", filterText)
        return .object(object)
    }
}

public struct CodeAction: Equatable, Sendable, LSPEncodable {
    public var title: String
    /// e.g. "quickfix", "refactor.rewrite".
    public var kind: String?
    public var diagnostics: [Diagnostic]
    public var edit: WorkspaceEdit?
    public var isPreferred: Bool?

    public init(title: String, kind: String? = nil, diagnostics: [Diagnostic] = [], edit: WorkspaceEdit? = nil, isPreferred: Bool? = nil) {
        self.title = title
        self.kind = kind
        self.diagnostics = diagnostics
        self.edit = edit
        self.isPreferred = isPreferred
    }

    public var json: JSONValue {
        var object: JSONObject = ["title": .string(title)]
        object.appendIfPresent("kind", kind)
        if !diagnostics.isEmpty { object.append("diagnostics", diagnostics.json) }
        object.appendIfPresent("edit", edit)
        if let isPreferred { object.append("isPreferred", .bool(isPreferred)) }
        return .object(object)
    }
}

/// A command the client asks the server to run (`workspace/executeCommand`), for clients
/// that take commands but not code action literals.
public struct Command: Equatable, Sendable, LSPEncodable {
    public var title: String
    public var command: String
    public var arguments: [JSONValue]

    public init(title: String, command: String, arguments: [JSONValue] = []) {
        self.title = title
        self.command = command
        self.arguments = arguments
    }

    public var json: JSONValue {
        var object: JSONObject = ["title": .string(title), "command": .string(command)]
        if !arguments.isEmpty { object.append("arguments", .array(arguments)) }
        return .object(object)
    }
}

/// One element of a code action result, `(Command | CodeAction)[]`: a literal for clients that
/// declare `codeActionLiteralSupport`, a command for the others.
public enum CodeActionResult: Equatable, Sendable, LSPEncodable {
    case action(CodeAction)
    case command(Command)

    public var json: JSONValue {
        switch self {
        case .action(let action): action.json
        case .command(let command): command.json
        }
    }
}

/// `CodeActionContext`: the diagnostics the client shows in the range, and an optional filter.
public struct CodeActionContext: Equatable, Sendable, JSONDecodable {
    public var diagnostics: [Diagnostic]
    public var only: [String]

    public init(diagnostics: [Diagnostic], only: [String] = []) {
        self.diagnostics = diagnostics
        self.only = only
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        diagnostics = try fields.array("diagnostics")
        only = try fields.array("only")
    }
}
