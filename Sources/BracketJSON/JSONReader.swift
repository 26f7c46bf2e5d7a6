/// A strict RFC 8259 JSON reader over UTF-8 bytes.
///
/// Nesting is tracked on explicit stacks, never by recursion, so hostile input such as 100,000
/// opening brackets yields a `JSONParseError` instead of a stack overflow. `maxDepth` bounds the
/// number of open arrays/objects.
public struct JSONReader: Sendable {
    public var maxDepth: Int

    public init(maxDepth: Int = 10_000) {
        self.maxDepth = maxDepth
    }

    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        // withUnsafeBufferPointer's closure cannot carry a typed throw out, so go through Result.
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, maxDepth: maxDepth)
            return Result { () throws(JSONParseError) in try parser.parseDocument() }
        }
        return try result.get()
    }

    public func parse(_ buffer: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: buffer.assumingMemoryBound(to: UInt8.self), maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// The parsing state for one document. Completed values wait on one flat `values` stack; when a
/// container closes, its elements are sliced off the top. Object keys wait on `keys` likewise.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0

    private struct OpenContainer {
        var isObject: Bool
        var firstValue: Int
        var firstKey: Int
    }

    private var values: [JSONValue] = []
    private var keys: [String] = []
    private var containers: [OpenContainer] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        valueLoop: while true {
            // Expect a value.
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
            switch bytes[position] {
            case UInt8(ascii: "["):
                try open(isObject: false)
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    closeTop()
                } else {
                    continue valueLoop
                }
            case UInt8(ascii: "{"):
                try open(isObject: true)
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    closeTop()
                } else {
                    try parseKey()
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                values.append(.string(try parseString()))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                values.append(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                values.append(.bool(true))
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                values.append(.bool(false))
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                values.append(.null)
            default:
                throw unexpected("expected a value")
            }

            // A value is complete: close containers until one wants another member.
            while let top = containers.last {
                skipWhitespace()
                guard position < bytes.count else {
                    throw error("unexpected end of input, expected ',' or '\(top.isObject ? "}" : "]")'")
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if top.isObject {
                        skipWhitespace()
                        try parseKey()
                    }
                    continue valueLoop
                }
                if byte == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    closeTop()
                    continue
                }
                throw unexpected(top.isObject ? "expected ',' or '}' in object" : "expected ',' or ']' in array")
            }

            skipWhitespace()
            if position < bytes.count { throw unexpected("expected end of input after the JSON value") }
            return values.removeLast()
        }
    }

    private mutating func open(isObject: Bool) throws(JSONParseError) {
        if containers.count >= maxDepth {
            throw error("nesting deeper than the limit of \(maxDepth)")
        }
        containers.append(OpenContainer(isObject: isObject, firstValue: values.count, firstKey: keys.count))
        position += 1
    }

    private mutating func closeTop() {
        let container = containers.removeLast()
        let elements = Array(values[container.firstValue...])
        values.removeSubrange(container.firstValue...)
        if container.isObject {
            let memberKeys = Array(keys[container.firstKey...])
            keys.removeSubrange(container.firstKey...)
            values.append(.object(JSONObject(keys: memberKeys, values: elements)))
        } else {
            values.append(.array(elements))
        }
    }

    /// Reads `"key" :` (whitespace already skipped before the key).
    private mutating func parseKey() throws(JSONParseError) {
        guard position < bytes.count else { throw error("unexpected end of input, expected an object key") }
        guard bytes[position] == UInt8(ascii: "\"") else { throw unexpected("expected a string key in object") }
        keys.append(try parseString())
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of input, expected ':'") }
        guard bytes[position] == UInt8(ascii: ":") else { throw unexpected("expected ':' after object key") }
        position += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = position
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for index in 0..<count {
            guard start + index < bytes.count else {
                throw error("unexpected end of input in literal '\(literal)'", at: start + index)
            }
            guard bytes[start + index] == expected[index] else {
                position = start + index
                throw unexpected("invalid literal, expected '\(literal)'")
            }
        }
        position = start + count
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? position, message: message)
    }

    /// An error naming the byte found at the current position.
    func unexpected(_ message: String) -> JSONParseError {
        let byte = bytes[position]
        let shown = (0x21...0x7E).contains(byte)
            ? "'\(Character(Unicode.Scalar(byte)))'"
            : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return error("unexpected \(shown): \(message)")
    }
}
