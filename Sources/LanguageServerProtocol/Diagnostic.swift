import BracketJSON

public enum DiagnosticSeverity: Int, Sendable {
    case error = 1, warning = 2, information = 3, hint = 4
}

public enum DiagnosticTag: Int, Sendable {
    case unnecessary = 1, deprecated = 2
}

public struct DiagnosticRelatedInformation: Equatable, Sendable, JSONDecodable, LSPEncodable {
    public var location: Location
    public var message: String

    public init(location: Location, message: String) {
        self.location = location
        self.message = message
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        self.init(location: try fields.decode("location"), message: try fields.string("message"))
    }

    public var json: JSONValue { ["location": location.json, "message": .string(message)] }
}

/// Decodable too, because code action requests send diagnostics back to the server.
public struct Diagnostic: Equatable, Sendable, JSONDecodable, LSPEncodable {
    public var range: LSPRange
    public var severity: DiagnosticSeverity?
    /// Our codes are stable strings such as "duplicate-id".
    public var code: String?
    public var source: String?
    public var message: String
    public var tags: [DiagnosticTag]
    public var relatedInformation: [DiagnosticRelatedInformation]
    public var data: JSONValue?

    public init(range: LSPRange, severity: DiagnosticSeverity? = nil, code: String? = nil, source: String? = nil,
                message: String, tags: [DiagnosticTag] = [], relatedInformation: [DiagnosticRelatedInformation] = [],
                data: JSONValue? = nil) {
        self.range = range
        self.severity = severity
        self.code = code
        self.source = source
        self.message = message
        self.tags = tags
        self.relatedInformation = relatedInformation
        self.data = data
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        range = try fields.decode("range")
        if let raw = try fields.optionalInt("severity") {
            guard let severity = DiagnosticSeverity(rawValue: raw) else {
                throw LSPDecodingError(path: fields.fieldPath("severity"), problem: "unknown severity \(raw)")
            }
            self.severity = severity
        } else {
            severity = nil
        }
        // Clients echo codes back as they received them; accept integers too.
        switch fields.raw("code") {
        case .none: code = nil
        case .string(let text)?: code = text
        case .int(let number)?: code = String(number)
        case let other?: throw LSPDecodingError(path: fields.fieldPath("code"), problem: "expected a string or an integer, got \(other.typeName)")
        }
        source = try fields.optionalString("source")
        message = try fields.string("message")
        tags = try fields.array("tags", of: IntCode.self).compactMap { DiagnosticTag(rawValue: $0.value) }
        relatedInformation = try fields.array("relatedInformation")
        data = fields.raw("data")
    }

    public var json: JSONValue {
        var object: JSONObject = ["range": range.json]
        if let severity { object.append("severity", JSONValue(severity.rawValue)) }
        object.appendIfPresent("code", code)
        object.appendIfPresent("source", source)
        object.append("message", .string(message))
        if !tags.isEmpty { object.append("tags", .array(tags.map { JSONValue($0.rawValue) })) }
        if !relatedInformation.isEmpty { object.append("relatedInformation", relatedInformation.json) }
        object.appendIfPresent("data", data)
        return .object(object)
    }
}

/// An integer array element (used for enum-valued arrays such as tags).
struct IntCode: JSONDecodable {
    var value: Int
    init(json: JSONValue, path: String) throws(LSPDecodingError) {
        guard let number = json.intValue else { throw LSPDecodingError(path: path, problem: "expected an integer, got \(json.typeName)") }
        value = number
    }
}

/// Params of the `textDocument/publishDiagnostics` notification.
public struct PublishDiagnosticsParams: Equatable, Sendable, LSPEncodable {
    public static let method = "textDocument/publishDiagnostics"

    public var uri: String
    public var version: Int?
    public var diagnostics: [Diagnostic]

    public init(uri: String, version: Int?, diagnostics: [Diagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }

    public var json: JSONValue {
        var object: JSONObject = ["uri": .string(uri)]
        if let version { object.append("version", JSONValue(version)) }
        object.append("diagnostics", diagnostics.json)
        return .object(object)
    }
}
