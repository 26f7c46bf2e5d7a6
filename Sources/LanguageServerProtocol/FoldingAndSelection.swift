import BracketJSON

public struct FoldingRange: Equatable, Sendable, LSPEncodable {
    public var startLine: Int
    public var endLine: Int
    public var startCharacter: Int?
    public var endCharacter: Int?
    /// "comment", "imports" or "region"; nil for ordinary blocks.
    public var kind: String?

    public init(startLine: Int, endLine: Int, startCharacter: Int? = nil, endCharacter: Int? = nil, kind: String? = nil) {
        self.startLine = startLine
        self.endLine = endLine
        self.startCharacter = startCharacter
        self.endCharacter = endCharacter
        self.kind = kind
    }

    public var json: JSONValue {
        var object: JSONObject = ["startLine": JSONValue(startLine)]
        if let startCharacter { object.append("startCharacter", JSONValue(startCharacter)) }
        object.append("endLine", JSONValue(endLine))
        if let endCharacter { object.append("endCharacter", JSONValue(endCharacter)) }
        object.appendIfPresent("kind", kind)
        return .object(object)
    }
}

/// A chain of ever larger ranges around one position, innermost first. LSP nests them through
/// `parent`; we keep a flat list and nest only when writing, without recursion.
public struct SelectionRange: Equatable, Sendable, LSPEncodable {
    public var ranges: [LSPRange]

    public init(ranges: [LSPRange]) {
        self.ranges = ranges
    }

    public var json: JSONValue {
        var current: JSONValue?
        for range in ranges.reversed() {
            var object: JSONObject = ["range": range.json]
            if let current { object.append("parent", current) }
            current = .object(object)
        }
        return current ?? .null
    }
}
