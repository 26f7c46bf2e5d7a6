import BracketIDE
import BracketModel
import Foundation
import JSONRPC
import LanguageServerProtocol

extension LanguageServer {
    func subscribePreview(uri: String, delta: Bool) {
        preview.subscribed.insert(uri)
        if delta { preview.deltaSubscribed.insert(uri) } else { preview.deltaSubscribed.remove(uri) }
        // A (re)subscription starts from a full payload.
        dropDeltaBase(uri)
        // The subscriber gets the current state at once (if the document is open).
        if documents[uri] != nil { preview.dirty.insert(uri) }
    }

    /// Renders every dirty document whose coalescing interval is over; the rest wait for the
    /// worker's next wake-up (`PreviewSubscriptions.nextDue`).
    func flushPreviews() {
        guard !preview.dirty.isEmpty else { return }
        let now = Date()
        for uri in preview.dirty where preview.dueDate(uri) <= now {
            preview.dirty.remove(uri)
            guard preview.isWatched(uri), let context = try? context(for: uri) else { continue }
            preview.lastRender[uri] = now
            let render = PreviewRender(context)
            let delta = preview.wantsDelta(uri)
            if preview.wantsNotification(uri) {
                let payload = delta ? sequencedPayload(render, allowDelta: true) : render.fullPayload(svg: preview.sendsSVG)
                send {
                    try connection.sendNotification(method: DidChangePreviewNotification.method) { $0.raw(payload) }
                }
            }
            // The browser pages apply deltas too, and ask for a resync when they cannot.
            if preview.browserURI == uri { previewServer?.publish(payload: browserPayload(render, allowDelta: true)) }
        }
    }

    /// Starts the loopback preview server on first use and shows this document in it.
    func openPreview(_ context: DocumentContext) throws(ResponseError) -> OpenPreviewResult {
        if previewServer == nil {
            let queue = self.queue
            let page = PageAssets(html: PreviewPageAssets.browserHTML, js: PreviewPageAssets.js,
                                  deltaJS: PreviewPageAssets.deltaJS, css: PreviewPageAssets.css)
            do {
                previewServer = try PreviewHTTPServer(
                    page: page, onReveal: { nodeID in queue.push(.reveal(nodeID: nodeID)) },
                    onResync: { queue.push(.previewResync) })
            } catch {
                throw ResponseError.internalError("cannot start the preview server: \(error)")
            }
        }
        guard let server = previewServer else { throw ResponseError.internalError("preview server unavailable") }
        preview.browserURI = context.uri
        preview.lastRender[context.uri] = Date()
        server.publish(payload: browserPayload(PreviewRender(context), allowDelta: false))
        return OpenPreviewResult(url: server.url)
    }

    func cursorMoved(_ notification: CursorMovedNotification) {
        guard let server = previewServer, preview.browserURI == notification.textDocument.uri,
              let context = try? context(for: notification.textDocument.uri) else { return }
        let diagram = context.diagram()
        let index = nodeIndex(at: context.offset(notification.position), in: diagram)
        server.highlight(id: index.map { diagram.nodes[$0].id })
    }

    /// A card was clicked in the browser: ask the editor to show that node's ID, with
    /// `window/showDocument` where the client supports it, else with `bracket/reveal` (the same
    /// params plus the ID), which the bracket plugins handle.
    func reveal(nodeID: String) {
        guard let uri = preview.browserURI, let context = try? context(for: uri) else { return }
        let diagram = context.diagram()
        guard let node = diagram.nodes.first(where: { $0.id == nodeID }) else { return }
        let selection = context.range(node.idRange).json
        if preview.clientShowsDocuments {
            sendRequest("window/showDocument", ["uri": .string(uri), "selection": selection, "takeFocus": true])
        } else {
            sendNotification(RevealNotification.method, [
                "uri": .string(uri), "selection": selection, "takeFocus": true, "id": .string(nodeID),
            ])
        }
    }
}
