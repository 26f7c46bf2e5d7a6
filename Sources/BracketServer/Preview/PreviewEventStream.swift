// Server-Sent Events fan-out for the preview page.
// Publishing must never wait on a browser: each connected page has its own thread that
// writes to its socket, and the publisher only drops the newest event into that
// client's mailbox. Only the latest preview matters, so a slow client skips
// intermediate payloads instead of queueing them.
import Foundation

enum PreviewEvent {
    /// `event: NAME` followed by the payload split into `data:` lines (SSE joins them
    /// back with newlines, so a payload containing line breaks survives intact).
    static func encode(name: String, data: [UInt8]) -> [UInt8] {
        frame(name: name, data: data).parts.reduce(into: []) { $0 += $1 }
    }

    /// The event as the parts it is written in. A payload without line breaks (every JSON
    /// document the server writes: its writer escapes them) is one `data:` line, sent between
    /// its head and its end without being copied: at a million cards the payload is 140 MB,
    /// and copying it into the event, then into the chunk a client sends, was a third of
    /// opening the preview and twice its size in memory.
    static func frame(name: String, data: [UInt8]) -> PreviewEventFrame {
        let head = Array("event: \(name)\ndata: ".utf8)
        let plain = data.withUnsafeBufferPointer { buffer in
            buffer.isEmpty || (memchr(buffer.baseAddress!, 10, buffer.count) == nil
                && memchr(buffer.baseAddress!, 13, buffer.count) == nil)
        }
        // A small event goes out in one write (one packet, as before).
        if plain && data.count < 1 << 16 { return PreviewEventFrame(parts: [head + data + [10, 10]]) }
        if plain { return PreviewEventFrame(parts: [head, data, [10, 10]]) }
        var out = Array("event: \(name)\n".utf8)
        out.reserveCapacity(data.count + 64)
        for line in data.split(separator: 10, omittingEmptySubsequences: false) {
            out += Array("data: ".utf8)
            out += line.filter { $0 != 13 }
            out.append(10)
        }
        out.append(10)
        return PreviewEventFrame(parts: [out])
    }

    static func highlightData(id: String?) -> [UInt8] {
        guard let id else { return Array(#"{"id":null}"#.utf8) }
        return Array(#"{"id":"#.utf8) + jsonString(id) + Array("}".utf8)
    }

    /// A JSON string literal; escapes everything JSON requires plus `<` and `>` so the
    /// value can never close a script element if a page inlines it.
    static func jsonString(_ text: String) -> [UInt8] {
        var out: [UInt8] = [34]
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += [92, 34]
            case "\\": out += [92, 92]
            case "\n": out += [92, 110]
            case "\r": out += [92, 114]
            case "\t": out += [92, 116]
            case "<", ">", "&": out += Array(String(format: "\\u%04x", scalar.value).utf8)
            default:
                if scalar.value < 0x20 {
                    out += Array(String(format: "\\u%04x", scalar.value).utf8)
                } else {
                    out += Array(String(scalar).utf8)
                }
            }
        }
        out.append(34)
        return out
    }

    static let keepAlive = Array(": keep-alive\n\n".utf8)
}

/// One encoded event as byte arrays written one after another (shared, never copied).
struct PreviewEventFrame {
    var parts: [[UInt8]]
}

/// One connected EventSource: a mailbox holding at most one pending preview and one
/// pending highlight, drained by the connection's own thread.
final class PreviewEventClient: @unchecked Sendable {
    // All mutable state below is guarded by `condition`.
    private let condition = NSCondition()
    private var fd: Int32
    private var pendingPreview: PreviewEventFrame?
    private var pendingHighlight: PreviewEventFrame?
    private var closed = false

    init(fd: Int32, preview: PreviewEventFrame?, highlight: PreviewEventFrame?) {
        self.fd = fd
        self.pendingPreview = preview
        self.pendingHighlight = highlight
    }

    func post(preview: PreviewEventFrame) {
        condition.lock(); pendingPreview = preview; condition.signal(); condition.unlock()
    }

    func post(highlight: PreviewEventFrame) {
        condition.lock(); pendingHighlight = highlight; condition.signal(); condition.unlock()
    }

    /// Called from `stop()`: wakes the writer and unblocks any send in progress.
    func close() {
        condition.lock()
        closed = true
        if fd >= 0 { PreviewSocket.shutdownBoth(fd) }
        condition.signal()
        condition.unlock()
    }

    /// Writes events until the peer goes away or the client is closed. The socket stays open
    /// for the connection's owner to close; `close()` no longer touches it once this returns.
    func run(keepAliveSeconds: Double) {
        while true {
            condition.lock()
            let until = Date(timeIntervalSinceNow: keepAliveSeconds)
            while !closed && pendingPreview == nil && pendingHighlight == nil {
                if !condition.wait(until: until) { break }
            }
            if closed { break }
            // The parts go out as they are: a preview's payload is never copied into a chunk.
            var parts = (pendingPreview?.parts ?? []) + (pendingHighlight?.parts ?? [])
            if parts.isEmpty { parts = [PreviewEvent.keepAlive] }
            pendingPreview = nil
            pendingHighlight = nil
            let socket = fd
            condition.unlock()
            if !parts.allSatisfy({ PreviewSocket.sendAll(socket, $0) }) {
                condition.lock()
                break
            }
        }
        // Still holding the lock here, on every exit path.
        fd = -1
        closed = true
        condition.unlock()
    }
}

/// The set of connected pages plus the latest events, which a newly connected page
/// receives first so it never shows a blank preview.
final class PreviewEventHub: @unchecked Sendable {
    // Guarded by `lock`. Clients are posted to while holding it so two racing
    // publishes cannot reach a mailbox in the wrong order.
    private let lock = NSLock()
    private var clients: [ObjectIdentifier: PreviewEventClient] = [:]
    private var latestPreview: PreviewEventFrame?
    private var latestHighlight: PreviewEventFrame?
    private var stopped = false
    let keepAliveSeconds: Double

    init(keepAliveSeconds: Double = 15) {
        self.keepAliveSeconds = keepAliveSeconds
    }

    func publish(payload: [UInt8]) {
        let event = PreviewEvent.frame(name: "preview", data: payload)
        lock.lock(); defer { lock.unlock() }
        latestPreview = event
        for client in clients.values { client.post(preview: event) }
    }

    func withdrawPreview() {
        lock.lock(); defer { lock.unlock() }
        latestPreview = nil
    }

    func highlight(id: String?) {
        let event = PreviewEvent.frame(name: "highlight", data: PreviewEvent.highlightData(id: id))
        lock.lock(); defer { lock.unlock() }
        latestHighlight = event
        for client in clients.values { client.post(highlight: event) }
    }

    var clientCount: Int {
        lock.lock(); defer { lock.unlock() }
        return clients.count
    }

    /// Serves one event stream on the calling thread until it ends; the caller then closes
    /// the socket. The response head has already been written by the caller. `started`
    /// receives a closure that ends this stream from another thread.
    func serve(fd: Int32, started: (@escaping @Sendable () -> Void) -> Void = { _ in }) {
        lock.lock()
        if stopped {
            lock.unlock()
            return
        }
        let client = PreviewEventClient(fd: fd, preview: latestPreview, highlight: latestHighlight)
        let key = ObjectIdentifier(client)
        clients[key] = client
        lock.unlock()
        started { client.close() }
        client.run(keepAliveSeconds: keepAliveSeconds)
        lock.lock(); clients[key] = nil; lock.unlock()
    }

    func stopAll() {
        lock.lock(); defer { lock.unlock() }
        stopped = true
        for client in clients.values { client.close() }
    }
}
