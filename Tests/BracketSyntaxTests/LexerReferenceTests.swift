import BracketTestSupport
import Testing

@testable import BracketSyntax

/// The lexer is tuned for speed (word-at-a-time scanning, unchecked pointers, a trivia fast path
/// in the parser), so it is checked here against a plain byte-by-byte lexer written straight from
/// the token rules, on random bytes biased towards the characters the rules care about.
@Suite struct LexerReferenceTests {
    /// The token rules, one byte at a time, with nothing clever: the specification the fast
    /// lexer must match. `text` is exactly the bytes the lexer may see.
    static func referenceTokens(_ text: [UInt8], atFileStart: Bool) -> [Lexer.Token] {
        func isWordStart(_ c: UInt8) -> Bool {
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
        }
        func isWordContinue(_ c: UInt8) -> Bool { isWordStart(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") }
        func isLineEnd(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D }
        func startsToken(_ c: UInt8) -> Bool { isWordStart(c) || Array(" \t\n\r#\"{}@[]=,".utf8).contains(c) }

        var tokens: [Lexer.Token] = []
        var i = 0
        if atFileStart, text.starts(with: [0xEF, 0xBB, 0xBF]) {
            tokens.append(Lexer.Token(kind: .byteOrderMark, length: 3))
            i = 3
        }
        while i < text.count {
            let start = i
            let c = text[i]
            i += 1
            let kind: TokenKind
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                while i < text.count, text[i] == UInt8(ascii: " ") || text[i] == UInt8(ascii: "\t") { i += 1 }
                kind = .whitespace
            case 0x0A:
                kind = .newline
            case 0x0D:
                if i < text.count, text[i] == 0x0A { i += 1 }
                kind = .newline
            case UInt8(ascii: "#"):
                while i < text.count, !isLineEnd(text[i]) { i += 1 }
                kind = .comment
            case UInt8(ascii: "\""):
                while i < text.count, !isLineEnd(text[i]) {
                    if text[i] == UInt8(ascii: "\"") {
                        i += 1
                        break
                    }
                    // A backslash takes the next byte with it unless that byte ends the line.
                    let escapes = text[i] == UInt8(ascii: "\\") && i + 1 < text.count && !isLineEnd(text[i + 1])
                    i += escapes ? 2 : 1
                }
                kind = .string
            case UInt8(ascii: "{"):
                kind = .leftBrace
            case UInt8(ascii: "}"):
                kind = .rightBrace
            case UInt8(ascii: "["):
                kind = .leftBracket
            case UInt8(ascii: "]"):
                kind = .rightBracket
            case UInt8(ascii: "="):
                kind = .equals
            case UInt8(ascii: ","):
                kind = .comma
            case UInt8(ascii: "@"):
                while i < text.count, isWordContinue(text[i]) { i += 1 }
                kind = .settingKey
            default:
                if isWordStart(c) {
                    while i < text.count, isWordContinue(text[i]) { i += 1 }
                    kind = .word
                } else {
                    while i < text.count, !startsToken(text[i]) { i += 1 }
                    kind = .unknown
                }
            }
            tokens.append(Lexer.Token(kind: kind, length: i - start))
        }
        return tokens
    }

    /// Random bytes, mostly from the characters that decide token boundaries, in runs long
    /// enough to cross the lexer's 8- and 16-byte scanning steps.
    static func randomBytes(_ random: inout SeededRandom, count: Int) -> [UInt8] {
        let alphabet: [[UInt8]] = [
            [0x20], [0x20], [0x20], [0x09], [0x0A], [0x0D], [0x0D, 0x0A], Array("#".utf8), Array("\"".utf8),
            Array("\\".utf8), Array("{".utf8), Array("}".utf8), Array("@".utf8), Array("a".utf8), Array("Z".utf8),
            Array("_".utf8), Array("7".utf8), Array("-".utf8), Array(".".utf8), Array("/".utf8), Array("`".utf8),
            Array("[".utf8), Array("]".utf8), Array("=".utf8), Array(",".utf8), Array("~".utf8), [0x00], [0x7F], [0x80], [0xFF], Array("é".utf8), Array("🏆".utf8),
            [0xEF, 0xBB, 0xBF], [0xEF, 0xBB],
        ]
        var out: [UInt8] = []
        if Int.random(in: 0..<5, using: &random) == 0 { out += [0xEF, 0xBB, 0xBF] }
        while out.count < count {
            let piece = alphabet.randomElement(using: &random)!
            // Sometimes a long run of one piece: indentation, long words, long comments.
            let repeats = Int.random(in: 0..<6, using: &random) == 0 ? Int.random(in: 1...40, using: &random) : 1
            for _ in 0..<repeats { out += piece }
        }
        return out
    }

    static func fastTokens(_ buffer: UnsafeBufferPointer<UInt8>, in range: Range<Int>, atFileStart: Bool) -> [Lexer.Token] {
        var tokens: [Lexer.Token] = []
        Lexer.tokenize(buffer, in: range, atFileStart: atFileStart, into: &tokens)
        return tokens
    }

    @Test(arguments: TestScale.arguments(Array(0..<40), quick: 4))
    func matchesTheReferenceOnRandomBytes(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &* 0x9E37 &+ 5)
        for _ in 0..<50 {
            let text = Self.randomBytes(&random, count: Int.random(in: 0...300, using: &random))
            let fast = text.withUnsafeBufferPointer { Self.fastTokens($0, in: 0..<$0.count, atFileStart: true) }
            let expected = Self.referenceTokens(text, atFileStart: true)
            #expect(fast == expected, "seed \(seed): \(text)")
            if fast != expected { return }
        }
    }

