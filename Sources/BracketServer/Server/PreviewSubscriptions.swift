import BracketPreview
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
    /// The client advertised `window.showDocument.support`: a clicked card is revealed with
    /// `window/showDocument`; otherwise with the `bracket/reveal` notification, which the
    /// plugins handle (Neovim 0.7 and eglot 1.9 have no showDocument).
    var clientShowsDocuments = false
    /// initializationOptions.preview.delta: pushes may be deltas for every watched document.
    var deltaAll = false
    /// initializationOptions.preview.svg: false says the client's page draws from the geometry,
    /// so its payloads carry `picture` instead of the whole SVG (docs/protocol.md).
    var sendsSVG = true
    /// What the editor's pushes carry: the whole SVG, or the geometry only.
    var pushKind: PreviewPayloadKind { sendsSVG ? .svg : .geometry }
    /// Documents subscribed with `delta: true`.
    var deltaSubscribed: Set<String> = []
    /// Per document: the last payload sent to a delta client, which the next delta applies to.
    var deltaBases: [String: PreviewDeltaBase] = [:]
    /// Per document: the sequence number of the last payload sent to a delta client.
    var sequences: [String: Int] = [:]
    /// The last payload the browser pages were sent (`browserURI`'s), which the next delta
    /// applies to; nil after a switch of document, so the next one is full.
    var browserBase: PreviewDeltaBase?
    /// Numbers the browser pages' payloads (its own chain, apart from the editor's).
    var browserSequence = 0
    var dirty: Set<String> = []
    /// Documents changed while their last push was still on its way to the client: rendered
    /// once it has been written (see `LanguageServer.flushPreviews`).
    var heldBack: Set<String> = []
    var lastRender: [String: Date] = [:]

    func isWatched(_ uri: String) -> Bool {
        pushAll || subscribed.contains(uri) || browserURI == uri
    }

    func wantsNotification(_ uri: String) -> Bool {
        pushAll || subscribed.contains(uri)
    }

    /// Notifications for this document carry sequence numbers and may be deltas.
    func wantsDelta(_ uri: String) -> Bool {
        wantsNotification(uri) && (deltaAll || deltaSubscribed.contains(uri))
    }

    /// The next payload's sequence number for this document (1, 2, …; never reused).
    mutating func nextSequence(_ uri: String) -> Int {
        let next = (sequences[uri] ?? 0) + 1
        sequences[uri] = next
        return next
    }

    /// When the earliest deferred render falls due.
    func nextDue() -> Date? {
        dirty.map(dueDate).min()
    }

    func dueDate(_ uri: String) -> Date {
        lastRender[uri].map { $0.addingTimeInterval(Self.interval) } ?? .distantPast
    }
}

/// What a delta client last received for one document.
struct PreviewDeltaBase {
    var sequence: Int
    var snapshot: PreviewSnapshot
}
