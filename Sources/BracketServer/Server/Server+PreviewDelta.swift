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
        if let replaced = preview.deltaBases[uri]?.snapshot { preview.retired.append(replaced) }
        return Self.chainedPayload(render, sequence: preview.nextSequence(uri), base: &preview.deltaBases[uri],
                                   allowDelta: allowDelta, svg: svg ?? preview.sendsSVG, picture: picture,
                                   runs: preview.wantsRuns(uri))
    }

    /// Frees the snapshots replaced as delta bases, on another thread, once the payloads made
    /// against them have been handed to their writers: the event does not wait for it, nor
    /// does the next message.
    func releaseRetiredSnapshots() {
        guard !preview.retired.isEmpty else { return }
        let retired = preview.retired
        preview.retired = []
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(retired) {} }
    }

    /// The payload for the browser pages (`bracket/openPreview`), on a chain of its own: a
    /// delta against what the pages were last sent, or the full payload. The pages are always
    /// the bracket page, which draws from the geometry: they never get the whole SVG, and
    /// always take runs and renames.
    func browserPayload(_ render: PreviewRender, allowDelta: Bool) -> [UInt8] {
        preview.browserSequence += 1
        if let replaced = preview.browserBase?.snapshot { preview.retired.append(replaced) }
        return Self.chainedPayload(render, sequence: preview.browserSequence, base: &preview.browserBase,
                                   allowDelta: allowDelta, svg: false, columns: true, runs: true)
    }

    /// Numbered payload `sequence`: a delta from `base` when allowed, possible and small, else
    /// the full payload; either way it becomes the new `base`. `runs`: the client takes
    /// `renamed` and `runs` (docs/protocol.md, "Runs and renames").
    private static func chainedPayload(
        _ render: PreviewRender, sequence: Int, base: inout PreviewDeltaBase?, allowDelta: Bool, svg: Bool,
        picture: Bool = false, columns: Bool = false, runs: Bool = false
    ) -> [UInt8] {
        // A picture the client did not get (too large for it) is no base: the next payload that
        // fits is full.
        let kind = PreviewRender.kind(svg: svg, columns: columns)
        defer {
            base = render.fits(kind) ? PreviewDeltaBase(sequence: sequence, snapshot: render.snapshot, render: render.id) : nil
        }
        if allowDelta, render.fits(kind), let previous = base {
            // Against the render this one was laid out from, only the cards that changed are
            // compared, or (a structural edit) only those the layout placed anew.
            let update = if let known = render.changedSince, known.render == previous.render, previous.render > 0 {
                previewUpdate(from: previous.snapshot, to: render.snapshot, changed: known.cards,
                              ranges: render.rangesSince, runs: runs)
            } else if let since = render.structureSince, since.render == previous.render, previous.render > 0 {
                previewUpdate(from: previous.snapshot, to: render.snapshot, structure: since.change, runs: runs)
            } else {
                previewUpdate(from: previous.snapshot, to: render.snapshot, runs: runs)
            }
            if case .delta(let delta) = update {
                return render.deltaPayload(delta, sequence: sequence, base: previous.sequence)
            }
        }
        return render.fullPayload(sequence: sequence, svg: svg, picture: picture, columns: columns)
    }

    /// A browser page could not apply a delta: every page gets the whole picture, which
    /// restarts the chain.
    func resyncBrowserPreview() {
        guard let server = previewServer, let uri = preview.browserURI, let context = try? context(for: uri) else { return }
        let render = previewRender(context, upTo: PreviewPayloadKind.columns.maxCards)
        server.publish(payload: browserPayload(render, allowDelta: false))
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
        preview.deltaBases.removeValue(forKey: uri)
    }
}
