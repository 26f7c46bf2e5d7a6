import BracketJSON
import JSONRPC
import Testing

private let uri = "file:///t.bracket"
private let tutorial = "1 \"Final\" {\n  2 { 4 5 }\n  3 { 6 7 }\n}\n"

private func doc() -> JSONValue { ["uri": .string(uri)] }
private func at(_ line: Int, _ character: Int) -> JSONValue {
    ["textDocument": doc(), "position": ["line": JSONValue(line), "character": JSONValue(character)]]
}

/// Starts a server with `text` open, runs `body`, and always shuts the server down.
private func withServer(_ text: String, encodings: [String] = ["utf-16"], _ body: (EditingSession) throws -> Void) throws {
    let client = EditingSession(positionEncodings: encodings)
    defer { client.stop() }
    client.open(uri, text)
    try body(client)
}

@Test func initializeAdvertisesEditingFeatures() throws {
    let client = EditingSession()
    defer { client.stop() }
    let capabilities = try #require(client.capabilities)
    for provider in ["documentSymbolProvider", "hoverProvider", "definitionProvider", "referencesProvider",
                     "documentHighlightProvider", "documentFormattingProvider", "foldingRangeProvider",
                     "selectionRangeProvider"] {
        #expect(capabilities[provider]?.boolValue == true, "\(provider)")
    }
    #expect(capabilities["renameProvider"]?["prepareProvider"]?.boolValue == true)
    #expect(capabilities["semanticTokensProvider"]?["range"]?.boolValue == true)
    #expect(capabilities["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.arrayValue?.count == 6)
    #expect(capabilities["completionProvider"]?["triggerCharacters"]?.arrayValue?.compactMap(\.stringValue) == ["@", " "])
    #expect(capabilities["codeActionProvider"]?["codeActionKinds"]?[0]?.stringValue == "quickfix")
}

@Test func documentSymbolsNestTheTree() throws {
    try withServer(tutorial) { client in
        let symbols = try client.request("textDocument/documentSymbol", ["textDocument": doc()]).get()
        let root = try #require(symbols[0])
        #expect(symbols.arrayValue?.count == 1)
        #expect(root["name"]?.stringValue == "1")
        #expect(root["detail"]?.stringValue == "Final")
        #expect(root["children"]?.arrayValue?.map { $0["name"]?.stringValue } == ["2", "3"])
        #expect(root["children"]?[1]?["children"]?.arrayValue?.map { $0["name"]?.stringValue } == ["6", "7"])
        #expect(root["selectionRange"]?["end"]?["character"]?.intValue == 1)
        #expect(root["range"]?["end"]?["line"]?.intValue == 3)
    }
}

@Test func hoverGivesMarkdownWithTheCardCentre() throws {
    try withServer(tutorial) { client in
        let hover = try client.request("textDocument/hover", at(2, 8)).get()
        let text = try #require(hover["contents"]?["value"]?.stringValue)
        #expect(hover["contents"]?["kind"]?.stringValue == "markdown")
        #expect(text.contains("**7**") && text.contains("- centre: (66, 238)"))
        #expect(try client.request("textDocument/hover", at(0, 4)).get().isNull)
    }
}

@Test func renameRefusesThenSucceeds() throws {
    try withServer(tutorial) { client in
        let prepared = try client.request("textDocument/prepareRename", at(1, 2)).get()
        #expect(prepared["placeholder"]?.stringValue == "2")
        var params = at(1, 2)
        params = ["textDocument": doc(), "position": params["position"]!, "newName": "3"]
        guard case .failure(let taken) = try client.request("textDocument/rename", params) else {
            Issue.record("rename to a taken ID succeeded"); return
        }
        #expect(taken.code == -32803 && taken.message.contains("already"))
        params = ["textDocument": doc(), "position": at(1, 2)["position"]!, "newName": "semi"]
        let edit = try client.request("textDocument/rename", params).get()
        let edits = try #require(edit["changes"]?[uri]?.arrayValue)
        #expect(edits.count == 1)
        #expect(edits.first?["newText"]?.stringValue == "semi")
        #expect(edits.first?["range"]?["start"]?["line"]?.intValue == 1)
    }
}

@Test func formattingReplacesTheWholeText() throws {
    try withServer("1{2 3}") { client in
        let edits = try client.request("textDocument/formatting", [
            "textDocument": doc(), "options": ["tabSize": 4, "insertSpaces": true],
        ]).get()
        #expect(edits.arrayValue?.count == 1)
        #expect(edits[0]?["newText"]?.stringValue == "1 { 2 3 }\n")
        #expect(edits[0]?["range"]?["end"]?["character"]?.intValue == 6)
    }
}

/// The code actions for an empty range at (line, character), naming `diagnostics` in the context.
private func codeActions(_ client: EditingSession, _ line: Int, _ character: Int, _ diagnostics: [JSONValue]) throws -> [JSONValue] {
    let position: JSONValue = ["line": JSONValue(line), "character": JSONValue(character)]
    return try client.request("textDocument/codeAction", [
        "textDocument": doc(), "range": ["start": position, "end": position],
        "context": ["diagnostics": .array(diagnostics)],
    ]).get().arrayValue ?? []
}

