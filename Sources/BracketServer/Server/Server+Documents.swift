import BracketJSON
import BracketModel
import BracketSyntax
import JSONRPC
import LanguageServerProtocol
import ProcessMemory

extension LanguageServer {
    func didOpen(_ notification: DidOpenTextDocumentNotification) {
        let item = notification.textDocument
        let before = documents.removeValue(forKey: item.uri)?.byteCount ?? 0
        documents[item.uri] = OpenDocument(text: Array(item.text.utf8), version: item.version)
        preview.documents[item.uri]?.lastRender = nil
        returnFreedMemory(ifShrunkFrom: before, uri: item.uri)
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
        let before = open.byteCount
        let changes = notification.contentChanges
        var applied = 0
        while applied < changes.count {
            // Past the limit the text is only kept (`OversizedText`); a whole new text past it
            // is never parsed.
            if open.oversized != nil {
                open.oversized?.apply(changes[applied], encoding: encoding)
                applied += 1
                continue
            }
            if changes[applied].range == nil, changes[applied].text.utf8.count > Limits.documentBytes {
                open = OpenDocument(text: Array(changes[applied].text.utf8), version: open.version)
                applied += 1
                continue
            }
            // A change without a range replaces the whole text; the ranged ones between two such
            // go to the document together, so that a change that only balances with the next one
            // (a new `{` and its `}`) is reparsed with it instead of on its own.
            guard changes[applied].range != nil else {
                preview.record(open.document.replaceText(with: changes[applied].text), of: uri)
                applied += 1
                continue
            }
            var ranged: [LineEdit] = []
            while applied < changes.count, let range = changes[applied].range {
                ranged.append(LineEdit(start: LinePosition(line: range.start.line, character: range.start.character),
                                       end: LinePosition(line: range.end.line, character: range.end.character),
                                       replacement: changes[applied].text))
                applied += 1
            }
            // The preview's diagram, layout and ID ranges follow what the document reports.
            preview.record(open.document.apply(ranged, encoding: encoding), of: uri)
        }
        open.version = notification.textDocument.version
        settleSize(of: &open, uri: uri)
        documents[uri] = open
        returnFreedMemory(ifShrunkFrom: before, uri: uri)
        documentDidChange(uri: uri)
    }

    /// A document that edits took past the limit stops being parsed; one that came back within
    /// it is parsed again. Either way the preview starts again from a full render.
    private func settleSize(of open: inout OpenDocument, uri: String) {
        if let oversized = open.oversized {
            guard oversized.text.count <= Limits.documentBytes else { return }
            open = OpenDocument(text: oversized.text, version: open.version)
        } else {
            guard open.document.buffer.count > Limits.documentBytes else { return }
            open = OpenDocument(text: open.document.text, version: open.version)
        }
        preview.documents[uri]?.lastRender = nil
    }

    func didClose(_ notification: DidCloseTextDocumentNotification) {
        let uri = notification.textDocument.uri
        guard documents.removeValue(forKey: uri) != nil else { return }
        diagnosticsDirty.remove(uri)
        publishedDiagnostics[uri] = nil
        preview.close(uri)
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

    /// The same when a document shrank to a fraction of what it was (a big file replaced by a
    /// small one): its old tree, line index and the preview's last render of it are freed
    /// first, so resident memory follows the small document instead of the big one's peak.
    private func returnFreedMemory(ifShrunkFrom before: Int, uri: String) {
        guard let after = documents[uri]?.byteCount,
              ProcessMemory.shrankEnough(from: before, to: after) else { return }
        preview.documents[uri]?.lastRender = nil
        returnFreedMemory()
    }

    /// Diagnostics and preview renders are only scheduled: diagnostics go out once the events
    /// already queued are handled (or before the next request is answered), previews when the
    /// coalescing interval allows and only when someone watches this document. A burst of edits
    /// thus publishes the diagnostics of its final state once.
    func documentDidChange(uri: String) {
        diagnosticsDirty.insert(uri)
        if preview.isWatched(uri) { preview.markDirty(uri) }
    }

    /// The output queue's key for a document's diagnostics: a newer set replaces one the client
    /// has not read yet.
    static func diagnosticsKey(_ uri: String) -> String { "diagnostics \(uri)" }

    /// Publishes the diagnostics of every document changed since the last call.
    func flushDiagnostics() {
        guard !diagnosticsDirty.isEmpty else { return }
        for uri in diagnosticsDirty.sorted() {
            guard let context = try? context(for: uri, contiguousText: false, oversized: true) else { continue }
            let diagnostics = documents[uri]?.oversized.map { [$0.diagnostic] } ?? context.document.diagnostics
            // Taken out while it is written, so that the kept message is not copied (copy-on-write).
            var published = publishedDiagnostics.removeValue(forKey: uri) ?? PublishedDiagnostics()
            outgoing.send(published.publish(diagnostics, in: context), key: Self.diagnosticsKey(uri))
            publishedDiagnostics[uri] = published
        }
        diagnosticsDirty.removeAll(keepingCapacity: true)
    }
}
