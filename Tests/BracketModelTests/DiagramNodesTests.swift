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

    /// What `hasAttributes` and `recordsResults` said when they scanned the columns.
    static func scanned(_ nodes: DiagramNodes) -> (attributes: Bool, results: Bool) {
        let results = nodes.scores.contains { $0 != nil } || nodes.isWinners.contains(true) || nodes.isPendings.contains(true)
        return (results || nodes.edgeLabels.contains { $0 != nil }, results)
    }

    @Test(arguments: [
        "r\n", "r {\n  a\n  b\n}\n", "r {\n  a [edge=\"x\"]\n  b\n}\n", "r {\n  a [score=1]\n  b [score=2]\n}\n",
        "r {\n  a [winner]\n  b\n}\n", "r {\n  m {\n    a [score=3]\n    b [score=1]\n  }\n  c\n}\n",
        "r {\n  a [score=\"\"]\n}\n",
    ])
    func attributeFlagsAreKeptAsTheColumnsChange(text: String) {
        var nodes = Document(text).diagram().nodes
        #expect(nodes.hasAttributes == Self.scanned(nodes).attributes)
        #expect(nodes.recordsResults == Self.scanned(nodes).results)
        // Rows written one at a time keep the counts: clear each row, then put it back.
        let rows = Array(nodes)
        for index in rows.indices {
            var plain = rows[index]
            plain.score = nil
            plain.edgeLabel = nil
            plain.isWinner = false
            plain.isPending = false
            nodes[index] = plain
            #expect(nodes.hasAttributes == Self.scanned(nodes).attributes)
            #expect(nodes.recordsResults == Self.scanned(nodes).results)
        }
        #expect(!nodes.hasAttributes && !nodes.recordsResults)
        for index in rows.indices { nodes[index] = rows[index] }
        #expect(Array(nodes) == rows)
        #expect(nodes.hasAttributes == Self.scanned(nodes).attributes)
        #expect(DiagramNodes(rows) == nodes)
    }

    @Test func optionalColumnsCompareByTheirRows() {
        var stored = DiagramNodes(rows)
        #expect(stored.scores.isAllNil && stored.edgeLabels.isAllNil)
        // A score set and cleared leaves a column that stores its rows but equals one that never did.
        var row = rows[1]
        row.score = "3"
        stored[1] = row
        #expect(!stored.scores.isAllNil && stored.scores[1] == "3" && stored.hasAttributes)
        row.score = nil
        stored[1] = row
        #expect(!stored.scores.isAllNil && !stored.hasAttributes)
        #expect(stored == DiagramNodes(rows))
        #expect(stored.hashValue == DiagramNodes(rows).hashValue)
        #expect(Array(stored.scores) == [nil, nil, nil])
    }
}
