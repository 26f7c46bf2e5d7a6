import BracketJSON

/// The parts of the client's capabilities that change what the server sends. Per LSP an absent
/// capability means the client lacks it, so every field defaults to the oldest behaviour. A
/// member of the wrong type is read as absent too: refusing `initialize` over a malformed
/// capability would leave the user with no server at all.
public struct ClientCapabilities: Equatable, Sendable {
    /// `textDocument.documentSymbol.hierarchicalDocumentSymbolSupport`: `DocumentSymbol[]`
    /// rather than `SymbolInformation[]`.
    public var hierarchicalDocumentSymbols = false
    /// `textDocument.hover.contentFormat`, in the client's order of preference.
    public var hoverContentFormats: [MarkupKind] = []
    /// `textDocument.publishDiagnostics.relatedInformation`.
    public var diagnosticRelatedInformation = false
    /// `textDocument.codeAction.codeActionLiteralSupport`: `CodeAction` literals rather than
    /// `Command`s.
    public var codeActionLiterals = false
    /// `workspace.applyEdit`: the client applies edits the server sends.
    public var applyEdit = false
    /// `window.showDocument.support`: the client opens documents the server names.
    public var showDocument = false
    /// `textDocument.publishDiagnostics.tagSupport.valueSet`: the diagnostic tags it shows.
    public var diagnosticTags: Set<Int> = []
    /// `textDocument.completion.completionItemKind.valueSet`. Absent, LSP says the client knows
    /// the kinds of the first protocol version, Text (1) to Reference (18).
    public var completionItemKinds: Set<Int> = Set(1...18)

    public init() {}

    public init(json: JSONValue) {
        let document = json["textDocument"]
        hierarchicalDocumentSymbols = document?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue ?? false
        hoverContentFormats = (document?["hover"]?["contentFormat"]?.arrayValue ?? []).compactMap {
            $0.stringValue.flatMap(MarkupKind.init(rawValue:))
        }
        diagnosticRelatedInformation = document?["publishDiagnostics"]?["relatedInformation"]?.boolValue ?? false
        codeActionLiterals = document?["codeAction"]?["codeActionLiteralSupport"]?.objectValue != nil
        applyEdit = json["workspace"]?["applyEdit"]?.boolValue ?? false
        showDocument = json["window"]?["showDocument"]?["support"]?.boolValue ?? false
        diagnosticTags = Self.integers(document?["publishDiagnostics"]?["tagSupport"]?["valueSet"]) ?? []
        if let kinds = Self.integers(document?["completion"]?["completionItemKind"]?["valueSet"]) {
            completionItemKinds.formUnion(kinds)
        }
    }

    /// The integers of an array (others skipped), or nil when it is not an array.
    private static func integers(_ value: JSONValue?) -> Set<Int>? {
        value?.arrayValue.map { Set($0.compactMap(\.intValue)) }
    }

    /// The hover format to send: the client's first choice among those the server can write;
    /// plain text when it names none (the only format every client shows).
    public var hoverFormat: MarkupKind {
        hoverContentFormats.first ?? .plaintext
    }
}

/// LSP `MarkupKind`.
public enum MarkupKind: String, Sendable {
    case plaintext, markdown
}
