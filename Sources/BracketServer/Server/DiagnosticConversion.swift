import BracketSyntax
import LanguageServerProtocol

extension DocumentContext {
    /// The document's diagnostics as LSP values: ranges in the negotiated encoding, related
    /// locations in the same file.
    func lspDiagnostics() -> [LanguageServerProtocol.Diagnostic] {
        let diagnostics = document.diagnostics
        let table = PositionTable(self, offsets: diagnostics.flatMap { diagnostic in
            [diagnostic.range.start, diagnostic.range.end]
                + diagnostic.related.flatMap { [$0.range.start, $0.range.end] }
        })
        return diagnostics.map { diagnostic in
            LanguageServerProtocol.Diagnostic(
                range: table.range(diagnostic.range),
                severity: LanguageServerProtocol.DiagnosticSeverity(rawValue: diagnostic.severity.rawValue),
                code: diagnostic.code.rawValue,
                source: "bracket",
                message: diagnostic.message,
                tags: diagnostic.tags.compactMap { LanguageServerProtocol.DiagnosticTag(rawValue: $0.rawValue) },
                relatedInformation: diagnostic.related.map {
                    DiagnosticRelatedInformation(location: table.location($0.range), message: $0.message)
                })
        }
    }
}
