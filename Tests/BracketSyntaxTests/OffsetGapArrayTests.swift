import BracketSyntax
import BracketTestSupport
import Testing

/// The gap-kept offsets against a plain array of (offset, tag) edited the same way: random edits
/// of a text near the last one, far from it, at both ends, with nothing, few or many entries
/// replaced (more than the gap has room for), each followed by reading every entry back.
@Suite struct OffsetGapArrayTests {
    static func expectSame(_ array: OffsetGapArray, _ expected: [(offset: Int, tag: UInt32)], tagged: Bool, _ note: String) {
        #expect(array.count == expected.count, "\(note)")
        #expect(Array(array) == expected.map(\.offset), "\(note)")
        if tagged {
            #expect((0..<array.count).map(array.tag) == expected.map(\.tag), "\(note)")
            for tag in Set(expected.prefix(2).map(\.tag) + expected.suffix(2).map(\.tag) + [UInt32.max]) {
                #expect(array.indices(taggedWith: tag) == expected.indices.filter { expected[$0].tag == tag }, "\(note): tag \(tag)")
            }
        }
        let fresh = OffsetGapArray(expected.map(\.offset), tags: tagged ? expected.map(\.tag) : nil)
        #expect(array == fresh, "\(note)")
        #expect(array.hashValue == fresh.hashValue, "\(note)")
    }

    @Test(arguments: [false, true])
    func randomEditsReadBackLikeAnArray(tagged: Bool) {
        var random = SeededRandom(seed: tagged ? 0x0FF5 : 0x6A95)
        for round in 0..<40 {
            // Entries at distinct offsets of a text of `length` bytes (entry 0 at 0, as line starts).
            var length = Int.random(in: 0...2_000, using: &random)
            var expected: [(offset: Int, tag: UInt32)] = [(0, 7)]
            for offset in 1...max(1, length) where offset <= length && Int.random(in: 0..<6, using: &random) == 0 {
                expected.append((offset, UInt32.random(in: 0...UInt32.max, using: &random)))
            }
            var array = OffsetGapArray(expected.map(\.offset), tags: tagged ? expected.map(\.tag) : nil)
            var last = length / 2
            for step in 0..<60 {
                // Near the last edit most of the time (typing), anywhere otherwise, ends included.
                let start: Int
                switch Int.random(in: 0..<6, using: &random) {
                case 0: start = 0
                case 1: start = length
                case 2, 3: start = min(length, max(0, last + Int.random(in: -10...10, using: &random)))
                default: start = Int.random(in: 0...length, using: &random)
                }
                let end = Int.random(in: start...min(length, start + [0, 5, 400][step % 3]), using: &random)
                let newLength = Int.random(in: 0...[0, 3, 2_000][Int.random(in: 0..<3, using: &random)], using: &random)
                let delta = newLength - (end - start)
                // Entries before `start` stay, those at or after `end` move, those between go; the
                // new part gets its own, ascending (sometimes hundreds: past the gap's room).
                let low = expected.partitioningIndex { $0.offset >= max(start, 1) }
                let high = expected.partitioningIndex { $0.offset >= max(end, 1) && $0.offset > start }
                var fresh: [(offset: Int, tag: UInt32)] = []
                let density = Int.random(in: 1...4, using: &random)
                for offset in max(start, 1)..<max(start + newLength, 1) where Int.random(in: 0..<density, using: &random) == 0 {
                    fresh.append((offset, UInt32.random(in: 0...UInt32.max, using: &random)))
                }
                let moved = expected[high...].map { (offset: $0.offset + delta, tag: $0.tag) }
                expected = Array(expected[..<low]) + fresh + moved
                array.replace(low..<high, with: fresh.map(\.offset), tags: tagged ? fresh.map(\.tag) : [], delta: delta)
                length += delta
                last = start + newLength
                // A copy taken now keeps its entries when the original is edited again.
                if step % 17 == 5 {
                    let copy = array
                    let saved = expected
                    array.replace(0..<min(1, array.count), with: [0], tags: tagged ? [1] : [], delta: 0)
                    expected[0].tag = 1
                    Self.expectSame(copy, saved, tagged: tagged, "copy, round \(round) step \(step)")
                }
                Self.expectSame(array, expected, tagged: tagged, "round \(round) step \(step)")
            }
        }
    }

