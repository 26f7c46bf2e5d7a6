import BracketLayout
import BracketExport
import BracketModel
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
    /// `bracket/openPreview` was answered and the pages still need that document's first
    /// picture (`LanguageServer.publishOpenedPreview`).
    var browserOpening = false
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
    /// initializationOptions.preview.runs: deltas may carry `renamed` and `runs` for every
    /// watched document (only while the client draws from the geometry, `sendsSVG` false).
    var runsAll = false
    /// Documents subscribed with `runs: true`.
    var runsSubscribed: Set<String> = []
    /// Per document: the last payload sent to a delta client, which the next delta applies to.
    var deltaBases: [String: PreviewDeltaBase] = [:]
    /// Per document: the sequence number of the last payload sent to a delta client.
    var sequences: [String: Int] = [:]
    /// The last payload the browser pages were sent (`browserURI`'s), which the next delta
    /// applies to; nil after a switch of document, so the next one is full.
    var browserBase: PreviewDeltaBase?
    /// Snapshots that stopped being delta bases since the last payloads went out, freed once
    /// they are on their way (`LanguageServer.releaseRetiredSnapshots`): freeing a 131,071-card
    /// snapshot (its columns, every ID and label) was a fifth of a structural push.
    var retired: [PreviewSnapshot] = []
    /// Numbers the browser pages' payloads (its own chain, apart from the editor's).
    var browserSequence = 0
    /// Per previewed document: the diagram its last render was drawn from, and the edits since
    /// (nil once one was not a one-token edit), so the next render updates that diagram instead
    /// of building it from the whole tree (`Document.diagram(updating:after:)`).
    var diagrams: [String: PreviewDiagram] = [:]
    /// Bytes of freed heap the worker readies when idle, for the first structural push after
    /// a preview opened (`LanguageServer.readyMemoryWhileIdle`); 0 when there is nothing to do.
    var memoryToReady = 0
    /// Renders made so far (numbers them).
    var renders = 0
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

    /// Deltas for this document may carry `renamed` and `runs` (docs/protocol.md, "Runs and
    /// renames"): the client asked for them and draws from the geometry, which they move.
    func wantsRuns(_ uri: String) -> Bool {
        wantsDelta(uri) && !sendsSVG && (runsAll || runsSubscribed.contains(uri))
    }

    /// The next payload's sequence number for this document (1, 2, …; never reused).
    mutating func nextSequence(_ uri: String) -> Int {
        let next = (sequences[uri] ?? 0) + 1
        sequences[uri] = next
        return next
    }

    /// Notes an edit of a previewed document for the diagram update: a one-token edit
    /// (`ReparseScope.token`) rewrites headers, any other reparse splices rows (and the ID
    /// positions are found again); a whole-text change (`scope` nil) means the next diagram is
    /// built anew. A long run of edits with no render in between gives up too.
    ///
    /// `lines` are the LSP lines the edit's range starts and ends on: a one-token edit never
    /// adds or removes a line break, so only ID ranges on those lines can have moved.
    ///
    /// `end` is where the edit's range ended, as an LSP position in the text before it (nil for
    /// a change of the whole text): every ranged edit is kept for the ID ranges, which a render
    /// after exactly one of them moves instead of converting (`PreviewRender.ranges(…moving:…)`).
    mutating func recordEdit(_ uri: String, _ edit: TokenEdit, scope: ReparseScope?, lines: ClosedRange<Int> = 0...0,
                             end: (line: Int, character: Int)? = nil) {
        if diagrams[uri] != nil {
            if let end, let count = diagrams[uri]!.textEdits?.count, count < 256 {
                diagrams[uri]!.textEdits!.append(PreviewTextEdit(range: edit.range, newLength: edit.newLength,
                                                                 endLine: end.line, endCharacter: end.character))
            } else {
                diagrams[uri]!.textEdits = nil
            }
        }
        guard diagrams[uri]?.edits != nil else { return }
        if let scope, diagrams[uri]!.edits!.count < 256 {
            diagrams[uri]!.edits!.append(edit)
            diagrams[uri]!.editedLines.append(lines)
            if scope != .token { diagrams[uri]!.onlyTokens = false }
        } else {
            diagrams[uri]!.edits = nil
        }
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
    /// The render the snapshot came from (`PreviewRender.id`).
    var render: Int = 0
}

/// The diagram a document's last preview render was drawn from.
struct PreviewDiagram {
    var diagram: Diagram
    /// The editor's layout settings it was built with.
    var defaults: LayoutSettings
    /// Edits applied to the document since; nil after a whole-text change.
    var edits: [TokenEdit]?
    /// Whether every one of them relexed one token (`Document.diagramUpdate`).
    var onlyTokens = true
    /// The lines the edits were on (one range per edit).
    var editedLines: [ClosedRange<Int>] = []
    /// Every ranged edit since, one-token or not (nil after a change of the whole text).
    var textEdits: [PreviewTextEdit]? = []
    /// The render it was drawn in (`PreviewRender.id`).
    var render: Int
    /// That render's ID ranges, and the number of lines of the text they were found in.
    var ranges: [NodeRange] = []
    var lineCount = 0
    /// The layout of `diagram` (nil when it was not laid out, too large for every recipient).
    var geometry: Geometry?
}
