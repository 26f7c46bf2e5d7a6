extension JSONValue {
    /// Structural equality in which an integer and a double of the same value match: the writer
    /// spells an integral double as an integer (`-3e2` comes back as `-300`), so this is the
    /// equality a write-then-read round trip preserves. Iterative, so any nesting depth is fine.
    public func hasSameNumbers(as other: JSONValue) -> Bool {
        var pending = [(self, other)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case let (.array(x), .array(y)):
                guard x.count == y.count else { return false }
                pending.append(contentsOf: zip(x, y))
            case let (.object(x), .object(y)):
                guard x.keys == y.keys else { return false }
                pending.append(contentsOf: zip(x.values, y.values))
            case let (.int(x), .double(y)), let (.double(y), .int(x)):
                if Double(x) != y { return false }
            default:
                if a != b { return false }
            }
        }
        return true
    }
}
