import BracketJSON
import BracketModel
import BracketSyntax
import JSONRPC
import LanguageServerProtocol
import ProcessMemory

extension LanguageServer {
    func didOpen(_ notification: DidOpenTextDocumentNotification) {
        let item = notification.textDocument
        documents[item.uri] = OpenDocument(document: Document(item.text), version: item.version)
        preview.diagrams[item.uri] = nil
        documentDidChange(uri: item.uri)
    }

    /// Content changes apply in order, each against the text the previous one produced. A change
    /// for a document that is not open is logged and ignored: there is no text to apply it to.
    func didChange(_ notification: DidChangeTextDocumentNotification) throws(ResponseError) {
        let uri = notification.textDocument.uri
        // Taken out of the table while it changes: a second reference to the document would make
        // every edit copy its whole text and line index (copy-on-write), megabytes per keystroke.
        guard var open = documents.removeValue(forKey: uri) else {
            logError("didChange for a document that is not open: \(uri); ignored")
            return
        }
        let changes = notification.contentChanges
        var applied = 0
        while applied < changes.count {
            // A change without a range replaces the whole text; the ranged ones between two such
            // go to the document together, so that a change that only balances with the next one
            // (a new `{` and its `}`) is reparsed with it instead of on its own.
            guard changes[applied].range != nil else {
                open.document = Document(changes[applied].text)
                preview.recordEdit(uri, TokenEdit(range: ByteRange(0, 0), newLength: 0), scope: nil)
                applied += 1
                continue
            }
            var ranged: [(range: LSPRange, text: String)] = []
            while applied < changes.count, let range = changes[applied].range {
                ranged.append((range, changes[applied].text))
                applied += 1
            }
            let encoding = encoding
            var edits: [BracketModel.TextEdit] = []
            let scopes = open.document.apply(count: ranged.count) { index, text, lineIndex in
                let (range, replacement) = ranged[index]
                let start = lineIndex.offset(
                    of: LinePosition(line: range.start.line, character: range.start.character), in: text, encoding: encoding)
                let end = lineIndex.offset(
                    of: LinePosition(line: range.end.line, character: range.end.character), in: text, encoding: encoding)
                // A reversed range is a client bug; applying it the right way round keeps the text sane.
                let edit = BracketModel.TextEdit(range: ByteRange(min(start, end), max(start, end)), replacement: replacement)
                edits.append(edit)
                return edit
            }
            // The preview's diagram follows the edits (a joined batch reports fewer scopes than
            // edits: its edits are recorded as structural ones, which the splice joins).
            for (index, edit) in edits.enumerated() {
                let range = ranged[index].range
                let end = (range.start.line, range.start.character) > (range.end.line, range.end.character) ? range.start : range.end
                preview.recordEdit(uri, TokenEdit(range: edit.range, newLength: edit.replacement.count),
                                   scope: scopes.count == edits.count ? scopes[index] : .full,
                                   lines: min(range.start.line, range.end.line)...max(range.start.line, range.end.line),
                                   end: (end.line, end.character))
            }
        }
        open.version = notification.textDocument.version
        documents[uri] = open
        documentDidChange(uri: uri)
    }

    func didClose(_ notification: DidCloseTextDocumentNotification) {
        let uri = notification.textDocument.uri
        guard documents.removeValue(forKey: uri) != nil else { return }
        diagnosticsDirty.remove(uri)
        publishedDiagnostics[uri] = nil
        preview.dirty.remove(uri)
        preview.heldBack.remove(uri)
        dropDeltaBase(uri)
        preview.diagrams[uri] = nil
        // The pages keep showing the closed document; what they were sent need not be kept.
        if preview.browserURI == uri { preview.browserBase = nil }
        let params = PublishDiagnosticsParams(uri: uri, version: nil, diagnostics: [])
        sendNotification(PublishDiagnosticsParams.method, params.json, key: Self.diagnosticsKey(uri))
        returnFreedMemory()
    }

    /// A server lives for hours: once a document's tree is gone, hand the freed pages back to the
    /// system instead of keeping the high-water mark (the server keeps freed memory for reuse
    /// while it works; see `ProcessMemory`).
    private func returnFreedMemory() {
        ProcessMemory.returnFreedMemory()
    }

    /// Diagnostics and preview renders are only scheduled: diagnostics go out once the events
    /// already queued are handled (or before the next request is answered), previews when the
    /// coalescing interval allows and only when someone watches this document. A burst of edits
    /// thus publishes the diagnostics of its final state once.
    func documentDidChange(uri: String) {
        diagnosticsDirty.insert(uri)
        if preview.isWatched(uri) { preview.dirty.insert(uri) }
    }

    /// The output queue's key for a document's diagnostics: a newer set replaces one the client
    /// has not read yet.
    static func diagnosticsKey(_ uri: String) -> String { "diagnostics \(uri)" }

    /// Publishes the diagnostics of every document changed since the last call.
    func flushDiagnostics() {
        guard !diagnosticsDirty.isEmpty else { return }
        for uri in diagnosticsDirty.sorted() {
            guard let context = try? context(for: uri, contiguousText: false) else { continue }
            // Taken out while it is written, so that the kept message is not copied (copy-on-write).
            var published = publishedDiagnostics.removeValue(forKey: uri) ?? PublishedDiagnostics()
            outgoing.send(published.publish(context.document.diagnostics, in: context), key: Self.diagnosticsKey(uri))
            publishedDiagnostics[uri] = published
        }
        diagnosticsDirty.removeAll(keepingCapacity: true)
    }
}
