/// A parsed JSON document.
///
/// Integers are kept exact (`.int`), so a JSON-RPC id `1` never turns into `1.0` or `true` the way
/// Foundation's `JSONSerialization` values do on Linux. Numbers with a fraction or exponent, and
/// integers beyond `Int64`, become `.double`.
public enum JSONValue: Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Compact JSON text, as `JSONWriter` writes it.
    public var description: String {
        var writer = JSONWriter()
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

// MARK: - Accessors
extension JSONValue {
    /// The member named `key` when this is an object that has it; otherwise nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when this is an array that long; otherwise nil.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// An integer, or a double with no fractional part that fits. Booleans are NOT numbers here.
    public var int64Value: Int64? {
        switch self {
        case .int(let value):
            return value
        case .double(let value):
            // Int64(exactly:) rejects fractions, NaN, infinities and out-of-range values.
            return Int64(exactly: value)
        default:
            return nil
        }
    }

    public var intValue: Int? {
        int64Value.flatMap { Int(exactly: $0) }
    }

    /// Any number as a Double (integers may round above 2^53).
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// A short name of the JSON type, for error messages ("expected a string, got a number").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
