import BracketBytes
import BracketExport
import BracketJSON
import BracketLayout
import BracketModel
import BracketPreview
import BracketSVG
import BracketSyntax

/// What a payload carries, which sets how many cards it may hold (docs/protocol.md, "Diagrams
/// too large to preview").
enum PreviewPayloadKind {
    /// The whole SVG document (and the geometry as JSON objects): editors that show the SVG.
    case svg
    /// The geometry as JSON objects and `picture`, no SVG (`preview.svg: false`: the bracket
    /// page in an editor's webview, which draws only the cards in view).
    case geometry
    /// The geometry as columns (the loopback page).
    case columns

    /// The most cards a payload of this kind draws; past it the payload is `tooLarge`.
    ///
    /// A million flat cards made a 767 MB payload with the SVG and no editor could show it, so
    /// the SVG stops at 150,000 (above the 131,071 the benchmarks preview). A page that draws
    /// only what is in view takes far more: as objects the geometry is ~330 bytes a card, so a
    /// million (~330 MB, under the 512 MB a JavaScript string can hold) is where an editor's
    /// extension host stops; as columns ~130 bytes a card, so the page takes every document
    /// within `Limits.nodes`.
    var maxCards: Int {
        switch self {
        case .svg: 150_000
        case .geometry: 1_000_000
        case .columns: Limits.nodes
        }
    }
}

/// One render of a document: the snapshot a delta is computed from (and a full payload is
/// written from).
///
/// A diagram with more cards than a payload kind draws (`PreviewPayloadKind.maxCards`) gets,
/// in payloads of that kind, its counts (`tooLarge`) instead of geometry and SVG; `bracket
/// render` can still draw it. The render is only laid out when some recipient can take it.
struct PreviewRender {
    /// The SVG's limit (the smallest), as tests and older callers name it.
    static let maxCards = PreviewPayloadKind.svg.maxCards

    let context: DocumentContext
    /// The document's diagram (drawn or not).
    let diagram: Diagram
    /// Numbers the server's renders (`LanguageServer.previewRender`); 0 for one made elsewhere.
    let id: Int
    /// What the layout was made from: nothing, or an earlier render's layout updated for a
    /// text change or a structural one (what a delta against that render may trust).
    let origin: PreviewRenderOrigin
    /// Empty (no cards) when the diagram is past `drawnUpTo`: nothing was laid out. Its
    /// geometry has no kept layout state (`Geometry.withoutRelayoutState`).
    let snapshot: PreviewSnapshot
    /// The snapshot's geometry with the state a structural edit is laid out from: what the
    /// server keeps for the next render's relayout (`LastPreviewRender.geometry`), apart from the
    /// snapshot; nil when nothing was laid out.
    let relayoutBase: Geometry?
    /// The diagram's cards and connectors, whether drawn or not.
    let cards: Int
    /// Counted when asked (only a `tooLarge` payload says it): a pass over every parent, which
    /// every push used to make.
    var connectors: Int { diagram.nodes.parents.count(where: { $0 >= 0 }) }
    private let drawn: Bool

