// Server-Sent Events fan-out for the preview page, and the full payload's binary body pages fetch.
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
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return true }
            return memchr(base, 10, buffer.count) == nil && memchr(base, 13, buffer.count) == nil
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

/// A full payload published as a binary body (docs/protocol.md, "The payload as a binary
/// body"): pages that fetch get a small event naming it and fetch the body; the other streams
/// get it inline, when the server wrote that form too (it does while such a stream is open).
/// Immutable but for the counts, which the hub guards.
final class PreviewFullPayload: @unchecked Sendable {
    let serial: Int
    let body: [UInt8]
    let announcement: PreviewEventFrame
    let inline: PreviewEventFrame?
    /// Guarded by the hub's lock: streams it is announced to (posted, and not replaced before it
    /// went out), and fetches served.
    var announced = 0
    var fetched = 0

    init(serial: Int, body: [UInt8], announcement: [UInt8], inline: [UInt8]?) {
        self.serial = serial
        self.body = body
        self.announcement = PreviewEvent.frame(name: "preview", data: announcement)
        self.inline = inline.map { PreviewEvent.frame(name: "preview", data: $0) }
    }
}

/// What a stream's mailbox holds for the preview: an event for every stream, or a full payload
/// each stream gets in its own form.
enum PreviewPending {
    case event(PreviewEventFrame)
    case full(PreviewFullPayload)
}

/// One connected event stream: a mailbox holding at most one pending preview and one
/// pending highlight, drained by the connection's own thread. `fetches`: the page fetches full
/// payloads (`events?payload=fetch`), so it gets their announcements instead of the payload.
final class PreviewEventClient: @unchecked Sendable {
    // All mutable state below is guarded by `condition`.
    private let condition = NSCondition()
    private var fd: Int32
    private var pendingPreview: PreviewPending?
    private var pendingHighlight: PreviewEventFrame?
    private var closed = false
    let fetches: Bool

    init(fd: Int32, preview: PreviewPending?, highlight: PreviewEventFrame?, fetches: Bool = false) {
        self.fd = fd
        self.pendingPreview = preview
        self.pendingHighlight = highlight
        self.fetches = fetches
    }

