import BracketSyntax

extension Document {
    /// Whether bytes typed into (or taken out of) an attribute list leave every bracket, brace,
    /// string, comment and line where it was: letters, digits, spaces and `.-_=,` only. Such an
    /// edit strictly inside a closed list changes that list's attributes and nothing else of the
    /// tree (the lexer's state at the edit's start is the same before and after, no byte of the
    /// edit can open or close anything, and the text after it is the same bytes), which is what
    /// `updateResults(afterAttributeEdit:…)` needs to know.
    static func keepsAttributeListShape(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: "."), UInt8(ascii: "-"),
                 UInt8(ascii: "_"), UInt8(ascii: "="), UInt8(ascii: ","):
                return true
            default:
                return false
            }
        }
    }

    /// Brings `resultState` up to an edit inside one node's attribute list (`score=3` typed to
    /// `score=35`, a `winner` flag written or taken out, an edge label), old range `edit`
    /// replaced by `newLength` bytes that keep the list's shape (`keepsAttributeListShape`, checked
    /// by the caller on both the old and the new bytes). Such an edit changes the node's
    /// attributes and nothing else: no ID, no label, no row. What it can change is the outcome
    /// of the node's match (its parent's): the winner, and so the parent's entrant and derived
    /// label, and up from there each match whose child's outcome changed. So only those matches
    /// are decided again (`DiagramResults.resolveMatch`, their old outcome cleared first), from
    /// the parent up, stopping at the first whose outcome (entrant, label, pending) stays as it
    /// was: nothing above it read anything that changed. `long-label` beside a score is redone
    /// for the edited card (its slot) and the cards whose label changed.
    ///
    /// The cost is the offset columns' shift, the kept diagnostics, one path down the tree to
    /// the edited node, and the chain: not the whole pass (a walk of the tree and every scored
    /// card measured, over a second at 131,071 nodes). False — the caller runs the whole pass —
    /// when the edit is not inside one node's closed attribute list, or it takes away the node's
    /// only result attribute (whether any other node records a result is the whole pass's to say).
    mutating func updateResults(afterAttributeEdit edit: ByteRange, newLength: Int) -> Bool {
        // A seed column's room is every card's (the widest seed's): a diagram with seeds has its
        // room checked again by the whole pass.
        guard var state = resultState, state.recordsResults, !state.nodes.mayHaveSeeds else { return false }
        let delta = newLength - edit.length
        // The node whose header holds the edit: the last one starting before it, with no node
        // starting inside it (as the one-token patch finds it).
        let next = state.nodes.ranges.partitioningIndex { $0.start >= edit.start }
        if next < state.nodes.count, state.nodes.ranges[next].start <= edit.end { return false }
        let owner = next - 1
        guard owner >= 0, edit.end <= state.nodes.ranges[owner].end else { return false }

        resultState = nil  // the state's columns are then uniquely owned: changed in place
        var nodes = state.nodes
        state.nodes = DiagramNodes()
        nodes.shiftOffsets(after: edit, by: delta)
        let start = nodes.ranges[owner].start
        // The edited node's attributes are read again below, its label lies before the list:
        // only the diagnostics move (those at the edit are redone with its matches).
        state.shiftRanges(after: edit, by: delta, owner: -1, ownerStart: start)

        // The node in the new tree, and its list holding the new bytes strictly inside.
        makeTextContiguous()
        let source = text
        var found: NodeSyntax?
        for step in tree.path(to: start) where step.node.kind == .node && step.offset == start {
            found = NodeSyntax(node: step.node, at: step.offset)
        }
        guard let node = found, node.id == nodes.idRanges[owner], node.range.end == nodes.ranges[owner].end,
              let list = node.attributes, list.isClosed,
              list.range.start < edit.start, edit.start + newLength < list.range.end
        else { return false }
        let fresh = NodeAttributes(list, source: source)
        guard fresh.recordsResult || state.attributes[owner]?.recordsResult != true else { return false }
        nodes.setAttributes(of: owner, fresh)
        guard !nodes.mayHaveSeeds else { return false }
        state.attributes[owner] = fresh.anchored(at: start)

        // The matches to decide again, deepest first: a root's own (`result-on-root` points at
        // its attributes), then up from the parent while a match's outcome changed.
        var redone: [Int] = [owner]
        var children: [Int] = []
        if nodes.parents[owner] < 0 { state.redecide(owner, in: &nodes, children: &children) }
        var card = owner
        while case let match = Int(nodes.parents[card]), match >= 0 {
            let before = (nodes.entrants[match], nodes.labels[match], nodes.isPendings[match])
            nodes.clearOutcome(of: match)
            state.redecide(match, in: &nodes, children: &children)
            redone.append(match)
            guard (nodes.entrants[match], nodes.labels[match], nodes.isPendings[match]) != before else { break }
            card = match
        }
        // A winner's score is measured bold: a match decided again may change the room its
        // children's slots take, so each of its children is checked again too.
        var rechecked = Set(redone)
        for match in redone.dropFirst() {
            var child = match + 1
            while child < Int(nodes.subtreeEnds[match]) {
                rechecked.insert(child)
                child = Int(nodes.subtreeEnds[child])
            }
        }
        for index in rechecked { state.recheckRoom(of: index, in: nodes, fit: labelFit) }
        state.nodes = nodes
        resultState = state
        return true
    }
}
