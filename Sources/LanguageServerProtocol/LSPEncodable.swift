import BracketJSON

/// A value the server sends: converts itself to JSON.
public protocol LSPEncodable {
    var json: JSONValue { get }
    /// Writes the value into a message being built. By default its `json`; a result that is
    /// already serialized (`RawJSON`) writes its bytes as they are.
    func write(to writer: inout JSONWriter)
}

extension LSPEncodable {
    public func write(to writer: inout JSONWriter) { writer.write(json) }
}

/// JSON serialized before it is sent, for results too large to build as a `JSONValue` first
/// (the preview payload is written once, straight to bytes).
public struct RawJSON: Sendable, LSPEncodable {
    public var bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var json: JSONValue { (try? JSONReader().parse(bytes)) ?? .null }

    public func write(to writer: inout JSONWriter) { writer.raw(bytes) }
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
