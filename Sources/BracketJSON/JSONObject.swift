/// A JSON object: members in the order they were written or added.
///
/// Keys and values live in two parallel arrays (cheaper than an array of tuples, and it lets the
/// type be Equatable). Lookup is a linear scan: LSP objects have a handful of members, and a
/// scan beats hashing every key of every parsed object. With duplicate keys the LAST one wins,
/// like most JSON readers.
public struct JSONObject: Sendable, Equatable, Sequence {
    public private(set) var keys: [String]
    public private(set) var values: [JSONValue]

    public init() {
        keys = []
        values = []
    }

    public init(_ members: [(String, JSONValue)]) {
        keys = members.map(\.0)
        values = members.map(\.1)
    }

    /// Builds an object from parallel arrays (the reader's fast path). Counts must match.
    init(keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value of the last member named `key`. Setting replaces that member in place, or
    /// appends a new member; setting nil removes every member named `key`.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let index = keys.lastIndex(of: key) else { return nil }
            return values[index]
        }
        set {
            if let newValue {
                if let index = keys.lastIndex(of: key) {
                    values[index] = newValue
                } else {
                    append(key, newValue)
                }
            } else {
                while let index = keys.lastIndex(of: key) {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            }
        }
    }

    /// Adds a member at the end without checking for an existing key.
    public mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
    }

    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        var index = 0
        let keys = self.keys
        let values = self.values
        return AnyIterator {
            guard index < keys.count else { return nil }
            defer { index += 1 }
            return (key: keys[index], value: values[index])
        }
    }
}
