// Writing a whole JSONValue tree, iteratively (documents may nest as deep as the reader allows).

extension JSONWriter {
    private enum Frame {
        case array([JSONValue], next: Int)
        case object(JSONObject, next: Int)
    }

    public mutating func write(_ value: JSONValue) {
        var stack: [Frame] = []
        var pending: JSONValue? = value
        while true {
            if let current = pending {
                pending = nil
                switch current {
                case .null: null()
                case .bool(let flag): bool(flag)
                case .int(let number): int(number)
                case .double(let number): double(number)
                case .string(let text): string(text)
                case .array(let elements):
                    beginArray()
                    stack.append(.array(elements, next: 0))
                case .object(let object):
                    beginObject()
                    stack.append(.object(object, next: 0))
                }
            }
            guard let top = stack.last else { return }
            switch top {
            case .array(let elements, let next):
                if next < elements.count {
                    stack[stack.count - 1] = .array(elements, next: next + 1)
                    pending = elements[next]
                } else {
                    endArray()
                    stack.removeLast()
                }
            case .object(let object, let next):
                if next < object.count {
                    stack[stack.count - 1] = .object(object, next: next + 1)
                    key(object.keys[next])
                    pending = object.values[next]
                } else {
                    endObject()
                    stack.removeLast()
                }
            }
        }
    }

    /// `key` followed by `value`, for the common one-member case.
    public mutating func member(_ name: String, _ value: JSONValue) {
        key(name)
        write(value)
    }
}

extension JSONValue {
    /// Compact UTF-8 JSON bytes.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }
}
