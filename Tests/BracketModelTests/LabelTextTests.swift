// A label without escapes decodes in one step (LabelText's plain path); one with escapes goes
// scalar by scalar. Both must give the same text and count for the same meaning.
import BracketModel
import BracketTestSupport
import Testing

@Suite struct LabelTextTests {
    /// Bytes of a label body: ASCII, multi-byte UTF-8, and now and then a byte that is not
    /// valid UTF-8 (repaired to U+FFFD the same way on both paths). Never a quote or a backslash.
    static func body(_ random: inout SeededRandom, length: Int) -> [UInt8] {
        let pieces: [[UInt8]] = [Array("a".utf8), Array("Z".utf8), Array(" ".utf8), Array("é".utf8),
                                 Array("🏆".utf8), Array("क्ष".utf8), [0xFF], [0xC3], Array("{".utf8)]
        var bytes: [UInt8] = []
        for _ in 0..<length { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
        return bytes
    }

    @Test func plainAndEscapedLabelsDecodeAlike() {
        var random = SeededRandom(seed: 18)
        for round in 0..<500 {
            let body = Self.body(&random, length: Int(random.next() % 12))
            let plain = LabelText(token: ArraySlice([0x22] + body + [0x22]))
            #expect(plain.value == String(decoding: body, as: UTF8.self))
            #expect(plain.scalarCount == plain.value.unicodeScalars.count)
            #expect(plain.isTerminated && plain.invalidEscapes.isEmpty)
            // The same text with an `a` appended as `\u{61}`: the escape path.
            let escaped = LabelText(token: ArraySlice([0x22] + body + Array("\\u{61}".utf8) + [0x22]))
            #expect(escaped.value == plain.value + "a", "round \(round)")
            #expect(escaped.scalarCount == plain.scalarCount + 1)
        }
    }

    @Test func unterminatedAndLongLabels() {
        let open = LabelText(token: ArraySlice(Array("\"abc".utf8)))
        #expect(open.value == "abc" && !open.isTerminated)
        #expect(LabelText(token: ArraySlice(Array("\"".utf8))).value == "")
        let empty = LabelText(token: ArraySlice(Array("\"\"".utf8)))
        #expect(empty.value == "" && empty.isTerminated && empty.scalarCount == 0)
        let long = String(repeating: "é", count: Limits.labelCharacters + 10)
        let cut = LabelText(token: ArraySlice(Array("\"\(long)\"".utf8)))
        let cutEscaped = LabelText(token: ArraySlice(Array("\"\(long)\\u{e9}\"".utf8)))
        #expect(cut.scalarCount == Limits.labelCharacters + 10 && cut.value.hasSuffix("…"))
        #expect(cut.value.unicodeScalars.count == Limits.labelCharacters)
        #expect(cutEscaped.value == cut.value)
    }
}
