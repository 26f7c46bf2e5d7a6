// A snapshot that draws every card names every connector by their count, not a list of each
// index (a column of 8 bytes a card made on every push), and one that draws only some lists them.
import BracketLayout
import BracketModel
import BracketPreview
import Testing

@Suite struct DrawnEdgesTests {
    @Test func everyConnectorDrawnIsACount() {
        let diagram = Document("r {\n  a {\n    b\n    c\n  }\n  d\n}\n").diagram()
        let geometry = layout(diagram)
        let snapshot = PreviewSnapshot(diagram: diagram, geometry: geometry, ranges: [])
        #expect(!snapshot.drawnEdges.isListed)
        #expect(Array(snapshot.drawnEdges) == Array(0..<geometry.edgeChildren.count))
        #expect(snapshot.drawnEdges.count == 4 && snapshot.drawnEdges[3] == 3)
    }

    /// A diagram with more nodes than cards (a geometry of a shorter version): only the
    /// connectors between drawn cards are listed.
    @Test func someConnectorsDrawnAreListed() {
        let diagram = Document("r {\n  a {\n    b\n    c\n  }\n  d\n}\n").diagram()
        let shorter = Document("r {\n  a {\n    b\n  }\n}\n").diagram()
        let snapshot = PreviewSnapshot(diagram: diagram, geometry: layout(shorter), ranges: [])
        #expect(snapshot.drawnEdges.isListed)
        #expect(Array(snapshot.drawnEdges) == [0, 1])
    }
}
