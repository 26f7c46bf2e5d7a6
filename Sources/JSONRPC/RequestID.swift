import BracketJSON

/// A JSON-RPC request id: an integer or a string, echoed back exactly as received.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case int(Int64)
    case string(String)

    /// Nil for any other JSON type (including 1.5, true and null), which makes a request invalid.
    public init?(json: JSONValue) {
        switch json {
        case .int(let value): self = .int(value)
        case .string(let value): self = .string(value)
        default: return nil
        }
    }

    public var json: JSONValue {
        switch self {
        case .int(let value): return .int(value)
        case .string(let value): return .string(value)
        }
    }

    public var description: String {
        switch self {
        case .int(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        }
    }
}
