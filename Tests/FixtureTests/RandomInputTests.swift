import BracketExport
import BracketLayout
import BracketModel
import BracketSVG
import BracketTestSupport
import BracketTextDiagram
import Testing

/// Seeded random files, and random mutations of the fixtures: each must print back to itself and
/// go through the whole pipeline (diagnostics, diagram, layout, SVG, geometry JSON, DOT, text) safely.
@Suite struct RandomInputTests {
    /// Pieces that make up both valid and broken files.
    static let pieces: [String] = [
        "a", "b7", "node_1", "x.y-z", "07", " ", " ", "\n", "\r\n", "\t", "{", "{", "}", "}",
        "\"label\"", "\"é🏆\"", "\"\\u{1F3C6}\"", "\"\\q\"", "\"open", "\"\"", "\"\\\"", "# comment\n",
        "@root left\n", "@align leaves\n", "@card-width 90\n", "@margin", "@bogus 1\n", "@title \"T\"\n",
        ";", "\u{FEFF}", "\u{0}", "é", "\\", "@",
    ]

    @Test func randomFiles() {
        var generator = SeededRandom(seed: 0xB8AC_4E7)
        for _ in 0..<1_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                text += Self.pieces.randomElement(using: &generator)!
            }
            exercise(Array(text.utf8))
        }
    }

    @Test func mutatedFixtures() throws {
        var generator = SeededRandom(seed: 0x5EED_F1C5)
        let sources = try (Fixtures.names(in: "ok").map { try Fixtures.source("ok", $0) }
            + Fixtures.names(in: "err").map { try Fixtures.source("err", $0) })
        let interesting: [UInt8] = Array("{}\"\\#@ \n\r\tab1;".utf8) + [0xFF, 0xC3, 0x00]
        for round in 0..<1_000 {
            var text = sources[round % sources.count]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0...text.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text.insert(interesting.randomElement(using: &generator)!, at: position)
                case 1 where position < text.count: text.remove(at: position)
                default:
                    if position < text.count { text[position] = UInt8.random(in: 0...255, using: &generator) }
                }
            }
            exercise(text)
        }
    }

    private func exercise(_ text: [UInt8]) {
        let document = Document(text: text)
        #expect(document.tree.printed(from: text) == text)
        for diagnostic in document.diagnostics {
            #expect(diagnostic.range.start >= 0 && diagnostic.range.end <= text.count)
            _ = document.formatted(diagnostic, file: "random.bracket")
        }
        let diagram = document.diagram()
        let geometry = layout(diagram)
        #expect(geometry.cards.count == diagram.nodes.count)
        _ = renderSVG(diagram, geometry)
        _ = writeGeometryJSON(diagram, geometry) { offset in
            let position = document.lineIndex.position(of: offset, in: text, encoding: .utf16)
            return (position.line, position.character)
        }
        _ = exportDOT(diagram)
        let drawing = (try? renderTextDiagram(diagram)) ?? ""
        #expect(ConnectorCheck.problems(in: drawing).isEmpty, "\(String(decoding: text, as: UTF8.self))\n\(drawing)")
    }
}
