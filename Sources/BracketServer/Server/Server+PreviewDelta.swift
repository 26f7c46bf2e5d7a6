import BracketPreview

extension LanguageServer {
    /// The payload for a client that applies deltas: a delta against the last payload this
    /// document's client received when one is possible and small, otherwise the full payload.
    /// Either way it becomes the base of the next delta.
    func sequencedPayload(_ render: PreviewRender, allowDelta: Bool) -> [UInt8] {
        let uri = render.context.uri
        let sequence = preview.nextSequence(uri)
        defer { preview.deltaBases[uri] = PreviewDeltaBase(sequence: sequence, snapshot: render.snapshot) }
        if allowDelta, let base = preview.deltaBases[uri],
           case .delta(let delta) = previewUpdate(from: base.snapshot, to: render.snapshot) {
            return render.deltaPayload(delta, sequence: sequence, base: base.sequence)
        }
        return render.fullPayload(sequence: sequence)
    }

    /// `bracket/preview`: always the full payload; for a delta client it is numbered and
    /// becomes the base of the next delta (this is how a page that lost track resynchronises).
    func previewResult(_ context: DocumentContext) -> [UInt8] {
        let render = PreviewRender(context)
        guard preview.wantsDelta(context.uri) else { return render.fullPayload() }
        return sequencedPayload(render, allowDelta: false)
    }

    /// Forgets what a document's delta client had (unsubscribe, close): the next payload is full.
    func dropDeltaBase(_ uri: String) {
        preview.deltaBases.removeValue(forKey: uri)
    }
}
