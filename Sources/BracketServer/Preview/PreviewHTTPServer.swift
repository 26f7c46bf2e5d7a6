// The loopback HTTP server behind `bracket/openPreview`, for editors without a webview:
// the user's browser loads the page from 127.0.0.1 and follows updates over SSE.
//
// Threads: one accepts; each connection gets its own thread with a bounded read
// deadline, so a slow or silent client only ever costs its own thread. A cap on open
// connections keeps a misbehaving local process from exhausting threads, and when the cap is
// reached the oldest connection still waiting for its request (else the oldest event stream)
// is closed to make room, so a flood cannot lock the page out (PreviewConnections).
import Foundation

public final class PreviewHTTPServer: @unchecked Sendable {
    /// `http://127.0.0.1:PORT/TOKEN/`
    public let url: String
    let port: UInt16
    let token: String
    private let router: PreviewRouter
    private let hub: PreviewEventHub
    private let limits: PreviewHTTPLimits
    private let connections: PreviewConnections
    // Guarded by `lock`.
    private let lock = NSLock()
    private var listenFD: Int32
    private var stopped = false
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    /// Binds 127.0.0.1 on a free port and starts accepting. `onReveal` receives the
    /// node ID of a card clicked on the page; `onResync` runs when a page could not apply a
    /// delta and asks for the whole picture. Both run on a server thread.
    /// `port` 0 lets the kernel choose a free port (`bracket preview --port` names one).
    public convenience init(page: PageAssets, onReveal: @escaping @Sendable (RevealTarget) -> Void,
                            onResync: @escaping @Sendable () -> Void = {}, port: UInt16 = 0) throws {
        try self.init(page: page, onReveal: onReveal, onResync: onResync, limits: PreviewHTTPLimits(),
                      keepAliveSeconds: 15, port: port)
    }

    init(page: PageAssets, onReveal: @escaping @Sendable (RevealTarget) -> Void, onResync: @escaping @Sendable () -> Void = {},
         limits: PreviewHTTPLimits, keepAliveSeconds: Double, maxConnections: Int = 64,
         maxEventStreams: Int = 16, port requested: UInt16 = 0) throws {
        let (fd, port) = try PreviewSocket.listenLoopback(port: requested)
        self.listenFD = fd
        self.port = port
        self.token = Self.makeToken()
        self.url = "http://127.0.0.1:\(port)/\(token)/"
        self.limits = limits
        self.connections = PreviewConnections(maxConnections: maxConnections, maxEventStreams: maxEventStreams)
        self.hub = PreviewEventHub(keepAliveSeconds: keepAliveSeconds)
        // A stream that takes payloads inline, opened after a full payload was written only as
        // a body, gets it again in both forms.
        hub.onInlineNeeded = onResync
        self.router = PreviewRouter(page: page, port: port, token: token, onReveal: onReveal, onResync: onResync)
        Thread.detachNewThread { [self] in acceptLoop(fd) }
    }

    /// Sends a new preview payload (one JSON document) to every open page, and keeps it
    /// for pages that connect later.
    public func publish(payload: [UInt8]) { hub.publish(payload: payload) }

    /// Sends a full payload written as a binary body (docs/protocol.md, "The payload as a binary
    /// body"): pages that fetch get an event naming `payload/SERIAL`, `announcement` with a
    /// `payload` member added (a JSON object: `{uri, version, sequence}`), and fetch the body;
    /// streams that take payloads inline get `inline` (nil when the caller did not write it:
    /// `hasInlineStreams` was false; such a stream makes the server resync).
    public func publish(body: [UInt8], announcement: [UInt8], inline: [UInt8]?) {
        hub.publish(body: body, announce: { serial in
            Self.announcement(announcement, path: "payload/\(serial)", bytes: body.count)
        }, inline: inline)
    }

    /// Whether some open event stream takes full payloads inline (not only announced).
    public var hasInlineStreams: Bool { hub.hasInlineClients }

