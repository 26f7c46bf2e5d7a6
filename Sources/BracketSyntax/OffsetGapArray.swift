/// Sorted byte offsets into a text (line starts, definition starts) with a gap at the last edit,
/// the way `TextBuffer` keeps its bytes: an edit costs its own entries plus the entries between
/// it and the previous edit, not a move of every entry after it.
///
/// Entries before the gap are stored as offsets. Entries after it are stored as their distance
/// back from `end`, a mark that every edit moves by its length change, so an edit before them
/// leaves what is stored for them unchanged. Moving the gap converts the entries it passes (an
/// offset becomes `end - offset` and back), also when the gap is empty. Shifting every later
/// line start and definition start by vector adds was about 1 MB of integers written per edit
/// in a 131,071-line file, and a third of a wrap's cost in a file written on one line.
///
/// An array made with tags keeps a 32-bit tag beside each entry (the ID table's hash tags); one
/// made without stores none.
///
/// One made with handles also gives each entry a handle that stays with it while it stays in the
/// array, and finds an entry's index from its handle in constant time: the ID table keeps one
/// handle per identifier to find a definition without reading every tag. Handles cost what the
/// entries cost already: a handle's slot changes only when its entry crosses the gap (or the
/// gap grows), which moves that entry anyway.
public struct OffsetGapArray: Sendable {
    /// Entries `0..<gapStart` as offsets, `gapLength` unused slots, then the remaining entries
    /// as distances back from `end`.
    private var storage: [Int]
    /// Each entry's tag in the same layout as `storage` (empty unless `tagged`).
    private var tagStorage: [UInt32]
    private let tagged: Bool
    private var gapStart: Int
    private var gapLength = 0
    /// The mark the entries after the gap count back from; it moves with every edit.
    private var end = 0
    /// Each entry's handle in the same layout as `storage`, and where each handle's entry is
    /// (-1 for a free handle); both empty unless the array was made with handles.
    private var handleStorage: [UInt32] = []
    private var slotOfHandle: [Int] = []
    private var freeHandles: [UInt32] = []
    private let handled: Bool

    /// `offsets` in ascending order; with `tags`, one tag for each (nil: no tags are kept); with
    /// `handles`, entry `i` gets handle `i`.
    public init(_ offsets: [Int], tags: [UInt32]? = nil, handles: Bool = false) {
        precondition(tags == nil || tags?.count == offsets.count, "one tag per offset")
        storage = offsets
        tagStorage = tags ?? []
        tagged = tags != nil
        gapStart = offsets.count
        handled = handles
        if handles {
            handleStorage = (0..<offsets.count).map { UInt32(truncatingIfNeeded: $0) }
            slotOfHandle = Array(0..<offsets.count)
        }
    }

    /// Entry `index`'s handle (the array must have handles).
    @inline(__always)
    public func handle(_ index: Int) -> UInt32 {
        handleStorage[index < gapStart ? index : index &+ gapLength]
    }

    /// The index of the entry with `handle`, or nil when no entry has it (any number is safe).
    public func index(ofHandle handle: UInt32) -> Int? {
        let handle = Int(handle)
        guard handle < slotOfHandle.count else { return nil }
        let slot = slotOfHandle[handle]
        guard slot >= 0 else { return nil }
        return slot < gapStart ? slot : slot &- gapLength
    }

    public var count: Int { storage.count &- gapLength }

    /// Entry `index`'s offset.
    @inline(__always)
    public subscript(index: Int) -> Int {
        index < gapStart ? storage[index] : end &- storage[index &+ gapLength]
    }

    /// Entry `index`'s tag (the array must have tags).
    @inline(__always)
    public func tag(_ index: Int) -> UInt32 {
        tagStorage[index < gapStart ? index : index &+ gapLength]
    }

