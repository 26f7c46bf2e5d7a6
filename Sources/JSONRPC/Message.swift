import BracketJSON

/// One JSON-RPC 2.0 message, as LSP uses them (no batches).
public enum Message: Equatable, Sendable {
    case request(id: RequestID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    case response(id: RequestID, result: JSONValue)
    /// `id` is nil when the failing request's id could not be read.
    case errorResponse(id: RequestID?, error: ResponseError)
}

/// A message that could not be accepted, with the error response it deserves. `id` is the
/// request's id when it could be read, so the client can match the answer; otherwise nil (null).
/// `shouldReply` is false for broken notifications and responses, which get no answer.
public struct InvalidMessage: Error, Equatable, Sendable {
    public var id: RequestID?
    public var error: ResponseError
    public var shouldReply: Bool

    public init(id: RequestID?, error: ResponseError, shouldReply: Bool = true) {
        self.id = id
        self.error = error
        self.shouldReply = shouldReply
    }
}

extension Message {
    /// Parses a framed body. Malformed JSON (including invalid UTF-8) is a -32700 parse error.
    public static func decode(body: [UInt8], reader: JSONReader = JSONReader()) -> Result<Message, InvalidMessage> {
        let value: JSONValue
        do {
            value = try reader.parse(body)
        } catch {
            return .failure(InvalidMessage(id: nil, error: .parseError(error.description)))
        }
        return Result { () throws(InvalidMessage) in try decode(value) }
    }

    public static func decode(_ value: JSONValue) throws(InvalidMessage) -> Message {
        guard case .object(let object) = value else {
            if case .array = value {
                throw InvalidMessage(id: nil, error: .invalidRequest("batch requests are not supported"))
            }
            throw InvalidMessage(id: nil, error: .invalidRequest("a message must be a JSON object, got \(value.typeName)"))
        }
        let rawID = object["id"]
        let id = rawID.flatMap(RequestID.init(json:))
        let isResponse = object["method"] == nil && (object["result"] != nil || object["error"] != nil)
        guard object["jsonrpc"]?.stringValue == "2.0" else {
            throw InvalidMessage(id: id, error: .invalidRequest("\"jsonrpc\" must be \"2.0\""), shouldReply: !isResponse)
        }

        if let method = object["method"] {
            guard let methodName = method.stringValue else {
                throw InvalidMessage(id: id, error: .invalidRequest("\"method\" must be a string"), shouldReply: rawID != nil)
            }
            var params = object["params"]
            switch params {
            case .none, .some(.object), .some(.array): break
            case .some(.null): params = nil  // some clients send "params": null for shutdown
            case .some(let other):
                throw InvalidMessage(id: id, error: .invalidRequest("\"params\" must be an object or an array, got \(other.typeName)"),
                                     shouldReply: rawID != nil)
            }
            guard let rawID else { return .notification(method: methodName, params: params) }
            guard let id else {
                throw InvalidMessage(id: nil, error: .invalidRequest("\"id\" must be an integer or a string, got \(rawID.typeName)"))
            }
            return .request(id: id, method: methodName, params: params)
        }

        guard isResponse else {
            throw InvalidMessage(id: id, error: .invalidRequest("message has neither \"method\" nor \"result\"/\"error\""))
        }
        if let errorValue = object["error"] {
            guard let error = ResponseError(json: errorValue) else {
                throw InvalidMessage(id: id, error: .invalidRequest("malformed \"error\" member"), shouldReply: false)
            }
            if let rawID, id == nil, !rawID.isNull {
                throw InvalidMessage(id: nil, error: .invalidRequest("\"id\" must be an integer or a string"), shouldReply: false)
            }
            return .errorResponse(id: id, error: error)
        }
        guard let id else {
            throw InvalidMessage(id: nil, error: .invalidRequest("a response needs an integer or string \"id\""), shouldReply: false)
        }
        return .response(id: id, result: object["result"] ?? .null)
    }
}

extension ResponseError {
    /// Reads `{ "code": int, "message": string, "data"?: any }`.
    public init?(json: JSONValue) {
        guard let code = json["code"]?.intValue, let message = json["message"]?.stringValue else { return nil }
        self.init(code: code, message: message, data: json["data"])
    }

    public var json: JSONValue {
        var object: JSONObject = ["code": .int(Int64(code)), "message": .string(message)]
        if let data { object.append("data", data) }
        return .object(object)
    }
}
