import BracketExport
import BracketModel
import BracketPreview
import BracketSyntax

extension PreviewRender {
    /// The ID ranges after one edit anywhere (a leaf inserted, a subtree deleted, a line
    /// pasted): the previous render's ranges, moved. Nodes before the edit are the same nodes
    /// in the same places; nodes after it moved by the lines the edit added or removed, and
    /// those on the edit's last line by the characters too; only the nodes inside the edited
    /// stretch are converted. Converting every ID offset again was the largest part of a
    /// structural keystroke's push after the layout.
    ///
    /// Nil when the previous ranges cannot be trusted for this edit (other counts of nodes
    /// before or after it, IDs that are not the same bytes moved, or a moved range that a
    /// conversion disagrees with: a client's position past the end of a line names another
    /// place than the byte it was clamped to): then every range is converted.
    ///
    /// `motion` says how the ranges were made, so the structural diff need not compare the two
    /// columns to find it out again (`RangeMotion`).
    static func ranges(_ diagram: Diagram, _ context: DocumentContext, moving previous: [NodeRange],
                       of old: Diagram, by applied: AppliedEdit) -> (ranges: [NodeRange], motion: RangeMotion)? {
        let ids = diagram.nodes.idRanges, oldIDs = old.nodes.idRanges
        let edit = applied.edit
        guard previous.count == oldIDs.count else { return nil }
        let start = edit.range.start, oldEnd = edit.range.end, newEnd = start + edit.newLength
        let delta = newEnd - oldEnd
        // IDs never overlap, so their starts and ends both ascend in pre-order (text order).
        let prefix = ids.partitioningIndex { $0.end > start }
        guard prefix == oldIDs.partitioningIndex(where: { $0.end > start }) else { return nil }
        let suffix = ids.partitioningIndex { $0.start >= newEnd }, oldSuffix = oldIDs.partitioningIndex { $0.start >= oldEnd }
        guard suffix >= prefix, ids.count - suffix == oldIDs.count - oldSuffix else { return nil }

        func converted(_ index: Int) -> NodeRange {
            let from = context.position(ids[index].start), to = context.position(ids[index].end)
            return NodeRange(startLine: from.line, startCharacter: from.character, endLine: to.line, endCharacter: to.character)
        }
        let end = context.position(newEnd)
        let lines = end.line - applied.end.line, characters = end.character - applied.end.character
        let count = ids.count, shift = oldSuffix - suffix
        // Written straight into the new array through pointers (a range is four integers, so
        // an unfinished array needs no clean-up): no capacity check or bounds check per card.
        var moved = true
        let ranges = [NodeRange](unsafeUninitializedCapacity: count) { out, initialized in
            guard let base = out.baseAddress else { return }
            previous.withUnsafeBufferPointer { previous in
                if let from = previous.baseAddress { base.initialize(from: from, count: prefix) }
                for index in prefix..<suffix { (base + index).initialize(to: converted(index)) }
                ids.withUnsafeBufferPointer { ids in
                    oldIDs.withUnsafeBufferPointer { oldIDs in
                        for index in suffix..<count {
                            let before = index &+ shift
                            guard oldIDs[before].start &+ delta == ids[index].start,
                                  oldIDs[before].end &+ delta == ids[index].end else {
                                moved = false
                                return
                            }
                            var range = previous[before]
                            if range.startLine == applied.end.line { range.startCharacter &+= characters }
                            if range.endLine == applied.end.line { range.endCharacter &+= characters }
                            range.startLine &+= lines
                            range.endLine &+= lines
                            (base + index).initialize(to: range)
                        }
                    }
                }
            }
            initialized = moved ? count : 0
        }
        guard moved else { return nil }
        // The first moved node is the one most likely on the edit's last line, the last one on
        // a later line: both must be where a conversion puts them.
        for index in Set([suffix, ids.count - 1]) where index >= suffix && index < ids.count {
            guard ranges[index] == converted(index) else { return nil }
        }
        return (ranges, RangeMotion(kept: prefix, movedFrom: suffix, shift: shift, line: applied.end.line, lines: lines,
                                    characters: characters))
    }
}
