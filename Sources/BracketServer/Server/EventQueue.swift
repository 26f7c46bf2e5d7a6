import Foundation
import JSONRPC

/// What the worker handles next. The reader thread produces most events; the preview HTTP
/// server produces `.reveal` (a card clicked in the browser) and `.previewResync` (a page that
/// could not apply a delta).
enum ServerEvent: Sendable {
    case message(Message)
    case invalid(InvalidMessage)
    case framingError(FramingError)
    case endOfInput
    /// A request cancelled while it was still queued: answered with -32800 in its place.
    case cancelled(RequestID)
    case reveal(nodeID: String)
    case previewResync
}

/// The hand-off between the reader thread and the single worker. Order is preserved, so
/// document changes are applied in arrival order.
final class EventQueue: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var items: [ServerEvent] = []
    private var head = 0

    func push(_ event: ServerEvent) {
        condition.lock()
        items.append(event)
        condition.signal()
        condition.unlock()
    }

    /// Replaces a still-queued request with `.cancelled`. Returns false when the request is no
    /// longer queued (running or answered): then the cancellation has nothing to do.
    func cancel(_ id: RequestID) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        for index in head..<items.count {
            if case .message(.request(let queuedID, _, _)) = items[index], queuedID == id {
                items[index] = .cancelled(id)
                return true
            }
        }
        return false
    }

    /// The next event, or nil when `deadline` passes first (the worker then runs its timers).
    func pop(until deadline: Date) -> ServerEvent? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count {
            if !condition.wait(until: deadline) && head == items.count { return nil }
        }
        let event = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1024 && head * 2 > items.count {
            items.removeSubrange(0..<head)
            head = 0
        }
        return event
    }
}
