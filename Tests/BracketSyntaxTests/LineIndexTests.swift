import BracketSyntax
import BracketTestSupport
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

    /// The cursor answers exactly as `position(of:)` for any order of offsets: ascending, with
    /// steps back, repeats, and offsets past the end or inside a character.
    @Test(arguments: PositionEncoding.allCases)
    func cursorEqualsSinglePositionsInAnyOrder(encoding: PositionEncoding) {
        var random = SeededRandom(seed: 16)
        // Many lines as well as long ones, so both the line step and the line search run.
        let text = Self.text + Array(String(repeating: "a\n", count: 40).utf8) + Self.text
        let index = LineIndex(text)
        let ascending = Array(-2...(text.count + 2))
        var mixed: [Int] = []
        for offset in ascending {
            mixed.append(offset)
            if Int.random(in: 0..<4, using: &random) == 0 { mixed.append(Int.random(in: -1...(text.count + 2), using: &random)) }
        }
        for offsets in [ascending, mixed, ascending.filter { $0 % 7 == 0 }] {
            var cursor = LineIndex.PositionCursor(index, in: text, encoding: encoding)
            for offset in offsets {
                #expect(cursor.position(of: offset) == index.position(of: offset, in: text, encoding: encoding),
                        "offset \(offset)")
            }
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

    /// Line starts as the LSP defines them, one byte at a time: after LF, after CRLF, after a
    /// lone CR.
    static func referenceLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }

    @Test func lineStartsMatchAByteByByteScanAndSurviveEdits() {
        // Random text dense and sparse in LF, CR and CRLF, so that breaks fall on every side of
        // the 16-byte blocks the scan reads, including a CRLF split across two blocks; then
        // random edits applied to the index, each checked against a fresh reference.
        var random = SeededRandom(seed: 0x11D3)
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x20, 0x61, 0x7B, 0xC3, 0xA9]
        for round in 0..<400 {
            let density = [2, 7, 40][round % 3]
            var bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ -> UInt8 in
                Int.random(in: 0..<density, using: &random) == 0
                    ? [0x0A, 0x0D, 0x0D][Int.random(in: 0..<3, using: &random)]
                    : alphabet[Int.random(in: 2..<alphabet.count, using: &random)]
            }
            var index = LineIndex(bytes)
            // The index reads the edited text through a gap buffer, as the document's is.
            var buffer = TextBuffer(bytes)
            #expect(index.lineStarts == Self.referenceLineStarts(bytes), "\(bytes)")
            for _ in 0..<5 {
                let start = Int.random(in: 0...bytes.count, using: &random)
                let end = Int.random(in: start...min(bytes.count, start + 20), using: &random)
                let replacement = (0..<Int.random(in: 0...20, using: &random)).map { _ in
                    alphabet.randomElement(using: &random)!
                }
                bytes.replaceSubrange(start..<end, with: replacement)
                buffer.replaceSubrange(start..<end, with: replacement)
                index.apply(replacing: ByteRange(start, end), newLength: replacement.count, in: buffer)
                #expect(index.lineStarts == Self.referenceLineStarts(bytes), "\(bytes)")
                // The non-ASCII runs too: an edited index equals a fresh one.
                #expect(index == LineIndex(bytes), "\(bytes)")
            }
        }
    }

    /// A position's character, counted one UTF-8 sequence at a time from the line start: what
    /// the index computed before it learned to jump over ASCII runs.
    static func referenceCharacter(of offset: Int, lineStart: Int, in bytes: [UInt8], encoding: PositionEncoding) -> Int {
        var units = 0
        var index = lineStart
        while index < offset {
            let lead = bytes[index]
            let width = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF8 ? 4 : 1
            if index + width > offset { break }
            units += encoding == .utf8 ? width : (encoding == .utf16 && width == 4) ? 2 : 1
            index += width
        }
        return units
    }

    /// Long lines mixing ASCII runs of every length with valid and broken multi-byte characters,
    /// edited at random: every position, every offset and the cursor agree with a walk of one
    /// character at a time.
    @Test(arguments: [PositionEncoding.utf16, .utf32])
    func columnsOnLongMixedLinesMatchACharacterWalk(encoding: PositionEncoding) {
        var random = SeededRandom(seed: 0x1D18)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("abcdefghijklmnopq".utf8), Array("é".utf8), Array("नि".utf8),
            Array("🏆".utf8), [0xE0, 0x61], [0x80], [0xFF], [0xF0, 0x9F], Array("\n".utf8),
        ]
        for _ in 0..<40 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                bytes += pieces[Int.random(in: 0..<(Int.random(in: 0..<4, using: &random) == 0 ? pieces.count : 3), using: &random)]
            }
            var index = LineIndex(bytes)
            var buffer = TextBuffer(bytes)
            for round in 0..<4 {
                if round > 0 {
                    let start = Int.random(in: 0...bytes.count, using: &random)
                    let end = Int.random(in: start...min(bytes.count, start + 12), using: &random)
                    let replacement = pieces[Int.random(in: 0..<pieces.count, using: &random)]
                    bytes.replaceSubrange(start..<end, with: replacement)
                    buffer.replaceSubrange(start..<end, with: replacement)
                    index.apply(replacing: ByteRange(start, end), newLength: replacement.count, in: buffer)
                }
                // Through the gap buffer (its gap is at the last edit) and the plain array alike.
                var cursor = LineIndex.PositionCursor(index, in: round % 2 == 0 ? buffer : TextBuffer(bytes), encoding: encoding)
                for offset in 0...bytes.count {
                    let line = index.line(containing: offset)
                    let expected = LinePosition(
                        line: line,
                        character: Self.referenceCharacter(
                            of: offset, lineStart: index.lineStarts[line], in: bytes, encoding: encoding))
                    #expect(index.position(of: offset, in: bytes, encoding: encoding) == expected, "\(bytes) \(offset)")
                    #expect(cursor.position(of: offset) == expected, "\(bytes) \(offset)")
                    let back = index.offset(of: expected, in: bytes, encoding: encoding)
                    #expect(back <= offset && index.position(of: back, in: bytes, encoding: encoding) == expected)
                }
            }
        }
    }
}
