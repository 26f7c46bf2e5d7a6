import BracketExport
import BracketIDE
import BracketLayout
import BracketModel
import Foundation
import JSONRPC
import LanguageServerProtocol
import ProcessMemory

extension LanguageServer {
    func subscribePreview(uri: String, delta: Bool, runs: Bool = false) {
        preview.documents[uri, default: DocumentPreview()].subscription = PreviewSubscription(delta: delta, runs: runs)
        // A (re)subscription starts from a full payload.
        dropDeltaBase(uri)
        // The subscriber gets the current state at once (if the document is open).
        if documents[uri] != nil { preview.markDirty(uri) }
    }

    /// `bracket/unsubscribePreview`: no more pushes, and what the client had is forgotten.
    func unsubscribePreview(uri: String) {
        preview.documents[uri]?.subscription = nil
        dropDeltaBase(uri)
    }

    /// The output queue's key for a document's `bracket/didChangePreview` pushes.
    static func previewPushKey(_ uri: String) -> String { "preview \(uri)" }

    /// Renders every dirty document whose coalescing interval is over; the rest wait for the
    /// worker's next wake-up (`PreviewSubscriptions.nextDue`).
    ///
    /// A document whose previous push is still waiting for the client to read it is not
    /// rendered for the editor: it is held back until that push is written (`.previewWritten`),
    /// then rendered once, in its state at that moment. So a client slower than the edits gets
    /// one push per push it manages to read, and never a backlog of stale renders; a delta
    /// always applies to the push before it, since none is ever dropped.
    func flushPreviews() {
        // The bases replaced here (or by a `bracket/preview` since) go once the payloads are out.
        defer { releaseRetiredSnapshots() }
        publishOpenedPreview()
        for (uri, state) in preview.documents where state.heldBack && !outgoing.isPending(Self.previewPushKey(uri)) {
            preview.documents[uri]?.heldBack = false
            preview.documents[uri]?.dirty = true
        }
        let now = Date()
        for uri in preview.dueDocuments(at: now) {
            preview.documents[uri]?.dirty = false
            guard preview.isWatched(uri), let context = try? context(for: uri) else { continue }
            var toEditor = preview.wantsNotification(uri)
            if toEditor && outgoing.isPending(Self.previewPushKey(uri)) {
                preview.documents[uri]?.heldBack = true
                toEditor = false
            }
            let toBrowser = preview.browser.uri == uri
            guard toEditor || toBrowser else { continue }
            preview.documents[uri]?.renderedAt = now
            // Laid out only when some recipient can take it (the page takes the most cards).
            let render = previewRender(context, upTo: toBrowser ? PreviewPayloadKind.columns.maxCards : preview.pushKind.maxCards)
            if toEditor {
                let payload = preview.wantsDelta(uri)
                    ? sequencedPayload(render, allowDelta: true) : render.fullPayload(svg: preview.sendsSVG)
                sendNotification(DidChangePreviewNotification.method, key: Self.previewPushKey(uri)) { $0.raw(payload) }
            }
            // The browser pages apply deltas too, and ask for a resync when they cannot.
            if toBrowser { publishToBrowser(render, allowDelta: true) }
        }
    }

    /// Renders `context` for recipients that take up to `limit` cards, from what its last
    /// render left: that diagram updated for the edits the document reported since (a label or
    /// an ID typed into, or rows spliced for a structural edit) instead of one built from the
    /// whole tree, and that layout reused or updated (`relayout`). What this render made is
    /// kept for the next one.
    func previewRender(_ context: DocumentContext, upTo limit: Int) -> PreviewRender {
        let uri = context.uri
        // The last render is taken out of what is kept (it is replaced below either way): with
        // the snapshots holding none of its layout state, this is then the state's only
        // reference and a structural relayout splices it in place instead of copying it.
        var start = if var last = preview.documents[uri]?.lastRender.take() {
            PreviewRenderStart(context, after: &last)
        } else {
            PreviewRenderStart(context)
        }
        preview.renders += 1
        let render = PreviewRender(context, upTo: limit, from: &start, id: preview.renders)
        preview.documents[uri, default: DocumentPreview()].lastRender = LastPreviewRender(
            diagram: render.diagram, defaults: context.defaults, render: render.id,
            ranges: render.snapshot.cardCount > 0 ? render.snapshot.ranges : [],
            lineCount: context.document.lineIndex.lineCount,
            geometry: render.snapshot.cardCount > 0 ? render.relayoutBase : nil)
        return render
    }

