import BracketJSON

/// What the server advertises in its initialize result, as typed fields. It is also the one
/// place that says which provider covers which method (`advertisedMethods`), so the server can
/// check that it answers exactly what it advertises.
///
/// Members are written in a fixed order and only when set (a `false` provider is left out), so
/// the initialize answer is deterministic.
public struct ServerCapabilities: Equatable, Sendable, LSPEncodable {
    public var positionEncoding: String?
    public var textDocumentSync: TextDocumentSyncOptions?
    /// `experimental.bracketPreview`: the `bracket/…` preview methods (docs/protocol.md).
    public var bracketPreview = false
    public var documentSymbolProvider = false
    public var hoverProvider = false
    public var definitionProvider = false
    public var referencesProvider = false
    public var documentHighlightProvider = false
    public var renameProvider: RenameOptions?
    public var documentFormattingProvider = false
    public var foldingRangeProvider = false
    public var selectionRangeProvider = false
    public var semanticTokensProvider: SemanticTokensOptions?
    public var completionProvider: CompletionOptions?
    public var codeActionProvider: CodeActionOptions?
    public var executeCommandProvider: ExecuteCommandOptions?

    public init() {}

    public var json: JSONValue {
        var object = JSONObject()
        object.appendIfPresent("positionEncoding", positionEncoding)
        object.appendIfPresent("textDocumentSync", textDocumentSync)
        if bracketPreview { object.append("experimental", ["bracketPreview": true]) }
        func flag(_ key: String, _ value: Bool) { if value { object.append(key, true) } }
        flag("documentSymbolProvider", documentSymbolProvider)
        flag("hoverProvider", hoverProvider)
        flag("definitionProvider", definitionProvider)
        flag("referencesProvider", referencesProvider)
        flag("documentHighlightProvider", documentHighlightProvider)
        object.appendIfPresent("renameProvider", renameProvider)
        flag("documentFormattingProvider", documentFormattingProvider)
        flag("foldingRangeProvider", foldingRangeProvider)
        flag("selectionRangeProvider", selectionRangeProvider)
        object.appendIfPresent("semanticTokensProvider", semanticTokensProvider)
        object.appendIfPresent("completionProvider", completionProvider)
        object.appendIfPresent("codeActionProvider", codeActionProvider)
        object.appendIfPresent("executeCommandProvider", executeCommandProvider)
        return .object(object)
    }

    /// Methods a server answers whatever it advertises: the lifecycle, and notifications the
    /// client sends on its own capability (configuration) or to any server (`$/…`).
    public static let unconditionalMethods: Set<String> = [
        InitializeRequest.method, InitializedNotification.method, ShutdownRequest.method, ExitNotification.method,
        SetTraceNotification.method, CancelRequestNotification.method, DidChangeConfigurationNotification.method,
    ]

    /// Every method these capabilities tell a client it may send.
    public var advertisedMethods: Set<String> {
        var methods: Set<String> = []
        func add(_ condition: Bool, _ names: String...) { if condition { methods.formUnion(names) } }
        if let sync = textDocumentSync {
            add(sync.openClose, DidOpenTextDocumentNotification.method, DidCloseTextDocumentNotification.method)
            add(sync.change != .none, DidChangeTextDocumentNotification.method)
            add(sync.save, DidSaveTextDocumentNotification.method)
        }
        add(bracketPreview, PreviewRequest.method, SubscribePreviewRequest.method, UnsubscribePreviewRequest.method,
            OpenPreviewRequest.method, CursorMovedNotification.method)
        add(documentSymbolProvider, DocumentSymbolRequest.method)
        add(hoverProvider, HoverRequest.method)
        add(definitionProvider, DefinitionRequest.method)
        add(referencesProvider, ReferencesRequest.method)
        add(documentHighlightProvider, DocumentHighlightRequest.method)
        if let rename = renameProvider {
            add(true, RenameRequest.method)
            add(rename.prepareProvider, PrepareRenameRequest.method)
        }
        add(documentFormattingProvider, FormattingRequest.method)
        add(foldingRangeProvider, FoldingRangeRequest.method)
        add(selectionRangeProvider, SelectionRangeRequest.method)
        if let tokens = semanticTokensProvider {
            add(tokens.full != .none, SemanticTokensFullRequest.method)
            add(tokens.full == .delta, SemanticTokensDeltaRequest.method)
            add(tokens.range, SemanticTokensRangeRequest.method)
        }
        add(completionProvider != nil, CompletionRequest.method)
        add(codeActionProvider != nil, CodeActionRequest.method)
        add(executeCommandProvider != nil, ExecuteCommandRequest.method)
        return methods
    }
}

public enum TextDocumentSyncKind: Int, Sendable {
    case none = 0, full = 1, incremental = 2
}

public struct TextDocumentSyncOptions: Equatable, Sendable, LSPEncodable {
    public var openClose: Bool
    public var change: TextDocumentSyncKind
    public var save: Bool

    public init(openClose: Bool, change: TextDocumentSyncKind, save: Bool) {
        self.openClose = openClose
        self.change = change
        self.save = save
    }

    public var json: JSONValue { ["openClose": .bool(openClose), "change": JSONValue(change.rawValue), "save": .bool(save)] }
}

public struct RenameOptions: Equatable, Sendable, LSPEncodable {
    public var prepareProvider: Bool

    public init(prepareProvider: Bool) { self.prepareProvider = prepareProvider }

    public var json: JSONValue { ["prepareProvider": .bool(prepareProvider)] }
}

public struct SemanticTokensLegend: Equatable, Sendable, LSPEncodable {
    public var tokenTypes: [String]
    public var tokenModifiers: [String]

    public init(tokenTypes: [String], tokenModifiers: [String]) {
        self.tokenTypes = tokenTypes
        self.tokenModifiers = tokenModifiers
    }

    public var json: JSONValue { ["tokenTypes": tokenTypes.json, "tokenModifiers": tokenModifiers.json] }
}

public struct SemanticTokensOptions: Equatable, Sendable, LSPEncodable {
    /// What `semanticTokens/full` offers: nothing, whole results, or whole results and deltas.
    public enum Full: Sendable { case none, full, delta }

    public var legend: SemanticTokensLegend
    public var full: Full
    public var range: Bool

    public init(legend: SemanticTokensLegend, full: Full, range: Bool) {
        self.legend = legend
        self.full = full
        self.range = range
    }

    public var json: JSONValue {
        var object: JSONObject = ["legend": legend.json]
        switch full {
        case .none: break
        case .full: object.append("full", true)
        case .delta: object.append("full", ["delta": true])
        }
        object.append("range", .bool(range))
        return .object(object)
    }
}

public struct CompletionOptions: Equatable, Sendable, LSPEncodable {
    public var triggerCharacters: [String]

    public init(triggerCharacters: [String]) { self.triggerCharacters = triggerCharacters }

    public var json: JSONValue { ["triggerCharacters": triggerCharacters.json] }
}

public struct CodeActionOptions: Equatable, Sendable, LSPEncodable {
    public var codeActionKinds: [String]

    public init(codeActionKinds: [String]) { self.codeActionKinds = codeActionKinds }

    public var json: JSONValue { ["codeActionKinds": codeActionKinds.json] }
}

public struct ExecuteCommandOptions: Equatable, Sendable, LSPEncodable {
    public var commands: [String]

    public init(commands: [String]) { self.commands = commands }

    public var json: JSONValue { ["commands": commands.json] }
}
