#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BracketModel
import ProcessMemory
import Foundation

/// The language server's loopback browser preview without a language server, for
/// `bracket preview FILE`: the same HTTP server (127.0.0.1 only, unguessable token, the same
/// security checks), the same page and the same payloads. The caller reads the file and hands
/// each new text to `show`.
public final class StandalonePreview: @unchecked Sendable {
    /// Why the preview server could not start, with the system's reason.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    public var url: String { server.url }
    private let server: PreviewHTTPServer
    private let defaults: LayoutSettings
    private let uri: String
    // Guarded by `lock`: the latest document, for pages that ask for a resync.
    private let lock = NSLock()
    private var latest: (document: Document, version: Int)?
    private var sequence = 0

    /// Starts serving on 127.0.0.1:`port` (0: any free port). `uri` names the document in the
    /// payloads (the page shows one document and tells documents apart by it).
    public init(uri: String, defaults: LayoutSettings, port: UInt16 = 0) throws(StartError) {
        self.uri = uri
        self.defaults = defaults
        let page = PreviewPageAssets.page
        let box = WeakBox()
        do {
            // A click on a card has no editor to reveal in.
            // Resynced on another thread: the request may come while `show` holds the lock.
            server = try PreviewHTTPServer(page: page, onReveal: { _ in },
                                           onResync: { DispatchQueue.global().async { box.preview?.resync() } }, port: port)
        } catch let PreviewSocketError.call(name, code) {
            let reason = String(cString: strerror(code))
            throw StartError(description: name == "bind" && port != 0
                ? "cannot listen on 127.0.0.1:\(port): \(reason)" : "cannot start the preview server (\(name)): \(reason)")
        } catch {
            throw StartError(description: "cannot start the preview server: \(error)")
        }
        box.preview = self
    }

    /// Shows `document` on every open page (and on pages that connect later). `version` must
    /// grow from call to call: the page ignores payloads older than what it shows.
    public func show(_ document: Document, version: Int) {
        lock.lock()
        let before = latest?.document.buffer.count ?? 0
        latest = (document, version)
        render(document, version: version)
        lock.unlock()
        // The previous document and its payload are gone: a much smaller one gives the memory
        // back instead of keeping the big one's high-water mark for the rest of the session.
        if ProcessMemory.shrankEnough(from: before, to: document.buffer.count) { ProcessMemory.returnFreedMemory() }
    }

    /// Closes the listening socket and every event stream.
    public func stop() { server.stop() }

    /// A page missed a payload or just connected and asks for the whole picture.
    private func resync() {
        lock.lock()
        guard let latest else { lock.unlock(); return }
        render(latest.document, version: latest.version)
        lock.unlock()
    }

    /// Publishes a full payload, numbered so the page's delta chain restarts from it (the bracket
    /// page draws from the geometry: columns, as a binary body). Caller holds `lock`, so two
    /// publications never reach the pages out of order.
    private func render(_ document: Document, version: Int) {
        sequence += 1
        let context = DocumentContext(document: document, uri: uri, version: version, encoding: .utf16, defaults: defaults)
        LanguageServer.publishFull(PreviewRender(context), sequence: sequence, to: server)
    }

    private final class WeakBox: @unchecked Sendable {
        weak var preview: StandalonePreview?
    }
}