    /// Starts the loopback preview server on first use and shows this document in it.
    func openPreview(_ context: DocumentContext) throws(ResponseError) -> OpenPreviewResult {
        if previewServer == nil {
            let queue = self.queue
            let page = PreviewPageAssets.page
            do {
                previewServer = try PreviewHTTPServer(
                    page: page, onReveal: { target in queue.push(.reveal(target)) },
                    onResync: { queue.push(.previewResync) })
            } catch {
                throw ResponseError.internalError("cannot start the preview server: \(error)")
            }
        }
        guard let server = previewServer else { throw ResponseError.internalError("preview server unavailable") }
        // A page that connects before the new document's picture is ready waits for it rather
        // than showing the document shown before.
        if preview.browser.uri != context.uri { server.withdrawPreview() }
        preview.browser.uri = context.uri
        preview.documents[context.uri, default: DocumentPreview()].renderedAt = Date()
        // Rendered once the answer is on its way (`publishOpenedPreview`), so the browser loads
        // the page while the server lays out and writes the picture.
        preview.browser.opening = true
        return OpenPreviewResult(url: server.url)
    }

    /// The first picture of a preview just opened, for every page: the whole picture (a new
    /// chain), rendered after `bracket/openPreview` was answered and the messages that came
    /// with it were handled, before the loop's other renders.
    func publishOpenedPreview() {
        guard preview.browser.opening else { return }
        preview.browser.opening = false
        guard previewServer != nil, let uri = preview.browser.uri, let context = try? context(for: uri) else { return }
        preview.documents[uri, default: DocumentPreview()].renderedAt = Date()
        let render = previewRender(context, upTo: PreviewPayloadKind.columns.maxCards)
        publishToBrowser(render, allowDelta: false)
        releaseRetiredSnapshots()
        preview.memoryToReady = columnBytes(of: render.snapshot)
    }

    /// The worker's idle work once a preview has opened: readies as much freed heap as the
    /// picture's columns take (`ProcessMemory.readyFreedMemory`). The first structural push
    /// builds every column anew (spliced diagram, relayout, snapshot; only the layout state,
    /// which no snapshot holds, is moved in place) while the old ones stay its base, and a server that has only grown its heap since opening wrote all of that to
    /// fresh pages, a fault per 4 KiB: 7,000 faults on 131,071 nodes, 2-4 times the later
    /// pushes, which reuse what the push before them freed. Only while nothing is waiting: it
    /// stops when an event arrives and goes on at the next idle moment.
    func readyMemoryWhileIdle() {
        guard preview.memoryToReady > 0, !preview.documents.values.contains(where: \.dirty), !queue.hasEvents else { return }
        let queue = self.queue
        if ProcessMemory.readyFreedMemory(byteCount: preview.memoryToReady, until: { queue.hasEvents }) {
            preview.memoryToReady = 0
        }
    }

    func cursorMoved(_ notification: CursorMovedNotification) {
        guard let server = previewServer, preview.browser.uri == notification.textDocument.uri,
              let context = try? context(for: notification.textDocument.uri) else { return }
        let diagram = context.diagram()
        let index = nodeIndex(at: context.offset(notification.position), in: diagram)
        server.highlight(id: index.map { diagram.nodes[$0].id })
    }

    /// A card was clicked in the browser: ask the editor to show that node's ID, with
    /// `window/showDocument` where the client supports it, else with `bracket/reveal` (the same
    /// params plus the ID), which the bracket plugins handle. Of several cards with the clicked
    /// ID, the one whose ID starts where the page saw it is shown (else the first: the page
    /// showed an older version).
    func reveal(_ target: RevealTarget) {
        guard let uri = preview.browser.uri, let context = try? context(for: uri) else { return }
        let diagram = context.diagram()
        var found: LSPRange?
        for node in diagram.nodes where node.id == target.id {
            let range = context.range(node.idRange)
            if found == nil { found = range }
            if range.start.line == target.line, range.start.character == target.character {
                found = range
                break
            }
        }
        guard let found else { return }
        let nodeID = target.id
        let selection = found.json
        if preview.clientShowsDocuments {
            sendRequest("window/showDocument", ["uri": .string(uri), "selection": selection, "takeFocus": true])
        } else {
            sendNotification(RevealNotification.method, [
                "uri": .string(uri), "selection": selection, "takeFocus": true, "id": .string(nodeID),
            ])
        }
    }
}
