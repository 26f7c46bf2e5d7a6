/// Structural equality without recursion: deeply nested documents (up to the reader's depth
/// limit) must not exhaust the stack. Object members are compared in order; `.int(1)` and
/// `.double(1)` are different values (the literal differed).
extension JSONValue: Equatable {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.null, .null):
                continue
            case (.bool(let a), .bool(let b)):
                if a != b { return false }
            case (.int(let a), .int(let b)):
                if a != b { return false }
            case (.double(let a), .double(let b)):
                if a != b { return false }
            case (.string(let a), .string(let b)):
                if a != b { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                guard a.keys == b.keys else { return false }
                pending.append(contentsOf: zip(a.values, b.values))
            default:
                return false
            }
        }
        return true
    }
}

extension JSONObject {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        JSONValue.object(lhs) == JSONValue.object(rhs)
    }
}
