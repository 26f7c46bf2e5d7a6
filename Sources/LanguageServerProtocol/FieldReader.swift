import BracketJSON

/// A type read from the JSON of LSP params.
public protocol JSONDecodable {
    /// `path` locates `json` in the message, for error messages.
    init(json: JSONValue, path: String) throws(LSPDecodingError)
}

/// Reads typed members of one JSON object, producing errors that name the field.
public struct FieldReader {
    public let object: JSONObject
    public let path: String

    public init(_ json: JSONValue, path: String) throws(LSPDecodingError) {
        guard case .object(let object) = json else {
            throw LSPDecodingError(path: path, problem: "expected an object, got \(json.typeName)")
        }
        self.object = object
        self.path = path
    }

    public func fieldPath(_ key: String) -> String { "\(path).\(key)" }

    /// The raw member; nil when absent or null (LSP treats an explicit null as absent for
    /// optional fields).
    public func raw(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    private func required(_ key: String) throws(LSPDecodingError) -> JSONValue {
        guard let value = raw(key) else { throw LSPDecodingError(path: fieldPath(key), problem: "missing required field") }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> LSPDecodingError {
        LSPDecodingError(path: fieldPath(key), problem: "expected \(expected), got \(value.typeName)")
    }

    public func string(_ key: String) throws(LSPDecodingError) -> String {
        let value = try required(key)
        guard let text = value.stringValue else { throw mismatch(key, "a string", value) }
        return text
    }

    public func optionalString(_ key: String) throws(LSPDecodingError) -> String? {
        guard let value = raw(key) else { return nil }
        guard let text = value.stringValue else { throw mismatch(key, "a string", value) }
        return text
    }

    public func int(_ key: String) throws(LSPDecodingError) -> Int {
        let value = try required(key)
        guard let number = value.intValue else { throw mismatch(key, "an integer", value) }
        return number
    }

    public func optionalInt(_ key: String) throws(LSPDecodingError) -> Int? {
        guard let value = raw(key) else { return nil }
        guard let number = value.intValue else { throw mismatch(key, "an integer", value) }
        return number
    }

    /// A non-negative integer (LSP's `uinteger`: lines, characters).
    public func uint(_ key: String) throws(LSPDecodingError) -> Int {
        let number = try int(key)
        guard number >= 0 else { throw LSPDecodingError(path: fieldPath(key), problem: "expected a non-negative integer, got \(number)") }
        return number
    }

    public func optionalBool(_ key: String) throws(LSPDecodingError) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard let flag = value.boolValue else { throw mismatch(key, "a boolean", value) }
        return flag
    }

    public func decode<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws(LSPDecodingError) -> T {
        try T(json: try required(key), path: fieldPath(key))
    }

    public func optional<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws(LSPDecodingError) -> T? {
        guard let value = raw(key) else { return nil }
        return try T(json: value, path: fieldPath(key))
    }

    /// An array member; absent or null reads as empty.
    public func array<T: JSONDecodable>(_ key: String, of type: T.Type = T.self) throws(LSPDecodingError) -> [T] {
        guard let value = raw(key) else { return [] }
        guard let elements = value.arrayValue else { throw mismatch(key, "an array", value) }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(try T(json: element, path: "\(fieldPath(key))[\(index)]"))
        }
        return result
    }

    public func reader(_ key: String) throws(LSPDecodingError) -> FieldReader {
        try FieldReader(try required(key), path: fieldPath(key))
    }

    public func optionalReader(_ key: String) throws(LSPDecodingError) -> FieldReader? {
        guard let value = raw(key) else { return nil }
        return try FieldReader(value, path: fieldPath(key))
    }
}

extension String: JSONDecodable {
    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        guard let text = json.stringValue else { throw LSPDecodingError(path: path, problem: "expected a string, got \(json.typeName)") }
        self = text
    }
}
