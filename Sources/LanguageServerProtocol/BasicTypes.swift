import BracketJSON

/// A zero-based line and character; the character unit is the negotiated position encoding.
public struct Position: Equatable, Hashable, Sendable, Comparable, JSONDecodable, LSPEncodable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        self.init(line: try fields.uint("line"), character: try fields.uint("character"))
    }

    public var json: JSONValue { ["line": JSONValue(line), "character": JSONValue(character)] }

    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// An LSP range (named to stay clear of Swift.Range).
public struct LSPRange: Equatable, Hashable, Sendable, JSONDecodable, LSPEncodable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        self.init(start: try fields.decode("start"), end: try fields.decode("end"))
    }

    public var json: JSONValue { ["start": start.json, "end": end.json] }
}

public struct Location: Equatable, Sendable, JSONDecodable, LSPEncodable {
    public var uri: String
    public var range: LSPRange

    public init(uri: String, range: LSPRange) {
        self.uri = uri
        self.range = range
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        self.init(uri: try fields.string("uri"), range: try fields.decode("range"))
    }

    public var json: JSONValue { ["uri": .string(uri), "range": range.json] }
}

public struct TextDocumentIdentifier: Equatable, Sendable, JSONDecodable, LSPEncodable {
    public var uri: String

    public init(uri: String) { self.uri = uri }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        self.init(uri: try FieldReader(json, path: path).string("uri"))
    }

    public var json: JSONValue { ["uri": .string(uri)] }
}

public struct VersionedTextDocumentIdentifier: Equatable, Sendable, JSONDecodable, LSPEncodable {
    public var uri: String
    public var version: Int

    public init(uri: String, version: Int) {
        self.uri = uri
        self.version = version
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        self.init(uri: try fields.string("uri"), version: try fields.int("version"))
    }

    public var json: JSONValue { ["uri": .string(uri), "version": JSONValue(version)] }
}

public struct TextDocumentItem: Equatable, Sendable, JSONDecodable, LSPEncodable {
    public var uri: String
    public var languageId: String
    public var version: Int
    public var text: String

    public init(uri: String, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        self.init(uri: try fields.string("uri"), languageId: try fields.string("languageId"),
                  version: try fields.int("version"), text: try fields.string("text"))
    }

    public var json: JSONValue {
        ["uri": .string(uri), "languageId": .string(languageId), "version": JSONValue(version), "text": .string(text)]
    }
}

/// One change of a didChange notification: a replaced range, or (range nil) the whole text.
public struct TextDocumentContentChangeEvent: Equatable, Sendable, JSONDecodable, LSPEncodable {
    public var range: LSPRange?
    public var text: String

    public init(range: LSPRange?, text: String) {
        self.range = range
        self.text = text
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        self.init(range: try fields.optional("range"), text: try fields.string("text"))
    }

    public var json: JSONValue {
        var object: JSONObject = [:]
        object.appendIfPresent("range", range)
        object.append("text", .string(text))
        return .object(object)
    }
}

/// The params shared by position-based requests (hover, definition, completion, …).
public struct TextDocumentPositionParams: Equatable, Sendable, JSONDecodable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position

    public init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        self.init(textDocument: try fields.decode("textDocument"), position: try fields.decode("position"))
    }
}
