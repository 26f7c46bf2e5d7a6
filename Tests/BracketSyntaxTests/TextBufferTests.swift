import BracketSyntax
import BracketTestSupport
import Testing

/// The gap buffer against a plain array edited the same way: every read (byte, range, prefix,
/// the whole text) agrees after random edits near each other, far apart, at both ends, across
/// the gap, growing past the gap's room, and around closing the gap.
@Suite struct TextBufferTests {
    /// Checks every way of reading `buffer` against `expected`.
    static func expectSame(_ buffer: TextBuffer, _ expected: [UInt8], _ note: String) {
        #expect(buffer.count == expected.count, "\(note)")
        #expect(buffer.contiguous == expected, "\(note)")
        #expect(buffer == TextBuffer(expected), "\(note)")
        #expect(buffer.hashValue == TextBuffer(expected).hashValue, "\(note)")
        for offset in 0..<expected.count where buffer[offset] != expected[offset] {
            Issue.record("byte \(offset): \(note)")
            return
        }
    }

    @Test func randomEditsReadBackLikeAnArray() {
        var random = SeededRandom(seed: 0x6A9)
        let pieces: [[UInt8]] = [
            [], Array("x".utf8), Array("\r\n".utf8), Array("é".utf8), Array("🏆".utf8), Array("n1 \"Node\"\n".utf8),
            Array(repeating: 0x61, count: 5000),  // more than the gap's first room
        ]
        for round in 0..<60 {
            var expected = Array(String(repeating: "ab\ncd\r\n", count: Int.random(in: 0...300, using: &random)).utf8)
            var buffer = TextBuffer(expected)
            for step in 0..<40 {
                // Near the last edit most of the time (typing), anywhere otherwise, ends included.
                let start: Int
                switch Int.random(in: 0..<4, using: &random) {
                case 0: start = 0
                case 1: start = expected.count
                default: start = Int.random(in: 0...expected.count, using: &random)
                }
                let end = Int.random(in: start...min(expected.count, start + 30), using: &random)
                var replacement = pieces[Int.random(in: 0..<pieces.count, using: &random)]
                if replacement.count > 100, Int.random(in: 0..<8, using: &random) != 0 { replacement = [0x7A] }
                expected.replaceSubrange(start..<end, with: replacement)
                buffer.replaceSubrange(start..<end, with: replacement)
                if step % 13 == 12 { buffer.makeContiguous() }
                #expect(buffer.isContiguous || step % 13 != 12)
                // A range on each side of the gap and one across it (the gap follows the edit).
                let cut = start + replacement.count
                for range in [max(0, cut - 7)..<cut, cut..<min(expected.count, cut + 7), max(0, cut - 3)..<min(expected.count, cut + 3)] {
                    #expect(Array(buffer[range]) == Array(expected[range]), "round \(round) step \(step) \(range)")
                    let viaPointer = buffer.withBytes(in: range) { Array($0) }
                    #expect(viaPointer == Array(expected[range]), "round \(round) step \(step) \(range)")
                }
                #expect(Array(buffer[..<min(3, expected.count)]) == Array(expected.prefix(3)))
                #expect(Array(buffer[max(0, expected.count - 3)...]) == Array(expected.suffix(3)))
                #expect(buffer.starts(with: Array(expected.prefix(4))))
            }
            Self.expectSame(buffer, expected, "round \(round)")
        }
    }

    /// A copy keeps its text when the original is edited (value semantics over the storage).
    @Test func copiesAreIndependent() {
        var buffer = TextBuffer(Array("a { b c }".utf8))
        buffer.replaceSubrange(4..<5, with: Array("bb".utf8))
        let copy = buffer
        buffer.replaceSubrange(0..<1, with: Array("root".utf8))
        #expect(copy.contiguous == Array("a { bb c }".utf8))
        #expect(buffer.contiguous == Array("root { bb c }".utf8))
        var closed = buffer
        closed.makeContiguous()
        #expect(closed.isContiguous && closed == buffer)
    }
}
