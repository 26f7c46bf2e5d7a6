// Edits and requests that no well-behaved editor sends. The recovery rules (docs/protocol.md):
// positions past a line's end or the text's end clamp to it; a reversed range is applied with its
// ends swapped; a position inside a character (a UTF-16 surrogate pair, a UTF-8 sequence) rounds
// down to the character's start. After each, the document must equal a fresh open of the text
// those rules produce — same preview payload, same diagnostics.
import BracketJSON
import Testing

@Suite struct DocumentAbuseTests {
    let uri = "file:///abuse.bracket"

    struct EditCase: Sendable, CustomStringConvertible {
        var description: String
        var encoding: String
        var text: String
        var range: JSONValue
        var replacement: String
        var expected: String
    }

    static let cases: [EditCase] = [
        EditCase(description: "range past the end of the text", encoding: "utf-16",
                 text: "a { b }\n", range: lspRange(40, 3, 90, 0), replacement: "c", expected: "a { b }\nc"),
        EditCase(description: "range past the end of a line", encoding: "utf-16",
                 text: "a { b }\nc", range: lspRange(0, 5, 0, 500), replacement: "x }", expected: "a { bx }\nc"),
        EditCase(description: "reversed range", encoding: "utf-16",
                 text: "a { b c }", range: lspRange(0, 7, 0, 4), replacement: "d e", expected: "a { d e }"),
        EditCase(description: "reversed across lines", encoding: "utf-16",
                 text: "a {\n b\n c\n}", range: lspRange(2, 2, 1, 1), replacement: "q", expected: "a {\n q\n}"),
        // "😀" is two UTF-16 units (3 and 4); 4 is inside the pair and rounds down to 3.
        EditCase(description: "start inside a surrogate pair", encoding: "utf-16",
                 text: "r \"😀\" { x }", range: lspRange(0, 4, 0, 5), replacement: "X", expected: "r \"X\" { x }"),
        EditCase(description: "end inside a surrogate pair", encoding: "utf-16",
                 text: "r \"a😀\" { x }", range: lspRange(0, 3, 0, 5), replacement: "", expected: "r \"😀\" { x }"),
        // "é" is two UTF-8 bytes (3 and 4); 4 is inside the sequence and rounds down to 3.
        EditCase(description: "insertion inside a UTF-8 sequence", encoding: "utf-8",
                 text: "r \"é\" { x }", range: lspRange(0, 4, 0, 4), replacement: "Z", expected: "r \"Zé\" { x }"),
        EditCase(description: "range ending inside a 4-byte UTF-8 sequence", encoding: "utf-8",
                 text: "r \"ab😀\" { x }", range: lspRange(0, 4, 0, 7), replacement: "", expected: "r \"a😀\" { x }"),
    ]

    @Test(arguments: cases)
    func malformedRangeIsRecoveredLikeAFreshOpen(edit: EditCase) {
        let client = LSPTestClient()
        client.initialize(encodings: [edit.encoding])
        client.open(uri, edit.text, version: 1)
        client.change(uri, version: 2, [["range": edit.range, "text": .string(edit.replacement)]])
        expectSameAsFreshOpen(client, uri: uri, version: 2, expected: edit.expected, id: 20)
        expectHealthy(client, id: 30)
        #expect(client.finish() == 0)
    }