    /// Lays the document out when it has at most `limit` cards (the largest limit among the
    /// payloads this render is for). `start` holds the diagram (the server keeps the last one and
    /// updates it for edits, `LanguageServer.previewRender`) and what of the last render this
    /// one builds on: its layout, reused when the edit moved nothing (`relayout`, and the diff
    /// then compares the edited cards alone) or updated from the splice a structural edit made
    /// (`origin`), and its ID ranges, updated on the edited lines or moved for the one edit
    /// since (`IDRangeSource`).
    ///
    /// The previous layout is taken out of `start`: a structural update splices its state in
    /// place (`layoutSplice(_:from:splice:takingStateOf:)`), so the caller hands over its only
    /// reference and keeps `relayoutBase` (this render's) instead.
    init(_ context: DocumentContext, upTo limit: Int = PreviewPayloadKind.columns.maxCards,
         from start: inout PreviewRenderStart, id: Int = 0) {
        self.context = context
        self.id = id
        let diagram = start.diagram
        self.diagram = diagram
        cards = diagram.nodes.count
        if cards > limit {
            let empty = DocumentContext(document: Document(""), uri: context.uri, version: context.version,
                                        encoding: context.encoding, defaults: context.defaults).diagram()
            snapshot = PreviewSnapshot(diagram: empty, geometry: layout(empty), ranges: [])
            relayoutBase = nil
            drawn = false
            origin = .nothing
            return
        }
        drawn = true
        // Updated where `start` holds it (its only reference), then dropped at once: what is
        // left of the old layout is freed before this render's columns are made.
        let update = start.layout?.updateLayout(for: diagram)
        let previousRender = start.layout?.render ?? 0, editedCards = start.layout?.update.edited ?? []
        start.layout = nil
        let geometry = update?.geometry ?? layout(diagram, keepingSpliceState: true)
        var updatedRanges: (ranges: [NodeRange], converted: [Int])?
        var motion: (ranges: [NodeRange], motion: RangeMotion)?
        switch start.ranges {
        case .converted: break
        case .updatedOnLines(let ranges, let lines):
            updatedRanges = Self.ranges(diagram, context, updating: ranges, onLines: lines)
        case .moved(let ranges, let old, let edit):
            motion = Self.ranges(diagram, context, moving: ranges, of: old, by: edit)
        }
        // Without a structural change the diagram came from the previous one by rewriting the
        // `editedCards`' IDs and labels, and the layout moved nothing: only those cards can differ.
        origin = if let update {
            if let structure = update.structure {
                .structuralChange(render: previousRender, change: structure, rangeMotion: motion?.motion)
            } else {
                .textChange(render: previousRender, cards: editedCards, ranges: updatedRanges?.converted)
            }
        } else {
            .nothing
        }
        let ranges = updatedRanges?.ranges ?? motion?.ranges ?? Self.ranges(diagram, context)
        // The diffs and the writers never read the kept layout state: the snapshot, which
        // stays as the next delta's base, holds none of it, so the next structural relayout
        // can splice it in place.
        relayoutBase = geometry
        snapshot = PreviewSnapshot(diagram: diagram, geometry: geometry.withoutRelayoutState, ranges: ranges,
                                   idsAreUnique: context.document.hasDuplicateIDs ? nil : true)
    }

    /// A render with no earlier one to start from (the command line's preview, tests).
    init(_ context: DocumentContext, upTo limit: Int = PreviewPayloadKind.columns.maxCards) {
        var start = PreviewRenderStart(context)
        self.init(context, upTo: limit, from: &start)
    }

    /// Every node's ID range as LSP positions.
    private static func ranges(_ diagram: Diagram, _ context: DocumentContext) -> [NodeRange] {
        var positions = OrderedPositions(context)
        return diagram.nodes.idRanges.map { range in
            let start = positions.position(range.start), end = positions.position(range.end)
            return NodeRange(startLine: start.line, startCharacter: start.character,
                             endLine: end.line, endCharacter: end.character)
        }
    }

    /// The ID ranges after one-token edits on `lines` (which add or remove no line break): the
    /// previous render's, with those that lie on an edited line found again (`converted`: the
    /// indices of those that moved). Converting every offset was the largest cost of a label edit's push once the
    /// diagram and layout were reused. IDs are in text order, so their lines ascend: only the
    /// cards from the first that ends on or after the first edited line to the last that starts
    /// on or before the last one are looked at.
    private static func ranges(_ diagram: Diagram, _ context: DocumentContext, updating previous: [NodeRange],
                               onLines lines: [ClosedRange<Int>]) -> (ranges: [NodeRange], converted: [Int]) {
        guard let low = lines.map(\.lowerBound).min(), let high = lines.map(\.upperBound).max() else { return (previous, []) }
        var ranges = previous
        var converted: [Int] = []
        let idRanges = diagram.nodes.idRanges
        var index = previous.partitioningIndex { $0.endLine >= low }
        while index < ranges.count, ranges[index].startLine <= high {
            defer { index += 1 }
            let range = ranges[index]
            guard lines.contains(where: { $0.contains(range.startLine) || $0.contains(range.endLine) }) else { continue }
            let start = context.position(idRanges[index].start), end = context.position(idRanges[index].end)
            let found = NodeRange(startLine: start.line, startCharacter: start.character,
                                  endLine: end.line, endCharacter: end.character)
            // Written only when it moved: a label typed after its ID leaves every range where it
            // was, and the array is then the last render's, not a copy.
            guard found != range else { continue }
            ranges[index] = found
            converted.append(index)
        }
        return (ranges, converted)
    }

