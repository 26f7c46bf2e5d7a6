// Arbitrary bytes through the whole drawing pipeline: parse, diagnostics, layout, SVG and
// geometry JSON. Crashes are what libFuzzer looks for; the traps below add the invariants that
// a crash-free run could still break, among them that the parser's line fast path builds the
// same tree as the token-by-token parse.
import BracketExport
import BracketJSON
import BracketLayout
import BracketModel
import BracketSVG
@_spi(Reference) import BracketSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = Array(UnsafeBufferPointer(start: data, count: size))
    let document = Document(text: text)
    precondition(document.tree.root.isStructurallyEqual(to: Parser.parseTokenByToken(text)),
                 "the line fast path and the token-by-token parse disagree")
    for diagnostic in document.diagnostics {
        // Every diagnostic points inside the text, and formatting it must not fail.
        precondition(0 <= diagnostic.range.start && diagnostic.range.start <= diagnostic.range.end
                     && diagnostic.range.end <= text.count, "diagnostic range outside the text")
        _ = document.formatted(diagnostic, file: "fuzz.bracket")
    }
    let diagram = document.diagram()
    let geometry = layout(diagram)
    precondition(geometry.cards.count == diagram.nodes.count, "one card per node")
    _ = renderSVG(diagram, geometry)
    let json = writeGeometryJSON(diagram, geometry) { offset in
        let position = document.lineIndex.position(of: offset, in: text, encoding: .utf16)
        return (position.line, position.character)
    }
    // The writer's output must be JSON our own reader accepts (editors parse it).
    do {
        _ = try JSONReader(maxDepth: 64).parse(json)
    } catch {
        preconditionFailure("geometry JSON does not parse: \(error)")
    }
    return 0
}
