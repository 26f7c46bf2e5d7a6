import Foundation
import JSONRPC

/// Which requests the client has cancelled with `$/cancelRequest`, shared by the reader thread
/// (which sees the cancellations as they arrive, even while the worker is busy) and the worker
/// (which asks between pieces of work).
///
/// The reader registers every request it queues (`arrived`) and marks a cancelled one only while
/// it is still unanswered, so cancellations of finished or unknown requests are dropped and the
/// sets never hold more than the requests in flight. The worker asks `isCancelled` before it
/// starts a request and long handlers ask again between chunks of work
/// (`LanguageServer.checkCancelled()`); the worker calls `finished` once the request is answered.
final class RequestCancellation: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var unanswered: Set<RequestID> = []
    private var cancelled: Set<RequestID> = []
    /// The request the worker is running, so a check needs no id.
    private var running: RequestID?
    /// Tests only: called on the worker once a request has started, before its handler runs,
    /// so a test can cancel a request it knows to be running instead of racing it.
    private let didStart: ((RequestCancellation, RequestID) -> Void)?

    init(didStart: ((RequestCancellation, RequestID) -> Void)? = nil) {
        self.didStart = didStart
    }

    /// Reader thread: a request was queued for the worker.
    func arrived(_ id: RequestID) {
        lock.lock(); unanswered.insert(id); lock.unlock()
    }

    /// Reader thread: `$/cancelRequest` for `id`. Returns false when no such request is waiting
    /// or running (already answered, or never sent): then there is nothing to cancel.
    @discardableResult
    func cancel(_ id: RequestID) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard unanswered.contains(id) else { return false }
        cancelled.insert(id)
        return true
    }

    /// Worker: starts running `id`; true when it was cancelled while it waited.
    func start(_ id: RequestID) -> Bool {
        lock.lock()
        running = id
        let cancelledWhileWaiting = cancelled.contains(id)
        lock.unlock()
        if !cancelledWhileWaiting { didStart?(self, id) }
        return cancelledWhileWaiting
    }

    /// Whether `id` waits or runs with its cancellation arrived (tests wait on this instead of
    /// racing the reader).
    func isCancelled(_ id: RequestID) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return cancelled.contains(id)
    }

    /// Worker: the running request was cancelled (cheap enough to ask every few thousand items).
    var runningRequestIsCancelled: Bool {
        lock.lock(); defer { lock.unlock() }
        guard let running else { return false }
        return cancelled.contains(running)
    }

    /// Worker: `id` has been answered (with a result, an error or -32800).
    func finished(_ id: RequestID) {
        lock.lock(); defer { lock.unlock() }
        unanswered.remove(id)
        cancelled.remove(id)
        if running == id { running = nil }
    }
}

extension ResponseError {
    /// LSP's answer to a request the client cancelled.
    static let cancelled = ResponseError(code: ResponseError.requestCancelled, message: "request cancelled")
}
