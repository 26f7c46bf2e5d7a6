import BracketSyntax

extension Document {
    /// The tree the document describes, in pre-order, with the file's settings put over
    /// `defaults`. Everything that parsed is included, errors or not, so a preview always has
    /// the best picture available; a block written without an ID is left out with its children.
    public func diagram(defaults: LayoutSettings = .tutorial) -> Diagram {
        // A tree with results already has its nodes, from the pass that found its diagnostics.
        if let nodes = resultState?.nodes { return Diagram(nodes: nodes, settings: fileSettings.applied(to: defaults)) }
        return buildDiagram(defaults: defaults).diagram
    }

    /// Whether an identifier is defined twice anywhere in the text (from the ID table the
    /// duplicate-ID diagnostics come from, kept up to date by every edit). False means the
    /// diagram's IDs are unique, which a preview otherwise learns only by hashing every ID.
    public var hasDuplicateIDs: Bool { ids.hasDuplicates }

    /// The diagram and what its results pass found (`DiagramResults`: the problems the results
    /// show, with what a later one-token edit needs to work out only the matches it reaches).
    func buildDiagram(defaults: LayoutSettings = .tutorial) -> (diagram: Diagram, results: ResultsState) {
        var nodes = DiagramNodes()
        var attributes: [Int: NodeAttributes] = [:]
        var labelRanges: [Int: ByteRange] = [:]
        nodes.reserveCapacity(tree.root.nodeCount)
        var open: [Int] = []  // indices of the nodes whose subtree is being visited
        // The label token of each node in `open`, for its attribute list (met after its header).
        var openLabels: [ByteRange?] = []
        // Read once: `text` copies the whole text while the buffer has a gap.
        let source = text
        tree.walk { event in
            switch event {
            case .enter(let green, let start):
                switch green.kind {
                case .file, .block:
                    return true
                case .setting, .unexpected, .attribute:
                    return false
                case .attributes:
                    // An attribute list is a child of its node only (a stray one is inside
                    // `.unexpected`, skipped above), so it belongs to the innermost open node:
                    // read here instead of asking every node's view for it, a second scan of
                    // its children.
                    if let owner = open.last, attributes[owner] == nil, let list = AttributesSyntax(green, at: start) {
                        // Anchored at the node's start: an edit before it moves nothing kept.
                        let anchor = nodes.ranges[owner].start
                        attributes[owner] = NodeAttributes(list, source: source).anchored(at: anchor)
                        if let label = openLabels.last ?? nil { labelRanges[owner] = label.shifted(by: -anchor) }
                    }
                    return false
                case .node:
                    let node = NodeSyntax(node: green, at: start)
                    guard let idRange = node.id else { return false }
                    let parent = open.last ?? -1
                    if parent >= 0 { nodes.addChild(to: parent) }
                    nodes.appendBuilt(node, id: idRange, source: source, parent: parent, depth: open.count)
                    open.append(nodes.count - 1)
                    openLabels.append(node.label)
                    return true
                }
            case .exit(let green, _):
                // Only nodes with an ID were opened above.
                if green.kind == .node, let index = open.last, NodeSyntax.hasID(green) {
                    nodes.setSubtreeEnd(nodes.count, of: index)
                    open.removeLast()
                    openLabels.removeLast()
                }
            case .token:
                break
            }
            return true
        }
        nodes.finishBuilt()
        // Labels matter to the results pass only for parents, whose ranges are few; a parent
        // without attributes has its label range looked up here instead of for every node.
        if !attributes.isEmpty {
            for index in 0..<nodes.count where nodes.childCounts[index] > 0 && labelRanges[index] == nil {
                labelRanges[index] = labelRange(after: nodes.idRanges[index], in: nodes.ranges[index], source: source)?
                    .shifted(by: -nodes.ranges[index].start)
            }
        }
        let matches = DiagramResults.resolve(&nodes, attributes: attributes, labelRanges: labelRanges)
        let recordsResults = attributes.values.contains(where: \.recordsResult)
        let seedRoom = labelFit.seedRoom(nodes)
        let room = recordsResults || seedRoom > 0
            ? DiagramResults.scoreRoomDiagnostics(nodes, fit: labelFit, attributes: attributes, labelRanges: labelRanges,
                                                  seedRoom: seedRoom)
            : [:]
        let results = ResultsState(nodes: nodes, attributes: attributes, labelRanges: labelRanges,
                                   matchDiagnostics: matches, roomDiagnostics: room, recordsResults: recordsResults)
        return (Diagram(nodes: nodes, settings: fileSettings.applied(to: defaults)), results)
    }

    /// The label token of a node (ID `id`, whole node `node`): the first token after the ID
    /// that is not trivia, when it is a string. Read with the lexer, which restarts cleanly
    /// after a word, so no path down the tree is needed.
    private func labelRange(after id: ByteRange, in node: ByteRange, source: [UInt8]) -> ByteRange? {
        source.withUnsafeBufferPointer { bytes in
            var lexer = Lexer(bytes, in: id.end..<min(node.end, bytes.count), atFileStart: false)
            while let token = lexer.next() {
                if token.kind.isTrivia { continue }
                guard token.kind == .string else { return nil }
                return ByteRange(start: lexer.position - token.length, length: token.length)
            }
            return nil
        }
    }
}
