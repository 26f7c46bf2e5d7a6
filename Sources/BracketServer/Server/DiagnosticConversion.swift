import BracketSyntax
import LanguageServerProtocol

extension DocumentContext {
    /// The document's diagnostics as LSP values: ranges in the negotiated encoding, related
    /// locations in the same file.
    func lspDiagnostics() -> [LanguageServerProtocol.Diagnostic] {
        lspDiagnostics(of: document.diagnostics)
    }

    /// Some of the document's diagnostics, converted exactly as `lspDiagnostics()` converts
    /// them (code actions send back the ones they fix, and clients match them by value).
    ///
    /// A client without `publishDiagnostics.relatedInformation` gets each related location
    /// folded into the message ("…: line 1, column 5") instead, so the pointer to the first
    /// definition of a duplicate is not lost. Tags go only to a client that lists them in
    /// `publishDiagnostics.tagSupport`.
    func lspDiagnostics(of diagnostics: [BracketSyntax.Diagnostic]) -> [LanguageServerProtocol.Diagnostic] {
        let table = PositionTable(self, offsets: diagnostics.flatMap { diagnostic in
            [diagnostic.range.start, diagnostic.range.end]
                + diagnostic.related.flatMap { [$0.range.start, $0.range.end] }
        })
        let related = client.diagnosticRelatedInformation
        return diagnostics.map { diagnostic in
            var message = diagnostic.message
            if !related {
                for location in diagnostic.related {
                    let start = table.position(location.range.start)
                    message += " (\(location.message): line \(start.line + 1), column \(start.character + 1))"
                }
            }
            return LanguageServerProtocol.Diagnostic(
                range: table.range(diagnostic.range),
                severity: LanguageServerProtocol.DiagnosticSeverity(rawValue: diagnostic.severity.rawValue),
                code: diagnostic.code.rawValue,
                source: "bracket",
                message: message,
                tags: diagnostic.tags.compactMap { tag in
                    client.diagnosticTags.contains(tag.rawValue) ? LanguageServerProtocol.DiagnosticTag(rawValue: tag.rawValue) : nil
                },
                relatedInformation: related ? diagnostic.related.map {
                    DiagnosticRelatedInformation(location: table.location($0.range), message: $0.message)
                } : [])
        }
    }
}
