import BracketSyntax

extension Document {
    /// Brings `resultState` up to a one-token edit of a tree with results: the token at old
    /// range `token` relexed in place to `newLength` bytes, a node's ID or label when `header`
    /// (else spaces or a comment). Such an edit changes no score and no `winner` flag, so every
    /// match keeps its outcome; what can change is the edited node's ID and label, the labels
    /// derived from it up its winner chain (a parent without a label shows its winner's), and
    /// the messages that name them. So only these matches are decided again
    /// (`DiagramResults.resolveMatch`), from the deepest up: the edited node's own, its
    /// parent's (whose messages name its children's IDs), and each ancestor its label reaches
    /// through winners whose parent shows them. Everything else is moved, not recomputed.
    ///
    /// The cost is the offset columns' shift (as the preview's diagram patch), the kept
    /// diagnostics (the attributes' ranges are anchored at their nodes: only the edited one's
    /// move), the edited node's parent's children and the chain: not a walk of the tree and not
    /// a measuring of every card, which building the diagram again was (over a second per
    /// keystroke at 131,071 scored nodes). Reading the header closes the text's gap, a move of
    /// the text after the edit, as the plain tree's patch copies it. False — the caller runs the whole pass —
    /// when the header no longer reads as one or its attributes differ from the kept ones.
    mutating func updateResults(afterToken token: ByteRange, newLength: Int, header: Bool) -> Bool {
        // A seed column's room is every card's (the widest seed's): a diagram with seeds has its
        // room checked again by the whole pass.
        guard var state = resultState, !state.nodes.mayHaveSeeds else { return false }
        resultState = nil  // the state's columns are then uniquely owned: changed in place
        let delta = newLength - token.length
        var nodes = state.nodes
        state.nodes = DiagramNodes()
        // The node whose header holds the token: the last one starting at or before it (its
        // children start after its header).
        let owner = nodes.ranges.partitioningIndex { $0.start > token.start } - 1
        nodes.shiftOffsets(after: token, by: delta)
        state.shiftRanges(after: token, by: delta, owner: owner, ownerStart: owner >= 0 ? nodes.ranges[owner].start : 0)
        guard header else {
            state.nodes = nodes
            resultState = state
            return true
        }
        guard owner >= 0 else { return false }
        makeTextContiguous()
        let source = text
        let scores = nodes.scores[owner]
        let parts = ScoreParts.values(nodes, owner)
        switch Self.rereadHeader(&nodes, owner, text: source) {
        case .read: break
        case .attributed: guard rereadNode(&nodes, owner, source: source, keepingResults: true) else { return false }
        case .unreadable: return false
        }
        guard !nodes.mayHaveSeeds else { return false }
        // Sets, legs, a shoot-out or extra time typed decide matches again: the whole pass's.
        guard nodes.scores[owner] == scores, ScoreParts.values(nodes, owner) == parts else { return false }
        // Attributes that decide nothing (all malformed): the row read again is all there is.
        guard state.recordsResults else {
            state.nodes = nodes
            resultState = state
            return true
        }

        // The matches to decide again, deepest first (a parent comes before its children).
        var matches: [Int] = []
        if nodes.childCounts[owner] > 0 || nodes.parents[owner] < 0 { matches.append(owner) }
        var card = owner
        while case let parent = Int(nodes.parents[card]), parent >= 0 {
            matches.append(parent)
            // The parent shows this card's label only when this card won and it has none.
            guard nodes.isWinners[card], !nodes.hasExplicitLabels[parent] else { break }
            card = parent
        }
        var children: [Int] = []
        for match in matches { state.redecide(match, in: &nodes, children: &children) }
        // The cards whose label may have changed: the edited one and the chain's.
        for index in Set(matches + [owner]) { state.recheckRoom(of: index, in: nodes, fit: labelFit) }
        state.nodes = nodes
        resultState = state
        return true
    }
}
