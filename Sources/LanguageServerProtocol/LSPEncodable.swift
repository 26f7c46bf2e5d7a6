import BracketJSON

/// A value the server sends: converts itself to JSON.
public protocol LSPEncodable {
    var json: JSONValue { get }
}

extension JSONValue: LSPEncodable {
    public var json: JSONValue { self }
}

extension Optional: LSPEncodable where Wrapped: LSPEncodable {
    public var json: JSONValue { self?.json ?? .null }
}

extension Array: LSPEncodable where Element: LSPEncodable {
    public var json: JSONValue { .array(map(\.json)) }
}

extension String: LSPEncodable {
    public var json: JSONValue { .string(self) }
}

/// The `null` result of requests such as shutdown.
public struct VoidResponse: LSPEncodable, Equatable, Sendable {
    public init() {}
    public var json: JSONValue { .null }
}

extension JSONObject {
    /// Adds the member only when there is a value: LSP omits absent optional fields.
    mutating func appendIfPresent(_ key: String, _ value: (some LSPEncodable)?) {
        if let value { append(key, value.json) }
    }
}
