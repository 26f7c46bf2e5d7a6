import Foundation

/// Who watches which document's preview, and which renders are pending.
///
/// Renders are coalesced: a document is rendered at most once per `interval`; a change inside
/// the interval only marks it dirty, and the worker renders it when the interval is over, so
/// the final state is always sent.
struct PreviewSubscriptions {
    static let interval: TimeInterval = 0.016

    /// initializationOptions.preview.push: every open document is watched.
    var pushAll = false
    /// Documents subscribed with bracket/subscribePreview.
    var subscribed: Set<String> = []
    /// The document shown by the browser preview (bracket/openPreview), if any.
    var browserURI: String?
    var dirty: Set<String> = []
    var lastRender: [String: Date] = [:]

    func isWatched(_ uri: String) -> Bool {
        pushAll || subscribed.contains(uri) || browserURI == uri
    }

    func wantsNotification(_ uri: String) -> Bool {
        pushAll || subscribed.contains(uri)
    }

    /// When the earliest deferred render falls due.
    func nextDue() -> Date? {
        dirty.map(dueDate).min()
    }

    func dueDate(_ uri: String) -> Date {
        lastRender[uri].map { $0.addingTimeInterval(Self.interval) } ?? .distantPast
    }
}
