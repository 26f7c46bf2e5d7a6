import BracketExport
import BracketJSON
import BracketLayout
import BracketPreview
import BracketSVG
import BracketSyntax

/// One render of a document: the snapshot a delta is computed from (and a full payload is
/// written from).
struct PreviewRender {
    let context: DocumentContext
    let snapshot: PreviewSnapshot

    init(_ context: DocumentContext) {
        self.context = context
        let diagram = context.diagram()
        let geometry = layout(diagram)
        var positions = OrderedPositions(context)
        let ranges = diagram.nodes.idRanges.map { range in
            let start = positions.position(range.start), end = positions.position(range.end)
            return NodeRange(startLine: start.line, startCharacter: start.character,
                             endLine: end.line, endCharacter: end.character)
        }
        snapshot = PreviewSnapshot(diagram: diagram, geometry: geometry, ranges: ranges)
    }

    /// `{ uri, version, [sequence,] geometry, svg, diagnostics }`, written straight to bytes.
    /// Without a sequence (clients that did not ask for deltas) the bytes are those the server
    /// has always sent. Without `svg` (pages that draw from the geometry, docs/protocol.md
    /// "Geometry-only payloads") the `svg` member is replaced by `picture`, the few parts of the
    /// SVG document that are not in the geometry: a 131,071-card payload is then 40 % smaller
    /// and the page never parses 55 MB of markup.
    ///
    /// `columns` (the loopback page, which is always the bracket page) writes the geometry as
    /// `columns` (BracketExport's `writeGeometryColumns`) instead of `geometry`, implies no SVG.
    func fullPayload(sequence: Int? = nil, svg includeSVG: Bool = true, columns: Bool = false) -> [UInt8] {
        if columns { return columnsPayload(sequence: sequence) }
        // The writer asks for each node's start and end in pre-order: text order.
        var positions = OrderedPositions(context)
        let geometryJSON = writeGeometryJSON(snapshot.diagram, snapshot.geometry) { offset in
            let position = positions.position(offset)
            return (position.line, position.character)
        }
        let svg = includeSVG ? renderSVG(snapshot.diagram, snapshot.geometry) : ""
        var writer = JSONWriter(reservingCapacity: geometryJSON.count + svg.utf8.count + 4096)
        writer.beginObject()
        writer.key("uri"); writer.string(context.uri)
        writer.key("version"); writer.int(context.version)
        if let sequence { writer.key("sequence"); writer.int(sequence) }
        writer.key("geometry"); writer.raw(geometryJSON)
        if includeSVG { writer.key("svg"); writer.string(svg) } else { writePicture(&writer) }
        writeDiagnosticCounts(&writer)
        writer.endObject()
        return writer.bytes
    }

    /// `{ uri, version, sequence, base, delta, diagnostics }`: what changed since the payload
    /// numbered `base`.
    func deltaPayload(_ delta: PreviewDelta, sequence: Int, base: Int) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.key("uri"); writer.string(context.uri)
        writer.key("version"); writer.int(context.version)
        writer.key("sequence"); writer.int(sequence)
        writer.key("base"); writer.int(base)
        writer.key("delta"); writePreviewDelta(&writer, delta, to: snapshot)
        writeDiagnosticCounts(&writer)
        writer.endObject()
        return writer.bytes
    }

    /// `{ uri, version, [sequence,] columns, picture, diagnostics }`.
    private func columnsPayload(sequence: Int?) -> [UInt8] {
        let columns = writeGeometryColumns(snapshot.diagram, snapshot.geometry, ranges: snapshot.ranges)
        var writer = JSONWriter(reservingCapacity: columns.count + 4096)
        writer.beginObject()
        writer.key("uri"); writer.string(context.uri)
        writer.key("version"); writer.int(context.version)
        if let sequence { writer.key("sequence"); writer.int(sequence) }
        writer.key("columns"); writer.raw(columns)
        writePicture(&writer)
        writeDiagnosticCounts(&writer)
        writer.endObject()
        return writer.bytes
    }

    /// `picture`: `{ svgWidth, svgHeight, title, desc, style }` — the `<svg>` size, the text of
    /// its `<title>`, its `<desc>` element and its `<style>` text, so a page that draws the cards
    /// itself can style them, and export them, exactly as the server's SVG does.
    private func writePicture(_ writer: inout JSONWriter) {
        let diagram = snapshot.diagram, geometry = snapshot.geometry
        let size = svgOuterSizeText(geometry)
        writer.key("picture")
        writer.beginObject()
        writer.key("svgWidth"); writer.raw(Array(size.width.utf8))
        writer.key("svgHeight"); writer.raw(Array(size.height.utf8))
        writer.key("title"); writer.string(diagram.settings.title ?? "Bracket diagram")
        writer.key("desc"); writer.string(svgDescriptionFragment(diagram, cardCount: geometry.centres.count))
        writer.key("style"); writer.string(svgStyleSheetText())
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
