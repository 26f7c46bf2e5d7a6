import BracketJSON

public struct SemanticTokens: Equatable, Sendable, LSPEncodable {
    public var resultId: String?
    /// Five integers per token: delta line, delta start, length, type, modifiers.
    public var data: [UInt32]

    public init(resultId: String?, data: [UInt32]) {
        self.resultId = resultId
        self.data = data
    }

    public var json: JSONValue {
        var object = JSONObject()
        object.appendIfPresent("resultId", resultId)
        object.append("data", .array(data.map { .int(Int64($0)) }))
        return .object(object)
    }
}

public struct SemanticTokensEdit: Equatable, Sendable, LSPEncodable {
    public var start: Int
    public var deleteCount: Int
    public var data: [UInt32]

    public init(start: Int, deleteCount: Int, data: [UInt32]) {
        self.start = start
        self.deleteCount = deleteCount
        self.data = data
    }

    public var json: JSONValue {
        var object: JSONObject = ["start": JSONValue(start), "deleteCount": JSONValue(deleteCount)]
        if !data.isEmpty { object.append("data", .array(data.map { .int(Int64($0)) })) }
        return .object(object)
    }
}

public struct SemanticTokensDelta: Equatable, Sendable, LSPEncodable {
    public var resultId: String?
    public var edits: [SemanticTokensEdit]

    public init(resultId: String?, edits: [SemanticTokensEdit]) {
        self.resultId = resultId
        self.edits = edits
    }

    public var json: JSONValue {
        var object = JSONObject()
        object.appendIfPresent("resultId", resultId)
        object.append("edits", edits.json)
        return .object(object)
    }
}

/// The answer to a delta request: a delta, or full tokens when the previous result is unknown.
public enum SemanticTokensDeltaResult: Equatable, Sendable, LSPEncodable {
    case full(SemanticTokens)
    case delta(SemanticTokensDelta)

    public var json: JSONValue {
        switch self {
        case .full(let tokens): return tokens.json
        case .delta(let delta): return delta.json
        }
    }
}