    /// A lexer over part of a buffer must not let bytes past its range change a token, even
    /// though the fast paths load whole words that may reach past it.
    @Test(arguments: TestScale.arguments(Array(0..<20), quick: 2))
    func aRangeSeesOnlyItsOwnBytes(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 1_000)
        for _ in 0..<100 {
            let text = Self.randomBytes(&random, count: Int.random(in: 0...200, using: &random))
            let lower = Int.random(in: 0...text.count, using: &random)
            let upper = Int.random(in: lower...text.count, using: &random)
            let atFileStart = Bool.random(using: &random)
            let fast = text.withUnsafeBufferPointer { Self.fastTokens($0, in: lower..<upper, atFileStart: atFileStart) }
            let expected = Self.referenceTokens(Array(text[lower..<upper]), atFileStart: atFileStart)
            #expect(fast == expected, "seed \(seed) range \(lower)..<\(upper): \(text)")
            if fast != expected { return }
        }
    }

    /// The parser skips trivia with its own fast path; the tokens in its tree, trivia included,
    /// must still be exactly the lexer's.
    @Test(arguments: TestScale.arguments(Array(0..<20), quick: 2))
    func parsedTreeHoldsTheReferenceTokens(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 77)
        for _ in 0..<50 {
            let text = Self.randomBytes(&random, count: Int.random(in: 0...300, using: &random))
            var parsed: [Lexer.Token] = []
            SyntaxTree.parse(text).walk { event in
                if case .token(let kind, let range) = event {
                    parsed.append(Lexer.Token(kind: kind, length: range.end - range.start))
                }
                return true
            }
            let expected = Self.referenceTokens(text, atFileStart: true)
            #expect(parsed == expected, "seed \(seed): \(text)")
            if parsed != expected { return }
        }
    }

    /// Constructs that a block-at-a-time lexer (64-byte blocks; tried for issue #4) or the
    /// current 8/16/32-byte scans could get wrong at a block edge: each is placed at every offset
    /// around the first two 64-byte edges, and the range is also cut inside it, so a token
    /// crosses an edge, starts or ends right at one, or is cut by the range's end there.
    static let edgeConstructs: [[UInt8]] = [
        Array(repeating: 0x20, count: 70) + Array("x".utf8),  // indentation longer than a block
        Array(repeating: UInt8(ascii: "w"), count: 70) + Array("-.9 ".utf8),  // a word longer than a block
        Array("\"label with \\\" and \\\\ escapes crossing\"x".utf8),
        Array("\"escape before line end \\\r\nx".utf8),  // backslash then CRLF: unterminated
        Array("# comment with \" and { inside\r\n{".utf8),
        Array("\r\n\r\r\n\n".utf8),  // CRLF, lone CR, CRLF, LF
        Array("@card-width 132\n".utf8),
        Array("/-.`~-a.b".utf8),  // an unknown run, then a word
    ]

    @Test(arguments: 0..<edgeConstructs.count)
    func tokensCrossingBlockEdgesMatchTheReference(construct: Int) {
        let piece = Self.edgeConstructs[construct]
        for shift in 0..<130 {
            // Braces pad without merging into the next token; the piece twice so that it also
            // follows itself across an edge.
            let text = Array(repeating: UInt8(ascii: "{"), count: shift) + piece + piece
            let cuts = [text.count, shift + piece.count / 2, 64, 128].filter { $0 <= text.count }
            for upper in cuts {
                let fast = text.withUnsafeBufferPointer { Self.fastTokens($0, in: 0..<upper, atFileStart: true) }
                let expected = Self.referenceTokens(Array(text[0..<upper]), atFileStart: true)
                #expect(fast == expected, "construct \(construct) shift \(shift) cut \(upper)")
                if fast != expected { return }
            }
        }
    }

    /// Typical documents too, with the deep indentation and short lines of the benchmarks.
    @Test(arguments: TestScale.arguments(Array(0..<10)))
    func matchesTheReferenceOnDocuments(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 500)
        let text = Array(RandomText.document(&random, nodes: 200 + seed * 50).utf8)
        let fast = text.withUnsafeBufferPointer { Self.fastTokens($0, in: 0..<$0.count, atFileStart: true) }
        #expect(fast == Self.referenceTokens(text, atFileStart: true))
    }
}