    /// Whether a payload of `kind` can draw this render (else it is `tooLarge`).
    func fits(_ kind: PreviewPayloadKind) -> Bool { drawn && cards <= kind.maxCards }

    /// `{ uri, version, [sequence,] geometry, svg, diagnostics }`, written straight to bytes.
    /// Without a sequence (clients that did not ask for deltas) the bytes are those the server
    /// has always sent. Without `svg` (pages that draw from the geometry, docs/protocol.md
    /// "Geometry-only payloads") the `svg` member is replaced by `picture`, the few parts of the
    /// SVG document that are not in the geometry: a 131,071-card payload is then 40 % smaller
    /// and the page never parses 55 MB of markup.
    ///
    /// `columns` (the loopback page, which is always the bracket page) writes the geometry as
    /// `columns` (BracketExport's `writeGeometryColumns`) instead of `geometry`, implies no SVG.
    ///
    /// `picture: true` adds `picture` to a payload that has the SVG too (a geometry-only client's
    /// `bracket/preview` result: the page draws it like a push, the editor can save its SVG).
    func fullPayload(sequence: Int? = nil, svg includeSVG: Bool = true, picture includePicture: Bool = false,
                     columns: Bool = false) -> [UInt8] {
        let kind = Self.kind(svg: includeSVG, columns: columns)
        guard fits(kind) else { return tooLargePayload(limit: kind.maxCards, sequence: sequence) }
        if columns { return columnsPayload(sequence: sequence) }
        // The writer asks for each node's start and end in pre-order: text order.
        var positions = OrderedPositions(context)
        let geometryJSON = writeGeometryJSON(snapshot.diagram, snapshot.geometry) { offset in
            let position = positions.position(offset)
            return (position.line, position.character)
        }
        let svg = includeSVG ? renderSVG(snapshot.diagram, snapshot.geometry) : ""
        var writer = JSONWriter(reservingCapacity: geometryJSON.count + svg.utf8.count + 4096)
        beginPayload(&writer, sequence: sequence)
        writer.key("geometry"); writer.raw(geometryJSON)
        writeAttributeDescriptions(&writer)
        if includeSVG { writer.key("svg"); writer.string(svg) }
        if !includeSVG || includePicture { writePicture(&writer) }
        writeDiagnosticCounts(&writer)
        writer.endObject()
        return writer.bytes
    }

    /// Opens a payload's object with what every payload starts with: `{ uri, version,
    /// [sequence,]` (the sequence only for a client that applies deltas).
    private func beginPayload(_ writer: inout JSONWriter, sequence: Int?) {
        writer.beginObject()
        writer.key("uri"); writer.string(context.uri)
        writer.key("version"); writer.int(context.version)
        if let sequence { writer.key("sequence"); writer.int(sequence) }
    }

    /// The kind of a payload written with these options.
    static func kind(svg: Bool, columns: Bool) -> PreviewPayloadKind {
        columns ? .columns : svg ? .svg : .geometry
    }

