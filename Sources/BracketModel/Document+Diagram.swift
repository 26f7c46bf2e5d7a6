import BracketSyntax

extension Document {
    /// The tree the document describes, in pre-order, with the file's settings put over
    /// `defaults`. Everything that parsed is included, errors or not, so a preview always has
    /// the best picture available; a block written without an ID is left out with its children.
    public func diagram(defaults: LayoutSettings = .tutorial) -> Diagram {
        var nodes = DiagramNodes()
        nodes.reserveCapacity(tree.root.nodeCount)
        var open: [Int] = []  // indices of the nodes whose subtree is being visited
        let source = text
        tree.walk { event in
            switch event {
            case .enter(let green, let start):
                switch green.kind {
                case .file, .block:
                    return true
                case .setting, .unexpected:
                    return false
                case .node:
                    let node = NodeSyntax(node: green, at: start)
                    guard let idRange = node.id else { return false }
                    let id = String(decoding: source[idRange.start..<idRange.end], as: UTF8.self)
                    let label = node.label.map { LabelText(token: source[$0.start..<$0.end]) }
                    let parent = open.last ?? -1
                    if parent >= 0 { nodes.addChild(to: parent) }
                    nodes.append(DiagramNode(
                        id: id, label: label?.value ?? "Node \(id)", hasExplicitLabel: label != nil,
                        parent: parent, depth: open.count, childCount: 0, subtreeEnd: nodes.count + 1,
                        idRange: idRange, range: node.range))
                    open.append(nodes.count - 1)
                    return true
                }
            case .exit(let green, _):
                // Only nodes with an ID were opened above.
                if green.kind == .node, let index = open.last, NodeSyntax.hasID(green) {
                    nodes.setSubtreeEnd(nodes.count, of: index)
                    open.removeLast()
                }
            case .token:
                break
            }
            return true
        }
        return Diagram(nodes: nodes, settings: fileSettings.applied(to: defaults))
    }
}
