import BracketSyntax
import Testing

@Suite struct LineIndexTests {
    static let text = Array("1 \"🏆 é\" {\r\n  नि 2\r3\n\"\u{1F468}\u{200D}\u{1F469}\" }".utf8)

    @Test(arguments: PositionEncoding.allCases)
    func batchPositionsEqualSinglePositions(encoding: PositionEncoding) {
        let index = LineIndex(Self.text)
        let offsets = Array(0...(Self.text.count + 2)).reversed()
        let batch = index.positions(of: offsets, in: Self.text, encoding: encoding)
        for offset in offsets {
            #expect(batch[offset] == index.position(of: offset, in: Self.text, encoding: encoding), "offset \(offset)")
        }
    }

    @Test func utf16CountsSurrogatePairsAsTwo() {
        let index = LineIndex(Self.text)
        let end = Self.text.firstIndex(of: UInt8(ascii: "{"))!
        // 1, space, quote, 🏆 (4 bytes, 2 UTF-16 units), space, é (2 bytes), quote, space.
        #expect(index.position(of: end, in: Self.text, encoding: .utf16).character == 9)
        #expect(index.position(of: end, in: Self.text, encoding: .utf32).character == 8)
        #expect(index.position(of: end, in: Self.text, encoding: .utf8).character == 12)
    }

    @Test func positionsRoundTripThroughOffsets() {
        let index = LineIndex(Self.text)
        for encoding in PositionEncoding.allCases {
            for offset in 0...Self.text.count {
                // Between the CR and LF of a CRLF there is no position a client could name.
                if offset > 0, offset < Self.text.count, Self.text[offset - 1] == 0x0D, Self.text[offset] == 0x0A {
                    continue
                }
                let position = index.position(of: offset, in: Self.text, encoding: encoding)
                let back = index.offset(of: position, in: Self.text, encoding: encoding)
                // Offsets inside a multi-byte character round down to its start.
                #expect(back <= offset && index.position(of: back, in: Self.text, encoding: encoding) == position,
                        "offset \(offset) \(encoding) \(position) back \(back)")
            }
        }
    }
}
