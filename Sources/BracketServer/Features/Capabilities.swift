import BracketJSON
import LanguageServerProtocol

extension LanguageServer {
    /// The editing features' capabilities, merged into the initialize result.
    static func addEditingCapabilities(to capabilities: inout ServerCapabilities) {
        capabilities["documentSymbolProvider"] = true
        capabilities["hoverProvider"] = true
        capabilities["definitionProvider"] = true
        capabilities["referencesProvider"] = true
        capabilities["documentHighlightProvider"] = true
        capabilities["renameProvider"] = ["prepareProvider": true]
        capabilities["documentFormattingProvider"] = true
        capabilities["foldingRangeProvider"] = true
        capabilities["selectionRangeProvider"] = true
        // Delta: a keystroke in a large file changes a few tokens, so the editor gets one small
        // edit instead of every token again.
        capabilities["semanticTokensProvider"] = [
            "legend": semanticTokensLegend, "full": ["delta": true], "range": true,
        ]
        capabilities["completionProvider"] = ["triggerCharacters": ["@", " "]]
        capabilities["codeActionProvider"] = ["codeActionKinds": ["quickfix"]]
    }
}
