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
    func lspDiagnostics(of diagnostics: [BracketSyntax.Diagnostic]) -> [LanguageServerProtocol.Diagnostic] {
        let table = PositionTable(self, offsets: diagnostics.flatMap { diagnostic in
            [diagnostic.range.start, diagnostic.range.end]
                + diagnostic.related.flatMap { [$0.range.start, $0.range.end] }
        })
        return diagnostics.map { diagnostic in
            lspDiagnostic(diagnostic, range: table.range(diagnostic.range), related: diagnostic.related.map { table.range($0.range) })
        }
    }

    /// One diagnostic as an LSP value, its range and its related locations' ranges already
    /// converted (`related[i]` is `diagnostic.related[i]`'s): the one place the conversion is
    /// written, for the lists above and for publishing (`PublishedDiagnostics`).
    ///
    /// A client without `publishDiagnostics.relatedInformation` gets each related location
    /// folded into the message ("…: line 1, column 5") instead, so the pointer to the first
    /// definition of a duplicate is not lost. Tags go only to a client that lists them in
    /// `publishDiagnostics.tagSupport`.
    func lspDiagnostic(
        _ diagnostic: BracketSyntax.Diagnostic, range: LSPRange, related: [LSPRange]
    ) -> LanguageServerProtocol.Diagnostic {
        let folded = !client.diagnosticRelatedInformation
        var message = diagnostic.message
        if folded {
            for (location, range) in zip(diagnostic.related, related) {
                message += " (\(location.message): line \(range.start.line + 1), column \(range.start.character + 1))"
            }
        }
        return LanguageServerProtocol.Diagnostic(
            range: range,
            severity: LanguageServerProtocol.DiagnosticSeverity(rawValue: diagnostic.severity.rawValue),
            code: diagnostic.code.rawValue,
            source: "bracket",
            message: message,
            tags: diagnostic.tags.compactMap { tag in
                client.diagnosticTags.contains(tag.rawValue) ? LanguageServerProtocol.DiagnosticTag(rawValue: tag.rawValue) : nil
            },
            relatedInformation: folded ? [] : zip(diagnostic.related, related).map { location, range in
                DiagnosticRelatedInformation(location: Location(uri: uri, range: range), message: location.message)
            })
    }
}
