import BracketSyntax
import LanguageServerProtocol

extension LanguageServer {
    /// The command behind the quick fixes sent to clients that take commands, not code action
    /// literals (`workspace/executeCommand`, Features/CodeActions.swift).
    static let applyFixCommand = "bracket.applyFix"

    /// Everything the initialize result advertises. `ServerCapabilities.advertisedMethods`
    /// turns it into the methods the dispatcher then answers for this client.
    static func capabilities(encoding: PositionEncoding, client: ClientCapabilities) -> ServerCapabilities {
        var capabilities = ServerCapabilities()
        capabilities.positionEncoding = encoding.rawValue
        capabilities.textDocumentSync = TextDocumentSyncOptions(openClose: true, change: .incremental, save: true)
        capabilities.bracketPreview = true
        capabilities.documentSymbolProvider = true
        capabilities.hoverProvider = true
        capabilities.definitionProvider = true
        capabilities.referencesProvider = true
        capabilities.documentHighlightProvider = true
        capabilities.renameProvider = RenameOptions(prepareProvider: true)
        capabilities.documentFormattingProvider = true
        capabilities.foldingRangeProvider = true
        capabilities.selectionRangeProvider = true
        // Delta: a keystroke in a large file changes a few tokens, so the editor gets one small
        // edit instead of every token again.
        capabilities.semanticTokensProvider = SemanticTokensOptions(legend: semanticTokensLegend, full: .delta, range: true)
        capabilities.completionProvider = CompletionOptions(triggerCharacters: ["@", " "])
        capabilities.codeActionProvider = CodeActionOptions(codeActionKinds: ["quickfix"])
        // Only a client that gets commands for its quick fixes needs to run them. Others are
        // not told: vscode-languageclient registers every advertised command globally, and a
        // second server in the same window would then fail to register it again.
        if !client.codeActionLiterals {
            capabilities.executeCommandProvider = ExecuteCommandOptions(commands: [applyFixCommand])
        }
        return capabilities
    }
}
