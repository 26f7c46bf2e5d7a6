/// What the diagram knows of match notes (`note=…`, AttributeSpec.note): the note a match
/// node carries, for the layout, the writers and hover. A note belongs to the match its node
/// decides, so only a node with children has one to draw; a leaf's is kept as written (the
/// geometry JSON's `note`) and drawn nowhere (`note-on-leaf` says so).
extension DiagramNodes {
    /// The note of the match node `index` decides, or nil (none, or `index` is a leaf).
    @inline(__always)
    public func matchNote(_ index: Int) -> String? {
        guard !drawn.isEmpty, childCounts[index] > 0, let note = drawn[AttributeSpec.noteColumn, index],
              !note.isEmpty
        else { return nil }
        return note
    }

    /// Whether some node may have a `note`, drawn or not: one look at its column (false only
    /// when none does; a note set and cleared again still answers true).
    public var hasNotes: Bool { drawn.mayHaveValues(attribute: AttributeSpec.noteColumn) }

    /// Whether some match has a note to draw: one pass, skipped at once while no node has one.
    public var hasMatchNotes: Bool {
        guard hasNotes else { return false }
        for index in 0..<count where matchNote(index) != nil { return true }
        return false
    }
}

extension AttributeSpec {
    /// `note`'s column in `DiagramNodes.drawn`.
    static let noteColumn = AttributeSpec.note.drawnIndex!
}
