import BracketSyntax

extension Document {
    /// The problems only the whole diagram shows: what its results mean (`DiagramResults`), and
    /// a `@rounds` list naming more levels than the tree has. Each is worked out only while the
    /// document has what it checks (result attributes, a list of round names), so a plain tree
    /// pays nothing for them.
    ///
    /// Keeps what the results pass found in `resultState` (the nodes for the drawing, the rest
    /// for the next one-token edit).
    mutating func wholeDiagramDiagnostics() -> [Diagnostic] {
        var found: [Diagnostic] = []
        resultState = nil
        if !resultAttributes.isEmpty {
            wholeResultsPasses += 1
            // The whole diagram reads the whole text: close the gap rather than copy the text.
            makeTextContiguous()
            let built = buildDiagram()
            found = built.results.diagnostics
            resultState = built.results
        }
        if let extra = extraRoundNames() { found.append(extra) }
        found += notesOnLeaves()
        return found
    }

    /// The same diagnostics after a one-token edit (`ReparseScope.token`: the token at old range
    /// `range` relexed to `newLength` bytes; `header` when it is a node's ID or label) when the
    /// results could be worked out again from the kept state (`updateResults(afterToken:…)`);
    /// else the whole pass.
    mutating func diagnosticsAfterToken(_ range: ByteRange, newLength: Int, header: Bool) -> [Diagnostic] {
        guard resultState != nil, !resultAttributes.isEmpty,
              updateResults(afterToken: range, newLength: newLength, header: header)
        else { return wholeDiagramDiagnostics() }
        var found = resultState!.diagnostics
        if let extra = extraRoundNames() { found.append(extra) }
        found += notesOnLeaves()
        return found
    }

    /// The same after an edit inside one node's attribute list that keeps its shape (a score
    /// or flag typed: `updateResults(afterAttributeEdit:…)`); else the whole pass.
    mutating func diagnosticsAfterAttributeEdit(_ range: ByteRange, newLength: Int) -> [Diagnostic] {
        guard resultState != nil, !resultAttributes.isEmpty,
              updateResults(afterAttributeEdit: range, newLength: newLength)
        else { return wholeDiagramDiagnostics() }
        var found = resultState!.diagnostics
        if let extra = extraRoundNames() { found.append(extra) }
        found += notesOnLeaves()
        return found
    }

    /// `extra-rounds`: the names of `@rounds` past the tree's levels (the first name is the
    /// deepest level's, so the extra ones are the last).
    private func extraRoundNames() -> Diagnostic? {
        let names = file.roundNames
        guard names.count > 1 else { return nil }
        let levels = levelCount()
        guard levels > 0, names.count > levels else { return nil }
        let extra = names.count - levels
        return Diagnostic(
            range: ByteRange(names[levels].start, names[names.count - 1].end), severity: .warning,
            code: .extraRounds,
            message: "The tree has \(levels) level\(levels == 1 ? "" : "s") and '@rounds' names \(names.count): "
                + "the first name is the deepest level's, so the last \(extra == 1 ? "one is" : "\(extra) are") not drawn.",
            tags: [.unnecessary])
    }

    /// How many levels the diagram has: its deepest node's depth plus one (0 for no node). Counts
    /// the nodes the diagram keeps (a block without an ID is left out with its children).
    func levelCount() -> Int {
        var open = 0, deepest = -1
        tree.walk { event in
            switch event {
            case .enter(let green, _):
                switch green.kind {
                case .file, .block: return true
                case .setting, .unexpected, .attributes, .attribute: return false
                case .node:
                    guard NodeSyntax.hasID(green) else { return false }
                    deepest = max(deepest, open)
                    open += 1
                    return true
                }
            case .exit(let green, _):
                if green.kind == .node, NodeSyntax.hasID(green) { open -= 1 }
            case .token:
                break
            }
            return true
        }
        return deepest + 1
    }
}
