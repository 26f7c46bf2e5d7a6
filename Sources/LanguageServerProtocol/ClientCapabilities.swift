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
