import BracketJSON
import Testing

/// `JSONStringEscaping.escapedCount` is exactly what `forEachPiece` writes, for every byte a
/// string can hold: writers size their buffers by it, so a count too small costs a second write
/// and one too large leaves memory unwritten.
@Suite struct EscapedCountTests {
    private func written(_ text: String) -> Int {
        var count = 0
        var text = text
        text.withUTF8 { utf8 in
            JSONStringEscaping.forEachPiece(of: utf8, literal: { count += $0.count }, escape: { count += $0.count })
        }
        return count
    }

    @Test(arguments: ["", "plain", "a \"quoted\" back\\slash", "tab\tnew\nline\r", "\u{08}\u{0C}\u{01}\u{1F}\u{7F}",
                      "Ayşe Дмитрий अनन्या 🏆", String(repeating: "\"\\\n\u{00}x", count: 50)])
    func countsWhatIsWritten(text: String) {
        #expect(JSONStringEscaping.escapedCount(of: text) == written(text))
    }

    @Test func everyByteCountsWhatItBecomes() {
        for byte in UInt8(0)...UInt8(127) {
            let text = String(decoding: [UInt8(ascii: "a"), byte, UInt8(ascii: "b")], as: UTF8.self)
            #expect(JSONStringEscaping.escapedCount(of: text) == written(text), "byte \(byte)")
        }
    }
}
