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
        for change in notification.contentChanges {
            guard let range = change.range else {
                open.document = Document(change.text)
                preview.recordEdit(uri, TokenEdit(range: ByteRange(0, 0), newLength: 0), scope: nil)
                continue
            }
            let start = offset(of: range.start, in: open.document)
            let end = offset(of: range.end, in: open.document)
            // A reversed range is a client bug; applying it the right way round keeps the text sane.
            let byteRange = ByteRange(min(start, end), max(start, end))
            let edit = TextEdit(range: byteRange, replacement: change.text)
            let scope = open.document.apply(edit)
            preview.recordEdit(uri, TokenEdit(range: byteRange, newLength: edit.replacement.count), scope: scope,
                               lines: min(range.start.line, range.end.line)...max(range.start.line, range.end.line))
        }
        open.version = notification.textDocument.version
        documents[uri] = open
        documentDidChange(uri: uri)
    }

    private func offset(of position: Position, in document: Document) -> Int {
        document.lineIndex.offset(
            of: LinePosition(line: position.line, character: position.character), in: document.text, encoding: encoding)
    }

    func didClose(_ notification: DidCloseTextDocumentNotification) {
        let uri = notification.textDocument.uri
        guard documents.removeValue(forKey: uri) != nil else { return }
        diagnosticsDirty.remove(uri)
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
            guard let context = try? context(for: uri) else { continue }
            let params = PublishDiagnosticsParams(uri: uri, version: context.version, diagnostics: context.lspDiagnostics())
            sendNotification(PublishDiagnosticsParams.method, params.json, key: Self.diagnosticsKey(uri))
        }
        diagnosticsDirty.removeAll(keepingCapacity: true)
    }
}
