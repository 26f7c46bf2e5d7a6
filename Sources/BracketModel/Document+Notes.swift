import BracketSyntax

extension Document {
    /// `note-on-leaf`: a `note` on a node without children describes no match, so it is drawn
    /// nowhere (docs/language.md, "Match notes"). Whether a node has children is a fact of its
    /// block, which an edit inside the block changes without rescanning the node's attributes,
    /// so this is worked out after every edit, like `extra-rounds`: from the kept starts of the
    /// note attributes (`noteAttributes`), one walk down the tree for each, nothing at all in a
    /// document without notes.
    func notesOnLeaves() -> [Diagnostic] {
        guard !noteAttributes.isEmpty else { return [] }
        var found: [Diagnostic] = []
        for start in noteAttributes {
            let path = tree.path(to: start)
            // The attribute and its node: the deepest `.attribute` and `.node` on the way down.
            var attribute: ByteRange?
            var node: SyntaxTree.PathStep?
            var level = path.count
            while level > 0, node == nil {
                level -= 1
                switch path.kind(at: level) {
                case .attribute where attribute == nil:
                    let step = path[level]
                    attribute = ByteRange(start: step.offset, length: step.node.length)
                case .node:
                    node = path[level]
                default:
                    break
                }
            }
            guard let node, let attribute else { continue }
            let syntax = NodeSyntax(node: node.node, at: node.offset)
            guard !Self.hasChildNode(syntax.block) else { continue }
            let id = syntax.id.map { string(in: $0) } ?? "this node"
            found.append(Diagnostic(
                range: attribute, severity: .warning, code: .noteOnLeaf,
                message: "'\(id)' has no children, so it decides no match and this note is drawn nowhere; "
                    + "give it to the node of the match it describes."))
        }
        return found
    }

    private static func hasChildNode(_ block: BlockSyntax?) -> Bool {
        guard let block else { return false }
        for index in block.contentIndices {
            if case .node(let inner) = block.green[index], inner.kind == .node { return true }
        }
        return false
    }
}
