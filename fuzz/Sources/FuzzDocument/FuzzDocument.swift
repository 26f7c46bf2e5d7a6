// Arbitrary bytes through the whole drawing pipeline: parse, diagnostics, layout, SVG and
// geometry JSON. Crashes are what libFuzzer looks for; the traps below add the invariants that
// a crash-free run could still break, among them that the parser's line fast path builds the
// same tree as the token-by-token parse.
import BracketExport
import BracketJSON
import BracketLayout
import BracketModel
import BracketSVG
import BracketTerminal
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
        checkTerminalText(DiagnosticPrinter(document: document, file: "fuzz.bracket", color: false).text(of: diagnostic))
    }
    let diagram = document.diagram()
    let geometry = layout(diagram)
    precondition(geometry.cards.count == diagram.nodes.count, "one card per node")
    _ = renderSVG(diagram, geometry)
    // The one-pass cursor the CLI and the server use must answer as the per-offset lookup does.
    var cursor = LineIndex.PositionCursor(document.lineIndex, in: text, encoding: .utf16)
    let json = writeGeometryJSON(diagram, geometry) { offset in
        let position = document.lineIndex.position(of: offset, in: text, encoding: .utf16)
        precondition(cursor.position(of: offset) == position, "the position cursor and position(of:) disagree")
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

/// What `bracket check` prints for a diagnostic: no byte a terminal would act on, and every
/// `^~~~` line under a source line of its excerpt.
private func checkTerminalText(_ text: String) {
    for scalar in text.unicodeScalars {
        precondition(scalar == "\n" || !TerminalText.needsEscape(scalar), "a control character reached the terminal text")
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    precondition(lines.last == "", "terminal text must end with a line feed")
    for (index, line) in lines.enumerated() where line.hasPrefix(" ") {
        let parts = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        precondition(parts.count == 2, "an excerpt line without its gutter")
        guard parts[0].allSatisfy({ $0 == " " }) else { continue }
        let marker = parts[1].drop(while: { $0 == " " })
        precondition(marker.hasPrefix("^") && marker.dropFirst().allSatisfy { $0 == "~" }, "a malformed caret line")
        precondition(index > 0 && lines[index - 1].hasPrefix(" "), "a caret line without its source line")
    }
}
