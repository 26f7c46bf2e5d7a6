import Foundation
import JSONRPC

/// What the worker handles next. The reader thread produces most events; the preview HTTP
/// server produces `.reveal` (a card clicked in the browser) and `.previewResync` (a page that
/// could not apply a delta); the output queue produces `.previewWritten`.
enum ServerEvent: Sendable {
    case message(Message)
    case invalid(InvalidMessage)
    case framingError(FramingError)
    case endOfInput
    case reveal(RevealTarget)
    case previewResync
    /// A preview push reached the client's pipe: a document held back behind it may render now.
    case previewWritten
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

    /// The next event, or nil when `deadline` passes first (the worker then runs its timers).
    func pop(until deadline: Date) -> ServerEvent? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count {
            if !condition.wait(until: deadline) && head == items.count { return nil }
        }
        return take()
    }

    /// The next event if one is already queued; never waits.
    func popNow() -> ServerEvent? {
        condition.lock()
        defer { condition.unlock() }
        return head == items.count ? nil : take()
    }

    /// Whether an event is waiting: idle work stops when one is.
    var hasEvents: Bool {
        condition.lock()
        defer { condition.unlock() }
        return head < items.count
    }

    // Called with the lock held and an event available.
    private func take() -> ServerEvent {
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
