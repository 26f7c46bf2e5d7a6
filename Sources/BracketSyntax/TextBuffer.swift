/// A document's bytes in a gap buffer: the text before `gapStart`, then unused bytes (the gap),
/// then the rest of the text. An edit moves the gap to itself and writes into it, so it costs
/// its own size plus the distance from the previous edit, not the text after it: keystrokes
/// stay near each other. In an 8.8 MB file a contiguous array moved its tail (4.4 MB on
/// average) on every character typed, three quarters of `didChange`.
///
/// Readers address bytes by text offset (`self[offset]`, `self[range]`); a range that does not
/// cross the gap is a slice of the storage, one that does is copied. A reader that needs the
/// whole text in one array (the full parser, the command line, features that walk every byte)
/// takes `contiguous`, which is free once `makeContiguous()` has closed the gap.
public struct TextBuffer: Sendable {
    /// `text[0..<gapStart]`, `gapLength` unused bytes, then `text[gapStart...]`.
    private var storage: [UInt8]
    private var gapStart: Int
    private var gapLength = 0

    /// The bytes as they are: no gap yet, and no copy (the array's storage is shared).
    public init(_ bytes: [UInt8]) {
        storage = bytes
        gapStart = bytes.count
    }

    public var count: Int { storage.count &- gapLength }
    public var isEmpty: Bool { count == 0 }

    /// Whether the text already lies in one array (`contiguous` is then free).
    public var isContiguous: Bool { gapLength == 0 }

    @inline(__always)
    public subscript(offset: Int) -> UInt8 {
        offset < gapStart ? storage[offset] : storage[offset &+ gapLength]
    }

    /// The bytes of `range`. Its indices are not text offsets: count from `startIndex`.
    public subscript(range: Range<Int>) -> ArraySlice<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "TextBuffer range out of bounds")
        if range.upperBound <= gapStart { return storage[range] }
        if range.lowerBound >= gapStart {
            return storage[(range.lowerBound &+ gapLength)..<(range.upperBound &+ gapLength)]
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        bytes.append(contentsOf: storage[range.lowerBound..<gapStart])
        bytes.append(contentsOf: storage[(gapStart &+ gapLength)..<(range.upperBound &+ gapLength)])
        return bytes[...]
    }

    public subscript(range: PartialRangeUpTo<Int>) -> ArraySlice<UInt8> { self[0..<range.upperBound] }
    public subscript(range: PartialRangeFrom<Int>) -> ArraySlice<UInt8> { self[range.lowerBound..<count] }

    /// Calls `body` with the bytes of `range` in one buffer (index 0 is `range.lowerBound`):
    /// the storage itself unless the range crosses the gap, then a copy of it.
    public func withBytes<R>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let slice = self[range]
        return try slice.withUnsafeBufferPointer(body)
    }

    /// Whether the text begins with `prefix`.
    public func starts(with prefix: [UInt8]) -> Bool {
        prefix.count <= count && self[0..<prefix.count].elementsEqual(prefix)
    }

    /// The whole text in one array: the storage itself when there is no gap (no copy), else a
    /// copy. Call `makeContiguous()` first where the text is read whole more than once.
    public var contiguous: [UInt8] {
        if gapLength == 0 { return storage }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        bytes.append(contentsOf: storage[0..<gapStart])
        bytes.append(contentsOf: storage[(gapStart &+ gapLength)...])
        return bytes
    }

    /// Closes the gap, moving the text after it (the one move a contiguous array made on every
    /// edit); the capacity is kept, so the next edit's gap opens without reallocating.
    public mutating func makeContiguous() {
        guard gapLength > 0 else { return }
        storage.removeSubrange(gapStart..<(gapStart &+ gapLength))
        gapStart = storage.count
        gapLength = 0
    }

    /// Replaces the bytes of `range` with `bytes`, leaving the gap right after them.
    public mutating func replaceSubrange(_ range: Range<Int>, with bytes: [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "TextBuffer range out of bounds")
        let inserted = bytes.count
        if gapLength == 0 {
            // No gap to move: the gap opens at the edit (deleting moves nothing once it is open).
            gapStart = range.lowerBound
        } else {
            moveGap(to: range.lowerBound)
        }
        // The replaced bytes follow the gap: swallowing them is the deletion.
        gapLength &+= range.count
        if gapLength < inserted { growGap(toHold: inserted) }
        let start = gapStart
        storage.withUnsafeMutableBytes { target in
            bytes.withUnsafeBytes { source in
                guard let to = target.baseAddress, let from = source.baseAddress else { return }
                (to + start).copyMemory(from: from, byteCount: inserted)
            }
        }
        gapStart &+= inserted
        gapLength &-= inserted
    }

    /// Moves the gap so that it starts at `offset`: the bytes between the two places cross it.
    private mutating func moveGap(to offset: Int) {
        guard offset != gapStart else { return }
        let gap = gapLength
        let from = gapStart
        storage.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            if offset < from {
                // text[offset..<from] moves up behind the gap.
                (base + offset + gap).copyMemory(from: base + offset, byteCount: from - offset)
            } else {
                // text[from..<offset] moves down in front of the gap.
                (base + from).copyMemory(from: base + from + gap, byteCount: offset - from)
            }
        }
        gapStart = offset
    }

    /// Widens the gap to at least `needed` bytes, with room for more (a thirty-second of the
    /// text, at least 4 KB), so growing it is rare and its cost (moving the text after it) is
    /// spread over many edits.
    private mutating func growGap(toHold needed: Int) {
        let extra = max(needed &- gapLength, 4096, count / 32)
        storage.insert(contentsOf: repeatElement(0, count: extra), at: gapStart)
        gapLength &+= extra
    }
}

extension TextBuffer: Equatable {
    /// Equal when the texts are, wherever their gaps are.
    public static func == (lhs: TextBuffer, rhs: TextBuffer) -> Bool {
        lhs.count == rhs.count && lhs[0..<lhs.count].elementsEqual(rhs[0..<rhs.count])
    }
}

extension TextBuffer: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        withBytes(in: 0..<count) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
