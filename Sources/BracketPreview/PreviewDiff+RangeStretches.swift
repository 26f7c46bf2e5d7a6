import BracketExport
import BracketLayout

/// How the ID ranges of a render were made from the last render's after one edit, when they
/// were moved rather than converted (the server's `PreviewRender.ranges(…moving:…)`): the cards
/// before the edit kept their ranges, the cards after it are the old cards `shift` rows later,
/// moved by `lines` lines, and those of them whose start or end lay on the edit's last line
/// (`line`, in the old text) by `characters` too; only the cards in between were converted.
///
/// It lets the structural diff skip the comparison of the two range columns over the cards it
/// describes (two 4 MB columns at 131,071 cards, a tenth of a structural push): what it would
/// find there follows from the motion. The caller vouches for it: it must be exactly how the
/// new ranges were written from the old ones.
public struct RangeMotion: Sendable, Hashable {
    /// New cards `0..<kept` have the old card's range at the same index, unchanged.
    public var kept: Int
    /// New cards `movedFrom...` are the old cards at `index + shift`, moved.
    public var movedFrom: Int
    public var shift: Int
    /// The edit's last line in the old text, and how far the cards after the edit moved.
    public var line: Int
    public var lines: Int
    public var characters: Int

    public init(kept: Int, movedFrom: Int, shift: Int, line: Int, lines: Int, characters: Int) {
        self.kept = kept
        self.movedFrom = movedFrom
        self.shift = shift
        self.line = line
        self.lines = lines
        self.characters = characters
    }
}

extension RunDiff {
    /// The cards outside the splice as stretches whose ID ranges all moved by the same lines
    /// and characters (each from `first` to the next stretch, the splice or the end), and the
    /// cards whose range's start and end moved differently. One pass of integer comparisons,
    /// except over the cards `motion` describes: those are taken a stretch at a time (a binary
    /// search finds the moved cards on the edit's last line), with the stretches and irregular
    /// cards the pass would have found.
    func rangeStretches(_ change: StructuralChange, motion: RangeMotion?)
        -> (stretches: [(first: Int, lines: Int, characters: Int)], irregular: [Int]) {
        var stretches: [(first: Int, lines: Int, characters: Int)] = []
        var irregular: [Int] = []
        let shift = change.removed.count - change.inserted.count
        oldRanges.withUnsafeBufferPointer { oldRanges in
            newRanges.withUnsafeBufferPointer { newRanges in
                for (region, offset) in [(0..<change.inserted.lowerBound, 0), (change.inserted.upperBound..<newCount, shift)] {
                    var lines = Int.min, characters = Int.min
                    @inline(__always) func note(_ index: Int, _ down: Int, _ along: Int) {
                        if down != lines || along != characters {
                            stretches.append((index, down, along))
                            lines = down
                            characters = along
                        }
                    }
                    // The parts of the region the motion describes (none without one, or where
                    // its rows are paired otherwise than the region's).
                    var keptEnd = region.lowerBound, movedStart = region.upperBound
                    if let motion, motion.kept <= motion.movedFrom, motion.movedFrom <= newCount,
                       motion.movedFrom + motion.shift >= 0, newCount + motion.shift == oldRanges.count {
                        if offset == 0 { keptEnd = min(max(motion.kept, region.lowerBound), region.upperBound) }
                        if offset == motion.shift { movedStart = max(min(motion.movedFrom, region.upperBound), keptEnd) }
                    }
                    if keptEnd > region.lowerBound { note(region.lowerBound, 0, 0) }
                    for index in keptEnd..<movedStart {
                        let before = oldRanges[index + offset], range = newRanges[index]
                        let down = range.startLine - before.startLine, along = range.startCharacter - before.startCharacter
                        guard range.endLine - before.endLine == down, range.endCharacter - before.endCharacter == along else {
                            irregular.append(index)
                            continue
                        }
                        note(index, down, along)
                    }
                    guard movedStart < region.upperBound, let motion else { continue }
                    // Old ranges ascend and start on or after the edit's last line here: those
                    // on it come first, those ending on it first of all.
                    func firstPast(_ line: (NodeRange) -> Int) -> Int {
                        var low = movedStart, high = region.upperBound
                        while low < high {
                            let middle = (low + high) / 2
                            if line(oldRanges[middle + offset]) > motion.line { high = middle } else { low = middle + 1 }
                        }
                        return low
                    }
                    let startsPast = firstPast(\.startLine), endsPast = firstPast(\.endLine)
                    let both = min(startsPast, endsPast), one = max(startsPast, endsPast)
                    if movedStart < both { note(movedStart, motion.lines, motion.characters) }
                    // Only one end on that line moved along it: irregular unless it moved by 0.
                    for index in both..<one {
                        if motion.characters == 0 { note(index, motion.lines, 0) } else { irregular.append(index) }
                    }
                    if one < region.upperBound { note(one, motion.lines, 0) }
                }
            }
        }
        return (stretches, irregular)
    }
}