    /// `{ uri, version, sequence, base, delta, diagnostics }`: what changed since the payload
    /// numbered `base`.
    func deltaPayload(_ delta: PreviewDelta, sequence: Int, base: Int) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        beginPayload(&writer, sequence: sequence)
        writer.key("base"); writer.int(base)
        writer.key("delta"); writePreviewDelta(&writer, delta, to: snapshot)
        writeDiagnosticCounts(&writer)
        writer.endObject()
        return writer.bytes
    }

    /// `{ uri, version, [sequence,] columns, picture, diagnostics }`, the numeric columns in
    /// binary (the page is their only reader).
    /// The members around `columns` are written first and the columns between them in one
    /// buffer, so the columns (17 MB at 131,071 cards) are never copied.
    private func columnsPayload(sequence: Int?) -> [UInt8] {
        let (head, tail) = columnsPayloadEnds(sequence: sequence)
        return writeGeometryColumns(snapshot.diagram, snapshot.geometry, ranges: snapshot.ranges,
                                    prefix: head, suffix: tail, binary: true)
    }

    /// The loopback page's full payload as a binary body (docs/protocol.md, "The payload as a
    /// binary body"; BracketExport's `writeGeometryColumnsBody`), whose head is the columns
    /// payload with each column naming its section, and the announcement's object
    /// (`{ uri, version, sequence }`); nil when the render is too large to draw (the payload is
    /// then `tooLarge`, a few bytes, sent inline). Written once, straight into the body.
    func columnsBody(sequence: Int?) -> (body: [UInt8], announcement: [UInt8])? {
        guard fits(.columns) else { return nil }
        let (head, tail) = columnsPayloadEnds(sequence: sequence)
        let body = writeGeometryColumnsBody(snapshot.diagram, snapshot.geometry, ranges: snapshot.ranges,
                                            prefix: head, suffix: tail)
        var announcement = JSONWriter(reservingCapacity: 256)
        beginPayload(&announcement, sequence: sequence)
        announcement.endObject()
        return (body, announcement.bytes)
    }

    /// What a columns payload holds before its columns (`{ uri, version, [sequence,] "columns":`)
    /// and after them (`, picture, diagnostics }`).
    private func columnsPayloadEnds(sequence: Int?) -> (head: [UInt8], tail: [UInt8]) {
        var head = JSONWriter(reservingCapacity: 256)
        beginPayload(&head, sequence: sequence)
        head.key("columns")
        // The rest of the object, `,"picture":…}`: the empty raw value stands for the columns,
        // so the next member starts with its comma.
        var tail = JSONWriter(reservingCapacity: 4096)
        tail.raw([UInt8]())
        writePicture(&tail)
        writeDiagnosticCounts(&tail)
        tail.endObject()
        return (head.bytes, tail.bytes)
    }

    /// `{ uri, version, [sequence,] tooLarge: { cards, connectors, limit }, diagnostics }`.
    private func tooLargePayload(limit: Int, sequence: Int?) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        beginPayload(&writer, sequence: sequence)
        writer.key("tooLarge")
        writer.beginObject()
        writer.key("cards"); writer.int(cards)
        writer.key("connectors"); writer.int(connectors)
        writer.key("limit"); writer.int(limit)
        writer.endObject()
        writeDiagnosticCounts(&writer)
        writer.endObject()
        return writer.bytes
    }

    /// `picture`: `{ svgWidth, svgHeight, title, desc, style, text }` — the `<svg>` size, the
    /// text of its `<title>`, its `<desc>` element, its `<style>` text and the font's vertical
    /// metrics per pixel of font size (and the label's padding), so a page that draws the cards itself can place, style and
    /// export them exactly as the server's SVG does.
    private func writePicture(_ writer: inout JSONWriter) {
        let diagram = snapshot.diagram, geometry = snapshot.geometry
        let size = svgOuterSizeText(geometry)
        writer.key("picture")
        writer.beginObject()
        writer.key("svgWidth"); writer.raw(Array(size.width.utf8))
        writer.key("svgHeight"); writer.raw(Array(size.height.utf8))
        writer.key("title"); writer.string(UncarriedCharacters.replaced(diagram.settings.title ?? "Bracket diagram"))
        writer.key("desc"); writer.string(svgDescriptionFragment(diagram, cardCount: geometry.centres.count))
        writer.key("style"); writer.string(svgStyleSheetText(recordsResults: snapshot.recordsResults,
                                                               notes: !snapshot.geometry.notes.isEmpty,
                                                               classSheet: snapshot.classSheet))
        let metrics = svgFontMetricsPerPixel()
        writer.key("text")
        writer.beginObject()
        writer.key("ascent"); writer.double(metrics.ascent)
        writer.key("descent"); writer.double(metrics.descent)
        writer.key("lineHeight"); writer.double(metrics.lineHeight)
        // Where a label starts from a card's edge, for `@label-align start` (in points).
        writer.key("labelPadding"); writer.double(CardTextFit.horizontalPadding)
        writer.endObject()
        writer.endObject()
    }

    private func writeDiagnosticCounts(_ writer: inout JSONWriter) {
        var errors = 0, warnings = 0
        for diagnostic in context.document.diagnostics {
            if diagnostic.severity == .error { errors += 1 } else if diagnostic.severity == .warning { warnings += 1 }
        }
        writer.key("diagnostics")
        writer.beginObject()
        writer.key("errors"); writer.int(errors)
        writer.key("warnings"); writer.int(warnings)
        writer.endObject()
    }
}
