import BracketExport
import BracketIDE
import BracketJSON
import BracketLayout
import BracketModel
import BracketSVG
import BracketSyntax
import Foundation
import JSONRPC
import LanguageServerProtocol

extension LanguageServer {
    /// `{ uri, version, geometry, svg, diagnostics: {errors, warnings} }`, written straight to
    /// bytes: the geometry is embedded as the bytes the exporter produced.
    func previewPayload(_ context: DocumentContext) -> [UInt8] {
        let diagram = context.diagram()
        let geometry = layout(diagram)
        let positions = PositionTable(context, offsets: diagram.nodes.idRanges.flatMap { [$0.start, $0.end] })
        let geometryJSON = writeGeometryJSON(diagram, geometry) { offset in
            let position = positions.position(offset)
            return (position.line, position.character)
        }
        let svg = renderSVG(diagram, geometry)
        var errors = 0, warnings = 0
        for diagnostic in context.document.diagnostics {
            if diagnostic.severity == .error { errors += 1 } else if diagnostic.severity == .warning { warnings += 1 }
        }
        var writer = JSONWriter(reservingCapacity: geometryJSON.count + svg.utf8.count + 256)
        writer.beginObject()
        writer.key("uri"); writer.string(context.uri)
        writer.key("version"); writer.int(context.version)
        writer.key("geometry"); writer.raw(geometryJSON)
        writer.key("svg"); writer.string(svg)
        writer.key("diagnostics")
        writer.beginObject()
        writer.key("errors"); writer.int(errors)
        writer.key("warnings"); writer.int(warnings)
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    func subscribePreview(uri: String) {
        preview.subscribed.insert(uri)
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
            let payload = previewPayload(context)
            if preview.wantsNotification(uri) {
                send {
                    try connection.sendNotification(method: DidChangePreviewNotification.method) { $0.raw(payload) }
                }
            }
            if preview.browserURI == uri { previewServer?.publish(payload: payload) }
        }
    }

    /// Starts the loopback preview server on first use and shows this document in it.
    func openPreview(_ context: DocumentContext) throws(ResponseError) -> OpenPreviewResult {
        if previewServer == nil {
            let queue = self.queue
            let page = PageAssets(html: PreviewPageAssets.browserHTML, js: PreviewPageAssets.js, css: PreviewPageAssets.css)
            do {
                previewServer = try PreviewHTTPServer(page: page) { nodeID in queue.push(.reveal(nodeID: nodeID)) }
            } catch {
                throw ResponseError.internalError("cannot start the preview server: \(error)")
            }
        }
        guard let server = previewServer else { throw ResponseError.internalError("preview server unavailable") }
        preview.browserURI = context.uri
        preview.lastRender[context.uri] = Date()
        server.publish(payload: previewPayload(context))
        return OpenPreviewResult(url: server.url)
    }

    func cursorMoved(_ notification: CursorMovedNotification) {
        guard let server = previewServer, preview.browserURI == notification.textDocument.uri,
              let context = try? context(for: notification.textDocument.uri) else { return }
        let diagram = context.diagram()
        let index = nodeIndex(at: context.offset(notification.position), in: diagram)
        server.highlight(id: index.map { diagram.nodes[$0].id })
    }

    /// A card was clicked in the browser: ask the editor to show that node's ID.
    func reveal(nodeID: String) {
        guard let uri = preview.browserURI, let context = try? context(for: uri) else { return }
        let diagram = context.diagram()
        guard let node = diagram.nodes.first(where: { $0.id == nodeID }) else { return }
        sendRequest("window/showDocument", [
            "uri": .string(uri), "selection": context.range(node.idRange).json, "takeFocus": true,
        ])
    }
}
