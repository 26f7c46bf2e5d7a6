import BracketJSON

/// LSP `SymbolKind` values the server uses (the full list runs 1…26).
public enum SymbolKind: Int, Sendable {
    case file = 1, module = 2, namespace = 3, `class` = 5, property = 7, field = 8, constant = 14,
         string = 15, key = 20, object = 19, event = 24, typeParameter = 26
}

/// A symbol with nested children. Trees can be deep, so `json` builds bottom-up with an
/// explicit stack instead of recursing.
public struct DocumentSymbol: Equatable, Sendable, LSPEncodable {
    public var name: String
    public var detail: String?
    public var kind: SymbolKind
    public var range: LSPRange
    public var selectionRange: LSPRange
    public var children: [DocumentSymbol]

    public init(name: String, detail: String? = nil, kind: SymbolKind, range: LSPRange, selectionRange: LSPRange,
                children: [DocumentSymbol] = []) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }

    private func members() -> JSONObject {
        var object: JSONObject = ["name": .string(name)]
        object.appendIfPresent("detail", detail)
        object.append("kind", JSONValue(kind.rawValue))
        object.append("range", range.json)
        object.append("selectionRange", selectionRange.json)
        return object
    }

    public var json: JSONValue {
        // Each frame holds a symbol, its finished children so far, and the next child to visit.
        var stack: [(symbol: DocumentSymbol, done: [JSONValue])] = [(self, [])]
        while true {
            let index = stack.count - 1
            let (symbol, done) = stack[index]
            if done.count < symbol.children.count {
                stack.append((symbol.children[done.count], []))
                continue
            }
            var object = symbol.members()
            if !symbol.children.isEmpty { object.append("children", .array(done)) }
            stack.removeLast()
            guard !stack.isEmpty else { return .object(object) }
            stack[stack.count - 1].done.append(.object(object))
        }
    }
}

/// A flat symbol for clients without `hierarchicalDocumentSymbolSupport`: nesting is told by
/// `containerName` (the enclosing symbol's name) instead of `children`.
public struct SymbolInformation: Equatable, Sendable, LSPEncodable {
    public var name: String
    public var kind: SymbolKind
    public var location: Location
    public var containerName: String?

    public init(name: String, kind: SymbolKind, location: Location, containerName: String? = nil) {
        self.name = name
        self.kind = kind
        self.location = location
        self.containerName = containerName
    }

    public var json: JSONValue {
        var object: JSONObject = ["name": .string(name), "kind": JSONValue(kind.rawValue), "location": location.json]
        object.appendIfPresent("containerName", containerName)
        return .object(object)
    }
}

/// The `textDocument/documentSymbol` result: nested symbols, or flat ones for older clients.
public enum DocumentSymbolResult: Equatable, Sendable, LSPEncodable {
    case nested([DocumentSymbol])
    case flat([SymbolInformation])

    public var json: JSONValue {
        switch self {
        case .nested(let symbols): symbols.json
        case .flat(let symbols): symbols.json
        }
    }
}

public struct Hover: Equatable, Sendable, LSPEncodable {
    public var kind: MarkupKind
    public var value: String
    public var range: LSPRange?

    public init(kind: MarkupKind, value: String, range: LSPRange? = nil) {
        self.kind = kind
        self.value = value
        self.range = range
    }

    public init(markdown: String, range: LSPRange? = nil) {
        self.init(kind: .markdown, value: markdown, range: range)
    }

    public var json: JSONValue {
        var object: JSONObject = ["contents": ["kind": .string(kind.rawValue), "value": .string(value)]]
        object.appendIfPresent("range", range)
        return .object(object)
    }
}

public enum DocumentHighlightKind: Int, Sendable {
    case text = 1, read = 2, write = 3
}

public struct DocumentHighlight: Equatable, Sendable, LSPEncodable {
    public var range: LSPRange
    public var kind: DocumentHighlightKind?

    public init(range: LSPRange, kind: DocumentHighlightKind? = nil) {
        self.range = range
        self.kind = kind
    }

    public var json: JSONValue {
        var object: JSONObject = ["range": range.json]
        if let kind { object.append("kind", JSONValue(kind.rawValue)) }
        return .object(object)
    }
}
