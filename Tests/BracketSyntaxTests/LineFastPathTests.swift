import BracketTestSupport
import Testing

@testable import BracketSyntax

/// The parser's line fast path (Parser+Lines.swift) against the token-at-a-time parser it
/// stands in for: the same tree, event for event, on inputs made to sit on the edges of the
/// line shapes it accepts, on random documents and on randomly edited ones.
@Suite struct LineFastPathTests {
    /// Both parses of `source`, compared; `source` is shown when they differ.
    static func expectSameTree(_ bytes: [UInt8], limit: Int = GreenToken.maxLength, sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = Parser.parse(bytes, maxTokenLength: limit)
        let reference = Parser.parse(bytes, maxTokenLength: limit, takesLines: false)
        let same = GreenTreeTests.events(fast) == GreenTreeTests.events(reference)
            && fast.nodeCount == reference.nodeCount && fast.length == reference.length
        #expect(same, "\(String(decoding: bytes, as: UTF8.self).debugDescription)", sourceLocation: sourceLocation)
        #expect(SyntaxTree(root: fast).printed(from: bytes) == bytes, sourceLocation: sourceLocation)
    }

    /// Lines on either side of each rule of the fast path: what may follow an ID, a label and a
    /// `{`; a leaf whose label or block comes on a later line; `}` with and without a block to
    /// close; every line break; tabs; the last line with and without its break; a byte order mark.
    static let edgeCases: [String] = [
        "a\n", "a", "a\nb\n", "a\n{\n}\n", "a\n  {\n  b\n}\n", "a\n\"label\"\n", "a\n  \"label\" {\n}\n",
        "a \"x\"\n{\n}\n", "a \"x\"\n\"y\"\n", "a \"x\"\nb\n", "a \"x\"\n}\n", "a\n\n{\n}\n", "a\n# c\n{\n}\n",
        "a {\n  b\n}\n", "a {\n  b\n}", "a {\n  b\n  }\n}\n", "}\n", "  }\n", "a {\n}\n}\n", "a {\r\n  b\r\n}\r\n",
        "a {\r  b\r}\r", "a {\r\r\n  b\n\r}\n", "a\t{\n}\n", "a  {\n}\n", "a { \n}\n", "a {b\n}\n", "a {}\n",
        "a { b }\n", "a \"x\" {\n  b \"y\"\n}\n", "a \"x\"  {\n}\n", "a \"x\"{\n}\n", "a \"open\n  b\n", "a \"open {\n}\n",
        "a \"esc \\\" q\" {\n}\n", "a \"x\" \n", "a \n", "a #c\n", "a b\n", "a\tb\n", "\t\ta {\n\t\t\tb\n\t\t}\n",
        "\u{FEFF}a {\n  b\n}\n", "\u{FEFF}\n", "@title \"T\"\na {\n}\n", "a {\n  @card-width 9\n  b\n}\n",
        "a {\n  b\n", "a {\n  b {\n", "\n\n\n", "   \n  \t \n", "a-b.c_d {\n  0.5\n}\n", "a {\n  b\n  ~\n}\n",
        "a {\n  b \"x\" c\n}\n", "{\n  b\n}\n", "a {\n  {\n  }\n}\n", "a\n\"", "a \"", "a \"x\" ", "a {", "a {\r",
        "a [w]\n", "a \"x\" [w]\n", "a [w] {\n}\n", "a \"x\" [s=1, w] {\n  b\n}\n", "a\n[w]\n", "a \"x\"\n[w]\n",
        "a [\n  s=1\n  w\n]\nb\n", "a [s=1\nb\n", "a [s=1 {\n}\n", "a [s=\n1]\n", "[w]\n", "a {\n  b [w\n  c\n}\n",
        "a ]\n", "a =\n", "a ,\n", "a [\"x\" = ]\n", "a [s=\"open\n]\n",
    ]

    @Test func edgesOfTheLineShapes() {
        for source in Self.edgeCases { Self.expectSameTree(Array(source.utf8)) }
    }

    @Test func tokensCutIntoPiecesStillMatch() {
        // With a lowered token limit the fast path must leave every line it cannot fit.
        for source in Self.edgeCases + ["a_long_identifier {\n  another_long_one \"a long label\"\n}\n"] {
            for limit in [1, 2, 5, 9] { Self.expectSameTree(Array(source.utf8), limit: limit) }
        }
    }

    /// A document built from lines of the fast path's shapes and their near misses, at random.
    static func lineShapedDocument(_ random: inout SeededRandom) -> [UInt8] {
        let ids = ["n1", "a", "x.y-z", "07", "_", "n12345678901234567"]
        let labels = ["\"L\"", "\"\"", "\"a \\\" b\"", "\"open", "\"é🏆\""]
        let breaks = ["\n", "\n", "\n", "\r\n", "\r"]
        let indents = ["", "  ", "    ", "\t", String(repeating: " ", count: 40), " \t "]
        let spaces = [" ", " ", " ", "  ", "\t", ""]
        var out = ""
        for _ in 0..<Int.random(in: 1...30, using: &random) {
            out += indents.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3: out += ids.randomElement(using: &random)!
            case 3: out += ids.randomElement(using: &random)! + spaces.randomElement(using: &random)! + labels.randomElement(using: &random)!
            case 4..<6: out += ids.randomElement(using: &random)! + spaces.randomElement(using: &random)! + "{"
            case 6:
                out += ids.randomElement(using: &random)! + spaces.randomElement(using: &random)!
                    + labels.randomElement(using: &random)! + spaces.randomElement(using: &random)! + "{"
            case 7..<9: out += "}"
            default:
                out += ["", "# c", "{", "\"L\"", "@title \"T\"", "~", " ", "[w]", "[s=1,", "]", "a [", "n1 \"L\" [s=1] {"]
                    .randomElement(using: &random)!
            }
            if Int.random(in: 0..<12, using: &random) == 0 { out += " " }
            if Int.random(in: 0..<30, using: &random) != 0 { out += breaks.randomElement(using: &random)! }
        }
        return Array(out.utf8)
    }

    @Test func randomLineShapedDocuments() {
        var random = SeededRandom(seed: 0x11_4E5)
        for _ in 0..<TestScale.count(3_000) { Self.expectSameTree(Self.lineShapedDocument(&random)) }
    }

    @Test func randomDocumentsAndEditsOfThem() {
        var random = SeededRandom(seed: 0xFA57)
        for _ in 0..<300 {
            var bytes = Array(RandomText.document(&random, nodes: 30).utf8)
            Self.expectSameTree(bytes)
            for _ in 0..<5 {
                let edit = RandomText.edit(&random, in: bytes)
                bytes.replaceSubrange(edit.range, with: edit.replacement)
                Self.expectSameTree(bytes)
            }
        }
    }
}
