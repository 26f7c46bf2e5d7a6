import BracketSyntax
import Testing

/// The typed views read the grammar's parts at the right places, error forms included.
@Suite struct SyntaxViewTests {
    func firstNode(_ text: String) throws -> NodeSyntax {
        let tree = SyntaxTree.parse(Array(text.utf8))
        for child in tree.root.children(from: 0) {
            if case .node(let green) = child.element, let node = NodeSyntax(green, at: child.range.start) { return node }
        }
        throw ViewError.noNode
    }

    enum ViewError: Error { case noNode }

    @Test func nodeWithIDLabelAndBlock() throws {
        let node = try firstNode("  root \"Top\" { a }\n")
        #expect(node.id == ByteRange(2, 6))
        #expect(node.label == ByteRange(7, 12))
        let block = try #require(node.block)
        #expect(block.openBrace == ByteRange(13, 14))
        #expect(block.closeBrace == ByteRange(17, 18))
        #expect(block.isClosed)
        #expect(node.nameRange == node.id)
    }

    @Test func blockWithoutIDAndUnclosedBlock() throws {
        let idless = try firstNode("{ a }")
        #expect(idless.id == nil && idless.label == nil)
        #expect(idless.nameRange == ByteRange(0, 1))
        let unclosed = try #require(try firstNode("r { a").block)
        #expect(!unclosed.isClosed && unclosed.closeBrace == nil)
    }

    @Test func settingKeyNameAndValue() throws {
        let tree = SyntaxTree.parse(Array("@title \"T\"\n@root\n".utf8))
        var settings: [SettingSyntax] = []
        for child in tree.root.children(from: 0) {
            if case .node(let green) = child.element, let setting = SettingSyntax(green, at: child.range.start) {
                settings.append(setting)
            }
        }
        #expect(settings.count == 2)
        #expect(settings[0].key == ByteRange(0, 6) && settings[0].name == ByteRange(1, 6))
        #expect(settings[0].value?.kind == .string && settings[0].value?.range == ByteRange(7, 10))
        #expect(settings[1].value == nil)
    }

    /// `childStart`, `childStarts` and `child(containing:)` agree with adding up the children one by one.
    @Test func childOffsetsAgreeWithPlacedChildren() {
        let root = SyntaxTree.parse(Array("a { b \"x\" c { d } }\n# c\ne\n".utf8)).root
        let placed = Array(root.children(from: 3))
        for child in placed {
            #expect(root.childStart(child.index, from: 3) == child.range.start)
            #expect(root.child(containing: child.range.start, from: 3)?.index == child.index)
        }
        #expect(root.childStart(root.count, from: 3) == 3 + root.length)
        #expect(root.child(containing: 3 + root.length + 10, from: 3)?.index == root.count - 1)
        #expect(root.childStarts(from: 3) == placed.map(\.range.start) + [3 + root.length])
    }
}