    /// `{…, "payload": "PATH", "bytes": N}`: the object with two members added before its end.
    static func announcement(_ object: [UInt8], path: String, bytes: Int) -> [UInt8] {
        var head = Array(object.dropLast(object.last == UInt8(ascii: "}") ? 1 : 0))
        if head.isEmpty { head = Array("{".utf8) }
        let separator = head.count > 1 ? "," : ""
        head += Array("\(separator)\"payload\":\"\(path)\",\"bytes\":\(bytes)}".utf8)
        return head
    }

    /// Forgets the latest payload (another document is about to be shown): a page that
    /// connects now gets nothing until the next `publish`.
    public func withdrawPreview() { hub.withdrawPreview() }

    /// Highlights the card with this ID on every open page (nil clears the highlight).
    public func highlight(id: String?) { hub.highlight(id: id) }

    /// Closes the listening socket and all event streams. Idempotent. The server's own
    /// threads keep it alive until this is called, so the owner must call it.
    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        hub.stopAll()
        // The accept loop polls with a short timeout and closes the socket itself;
        // waiting for it means the port is really released when stop() returns.
        _ = acceptLoopDone.wait(timeout: .now() + 2)
    }

    /// The address the listening socket is bound to (for tests and diagnostics).
    var boundAddress: (host: String, port: UInt16)? {
        lock.lock(); defer { lock.unlock() }
        return stopped ? nil : PreviewSocket.localAddress(listenFD)
    }

    var eventClientCount: Int { hub.clientCount }

    private var isStopped: Bool {
        lock.lock(); defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop(_ fd: Int32) {
        while !isStopped {
            // Polling (instead of a bare blocking accept) lets stop() take effect on
            // both Linux and macOS, where closing a socket does not wake accept().
            guard PreviewSocket.waitReadable(fd, milliseconds: 200) else { continue }
            let client = PreviewSocket.accept(fd)
            guard client >= 0 else { continue }
            guard let id = connections.admit(client) else {
                PreviewSocket.closeSocket(client)
                continue
            }
            Thread.detachNewThread { [self] in
                handle(client, id: id)
                connections.close(id)
            }
        }
        lock.lock()
        PreviewSocket.closeSocket(listenFD)
        listenFD = -1
        lock.unlock()
        acceptLoopDone.signal()
    }

    /// Open connections (tests); connections closed to make room so far.
    var connectionCount: Int { connections.count }
    var evictionCount: Int { connections.evictions }

    /// Answers one request; the caller closes the socket afterwards.
    private func handle(_ fd: Int32, id: Int) {
        PreviewSocket.configureConnection(fd, timeoutSeconds: max(1, limits.requestDeadlineMilliseconds / 1000))
        let request: PreviewHTTPRequest
        switch PreviewHTTPRequestReader.read(from: fd, limits: limits) {
        case .success(let parsed):
            request = parsed
        case .failure(let error):
            if let status = error.status, !connections.isEvicted(id) {
                _ = PreviewSocket.sendAll(fd, PreviewHTTPResponse.text(status, PreviewHTTPResponse.reason(status)).serialized())
            }
            return
        }
        connections.responding(id)
        switch router.route(request) {
        case .response(let response):
            _ = PreviewSocket.sendAll(fd, response.serialized())
        case .eventStream(let fetches):
            guard PreviewSocket.sendAll(fd, PreviewHTTPResponse.eventStreamHead()) else { return }
            hub.serve(fd: fd, fetches: fetches) { close in connections.streaming(id, onEvict: close) }
        case .payload(let serial):
            switch hub.payload(serial: serial) {
            case .body(let body):
                // The head, then the body as it was written: never copied into one buffer.
                let head = PreviewHTTPResponse(status: 200, contentType: "application/octet-stream")
                guard PreviewSocket.sendAll(fd, head.serializedHead(contentLength: body.count)) else { return }
                _ = PreviewSocket.sendAll(fd, body)
            case .gone:
                _ = PreviewSocket.sendAll(fd, PreviewHTTPResponse.text(410, "Gone: a newer preview replaced this payload").serialized())
            case .unknown:
                _ = PreviewSocket.sendAll(fd, PreviewHTTPResponse.text(404, "Not Found").serialized())
            }
        }
    }

    /// 32 random bytes as lowercase hex: unguessable by other local users and by web
    /// pages probing localhost ports.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<32 {
            let byte = UInt8.random(in: 0...255, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }
}