    /// The indices of the entries tagged `tag`, ascending (the array must have tags). The tags
    /// are scanned as the two runs either side of the gap: a tight loop over contiguous
    /// storage, where asking `tag(_:)` of every index put a branch and a bounds check on each
    /// of 131,071 entries (it made the lookup behind a duplicate ID's related locations twice as
    /// slow as the plain array it replaced).
    ///
    /// Each run is compared eight tags a step (`SIMD8`), and only a step with a match looks at its
    /// lanes: the lookup reads all 512 KB of a 131,071-node document's tags, and one compare and
    /// branch per tag was most of making an ID a duplicate of one far away.
    public func indices(taggedWith tag: UInt32) -> [Int] {
        var found: [Int] = []
        tagStorage.withUnsafeBufferPointer { tags in
            Self.append(in: tags, 0..<gapStart, taggedWith: tag, shiftedBy: 0, to: &found)
            Self.append(in: tags, (gapStart &+ gapLength)..<tags.count, taggedWith: tag, shiftedBy: gapLength, to: &found)
        }
        return found
    }

    /// The slots of `slots` tagged `tag`, less `shift`, appended to `found` in order.
    private static func append(
        in tags: UnsafeBufferPointer<UInt32>, _ slots: Range<Int>, taggedWith tag: UInt32, shiftedBy shift: Int,
        to found: inout [Int]
    ) {
        guard let base = tags.baseAddress, !slots.isEmpty else { return }
        let wanted = SIMD8<UInt32>(repeating: tag)
        var slot = slots.lowerBound
        while slot &+ 8 <= slots.upperBound {
            let lanes = UnsafeRawPointer(base + slot).loadUnaligned(as: SIMD8<UInt32>.self)
            if any(lanes .== wanted) {
                for lane in 0..<8 where lanes[lane] == tag { found.append(slot &+ lane &- shift) }
            }
            slot &+= 8
        }
        while slot < slots.upperBound {
            if base[slot] == tag { found.append(slot &- shift) }
            slot &+= 1
        }
    }


