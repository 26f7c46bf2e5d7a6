// Shared steps for the protocol-abuse tests: raw frames, a health check that every abuse case
// ends with, and a comparison of an edited document against a fresh open of the expected text.
import BracketJSON
import Testing

extension LSPTestClient {
    /// A frame around arbitrary bytes (which need not be JSON, or even UTF-8).
    func sendFrame(_ body: [UInt8]) {
        sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func preview(_ id: Int, _ uri: String) -> JSONValue? {
        request(id, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        return response(id)
    }

    func change(_ uri: String, version: Int, _ changes: [JSONValue]) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": JSONValue(version)],
                                          "contentChanges": .array(changes)])
    }

    func lastDiagnostics(for uri: String) -> JSONValue? {
        notifications("textDocument/publishDiagnostics").last { $0["params"]?["uri"] == .string(uri) }?["params"]
    }
}

func lspRange(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> JSONValue {
    ["start": ["line": JSONValue(startLine), "character": JSONValue(startCharacter)],
     "end": ["line": JSONValue(endLine), "character": JSONValue(endCharacter)]]
}

/// After any abuse the server must still answer a valid request correctly: a fresh document of
/// three nodes previews with three nodes and no diagnostics.
func expectHealthy(_ client: LSPTestClient, id: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let uri = "file:///health-\(id).bracket"
    client.open(uri, "top { left right }")
    let result = client.preview(id, uri)?["result"]
    #expect(result?["geometry"]?["nodes"]?.arrayValue?.count == 3, sourceLocation: sourceLocation)
    #expect(result?["diagnostics"] == ["errors": 0, "warnings": 0], sourceLocation: sourceLocation)
}

/// The edited document's preview and diagnostics equal those of a fresh didOpen of `expected`
/// (same uri and version, so the payloads must be identical, not merely similar).
func expectSameAsFreshOpen(_ client: LSPTestClient, uri: String, version: Int, expected: String, id: Int,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    client.sync(id)
    let editedDiagnostics = client.lastDiagnostics(for: uri)
    let edited = client.preview(id + 1, uri)?["result"]
    client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
    client.open(uri, expected, version: version)
    client.sync(id + 2)
    let freshDiagnostics = client.lastDiagnostics(for: uri)
    let fresh = client.preview(id + 3, uri)?["result"]
    #expect(edited != nil, sourceLocation: sourceLocation)
    #expect(edited == fresh, sourceLocation: sourceLocation)
    #expect(editedDiagnostics == freshDiagnostics, sourceLocation: sourceLocation)
}
