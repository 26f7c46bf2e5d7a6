import BracketJSON
import Testing

@Suite struct DocumentSyncTests {
    let uri = "file:///tree.bracket"

    func lastDiagnostics(_ client: LSPTestClient) -> JSONValue? {
        client.notifications("textDocument/publishDiagnostics").last?["params"]
    }

    @Test func didOpenPublishesDuplicateIDWithRelatedInformation() throws {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, "1 { 2 2 }", version: 3)
        client.sync()
        let params = try #require(lastDiagnostics(client))
        #expect(params["uri"] == .string(uri))
        #expect(params["version"] == 3)
        let diagnostic = try #require(params["diagnostics"]?[0])
        #expect(diagnostic["code"] == "duplicate-id")
        #expect(diagnostic["source"] == "bracket")
        #expect(diagnostic["severity"] == 1)
        #expect(diagnostic["range"] == ["start": ["line": 0, "character": 6], "end": ["line": 0, "character": 7]])
        let related = try #require(diagnostic["relatedInformation"]?[0])
        #expect(related["location"]?["uri"] == .string(uri))
        #expect(related["location"]?["range"]?["start"]?["character"] == 4)
        #expect(client.finish() == 0)
    }

    @Test func severalIncrementalChangesApplyInOrderAndClearDiagnostics() throws {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, "1 { 2 2 }\n")
        // First change turns the second `2` into `3`; the second change, positioned against the
        // text the first produced, inserts a label after it.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [
                ["range": ["start": ["line": 0, "character": 6], "end": ["line": 0, "character": 7]], "text": "3"],
                ["range": ["start": ["line": 0, "character": 7], "end": ["line": 0, "character": 7]], "text": " \"Three\""],
            ],
        ])
        client.request(2, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        let preview = try #require(client.response(2)?["result"])
        let params = try #require(lastDiagnostics(client))
        #expect(params["version"] == 2)
        #expect(params["diagnostics"] == [])
        #expect(preview["geometry"]?["nodes"]?[2]?["label"] == "Three")
        // Closing clears the list.
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        client.sync()
        #expect(lastDiagnostics(client)?["diagnostics"] == [])
        #expect(lastDiagnostics(client)?["version"] == nil)
        #expect(client.finish() == 0)
    }

    /// A new parent around a subtree, sent as one didChange of two changes (the later one
    /// first, as editors send a multi-range edit), on a line holding non-ASCII labels so the
    /// UTF-16 columns differ from bytes; then a change without a range between ranged ones.
    @Test func wrapInANewParentAsTwoChangesOfOneDidChange() throws {
        let client = LSPTestClient()
        client.initialize(encodings: ["utf-16"])
        client.open(uri, "1 \"🏆\" { 2 \"é\" { 4 5 } 3 }\n")
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [
                // ` }` after `2 "é" { 4 5 }`, then `w { ` before `2`.
                ["range": ["start": ["line": 0, "character": 22], "end": ["line": 0, "character": 22]], "text": " }"],
                ["range": ["start": ["line": 0, "character": 9], "end": ["line": 0, "character": 9]], "text": "w { "],
            ],
        ])
        client.request(2, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        let preview = try #require(client.response(2)?["result"])
        #expect(lastDiagnostics(client)?["diagnostics"] == [])
        let ids = preview["geometry"]?["nodes"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(ids == ["1", "w", "2", "4", "5", "3"])
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 3],
            "contentChanges": [
                ["range": ["start": ["line": 0, "character": 26], "end": ["line": 0, "character": 28]], "text": ""],
                ["text": "1 { 2 2 }\n"],
                ["range": ["start": ["line": 0, "character": 6], "end": ["line": 0, "character": 7]], "text": "{"],
                ["range": ["start": ["line": 0, "character": 7], "end": ["line": 0, "character": 7]], "text": " 9 }"],
            ],
        ])
        client.sync()
        // `1 { 2 { 9 } }`: the unbalanced `{` only balances with the change after it.
        #expect(lastDiagnostics(client)?["version"] == 3)
        #expect(lastDiagnostics(client)?["diagnostics"] == [])
        client.request(3, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        let after = try #require(client.response(3)?["result"])
        #expect(after["geometry"]?["nodes"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["1", "2", "9"])
        #expect(client.finish() == 0)
    }

    @Test func changeForUnknownDocumentIsIgnored() {
        let client = LSPTestClient()
        client.initialize()
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///nope.bracket", "version": 2],
            "contentChanges": [["text": "1"]],
        ])
        client.sync()
        #expect(client.notifications("textDocument/publishDiagnostics").isEmpty)
        #expect(client.finish() == 0)
    }

    /// The duplicate `b` sits after an emoji label and a Devanagari label: its column differs
    /// between encodings (🏆 is 4 UTF-8 bytes / 2 UTF-16 units; न and ि are 3 bytes / 1 unit).
    @Test(arguments: [("utf-8", 24, 25), ("utf-16", 18, 19)])
    func rangesUseTheNegotiatedEncoding(encoding: String, start: Int, end: Int) throws {
        let client = LSPTestClient()
        client.initialize(encodings: [encoding])
        let text = "1 { b \"🏆\" c \"नि\" b }"
        client.open(uri, text)
        client.sync()
        let diagnostic = try #require(lastDiagnostics(client)?["diagnostics"]?[0])
        #expect(diagnostic["code"] == "duplicate-id")
        #expect(diagnostic["range"]?["start"]?["character"] == JSONValue(start))
        #expect(diagnostic["range"]?["end"]?["character"] == JSONValue(end))
        // An edit positioned in the same encoding lands on the right bytes: rename that `b` to `d`.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": ["start": ["line": 0, "character": JSONValue(start)],
                                          "end": ["line": 0, "character": JSONValue(end)]], "text": "d"]],
        ])
        client.sync(901)
        #expect(lastDiagnostics(client)?["diagnostics"] == [])
        #expect(client.finish() == 0)
    }
}
