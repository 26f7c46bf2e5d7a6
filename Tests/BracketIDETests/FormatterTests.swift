import BracketIDE
import BracketModel
import BracketSyntax
import Testing

/// Inputs with their canonical form; each is also checked for idempotence and tree preservation.
private let cases: [(input: String, expected: String)] = [
    ("1{2{4 5}3{6 7}}", "1 {\n  2 { 4 5 }\n  3 { 6 7 }\n}\n"),
    ("r \"Root\"   {  a \"A\"  b }", "r \"Root\" {\n  a \"A\"\n  b\n}\n"),
    ("r {\n\n  # own line\n  a # after a\n  b {}\n}\n", "r {\n  # own line\n  a # after a\n  b { }\n}\n"),
    ("r { # after brace\n  a { x }   # after one-liner\n} # after close\n",
     "r { # after brace\n  a { x } # after one-liner\n} # after close\n"),
    ("# heading\nr { a }\n@root left # side\n# lead\n@align leaves\n# tail\n",
     "@root left # side\n# lead\n@align leaves\n\n# heading\nr { a }\n# tail\n"),
    ("r {\n  a { x # c\n  }\n}", "r {\n  a {\n    x # c\n  }\n}\n"),
    ("r { a a }", "r { a a }\n"),  // duplicates are semantic: still formatted
    ("", ""),
]

private func shape(_ document: Document) -> [String] {
    document.diagram().nodes.map { "\($0.id)|\($0.label)|\($0.hasExplicitLabel)|\($0.parent)|\($0.depth)" }
}

private func checkFormatting(_ input: String) throws -> String {
    let document = Document(input)
    let once = try #require(formattedText(document))
    let formatted = Document(once)
    #expect(shape(formatted) == shape(document), "tree changed for \(input.debugDescription)")
    #expect(formatted.fileSettings == document.fileSettings)
    #expect(formatted.diagnostics.map(\.code) == document.diagnostics.map(\.code))
    #expect(formattedText(formatted) == once, "not idempotent for \(input.debugDescription)")
    #expect(formattingEdits(formatted).isEmpty)
    return once
}

@Test(arguments: cases.indices)
func formatsToCanonicalText(_ index: Int) throws {
    #expect(try checkFormatting(cases[index].input) == cases[index].expected)
}

@Test(arguments: ["r { a ", "r } }", "r { a ? }", "\"x\" r", "r { @root left }", "@root\nr"])
func refusesToFormatSyntaxErrors(_ input: String) {
    #expect(formattedText(Document(input)) == nil)
    #expect(formattingEdits(Document(input)).isEmpty)
}

@Test func formattingEditReplacesTheWholeText() {
    let document = Document("r{a}")
    #expect(formattingEdits(document) == [TextEdit(range: ByteRange(0, 4), replacement: "r { a }\n")])
}

/// A small deterministic generator (SplitMix64) so failures reproduce from the seed.
private struct SplitMix {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

/// A random valid document: settings, labels, comments in every position, odd spacing.
private func randomDocument(seed: UInt64) -> String {
    var random = SplitMix(state: seed)
    var out = ""
    let space = [" ", "  ", "\n", " \n\n  ", "\t"]
    func gap() -> String { space[random.next(space.count)] }
    func maybeComment() -> String { random.next(4) == 0 ? " # c\(random.next(9))\n" : gap() }
    if random.next(2) == 0 { out += "@root " + ["left", "top", "nope"][random.next(3)] + maybeComment() + "\n" }
    var nextID = 0
    var open = 0
    var budget = 3 + random.next(25)
    out += "n\(nextID)" + maybeComment() + "{" + maybeComment()
    nextID += 1
    open += 1
    while open > 0 {
        switch random.next(5) {
        case 0 where budget > 0:
            out += "n\(nextID)" + (random.next(2) == 0 ? " \"L \(nextID) é\"" : "") + gap() + "{" + maybeComment()
            nextID += 1; open += 1; budget -= 1
        case 1, 2 where budget > 0:
            out += "n\(nextID)" + (random.next(3) == 0 ? " \"lab\"" : "") + maybeComment()
            nextID += 1; budget -= 1
        case 3 where random.next(8) == 0:
            out += "@align leaves\n"  // a setting inside a block is a syntax error: refused
        default:
            out += "}" + maybeComment()
            open -= 1
        }
    }
    if random.next(3) == 0 { out += "# end\n@margin 10" + maybeComment() }
    return out
}

@Test func randomDocumentsFormatIdempotentlyWithTheSameTree() throws {
    var formatted = 0
    for seed in UInt64(1)...300 {
        let text = randomDocument(seed: seed)
        if formattedText(Document(text)) == nil {
            #expect(Document(text).diagnostics.contains { $0.code == .settingInBlock }, "refused \(text.debugDescription)")
            continue
        }
        _ = try checkFormatting(text)
        formatted += 1
    }
    #expect(formatted > 200)
}
