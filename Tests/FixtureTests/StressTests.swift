import BracketLayout
import BracketModel
import BracketSVG
import Testing

/// Inputs far larger than anyone writes by hand. The files are built with loops, never recursion,
/// and the point is that nothing overflows the stack or crashes.
@Suite struct StressTests {
    @Test func hundredThousandLevelsDeep() {
        let depth = 100_000
        var text: [UInt8] = []
        text.reserveCapacity(depth * 12)
        for level in 0..<depth { text += Array("n\(level) {\n".utf8) }
        text += Array("leaf\n".utf8)
        for _ in 0..<depth { text += Array("}\n".utf8) }

        let document = Document(text: text)
        #expect(document.tree.printed(from: text) == text)
        _ = document.diagnostics
        let diagram = document.diagram()
        #expect(diagram.nodes.count > 1)
        let geometry = layout(diagram)
        #expect(geometry.cards.count == diagram.nodes.count)
        let svg = renderSVG(diagram, geometry)
        #expect(svg.utf8.count > diagram.nodes.count)
    }

    /// A root with 1,000 children of 999 leaves each: 1,000,000 nodes. Parsing and diagnosing
    /// only; layout and SVG of this size are the benchmark's business, too slow in debug.
    @Test func millionNodesWide() {
        var text: [UInt8] = []
        text.reserveCapacity(9_000_000)
        text += Array("root {\n".utf8)
        for group in 0..<1_000 {
            text += Array("g\(group) {".utf8)
            for leaf in 0..<999 { text += Array(" \(group)_\(leaf)".utf8) }
            text += Array(" }\n".utf8)
        }
        text += Array("}\n".utf8)

        let document = Document(text: text)
        #expect(document.diagnostics.isEmpty)
        #expect(document.tree.root.nodeCount >= 1_000_000)
    }
}
