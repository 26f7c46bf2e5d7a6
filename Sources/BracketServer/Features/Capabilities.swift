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
        // Full and range only: a full re-send is cheap for these files, so no delta.
        capabilities["semanticTokensProvider"] = ["legend": semanticTokensLegend, "full": true, "range": true]
        capabilities["completionProvider"] = ["triggerCharacters": ["@", " "]]
        capabilities["codeActionProvider"] = ["codeActionKinds": ["quickfix"]]
    }
}
