import Foundation

/// Messages on their way to the client, written by a thread of their own, so the thread that
/// handles input never waits on a client that reads slowly: a full pipe stalls this queue's
/// writer, never the server's work or its reading.
///
/// A message may carry a key. While a keyed message is still waiting (not yet being written),
/// sending another with the same key replaces it, and the newer one takes its place at the end
/// of the queue: for state the client only needs the latest of (a document's diagnostics),
/// a backlog never grows past one message per key. `isPending(key)` says whether a message with
/// that key is waiting or being written, so the sender can hold back work whose result would
/// only queue up behind it (a preview render while the previous push is still in the pipe).
public final class OutgoingQueue: @unchecked Sendable {
    private struct Item {
        var key: String?
        /// nil once replaced by a newer message with the same key.
        var body: [UInt8]?
    }

    private let writer: MessageWriter
    private let onWritten: @Sendable (String) -> Void
    private let onError: @Sendable (WriteError) -> Void
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var items: [Item] = []
    private var head = 0
    /// Per key: where its waiting message sits in `items`.
    private var waiting: [String: Int] = [:]
    /// The key of the message being written right now, if any.
    private var inFlight: String?
    private var failed = false
    private var closed = false
    private var done = false

    /// `onWritten` runs on the writer thread after each keyed message is written; `onError`
    /// once, on the first failed write (the client is gone: everything later is dropped).
    public init(writer: MessageWriter, onWritten: @escaping @Sendable (String) -> Void = { _ in },
                onError: @escaping @Sendable (WriteError) -> Void = { _ in }) {
        self.writer = writer
        self.onWritten = onWritten
        self.onError = onError
        Thread.detachNewThread { [self] in writeLoop() }
    }

    /// Queues a framed message (`body` is the JSON). Never blocks on the client.
    public func send(_ body: [UInt8], key: String? = nil) {
        condition.lock()
        defer { condition.unlock() }
        guard !failed, !closed else { return }
        if let key, let index = waiting[key] { items[index].body = nil }
        if let key { waiting[key] = items.count }
        items.append(Item(key: key, body: body))
        condition.signal()
    }

    /// A message with this key is waiting or being written.
    public func isPending(_ key: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return waiting[key] != nil || inFlight == key
    }

    /// Writes what is queued, then stops the writer thread. Waits at most `timeout` seconds: a
    /// client that stopped reading must not keep the process from exiting.
    public func finish(timeout: TimeInterval = 5) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while !done {
            if !condition.wait(until: deadline) { return }
        }
    }

    private func writeLoop() {
        condition.lock()
        while true {
            while head == items.count && !closed && !failed { condition.wait() }
            if head == items.count || failed { break }
            let item = items[head]
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: true)
                head = 0
            } else if head > 1024 && head * 2 > items.count {
                items.removeSubrange(0..<head)
                for (key, index) in waiting { waiting[key] = index - head }
                head = 0
            }
            guard let body = item.body else { continue }
            if let key = item.key { waiting[key] = nil }
            inFlight = item.key
            condition.unlock()
            var error: WriteError?
            do { try writer.send(body: body) } catch let failure { error = failure }
            condition.lock()
            // No longer pending before anyone is told it was written, so a sender woken by
            // `onWritten` sees the key free.
            inFlight = nil
            if let error {
                failed = true
                items.removeAll()
                head = 0
                waiting.removeAll()
                condition.unlock()
                onError(error)
                condition.lock()
            } else if let key = item.key {
                condition.unlock()
                onWritten(key)
                condition.lock()
            }
        }
        done = true
        condition.broadcast()
        condition.unlock()
    }
}