    /// A binary search over the entries gives what it gives over the plain array, wherever the
    /// gap is (the line index finds a line this way).
    @Test func searchesSeeThroughTheGap() {
        var array = OffsetGapArray([0, 10, 20, 30, 40])
        array.replace(2..<3, with: [15, 18, 21], delta: 5)  // 20..<21 became 20..<26, new starts
        #expect(Array(array) == [0, 10, 15, 18, 21, 35, 45])
        #expect(array.lastIndex(notAbove: 34) == 4)
        #expect(array.lastIndex(notAbove: 35) == 5)
        #expect(array.partitioningIndex { $0 > 45 } == 7)
        array.replace(0..<0, with: [], delta: -3)  // the gap back at the front: all entries after it
        #expect(Array(array) == [-3, 7, 12, 15, 18, 32, 42])
    }

    /// Tags from three values, so that most steps of eight hold several matches, with the gap
    /// at every place of arrays of up to 33 entries (lengths around the steps of eight): the
    /// lookup gives every match, in order.
    @Test func lookupsFindEveryRepeatedTagAroundTheGap() {
        var random = SeededRandom(seed: 0x7A65)
        for count in [0, 1, 5, 7, 8, 9, 15, 16, 17, 24, 31, 33] {
            let tags = (0..<count).map { _ in UInt32.random(in: 0..<3, using: &random) }
            for gap in 0...count {
                var array = OffsetGapArray(Array(0..<count), tags: tags)
                // Replacing an entry by itself leaves the gap after it (before all, for `gap` 0).
                if gap > 0 { array.replace((gap - 1)..<gap, with: [gap - 1], tags: [tags[gap - 1]], delta: 0) }
                for tag in UInt32(0)..<4 {
                    #expect(array.indices(taggedWith: tag) == tags.indices.filter { tags[$0] == tag }, "\(count) \(gap) \(tag)")
                }
            }
        }
    }

    /// Handles stay with their entries through random edits near and far from the last one, some
    /// replacing hundreds of entries (past the gap's room, so it grows): every kept entry keeps
    /// its handle, no two entries share one, every handle finds its entry, and a handle whose
    /// entry is gone (and not given out again) finds nothing.
    @Test func handlesStayWithTheirEntries() {
        var random = SeededRandom(seed: 0x4A9D)
        for round in 0..<30 {
            var offsets = Array(stride(from: 0, to: Int.random(in: 0...3_000, using: &random), by: 3))
            var array = OffsetGapArray(offsets, tags: offsets.map { UInt32(truncatingIfNeeded: $0) }, handles: true)
            var handles = (0..<offsets.count).map { array.handle($0) }
            #expect(handles == (0..<offsets.count).map { UInt32($0) }, "round \(round): first handles")
            var length = (offsets.last ?? 0) + 3
            for step in 0..<80 {
                let start = step % 3 == 0 ? Int.random(in: 0...length, using: &random)
                    : min(length, max(0, (offsets.first ?? 0) + Int.random(in: 0...length, using: &random) / 8))
                let end = Int.random(in: start...min(length, start + [0, 9, 900][step % 3]), using: &random)
                let newLength = Int.random(in: 0...[0, 6, 1_800][Int.random(in: 0..<3, using: &random)], using: &random)
                let delta = newLength - (end - start)
                let low = offsets.partitioningIndex { $0 >= start }
                let high = offsets.partitioningIndex { $0 >= end && $0 >= start }
                let fresh = Array(stride(from: start, to: start + newLength, by: Int.random(in: 1...5, using: &random)))
                let removed = Array(handles[low..<high])
                array.replace(low..<high, with: fresh, tags: fresh.map { UInt32(truncatingIfNeeded: $0) }, delta: delta)
                offsets = Array(offsets[..<low]) + fresh + offsets[high...].map { $0 + delta }
                length += delta
                let note = "round \(round) step \(step)"
                #expect(Array(array) == offsets, "\(note)")
                let now = (0..<array.count).map { array.handle($0) }
                #expect(Array(now[..<low]) == Array(handles[..<low]), "\(note): handles before the edit")
                #expect(Array(now[(low + fresh.count)...]) == Array(handles[high...]), "\(note): handles after the edit")
                #expect(Set(now).count == now.count, "\(note): a handle given twice")
                for (position, handle) in now.enumerated() where array.index(ofHandle: handle) != position {
                    Issue.record("\(note): handle \(handle) of entry \(position) finds \(String(describing: array.index(ofHandle: handle)))")
                }
                for handle in Set(removed).subtracting(now) where array.index(ofHandle: handle) != nil {
                    Issue.record("\(note): removed handle \(handle) still finds an entry")
                }
                #expect(array.index(ofHandle: UInt32.max) == nil, "\(note)")
                handles = now
            }
        }
    }
}
