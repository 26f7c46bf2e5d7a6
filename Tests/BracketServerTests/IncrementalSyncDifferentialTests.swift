import BracketJSON
import BracketTestSupport
import Testing

/// The client's view of the text: Unicode scalars, with LSP positions computed in UTF-16 the
/// way an editor does.
struct ClientText {
    var scalars: [Unicode.Scalar]

    func position(of index: Int) -> JSONValue {
        var line = 0, character = 0
        for scalar in scalars[0..<index] {
            if scalar == "\n" { line += 1; character = 0 } else { character += scalar.utf16.count }
        }
        return ["line": JSONValue(line), "character": JSONValue(character)]
    }

    var string: String { String(String.UnicodeScalarView(scalars)) }
}

@Suite struct IncrementalSyncDifferentialTests {
    static let pieces: [String] = ["a", "1", "b2", " ", " ", "\n", "{", "}", "{ ", " }", "\"", "\"🏆\"", "é", "न", "ि",
                                   "\"x\"", "#c\n", "@root left\n", "@card-width 9\n", "\\", "x.y", "-"]

    @Test func randomEditsMatchAFreshOpenOfTheFinalText() throws {
        var random = SeededRandom(seed: 0xB7AC_4E7)
        let uri = "file:///fuzz.bracket"
        var text = ClientText(scalars: Array("1 { \"Final 🏆\" 2 { 4 5 } 3 { \"नमस्ते\" 6 7 } }\n".unicodeScalars))
        let incremental = LSPTestClient()
        incremental.initialize(encodings: ["utf-16"])
        incremental.open(uri, text.string)
        var edits = 0, version = 1
        var batch: [UInt8] = []
        while edits < TestScale.count(2_000) {
            var changes: [JSONValue] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let count = text.scalars.count
                // Keep the text small: deletions win once it grows.
                let maxLength = count > 300 ? 40 : 6
                let start = Int.random(in: 0...count, using: &random)
                let end = min(count, start + Int.random(in: 0...maxLength, using: &random))
                let insertion = count > 300 ? "" : (0..<Int.random(in: 0...2, using: &random))
                    .map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
                changes.append(["range": ["start": text.position(of: start), "end": text.position(of: end)],
                                "text": .string(insertion)])
                text.scalars.replaceSubrange(start..<end, with: insertion.unicodeScalars)
                edits += 1
            }
            version += 1
            batch += incremental.message(method: "textDocument/didChange", params: [
                "textDocument": ["uri": .string(uri), "version": JSONValue(version)], "contentChanges": .array(changes),
            ])
            if batch.count > 32_768 {
                incremental.sendRaw(batch)
                batch = []
            }
        }
        incremental.sendRaw(batch)
        incremental.sync()
        let final = try #require(incremental.notifications("textDocument/publishDiagnostics").last?["params"])
        #expect(final["version"] == JSONValue(version))

        let fresh = LSPTestClient()
        fresh.initialize(encodings: ["utf-16"])
        fresh.open(uri, text.string)
        fresh.sync()
        let expected = try #require(fresh.notifications("textDocument/publishDiagnostics").last?["params"])
        #expect(final["diagnostics"] == expected["diagnostics"], "final text: \(text.string)")
        #expect(incremental.finish() == 0)
        #expect(fresh.finish() == 0)
    }
}
