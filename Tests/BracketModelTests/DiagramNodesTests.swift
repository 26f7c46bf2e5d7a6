import BracketModel
import BracketSyntax
import Testing

@Suite struct DiagramNodesTests {
    let rows = [
        DiagramNode(
            id: "1", label: "Final", hasExplicitLabel: true, parent: -1, depth: 0, childCount: 2,
            subtreeEnd: 3, idRange: ByteRange(0, 1), range: ByteRange(0, 20)),
        DiagramNode(
            id: "2", label: "Node 2", hasExplicitLabel: false, parent: 0, depth: 1, childCount: 0,
            subtreeEnd: 2, idRange: ByteRange(12, 13), range: ByteRange(12, 13)),
        DiagramNode(
            id: "3", label: "Node 3", hasExplicitLabel: false, parent: 0, depth: 1, childCount: 0,
            subtreeEnd: 3, idRange: ByteRange(14, 15), range: ByteRange(14, 15)),
    ]

    @Test func rowsRoundTripThroughTheColumns() {
        let diagram = Diagram(nodes: rows, settings: .tutorial)
        #expect(Array(diagram.nodes) == rows)
        #expect(diagram.nodes.parents == [-1, 0, 0])
        #expect(diagram.nodes.subtreeEnds == [3, 2, 3])
        #expect(diagram.nodes.ids == ["1", "2", "3"])
        #expect(diagram.nodes.labels == ["Final", "Node 2", "Node 3"])
        #expect(diagram.children(of: 0) == [1, 2] && diagram.roots == [0])
        #expect(diagram.maxDepth == 1 && diagram.leafCount == 2)
    }

    @Test func assigningARowWritesEveryColumn() {
        var diagram = Diagram(nodes: rows, settings: .tutorial)
        let before = diagram
        diagram.nodes[2].label = "Third"
        diagram.nodes[2].parent = 1
        #expect(diagram.nodes[2].label == "Third" && diagram.nodes.labels[2] == "Third")
        #expect(diagram.nodes.parents == [-1, 0, 1])
        #expect(diagram != before && before.nodes[2] == rows[2])
        diagram.nodes[2] = rows[2]
        #expect(diagram == before)
    }

    @Test func documentDiagramFillsTheColumns() {
        let diagram = Document("1 { 2 { 4 5 } 3 { 6 7 } }").diagram()
        #expect(diagram.nodes.ids == ["1", "2", "4", "5", "3", "6", "7"])
        #expect(diagram.nodes.parents == [-1, 0, 1, 1, 0, 4, 4])
        #expect(diagram.nodes.depths == [0, 1, 2, 2, 1, 2, 2])
        #expect(diagram.nodes.childCounts == [2, 2, 0, 0, 2, 0, 0])
        #expect(diagram.nodes.subtreeEnds == [7, 4, 3, 4, 7, 6, 7])
        #expect(diagram.nodes.map(\.label) == ["Node 1", "Node 2", "Node 4", "Node 5", "Node 3", "Node 6", "Node 7"])
        #expect(diagram.nodes[2].idRange == ByteRange(8, 9))
    }

    @Test func emptyDiagram() {
        let diagram = Document("").diagram()
        #expect(diagram.nodes.isEmpty && diagram.roots.isEmpty && diagram.maxDepth == -1 && diagram.leafCount == 0)
    }
}
