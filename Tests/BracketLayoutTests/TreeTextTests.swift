import BracketModel
import BracketTestSupport
import Testing

/// The test helper gets its own tests: every layout expectation depends on it building the tree
/// it was asked for.
@Suite struct TreeTextTests {
    @Test func tutorialTreeIsPreOrderWithLinks() throws {
        let d = try diagram("1 { 2 { 4 5 } 3 { 6 7 } }")
        #expect(d.nodes.map(\.id) == ["1", "2", "4", "5", "3", "6", "7"])
        #expect(d.nodes.map(\.parent) == [-1, 0, 1, 1, 0, 4, 4])
        #expect(d.nodes.map(\.depth) == [0, 1, 2, 2, 1, 2, 2])
        #expect(d.nodes.map(\.childCount) == [2, 2, 0, 0, 2, 0, 0])
        #expect(d.nodes.map(\.subtreeEnd) == [7, 4, 3, 4, 7, 6, 7])
        #expect(d.nodes[1].idRange.start == 4)
        #expect(d.nodes[0].label == "Node 1")
        #expect(d.children(of: 0) == [1, 4])
    }

    @Test func labelsWithEscapes() throws {
        let d = try diagram(#"a "Say \"hi\"" { b }"#)
        #expect(d.nodes.map(\.label) == [#"Say "hi""#, "Node b"])
        #expect(d.nodes[0].hasExplicitLabel && !d.nodes[1].hasExplicitLabel)
    }

    @Test func rejectsMalformedText() {
        #expect(throws: TreeTextError.self) { try diagram("1 { 2") }
        #expect(throws: TreeTextError.self) { try diagram("1 }") }
        #expect(throws: TreeTextError.self) { try diagram("{ 1 }") }
    }

    @Test func generatedShapes() throws {
        #expect(completeBinaryTreeText(levels: 3).split(separator: " ")
            == "1 { 2 { 4 5 } 3 { 6 7 } }".split(separator: " "))
        #expect(chainText(length: 3) == "0 { 1 { 2 } }")
        let chain = try diagram(chainText(length: 5))
        #expect(chain.nodes.map(\.depth) == [0, 1, 2, 3, 4])
        #expect(try diagram(completeBinaryTreeText(levels: 10)).nodes.count == 1023)
    }
}
