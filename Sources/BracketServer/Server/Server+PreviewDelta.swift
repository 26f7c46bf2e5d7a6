import BracketPreview
import Dispatch
import JSONRPC

extension LanguageServer {
    /// The payload for a client that applies deltas: a delta against the last payload this
    /// document's client received when one is possible and small, otherwise the full payload.
    /// Either way it becomes the base of the next delta.
    func sequencedPayload(_ render: PreviewRender, allowDelta: Bool, svg: Bool? = nil, picture: Bool = false) -> [UInt8] {
        let uri = render.context.uri
        // Kept until the payload is on its way, and freed then (`releaseRetiredSnapshots`).
        if let replaced = preview.documents[uri]?.deltaBase?.snapshot { preview.retired.append(replaced) }
        let sequence = preview.documents[uri, default: DocumentPreview()].nextSequence()
        return Self.chainedPayload(render, sequence: sequence, base: &preview.documents[uri, default: DocumentPreview()].deltaBase,
                                   allowDelta: allowDelta, svg: svg ?? preview.sendsSVG, picture: picture,
                                   runs: preview.wantsRuns(uri))
    }

    /// Frees the snapshots replaced as delta bases, on another thread, once the payloads made
    /// against them have been handed to their writers: the event does not wait for it, nor
    /// does the next message.
    ///
    /// The snapshots travel in a box the other thread empties: a closure that captured the
    /// array itself would leave this thread holding it too until the call returns, and when the
    /// other thread ran first (about half the time) the last release, and so the freeing of
    /// every column, was this thread's after all.
    func releaseRetiredSnapshots() {
        guard !preview.retired.isEmpty else { return }
        let box = RetiredSnapshots(preview.retired)
        preview.retired = []
        DispatchQueue.global(qos: .utility).async { box.free() }
    }

    /// Publishes `render` to the browser pages (`bracket/openPreview`), on a chain of its own: a
    /// delta against what the pages were last sent, or the full payload as a binary body the
    /// pages fetch (docs/protocol.md, "The payload as a binary body"; also written inline as JSON
    /// while some event stream takes it so). The pages are always the bracket page, which draws
    /// from the geometry: they never get the whole SVG, and always take runs and renames.
    func publishToBrowser(_ render: PreviewRender, allowDelta: Bool) {
        guard let server = previewServer else { return }
        preview.browser.sequence += 1
        let sequence = preview.browser.sequence
        if let replaced = preview.browser.base?.snapshot { preview.retired.append(replaced) }
        if let delta = Self.chainedDelta(render, sequence: sequence, base: &preview.browser.base, allowDelta: allowDelta,
                                         svg: false, columns: true, runs: true) {
            server.publish(payload: delta)
            return
        }
        Self.publishFull(render, sequence: sequence, to: server)
    }

    /// A full columns payload to every page: as a binary body (and inline for streams that take
    /// it so), or inline when it is too large to draw (a few bytes).
    static func publishFull(_ render: PreviewRender, sequence: Int, to server: PreviewHTTPServer) {
        guard let body = render.columnsBody(sequence: sequence) else {
            server.publish(payload: render.fullPayload(sequence: sequence, svg: false, columns: true))
            return
        }
        let inline = server.hasInlineStreams ? render.fullPayload(sequence: sequence, svg: false, columns: true) : nil
        server.publish(body: body.body, announcement: body.announcement, inline: inline)
    }

    /// Numbered payload `sequence`: a delta from `base` when allowed, possible and small, else
    /// the full payload; either way it becomes the new `base`. `runs`: the client takes
    /// `renamed` and `runs` (docs/protocol.md, "Runs and renames").
    private static func chainedPayload(
        _ render: PreviewRender, sequence: Int, base: inout PreviewDeltaBase?, allowDelta: Bool, svg: Bool,
        picture: Bool = false, columns: Bool = false, runs: Bool = false
    ) -> [UInt8] {
        chainedDelta(render, sequence: sequence, base: &base, allowDelta: allowDelta, svg: svg, columns: columns, runs: runs)
            ?? render.fullPayload(sequence: sequence, svg: svg, picture: picture, columns: columns)
    }

    /// The delta numbered `sequence` from `base` when allowed, possible and small, else nil (the
    /// caller sends the full payload); either way this render becomes the new `base`.
    private static func chainedDelta(
        _ render: PreviewRender, sequence: Int, base: inout PreviewDeltaBase?, allowDelta: Bool, svg: Bool,
        columns: Bool, runs: Bool
    ) -> [UInt8]? {
        // A picture the client did not get (too large for it) is no base: the next payload that
        // fits is full.
        let kind = PreviewRender.kind(svg: svg, columns: columns)
        defer {
            base = render.fits(kind) ? PreviewDeltaBase(sequence: sequence, snapshot: render.snapshot, render: render.id) : nil
        }
        if allowDelta, render.fits(kind), let previous = base {
            // Against the render this one was laid out from, only the cards that changed are
            // compared, or (a structural edit) only those the layout placed anew.
            let update = switch render.origin {
            case .textChange(let since, let cards, let ranges) where since == previous.render && since > 0:
                previewUpdateOfChangedCards(from: previous.snapshot, to: render.snapshot, changed: cards, ranges: ranges,
                                            runs: runs)
            case .structuralChange(let since, let change, let motion) where since == previous.render && since > 0:
                previewUpdateOfStructuralChange(from: previous.snapshot, to: render.snapshot, structure: change, runs: runs,
                                                rangeMotion: motion)
            default:
                previewUpdateByPairingIDs(from: previous.snapshot, to: render.snapshot, runs: runs)
            }
            if case .delta(let delta) = update {
                return render.deltaPayload(delta, sequence: sequence, base: previous.sequence)
            }
        }
        return nil
    }

    /// A browser page could not apply a delta: every page gets the whole picture, which
    /// restarts the chain.
    func resyncBrowserPreview() {
        guard previewServer != nil, let uri = preview.browser.uri, let context = try? context(for: uri) else { return }
        let render = previewRender(context, upTo: PreviewPayloadKind.columns.maxCards)
        publishToBrowser(render, allowDelta: false)
        releaseRetiredSnapshots()
    }

    /// `bracket/preview`: always the full payload; for a delta client it is numbered and
    /// becomes the base of the next delta (this is how a page that lost track resynchronises).
    /// Cancellable between the render and the writing of the payload.
    func previewResult(_ context: DocumentContext) throws(ResponseError) -> [UInt8] {
        let render = previewRender(context, upTo: preview.pushKind.maxCards)
        try checkCancelled()
        // With the SVG (an editor saves it from here); geometry-only clients get `picture` as
        // well, so their page draws the result like a push, and past the SVG's limit they get
        // what their pushes carry, the geometry without the SVG.
        let picture = !preview.sendsSVG
        let svg = preview.sendsSVG || render.fits(.svg)
        guard preview.wantsDelta(context.uri) else { return render.fullPayload(svg: svg, picture: picture) }
        return sequencedPayload(render, allowDelta: false, svg: svg, picture: picture)
    }

    /// Forgets what a document's delta client had (unsubscribe, close): the next payload is full.
    func dropDeltaBase(_ uri: String) {
        preview.documents[uri]?.deltaBase = nil
    }
}

/// Snapshots on their way to be freed on another thread (`releaseRetiredSnapshots`): only that
/// thread touches `snapshots` once the box is handed over.
private final class RetiredSnapshots: @unchecked Sendable {
    private var snapshots: [PreviewSnapshot]

    init(_ snapshots: [PreviewSnapshot]) { self.snapshots = snapshots }

    func free() { snapshots = [] }
}
