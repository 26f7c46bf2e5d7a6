import BracketJSON

public struct TextEdit: Equatable, Sendable, JSONDecodable, LSPEncodable {
    public var range: LSPRange
    public var newText: String

    public init(range: LSPRange, newText: String) {
        self.range = range
        self.newText = newText
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        self.init(range: try fields.decode("range"), newText: try fields.string("newText"))
    }

    public var json: JSONValue { ["range": range.json, "newText": .string(newText)] }
}

/// Edits per document, in a fixed order (written as the `changes` map). Decodable too, because
/// a command can carry one back to the server.
public struct WorkspaceEdit: Equatable, Sendable, JSONDecodable, LSPEncodable {
    public var changes: [(uri: String, edits: [TextEdit])]

    public init(changes: [(uri: String, edits: [TextEdit])]) {
        self.changes = changes
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let changes = try FieldReader(json, path: path).reader("changes")
        var decoded: [(uri: String, edits: [TextEdit])] = []
        for (uri, _) in changes.object { decoded.append((uri, try changes.array(uri))) }
        self.init(changes: decoded)
    }

    public static func == (lhs: WorkspaceEdit, rhs: WorkspaceEdit) -> Bool {
        lhs.changes.map(\.uri) == rhs.changes.map(\.uri) && lhs.changes.map(\.edits) == rhs.changes.map(\.edits)
    }

    public var json: JSONValue {
        var map = JSONObject()
        for (uri, edits) in changes { map.append(uri, edits.json) }
        return ["changes": .object(map)]
    }
}

public struct PrepareRenameResult: Equatable, Sendable, LSPEncodable {
    public var range: LSPRange
    public var placeholder: String

    public init(range: LSPRange, placeholder: String) {
        self.range = range
        self.placeholder = placeholder
    }

    public var json: JSONValue { ["range": range.json, "placeholder": .string(placeholder)] }
}

/// `FormattingOptions`: the two fields every client sends; the rest stay in `raw`.
public struct FormattingOptions: Equatable, Sendable, JSONDecodable {
    public var tabSize: Int
    public var insertSpaces: Bool
    public var raw: JSONValue

    public init(tabSize: Int = 2, insertSpaces: Bool = true) {
        self.tabSize = tabSize
        self.insertSpaces = insertSpaces
        raw = ["tabSize": JSONValue(tabSize), "insertSpaces": .bool(insertSpaces)]
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        tabSize = try fields.uint("tabSize")
        guard let insertSpaces = try fields.optionalBool("insertSpaces") else {
            throw LSPDecodingError(path: fields.fieldPath("insertSpaces"), problem: "missing required field")
        }
        self.insertSpaces = insertSpaces
        raw = json
    }
}