    /// Replaces what is pending; returns the full payload whose announcement this stream will
    /// now never send (it counted as announced: the hub takes it back).
    @discardableResult
    func post(preview: PreviewPending) -> PreviewFullPayload? {
        condition.lock(); defer { condition.unlock() }
        var dropped: PreviewFullPayload?
        if fetches, case .full(let full) = pendingPreview { dropped = full }
        pendingPreview = preview
        condition.signal()
        return dropped
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
            var parts: [[UInt8]] = []
            switch pendingPreview {
            case .event(let frame): parts = frame.parts
            case .full(let full) where fetches: parts = full.announcement.parts
            case .full(let full): parts = full.inline?.parts ?? []
            case nil: break
            }
            parts += pendingHighlight?.parts ?? []
            // Nothing pending is a keep-alive; a full payload this stream cannot take yet (not
            // written inline: the owner was asked for it) is nothing to send.
            let waited = pendingPreview == nil && pendingHighlight == nil
            pendingPreview = nil
            pendingHighlight = nil
            if parts.isEmpty && !waited {
                condition.unlock()
                continue
            }
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
/// receives first so it never shows a blank preview; and the latest full payload as a binary
/// body, which pages fetch (`payload(serial:)`).
///
/// Memory: the body is kept until a newer full payload replaces it, the preview is withdrawn,
/// or a later event has superseded it and every stream it was announced to has fetched it; a
/// fetch after that is told the payload is gone (the page then waits for the next one).
final class PreviewEventHub: @unchecked Sendable {
    // Guarded by `lock`. Clients are posted to while holding it so two racing
    // publishes cannot reach a mailbox in the wrong order.
    private let lock = NSLock()
    private var clients: [ObjectIdentifier: PreviewEventClient] = [:]
    private var latestPreview: PreviewPending?
    private var latestHighlight: PreviewEventFrame?
    /// The body pages may fetch, and whether a later event has superseded it.
    private var servedFull: PreviewFullPayload?
    private var servedFullSuperseded = false
    private var fullSerial = 0
    private var stopped = false
    let keepAliveSeconds: Double
    /// Runs (outside the lock) when a stream that takes payloads inline needs the latest full
    /// payload, which was written only as a body: the owner publishes it again, with `inline`.
    var onInlineNeeded: @Sendable () -> Void = {}

    init(keepAliveSeconds: Double = 15) {
        self.keepAliveSeconds = keepAliveSeconds
    }

    /// An event for every stream (a delta, a payload too large to draw, a full payload written
    /// only as JSON). It supersedes the body pages may still be fetching.
    func publish(payload: [UInt8]) {
        let event = PreviewEvent.frame(name: "preview", data: payload)
        lock.lock(); defer { lock.unlock() }
        latestPreview = .event(event)
        for client in clients.values { client.post(preview: .event(event)).map { $0.announced -= 1 } }
        servedFullSuperseded = true
        releaseFetchedFull()
    }

    /// A full payload as a binary body: `announce(serial)` writes the small event naming it
    /// (`payload/SERIAL`); `inline` is the same payload as JSON for streams that do not fetch
    /// (nil when none was open as it was written: such a stream asks for it, `onInlineNeeded`).
    func publish(body: [UInt8], announce: (Int) -> [UInt8], inline: [UInt8]?) {
        lock.lock()
        fullSerial += 1
        let full = PreviewFullPayload(serial: fullSerial, body: body, announcement: announce(fullSerial), inline: inline)
        latestPreview = .full(full)
        servedFull = full
        servedFullSuperseded = false
        var inlineNeeded = false
        for client in clients.values {
            client.post(preview: .full(full)).map { $0.announced -= 1 }
            if client.fetches { full.announced += 1 } else if inline == nil { inlineNeeded = true }
        }
        lock.unlock()
        if inlineNeeded { onInlineNeeded() }
    }

    /// Whether some open stream takes full payloads inline (the owner then writes that form too).
    var hasInlineClients: Bool {
        lock.lock(); defer { lock.unlock() }
        return clients.values.contains { !$0.fetches }
    }

    enum Lookup {
        case body([UInt8])
        /// A payload that was served and is no longer (a newer one replaced it).
        case gone
        case unknown
    }

    /// The body of full payload `serial` for a page's fetch (shared, never copied).
    func payload(serial: Int) -> Lookup {
        lock.lock(); defer { lock.unlock() }
        if let full = servedFull, full.serial == serial {
            full.fetched += 1
            let body = full.body
            releaseFetchedFull()
            return .body(body)
        }
        return serial >= 1 && serial <= fullSerial ? .gone : .unknown
    }

    /// Called with the lock held: drops the body once it is superseded and fetched by every
    /// stream it was announced to.
    private func releaseFetchedFull() {
        if let full = servedFull, servedFullSuperseded, full.fetched >= full.announced { servedFull = nil }
    }

    func withdrawPreview() {
        lock.lock(); defer { lock.unlock() }
        latestPreview = nil
        servedFull = nil
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
    /// receives a closure that ends this stream from another thread. `fetches`: the page
    /// fetches full payloads' bodies (it gets their announcements).
    func serve(fd: Int32, fetches: Bool = false, started: (@escaping @Sendable () -> Void) -> Void = { _ in }) {
        lock.lock()
        if stopped {
            lock.unlock()
            return
        }
        let client = PreviewEventClient(fd: fd, preview: latestPreview, highlight: latestHighlight, fetches: fetches)
        if fetches, case .full(let full) = latestPreview { full.announced += 1 }
        let key = ObjectIdentifier(client)
        clients[key] = client
        var inlineNeeded = false
        if !fetches, case .full(let full) = latestPreview, full.inline == nil { inlineNeeded = true }
        lock.unlock()
        if inlineNeeded { onInlineNeeded() }
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