    /// Replaces the entries `range` with `fresh` (new offsets, ascending, each with its tag in
    /// `tags` when the array has tags) for an edit that changed the text's length by `delta`.
    /// The entries before `range` must lie before the edit and those after it after the edit
    /// (they move by `delta`).
    public mutating func replace(_ range: Range<Int>, with fresh: [Int], tags: [UInt32] = [], delta: Int) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "OffsetGapArray range out of bounds")
        precondition(tagged ? tags.count == fresh.count : tags.isEmpty, "one tag per offset")
        moveGap(to: range.lowerBound)
        // The replaced entries follow the gap: swallowing them removes them.
        let removedSlots = (gapStart &+ gapLength)..<(gapStart &+ gapLength &+ range.count)
        let removedHandles = handled ? Array(handleStorage[removedSlots]) : []
        let removedTags = handled && tagged ? Array(tagStorage[removedSlots]) : []
        for handle in removedHandles { slotOfHandle[Int(handle)] = -1 }
        gapLength &+= range.count
        if gapLength < fresh.count { growGap(toHold: fresh.count) }
        for (position, offset) in fresh.enumerated() { storage[gapStart &+ position] = offset }
        if tagged {
            for (position, tag) in tags.enumerated() { tagStorage[gapStart &+ position] = tag }
        }
        if handled { assignHandles(tags, reusing: removedHandles, tagged: removedTags, count: fresh.count) }
        gapStart &+= fresh.count
        gapLength &-= fresh.count
        // Every entry after the gap moves with the text: moving the mark moves them all.
        end &+= delta
    }

    /// Moves the gap to start at entry `index`, converting the entries it passes.
    private mutating func moveGap(to index: Int) {
        guard index != gapStart else { return }
        let gap = gapLength
        let from = gapStart
        let mark = end
        // Wrapping arithmetic: the loops vectorise, and no value can overflow (offsets and
        // distances stay within the text's length of the mark).
        storage.withUnsafeMutableBufferPointer { slots in
            if index < from {
                // Entries index..<from go behind the gap as distances: highest first, since the
                // two ranges may overlap.
                var position = from
                while position > index {
                    position &-= 1
                    slots[position &+ gap] = mark &- slots[position]
                }
            } else {
                // Entries from..<index come in front of the gap as offsets: lowest first.
                for position in from..<index { slots[position] = mark &- slots[position &+ gap] }
            }
        }
        if handled, gap > 0 { moveHandles(from: from, to: index) }
        if tagged, gap > 0 {
            tagStorage.withUnsafeMutableBufferPointer { tags in
                if index < from {
                    var position = from
                    while position > index {
                        position &-= 1
                        tags[position &+ gap] = tags[position]
                    }
                } else {
                    for position in from..<index { tags[position] = tags[position &+ gap] }
                }
            }
        }
        gapStart = index
    }

    /// Widens the gap to at least `needed` slots, with room for more (a thirty-second of the
    /// entries, at least 256), so that growing it, which moves the entries after it, is rare.
    private mutating func growGap(toHold needed: Int) {
        let extra = Swift.max(needed &- gapLength, 256, count / 32)
        storage.insert(contentsOf: repeatElement(0, count: extra), at: gapStart)
        if tagged { tagStorage.insert(contentsOf: repeatElement(0, count: extra), at: gapStart) }
        if handled {
            handleStorage.insert(contentsOf: repeatElement(0, count: extra), at: gapStart)
            // Every entry after the gap moved by `extra` slots (as rare as the move itself).
            for slot in (gapStart &+ gapLength &+ extra)..<handleStorage.count {
                slotOfHandle[Int(handleStorage[slot])] = slot
            }
        }
        gapLength &+= extra
    }

    /// Gives handles to the `count` entries just written at the gap's start (tagged `tags`). A
    /// reparse gives back mostly the same identifiers in the same order, with some added or
    /// taken away in one place (a wrap puts one new ID before them, a paste or its undo adds or
    /// removes a run among them): the replaced and the new entries that agree in their tags from
    /// the front, and then from the back, are paired, and each new one takes over its replaced
    /// one's handle, so that a handle the ID table keeps for one of them still finds it. (A table
    /// of the tags paired any order, but building it for the 1,000 entries a paste's undo
    /// replaces made the undo 1.4x slower.) Without tags, the replaced handles go in order.
    private mutating func assignHandles(_ tags: [UInt32], reusing removed: [UInt32], tagged removedTags: [UInt32], count: Int) {
        // For each new entry, the replaced handle it takes over (nil: none).
        var taken = [UInt32?](repeating: nil, count: count)
        var used = [Bool](repeating: false, count: removed.count)
        let common = Swift.min(count, removed.count)
        var front = 0
        while front < common, !tagged || tags[front] == removedTags[front] {
            taken[front] = removed[front]
            used[front] = true
            front += 1
        }
        var back = 0
        while front + back < common, tags[count - 1 - back] == removedTags[removed.count - 1 - back] {
            taken[count - 1 - back] = removed[removed.count - 1 - back]
            used[removed.count - 1 - back] = true
            back += 1
        }
        for (index, handle) in removed.enumerated() where !used[index] { freeHandles.append(handle) }
        let first = gapStart
        for position in 0..<count {
            let handle: UInt32
            if let kept = taken[position] {
                handle = kept
            } else if let free = freeHandles.popLast() {
                handle = free
            } else {
                handle = UInt32(truncatingIfNeeded: slotOfHandle.count)
                slotOfHandle.append(-1)
            }
            handleStorage[first &+ position] = handle
            slotOfHandle[Int(handle)] = first &+ position
        }
    }

    /// The handles' half of `moveGap`: the entries between the gap's old start `from` and new
    /// start `index` change slots (called before `gapStart` moves).
    private mutating func moveHandles(from: Int, to index: Int) {
        let gap = gapLength
        if index < from {
            var position = from
            while position > index {
                position &-= 1
                let handle = handleStorage[position]
                handleStorage[position &+ gap] = handle
                slotOfHandle[Int(handle)] = position &+ gap
            }
        } else {
            for position in from..<index {
                let handle = handleStorage[position &+ gap]
                handleStorage[position] = handle
                slotOfHandle[Int(handle)] = position
            }
        }
    }
}

/// A collection of the offsets in order, so the binary searches of `SortedSearch` apply.
extension OffsetGapArray: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
}

extension OffsetGapArray: Hashable {
    /// Equal when the offsets (and tags) are, wherever the gaps are.
    public static func == (lhs: OffsetGapArray, rhs: OffsetGapArray) -> Bool {
        guard lhs.count == rhs.count, lhs.tagged == rhs.tagged else { return false }
        for index in 0..<lhs.count where lhs[index] != rhs[index] { return false }
        if lhs.tagged {
            for index in 0..<lhs.count where lhs.tag(index) != rhs.tag(index) { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for index in 0..<count { hasher.combine(self[index]) }
    }
}
