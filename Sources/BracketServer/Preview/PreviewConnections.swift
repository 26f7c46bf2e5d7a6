// The open connections of the preview server and what each is doing, so that a flood of
// connections from another local process (or many forgotten tabs) cannot lock the page out:
// when every slot is taken, the connection that has waited longest for its request is closed
// to make room (it had the whole time to send it), else the oldest event stream (its page's
// EventSource reconnects by itself). Event streams have a cap of their own, below the
// connection cap, so ordinary requests always find a slot.
import Foundation

final class PreviewConnections: @unchecked Sendable {
    enum Phase { case readingRequest, responding, streaming }

    private struct Entry {
        var fd: Int32
        var phase: Phase
        /// Order of arrival (accepts) or of the stream's start: smaller is older.
        var since: UInt64
        var evicted = false
        /// Closes an event stream from outside (wakes its writer).
        var onEvict: (@Sendable () -> Void)?
    }

    let maxConnections: Int
    let maxEventStreams: Int
    // Guarded by `lock`.
    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]
    private var nextID = 0
    private var clock: UInt64 = 0
    private(set) var evictions = 0

    init(maxConnections: Int, maxEventStreams: Int) {
        self.maxConnections = max(2, maxConnections)
        self.maxEventStreams = max(1, min(maxEventStreams, self.maxConnections - 1))
    }

    /// Admits a new connection, evicting the oldest one waiting for its request (else the oldest
    /// event stream) when all slots are taken. Returns the connection's id, or nil when nothing
    /// can make room (every slot is answering a request right now: try again later).
    func admit(_ fd: Int32) -> Int? {
        lock.lock(); defer { lock.unlock() }
        // Evicted connections linger until their threads notice; past twice the cap, refuse.
        guard entries.count < 2 * maxConnections else { return nil }
        let live = entries.values.filter { !$0.evicted }.count
        if live >= maxConnections {
            guard evictOldest(in: .readingRequest) || evictOldest(in: .streaming) else { return nil }
        }
        nextID += 1
        clock += 1
        entries[nextID] = Entry(fd: fd, phase: .readingRequest, since: clock)
        return nextID
    }

    /// The request was read: the connection is answered now (never evicted).
    func responding(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        entries[id]?.phase = .responding
    }

    /// The connection becomes an event stream; `onEvict` closes it from outside. The oldest
    /// stream is closed when there are already `maxEventStreams`.
    func streaming(_ id: Int, onEvict: @escaping @Sendable () -> Void) {
        lock.lock(); defer { lock.unlock() }
        let streams = entries.values.filter { $0.phase == .streaming && !$0.evicted }.count
        if streams >= maxEventStreams { _ = evictOldest(in: .streaming) }
        clock += 1
        entries[id]?.phase = .streaming
        entries[id]?.since = clock
        entries[id]?.onEvict = onEvict
        if entries[id]?.evicted == true { onEvict() }
    }

    /// Whether the connection was closed to make room (then it should not answer).
    func isEvicted(_ id: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return entries[id]?.evicted ?? true
    }

    /// The connection is done: forgets it and closes its socket. Closing under the lock means
    /// an eviction can never shut down a descriptor number the system has already reused.
    func close(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries.removeValue(forKey: id) else { return }
        PreviewSocket.closeSocket(entry.fd)
    }

    var count: Int {
        lock.lock(); defer { lock.unlock() }
        return entries.count
    }

    // Called with the lock held.
    private func evictOldest(in phase: Phase) -> Bool {
        guard let (id, entry) = entries.filter({ $0.value.phase == phase && !$0.value.evicted })
            .min(by: { $0.value.since < $1.value.since }) else { return false }
        entries[id]?.evicted = true
        evictions += 1
        // Shut down, not closed: the connection's own thread closes it (through `close`).
        PreviewSocket.shutdownBoth(entry.fd)
        entry.onEvict?()
        return true
    }
}
