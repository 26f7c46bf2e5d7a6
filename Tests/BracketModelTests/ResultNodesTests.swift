@testable import BracketModel
import BracketSyntax
import Testing

/// A tree with results hands out the nodes its diagnostics pass built (`Document.resultState`)
/// instead of building its diagram again: the diagram must be exactly the one built from the
/// tree, under any defaults and after any edit, and a tree without results keeps none.
@Suite struct ResultNodesTests {
    let scored = """
        @title "Cup"
        final {
          sf1 [score=3] { p1 "Ayşe" [score=6] p2 [score=4] }
          sf2 [score=1] { p3 [winner] p4 }
        }
        """

    func expectFresh(_ document: Document, _ what: String) {
        var wide = LayoutSettings.tutorial
        wide.cardWidth = 200
        wide.root = .left
        for defaults in [LayoutSettings.tutorial, wide] {
            #expect(document.diagram(defaults: defaults) == document.buildDiagram(defaults: defaults).diagram, "\(what)")
            #expect(document.diagram(defaults: defaults) == Document(text: document.text).diagram(defaults: defaults), "\(what)")
        }
    }

    /// The attribute lists are read with the tree (`buildDiagram`), each given to the node
    /// it follows, with that node's label: a leaf's label crowded out by its score is
    /// reported at the label, a long-label warning for the first label long enough to need it.
    @Test func aLabelCrowdedByItsScoreIsReportedAtTheLabel() throws {
        var found = false
        for length in 1...60 where !found {
            let label = "\"" + String(repeating: "W", count: length) + "\""
            let text = "m { a \(label) [score=12] b [score=3] }"
            let warnings = Document(text).diagnostics.filter { $0.code == .longLabel }
            guard !warnings.isEmpty else { continue }
            found = true
            let start = try #require(text.utf8.firstIndex(of: UInt8(ascii: "\"")))
            let at = text.utf8.distance(from: text.utf8.startIndex, to: start)
            #expect(warnings.map(\.range) == [ByteRange(start: at, length: label.utf8.count)], "\(text)")
        }
        #expect(found)
    }

    @Test func aScoredTreeReusesItsNodes() {
        let document = Document(scored)
        #expect(document.resultState != nil)
        expectFresh(document, "opened")
    }

    @Test func aPlainTreeKeepsNone() {
        #expect(Document("r { a { x y } b }").resultState == nil)
    }

    /// Edits that change a label, a score, the shape, and that remove or add the last result.
    @Test func editsKeepThemTrue() {
        var document = Document(scored)
        let text = String(decoding: document.text, as: UTF8.self)
        let edits: [(String, String)] = [
            ("\"Ayşe\"", "\"Ayşe Y.\""), ("score=6", "score=2"), ("p4 }", "p4 p5 }"),
            ("[winner]", ""), ("sf1 [score=3]", "sf1"), ("p2 [score=4]", "p2"), ("sf2 [score=1]", "sf2"),
            ("p1 \"Ayşe Y.\" [score=2]", "p1 [score=1]"),
        ]
        var current = text
        for (old, new) in edits {
            guard let range = current.range(of: old) else {
                Issue.record("\(old) not in \(current)")
                continue
            }
            let start = current.utf8.distance(from: current.startIndex, to: range.lowerBound)
            let end = current.utf8.distance(from: current.startIndex, to: range.upperBound)
            _ = document.apply(TextEdit(range: ByteRange(start, end), replacement: new))
            current.replaceSubrange(range, with: new)
            #expect(String(decoding: document.text, as: UTF8.self) == current)
            let recordsResults = current.contains("score") || current.contains("winner")
            #expect((document.resultState != nil) == recordsResults, "\(old) → \(new)")
            expectFresh(document, "\(old) → \(new)")
        }
    }
}