    /// Many clamped and reversed edits in one notification, each against the previous result.
    @Test func abusiveEditsInSequence() {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, "root {\n  a\n}\n", version: 1)
        client.change(uri, version: 2, [
            ["range": lspRange(9, 9, 9, 9), "text": "# tail"],        // appended at the very end
            ["range": lspRange(1, 3, 1, 2), "text": "b c"],           // reversed: replaces "a"
            ["range": lspRange(0, 99, 0, 4), "text": " \"R\" {"],     // reversed and past the line end
        ])
        expectSameAsFreshOpen(client, uri: uri, version: 2, expected: "root \"R\" {\n  b c\n}\n# tail", id: 20)
        #expect(client.finish() == 0)
    }

    /// LSP positions are unsigned, so a negative one is not clamped: the notification is invalid
    /// params and is dropped as a whole (logged), leaving the text and version as they were.
    /// Applying part of it, or guessing, would desynchronise the document silently instead.
    @Test func negativePositionRejectsTheWholeChange() {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, "a { b }", version: 1)
        client.change(uri, version: 2, [["range": lspRange(0, 0, 0, 0), "text": "x"],
                                        ["range": lspRange(-3, -9, 0, 1), "text": "z"]])
        expectSameAsFreshOpen(client, uri: uri, version: 1, expected: "a { b }", id: 20)
        expectHealthy(client, id: 30)
        #expect(client.finish() == 0)
    }

    @Test func changeForANeverOpenedDocumentIsIgnored() throws {
        let client = LSPTestClient()
        client.initialize()
        client.change("file:///never.bracket", version: 2, [["range": lspRange(0, 0, 0, 0), "text": "a"]])
        client.change("file:///never.bracket", version: 3, [["text": "a { b }"]])
        let answer = try #require(client.preview(20, "file:///never.bracket"))
        #expect(answer["error"]?["code"] == -32602)
        #expect(client.lastDiagnostics(for: "file:///never.bracket") == nil)
        expectHealthy(client, id: 30)
        #expect(client.finish() == 0)
    }

    /// The server does not police versions: a change whose version goes backwards is applied
    /// like any other (its range is resolved against the current text) and its version becomes
    /// the document's version, which diagnostics and previews then report.
    @Test func versionGoingBackwardsIsAppliedAndReported() throws {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, "a { b }", version: 10)
        client.change(uri, version: 3, [["range": lspRange(0, 6, 0, 6), "text": "c "]])
        client.sync(20)
        #expect(client.lastDiagnostics(for: uri)?["version"] == 3)
        let preview = try #require(client.preview(21, uri)?["result"])
        #expect(preview["version"] == 3)
        #expect(preview["geometry"]?["nodes"]?.arrayValue?.count == 3)
        expectSameAsFreshOpen(client, uri: uri, version: 3, expected: "a { b c }", id: 22)
        #expect(client.finish() == 0)
    }

    @Test func requestForAClosedDocument() throws {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, "a { b }")
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        let answer = try #require(client.preview(20, uri))
        #expect(answer["error"]?["code"] == -32602)
        #expect(answer["id"] == 20)
        // Closing twice and changing after close are ignored too.
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        client.change(uri, version: 5, [["text": "x"]])
        #expect(client.preview(21, uri)?["error"]?["code"] == -32602)
        expectHealthy(client, id: 30)
        #expect(client.finish() == 0)
    }

    /// 2,000 requests written in one go are answered in order, each with its own id.
    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, "1 { 2 { 4 5 } 3 { 6 7 } }")
        var batch: [UInt8] = []
        for id in 1000..<3000 {
            let method = id % 3 == 0 ? "bracket/no-such-method" : "bracket/preview"
            batch += client.message(id: id, method: method, params: ["textDocument": ["uri": .string(uri)]])
        }
        client.sendRaw(batch)
        var ids: [Int] = []
        var previews = 0
        while ids.count < 2000, let message = client.next(timeout: 60) {
            guard let id = message["id"]?.intValue else { continue }  // a notification
            ids.append(id)
            if message["result"]?["geometry"]?["nodes"]?.arrayValue?.count == 7 { previews += 1 }
            if id % 3 == 0 { #expect(message["error"]?["code"] == -32601) }
        }
        #expect(ids == Array(1000..<3000))
        #expect(previews == (1000..<3000).filter { $0 % 3 != 0 }.count)
        expectHealthy(client, id: 30)
        #expect(client.finish() == 0)
    }
}