/// Neovim asks with the cursor's range and the line's diagnostics in `context.diagnostics`:
/// the fix comes with the cursor anywhere on the line, and for a diagnostic named from elsewhere.
@Test func quickFixAnswersForTheLineAndForNamedDiagnostics() throws {
    try withServer("r {\n  a \"Alpha\"\n  b\n  a \"Again\"\n}\n") { (client: EditingSession) throws in
        #expect(try client.diagnosticCodes(uri) == ["duplicate-id"])
        // On the label, past the ID.
        #expect(try codeActions(client, 3, 8, []).first?["title"]?.stringValue == "Rename to a_2")
        #expect(try codeActions(client, 1, 0, []).isEmpty)
        let named: JSONValue = [
            "range": ["start": ["line": 3, "character": 2], "end": ["line": 3, "character": 3]],
            "code": "duplicate-id", "message": "duplicate",
        ]
        #expect(try codeActions(client, 1, 0, [named]).first?["title"]?.stringValue == "Rename to a_2")
    }
}

@Test func duplicateIDQuickFixClearsTheDiagnostic() throws {
    try withServer("r { a b a }") { client in
        #expect(try client.diagnosticCodes(uri) == ["duplicate-id"])
        let actions = try client.request("textDocument/codeAction", [
            "textDocument": doc(),
            "range": ["start": ["line": 0, "character": 8], "end": ["line": 0, "character": 9]],
            "context": ["diagnostics": []],
        ]).get()
        let action = try #require(actions[0])
        #expect(action["kind"]?.stringValue == "quickfix")
        #expect(action["diagnostics"]?[0]?["code"]?.stringValue == "duplicate-id")
        let edit = try #require(action["edit"]?["changes"]?[uri]?[0])
        let range = try #require(edit["range"])
        let newText = try #require(edit["newText"])
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": range, "text": newText]],
        ])
        #expect(try client.diagnosticCodes(uri) == [])
    }
}

@Test func semanticTokensDecode() throws {
    try withServer("@root left\nr { a }") { client in
        let legend = ["comment", "property", "string", "enumMember", "variable", "class"]
        let data = try client.request("textDocument/semanticTokens/full", ["textDocument": doc()]).get()
        let numbers = (data["data"]?.arrayValue ?? []).compactMap(\.intValue)
        #expect(!numbers.isEmpty)
        #expect(numbers.count % 5 == 0)
        var line = 0, character = 0
        var decoded: [String] = []
        for index in stride(from: 0, to: numbers.count, by: 5) {
            if numbers[index] > 0 { character = 0 }
            line += numbers[index]
            character += numbers[index + 1]
            decoded.append("\(line):\(character):\(numbers[index + 2]):\(legend[numbers[index + 3]]):\(numbers[index + 4])")
        }
        #expect(decoded == ["0:0:5:property:0", "0:6:4:enumMember:0", "1:0:1:class:1", "1:4:1:variable:1"])
        let ranged = try client.request("textDocument/semanticTokens/range", [
            "textDocument": doc(), "range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 2]],
        ]).get()
        #expect(ranged["data"]?.arrayValue?.compactMap(\.intValue) == [1, 0, 1, 5, 1])
    }
}

/// On a line with an emoji label, the same node ID sits at different character offsets in
/// UTF-16 (the emoji counts 2) and UTF-8 (it counts 4): `r { a "🏆" b`.
@Test(arguments: [("utf-16", 11), ("utf-8", 13)])
func definitionUsesTheNegotiatedEncoding(_ encoding: String, _ character: Int) throws {
    try withServer("r { a \"🏆\" b\n  b2 }", encodings: [encoding]) { client in
        // Cursor on the `b` after the emoji label.
        let result = try client.request("textDocument/references", [
            "textDocument": doc(), "position": ["line": 0, "character": JSONValue(character)],
            "context": ["includeDeclaration": true],
        ]).get()
        let first = try #require(result[0])
        #expect(result.arrayValue?.count == 1)
        #expect(first["range"]?["start"]?["character"]?.intValue == character)
        #expect(first["range"]?["end"]?["character"]?.intValue == character + 1)
    }
}

/// The deepest allowed document: the symbols nest 128 levels, then the deeper nodes are listed
/// flat, in order, under the node at the last level (so the answer stays readable by JSON
/// readers with depth limits, such as this test client's).
@Test func deepDocumentSymbols() throws {
    let depth = 100_000 - 1
    let text = (0..<depth).map { "\($0) {" }.joined(separator: " ") + " x " + String(repeating: "}", count: depth)
    try withServer(text) { client in
        var symbols = try client.request("textDocument/documentSymbol", ["textDocument": doc()]).get()
        var names: [String] = []
        while let child = symbols[0] {
            names.append(child["name"]?.stringValue ?? "?")
            if names.count == 128 { break }
            symbols = child["children"] ?? .null
        }
        #expect(names == (0..<128).map(String.init))
        let flat = symbols[0]?["children"]?.arrayValue ?? []
        #expect(flat.count == depth + 1 - 128)
        #expect(flat.first?["name"]?.stringValue == "128")
        #expect(flat.last?["name"]?.stringValue == "x")
        #expect(flat.allSatisfy { $0["children"] == nil })
    }
}
