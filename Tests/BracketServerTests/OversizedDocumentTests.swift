import BracketJSON
import BracketModel
import Testing

/// A document past the document limit (docs/language.md, "Limits") that arrives by `didOpen` or
/// `didChange` is kept as text, never parsed: it publishes one `limit-exceeded` diagnostic,
/// requests on it fail with a reason, edits keep applying to it, and once it is within the limit
/// again it is parsed as usual.
@Suite struct OversizedDocumentTests {
    let uri = "file:///big.bracket"

    func lastDiagnostics(_ client: LSPTestClient) -> JSONValue? {
        client.notifications("textDocument/publishDiagnostics").last?["params"]?["diagnostics"]
    }

    /// One line of `count` bytes: a comment, so a parse (if one happened) would be cheap to get
    /// wrong in no other way than by being made at all.
    func openMessage(count: Int) -> String {
        ##"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\##(uri)","languageId":"bracket","version":1,"text":"#"##
            + String(repeating: "a", count: count - 1) + #""}}}"#
    }

    func hover(_ client: LSPTestClient, id: Int) -> JSONValue? {
        client.request(id, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 0]])
        return client.response(id)
    }

    @Test func pastTheLimitIsKeptUnparsedUntilItIsBackWithin() throws {
        let client = LSPTestClient()
        client.initialize()
        let size = Limits.documentBytes + 1
        client.sendBody(openMessage(count: size))
        client.sync()
        let opened = try #require(lastDiagnostics(client))
        #expect(opened.arrayValue?.count == 1)
        #expect(opened[0]?["code"] == "limit-exceeded")
        #expect(opened[0]?["message"]?.stringValue?.contains("\(size) bytes") == true)
        #expect(hover(client, id: 2)?["error"]?["code"] == -32803)

        // A ranged edit applies to the kept text: one byte longer, still past the limit.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": ["start": ["line": 0, "character": 1], "end": ["line": 0, "character": 1]], "text": "b"]],
        ])
        client.sync(901)
        #expect(lastDiagnostics(client)?[0]?["message"]?.stringValue?.contains("\(size + 1) bytes") == true)

        // Replacing all but a small tree by an edit brings it back: parsed, answered, no limit.
        let end = JSONValue(size + 1)
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 3],
            "contentChanges": [["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": end]], "text": "r { a b }\n"]],
        ])
        client.sync(902)
        #expect(lastDiagnostics(client) == [])
        #expect(hover(client, id: 3)?["error"] == nil)

        // A whole new text past the limit is not parsed either.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 4],
            "contentChanges": [["text": .string("#" + String(repeating: "c", count: size))]],
        ])
        client.sync(903)
        #expect(lastDiagnostics(client)?[0]?["code"] == "limit-exceeded")
        #expect(client.finish() == 0)
    }
}
