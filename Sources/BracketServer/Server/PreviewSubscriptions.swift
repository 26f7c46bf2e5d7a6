import BracketLayout
import BracketExport
import BracketModel
import BracketPreview
import Foundation

/// Who watches which document's preview, and each document's preview state.
///
/// Renders are coalesced: a document is rendered at most once per `interval`; a change inside
/// the interval only marks it dirty, and the worker renders it when the interval is over, so
/// the final state is always sent.
struct PreviewSubscriptions {
    static let interval: TimeInterval = 0.016

    /// initializationOptions.preview.push: every open document is watched.
    var pushAll = false
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
    /// initializationOptions.preview.runs: deltas may carry `renamed` and `runs` for every
    /// watched document (only while the client draws from the geometry, `sendsSVG` false).
    var runsAll = false
    /// Per document: its subscription, what its client and its last render have, what waits.
    var documents: [String: DocumentPreview] = [:]
    /// The browser pages' preview (`bracket/openPreview`).
    var browser = BrowserPreview()
    /// Snapshots that stopped being delta bases since the last payloads went out, freed once
    /// they are on their way (`LanguageServer.releaseRetiredSnapshots`): freeing a 131,071-card
    /// snapshot (its columns, every ID and label) was a fifth of a structural push.
    var retired: [PreviewSnapshot] = []
    /// Bytes of freed heap the worker readies when idle, for the first structural push after
    /// a preview opened (`LanguageServer.readyMemoryWhileIdle`); 0 when there is nothing to do.
    var memoryToReady = 0
    /// Renders made so far (numbers them).
    var renders = 0

    func isWatched(_ uri: String) -> Bool {
        wantsNotification(uri) || browser.uri == uri
    }

    func wantsNotification(_ uri: String) -> Bool {
        pushAll || documents[uri]?.subscription != nil
    }

    /// Notifications for this document carry sequence numbers and may be deltas.
    func wantsDelta(_ uri: String) -> Bool {
        wantsNotification(uri) && (deltaAll || documents[uri]?.subscription?.delta == true)
    }

    /// Deltas for this document may carry `renamed` and `runs` (docs/protocol.md, "Runs and
    /// renames"): the client asked for them and draws from the geometry, which they move.
    func wantsRuns(_ uri: String) -> Bool {
        wantsDelta(uri) && !sendsSVG && (runsAll || documents[uri]?.subscription?.runs == true)
    }

    /// Marks a document to be rendered once its interval is over.
    mutating func markDirty(_ uri: String) {
        documents[uri, default: DocumentPreview()].dirty = true
    }

    /// Notes what an edit of a document changed, for the next render (`DocumentPreview.record`).
    mutating func record(_ change: DocumentChange, of uri: String) {
        documents[uri]?.record(change)
    }

    /// The document was closed: its preview state goes, but for what outlives a close
    /// (`DocumentPreview.closed`). The pages keep showing it; what they were sent need not be kept.
    mutating func close(_ uri: String) {
        documents[uri] = documents[uri]?.closed()
        if browser.uri == uri { browser.base = nil }
    }

    /// The documents whose render is due by `now`.
    func dueDocuments(at now: Date) -> [String] {
        documents.compactMap { uri, state in state.dirty && state.dueDate <= now ? uri : nil }
    }

    /// When the earliest deferred render falls due.
    func nextDue() -> Date? {
        documents.values.lazy.filter(\.dirty).map(\.dueDate).min()
    }
}

/// What `bracket/subscribePreview` asked for one document.
struct PreviewSubscription {
    /// Pushes may be deltas.
    var delta: Bool
    /// Deltas may carry `renamed` and `runs`.
    var runs: Bool
}

/// One document's preview: its subscription, the chain of payloads its client gets, what its
/// last render left for the next one, and whether a render waits.
struct DocumentPreview {
    /// Set by `bracket/subscribePreview`, nil when not subscribed.
    var subscription: PreviewSubscription?
    /// The sequence number of the last payload sent to a delta client (never reused).
    var sequence = 0
    /// The last payload sent to a delta client, which the next delta applies to.
    var deltaBase: PreviewDeltaBase?
    /// What the last render was drawn from, and the edits since.
    var lastRender: LastPreviewRender?
    /// When the document was last rendered (or its browser preview opened).
    var renderedAt: Date?
    /// A render is due once the interval since `renderedAt` is over.
    var dirty = false
    /// Changed while its last push was still on its way to the client: rendered once it has
    /// been written (see `LanguageServer.flushPreviews`).
    var heldBack = false

    var dueDate: Date {
        renderedAt.map { $0.addingTimeInterval(PreviewSubscriptions.interval) } ?? .distantPast
    }

    /// The next payload's sequence number (1, 2, …; never reused).
    mutating func nextSequence() -> Int {
        sequence += 1
        return sequence
    }

    /// What outlives the document's close, nil when nothing does: the subscription (docs/protocol.md:
    /// subscribe again after a re-open only if you unsubscribed) and the numbering of its payloads.
    func closed() -> DocumentPreview? {
        guard subscription != nil || sequence > 0 else { return nil }
        return DocumentPreview(subscription: subscription, sequence: sequence)
    }

    /// Notes an edit of the document for the next render's diagram update: one-token edits
    /// rewrite headers, any other reparse splices rows (`Document.updatedDiagram`); a change of
    /// the whole text means the next diagram is built anew, and so does a long run of edits
    /// with no render in between. Only a document with a last render keeps them.
    mutating func record(_ change: DocumentChange) {
        guard lastRender != nil else { return }
        switch change {
        case .wholeText:
            lastRender?.editsSince = nil
        case .edits(let edits):
            for edit in edits {
                if let count = lastRender?.editsSince?.count, count < 256 {
                    lastRender?.editsSince?.append(edit)
                } else {
                    lastRender?.editsSince = nil
                }
            }
        }
    }
}

/// The browser pages' preview: which document they show, and their own chain of payloads.
struct BrowserPreview {
    /// The document shown (bracket/openPreview), if any.
    var uri: String?
    /// `bracket/openPreview` was answered and the pages still need that document's first
    /// picture (`LanguageServer.publishOpenedPreview`).
    var opening = false
    /// The last payload the pages were sent (`uri`'s), which the next delta applies to; nil
    /// after a switch of document, so the next one is full.
    var base: PreviewDeltaBase?
    /// Numbers the pages' payloads (its own chain, apart from the editor's).
    var sequence = 0
}

/// What a delta client last received for one document.
struct PreviewDeltaBase {
    var sequence: Int
    var snapshot: PreviewSnapshot
    /// The render the snapshot came from (`PreviewRender.id`).
    var render: Int = 0
}

/// What a document's last preview render was drawn from, which the next render updates
/// instead of building from the whole tree.
struct LastPreviewRender {
    var diagram: Diagram
    /// The editor's layout settings it was built with.
    var defaults: LayoutSettings
    /// The edits the document reported since (`DocumentChange`), in order; nil after a change
    /// of the whole text or too many edits.
    var editsSince: [AppliedEdit]? = []
    /// The render it was drawn in (`PreviewRender.id`).
    var render: Int
    /// That render's ID ranges, and the number of lines of the text they were found in.
    var ranges: [NodeRange] = []
    var lineCount = 0
    /// The layout of `diagram` (nil when it was not laid out, too large for every recipient).
    var geometry: Geometry?
}
