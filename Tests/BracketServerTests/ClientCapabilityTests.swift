import BracketJSON
import JSONRPC
import Testing

// The server sends what the client says it can take (LSP 3.17: an absent capability means the
// client lacks it). Each class is tried with the capability absent, false (or empty) and true,
// over the real server.

private let uri = "file:///caps.bracket"
private let tree = "top \"Top\" {\n  mid {\n    leaf\n  }\n  other\n}\n"

private func doc() -> JSONValue { ["uri": .string(uri)] }

private func at(_ line: Int, _ character: Int) -> JSONValue {
    ["textDocument": doc(), "position": ["line": JSONValue(line), "character": JSONValue(character)]]
}

/// `textDocument.<feature>` set to `value` (nil: the feature's entry is left out).
private func declaring(_ feature: String, _ value: JSONValue?, workspace: JSONValue? = nil) -> JSONObject {
    var document: JSONObject = [:]
    if let value { document.append(feature, value) }
    var capabilities: JSONObject = ["textDocument": .object(document)]
    if let workspace { capabilities.append("workspace", workspace) }
    return capabilities
}

private func withServer(_ capabilities: JSONObject, _ text: String = tree,
                        _ body: (EditingSession) throws -> Void) throws {
    let session = EditingSession(clientCapabilities: capabilities)
    defer { session.stop() }
    session.open(uri, text)
    try body(session)
}

// MARK: - documentSymbol

private let symbolVariants: [(String, JSONValue?, Bool)] = [
    ("absent", nil, false), ("no entry", [:], false),
    ("false", ["hierarchicalDocumentSymbolSupport": false], false),
    ("not a boolean", ["hierarchicalDocumentSymbolSupport": "yes"], false),
    ("true", ["hierarchicalDocumentSymbolSupport": true], true),
]

@Test(arguments: symbolVariants.indices)
func documentSymbolsAreNestedOnlyForClientsThatSaySo(_ index: Int) throws {
    let (name, value, nested) = symbolVariants[index]
    try withServer(declaring("documentSymbol", value)) { session in
        let result = try session.request("textDocument/documentSymbol", ["textDocument": doc()]).get()
        let symbols = try #require(result.arrayValue, "\(name)")
        if nested {
            #expect(symbols.count == 1)
            #expect(symbols[0]["children"]?.arrayValue?.map { $0["name"]?.stringValue } == ["mid", "other"])
            #expect(symbols[0]["location"] == nil)
        } else {
            // SymbolInformation[]: every node, in document order, each naming its parent.
            #expect(symbols.map { $0["name"]?.stringValue } == ["top", "mid", "leaf", "other"], "\(name)")
            #expect(symbols.map { $0["containerName"]?.stringValue } == [nil, "top", "mid", "top"])
            #expect(symbols.allSatisfy { $0["children"] == nil && $0["selectionRange"] == nil })
            #expect(symbols.map { $0["kind"]?.intValue } == [5, 5, 8, 8])
            #expect(symbols[1]["location"] == ["uri": .string(uri), "range": [
                "start": ["line": 1, "character": 2], "end": ["line": 3, "character": 3]]])
        }
    }
}

/// Flat symbols list every node even below the nesting limit of nested ones.
@Test func flatSymbolsOfADeepTreeListEveryNode() throws {
    let depth = 300
    let text = (0..<depth).map { "n\($0) {" }.joined(separator: "\n") + "\n" + String(repeating: "}\n", count: depth)
    try withServer(declaring("documentSymbol", nil), text) { session in
        let symbols = try #require(try session.request("textDocument/documentSymbol", ["textDocument": doc()]).get().arrayValue)
        #expect(symbols.count == depth)
        #expect(symbols.last?["containerName"]?.stringValue == "n\(depth - 2)")
    }
}

// MARK: - hover

private let hoverVariants: [(String, JSONValue?, String)] = [
    ("absent", nil, "plaintext"), ("no formats", ["contentFormat": []], "plaintext"),
    ("plaintext only", ["contentFormat": ["plaintext"]], "plaintext"),
    ("plaintext first", ["contentFormat": ["plaintext", "markdown"]], "plaintext"),
    ("unknown then markdown", ["contentFormat": ["asciidoc", "markdown"]], "markdown"),
    ("markdown first", ["contentFormat": ["markdown", "plaintext"]], "markdown"),
]

@Test(arguments: hoverVariants.indices)
func hoverIsWrittenInTheClientsFormat(_ index: Int) throws {
    let (name, value, kind) = hoverVariants[index]
    try withServer(declaring("hover", value)) { session in
        let hover = try session.request("textDocument/hover", at(2, 5)).get()
        #expect(hover["contents"]?["kind"]?.stringValue == kind, "\(name)")
        let text = try #require(hover["contents"]?["value"]?.stringValue)
        if kind == "markdown" {
            #expect(text.hasPrefix("**leaf** — Node leaf") && text.contains("- depth: 2"))
        } else {
            #expect(text.hasPrefix("leaf — Node leaf"), "\(name): \(text)")
            #expect(text.contains("depth: 2") && !text.contains("**") && !text.contains("- "))
        }
        #expect(hover["range"]?["start"] == ["line": 2, "character": 4])
    }
}

// MARK: - publishDiagnostics.relatedInformation

private let relatedVariants: [(String, JSONValue?, Bool)] = [
    ("absent", nil, false), ("false", ["relatedInformation": false], false),
    ("true", ["relatedInformation": true], true),
]

@Test(arguments: relatedVariants.indices)
func relatedLocationsFoldIntoTheMessageWithoutRelatedInformation(_ index: Int) throws {
    let (name, value, supported) = relatedVariants[index]
    try withServer(declaring("publishDiagnostics", value), "r {\n  alice\n  alice\n}") { session in
        #expect(try session.diagnosticCodes(uri) == ["duplicate-id"])
        let published = try #require(session.client.notifications("textDocument/publishDiagnostics").last)
        let diagnostic = try #require(published["params"]?["diagnostics"]?[0])
        let message = try #require(diagnostic["message"]?.stringValue)
        if supported {
            #expect(diagnostic["relatedInformation"]?[0]?["location"]?["range"]?["start"] == ["line": 1, "character": 2])
            #expect(!message.contains("first defined here"))
        } else {
            #expect(diagnostic["relatedInformation"] == nil, "\(name)")
            #expect(message.hasSuffix("('alice' is first defined here: line 2, column 3)"), "\(name): \(message)")
        }
        // Code actions echo the diagnostic exactly as it was published.
        let actions = try session.request("textDocument/codeAction", [
            "textDocument": doc(), "range": diagnostic["range"]!, "context": ["diagnostics": [diagnostic]],
        ]).get()
        if let echoed = actions[0]?["diagnostics"]?[0] { #expect(echoed == diagnostic) }
    }
}

// MARK: - codeActionLiteralSupport, executeCommand and applyEdit

private let literalVariants: [(String, JSONValue?, Bool)] = [
    ("absent", nil, false), ("entry without literals", ["dynamicRegistration": false], false),
    ("not an object", ["codeActionLiteralSupport": true], false),
    ("literals", ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix"]]]], true),
]

private let duplicates = "r {\n  alice\n  alice\n}\n"
private let secondAlice: JSONValue = ["start": ["line": 2, "character": 2], "end": ["line": 2, "character": 7]]

@Test(arguments: literalVariants.indices)
func quickFixesAreCommandsForClientsWithoutLiteralSupport(_ index: Int) throws {
    let (name, value, literals) = literalVariants[index]
    try withServer(declaring("codeAction", value, workspace: ["applyEdit": true]), duplicates) { session in
        let provider = session.capabilities?["executeCommandProvider"]
        #expect((provider == nil) == literals, "\(name)")
        let actions = try session.request("textDocument/codeAction", [
            "textDocument": doc(), "range": secondAlice, "context": ["diagnostics": []],
        ]).get()
        let first = try #require(actions[0])
        #expect(first["title"]?.stringValue == "Rename to alice_2")
        if literals {
            #expect(first["kind"]?.stringValue == "quickfix" && first["edit"] != nil && first["command"]?.stringValue == nil)
            return
        }
        // A Command: { title, command, arguments }, run through workspace/executeCommand.
        #expect(provider?["commands"] == ["bracket.applyFix"])
        #expect(first["command"]?.stringValue == "bracket.applyFix")
        #expect(first["kind"] == nil && first["edit"] == nil)
        let arguments = try #require(first["arguments"]?.arrayValue)
        #expect(try session.request("workspace/executeCommand", [
            "command": "bracket.applyFix", "arguments": .array(arguments),
        ]).get() == .null)
        // The server asked the client to apply the edit, the usual way a server edits a buffer.
        let apply = try #require(session.client.serverRequests.last)
        #expect(apply["method"]?.stringValue == "workspace/applyEdit")
        #expect(apply["params"]?["label"]?.stringValue == "Rename to alice_2")
        let edit = try #require(apply["params"]?["edit"]?["changes"]?[uri]?[0])
        #expect(edit["range"] == secondAlice && edit["newText"]?.stringValue == "alice_2")
        session.client.sendBody(#"{"jsonrpc":"2.0","id":\#(apply["id"]!.intValue!),"result":{"applied":true}}"#)
        session.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": edit["range"]!, "text": edit["newText"]!]],
        ])
        #expect(try session.diagnosticCodes(uri) == [])
        // The document moved on: the old fix is refused rather than applied to other text.
        guard case .failure(let stale) = try session.request("workspace/executeCommand", [
            "command": "bracket.applyFix", "arguments": .array(arguments),
        ]) else { Issue.record("stale fix applied"); return }
        #expect(stale.code == -32801 && stale.message.contains("changed since"))
    }
}

@Test func executeCommandRefusesWhatItCannotRun() throws {
    try withServer(declaring("codeAction", nil), duplicates) { session in
        let actions = try session.request("textDocument/codeAction", [
            "textDocument": doc(), "range": secondAlice, "context": ["diagnostics": []],
        ]).get()
        let arguments = try #require(actions[0]?["arguments"]?.arrayValue)
        func refusal(_ params: JSONValue) throws -> ResponseError? {
            if case .failure(let error) = try session.request("workspace/executeCommand", params) { return error }
            return nil
        }
        // No workspace.applyEdit: the client cannot take the edit.
        let noApply = try #require(try refusal(["command": "bracket.applyFix", "arguments": .array(arguments)]))
        #expect(noApply.code == -32803 && noApply.message.contains("workspace.applyEdit"))
        #expect(try refusal(["command": "bracket.other", "arguments": .array(arguments)])?.code == -32602)
        #expect(try refusal(["command": "bracket.applyFix"])?.code == -32602)
        #expect(try refusal(["command": "bracket.applyFix", "arguments": [1]])?.code == -32602)
        var elsewhere = try #require(arguments[0].objectValue)
        elsewhere["uri"] = "file:///other.bracket"
        #expect(try refusal(["command": "bracket.applyFix", "arguments": [.object(elsewhere)]])?.code == -32602)
        #expect(session.client.serverRequests.isEmpty)
    }
}

// MARK: - completion in free text

/// (text, line, character, expects an ID). Space-triggered completion at each place.
private let completionPlaces: [(String, Int, Int, Bool)] = [
    ("r { a # note \n}", 0, 13, false),            // inside a comment, after a space
    ("r { a # note\n}", 0, 12, false),             // at the end of a comment
    ("r \"Final round \" { a }", 0, 14, false),    // inside a label
    ("r \"Final round \n", 0, 15, false),          // an unterminated label, at its end
    ("@title \"Spring Open \"\nr", 0, 20, false),  // inside the title
    ("@title Spring\nr", 0, 13, false),           // after a setting's word value
    ("@margin 2\nr", 0, 9, false),                // after a number value
    ("r \"R\" { a }", 0, 5, true),                // right after a closed label
    ("r { a  }", 0, 6, true),                      // between children
]

@Test(arguments: completionPlaces.indices)
func completionOffersNothingInsideFreeText(_ index: Int) throws {
    let (text, line, character, offersID) = completionPlaces[index]
    try withServer([:], text) { session in
        let items = try #require(try session.request("textDocument/completion", [
            "textDocument": doc(), "position": ["line": JSONValue(line), "character": JSONValue(character)],
            "context": ["triggerKind": 2, "triggerCharacter": " "],
        ]).get().arrayValue)
        #expect(items.isEmpty == !offersID, "\(text.debugDescription) at \(character): \(items)")
    }
}

// MARK: - preview subscriptions on documents that are not open

@Test(arguments: ["bracket/subscribePreview", "bracket/unsubscribePreview"])
func previewSubscriptionsNeedAnOpenDocument(_ method: String) throws {
    try withServer([:]) { session in
        for missing in ["file:///never-opened.bracket", uri.uppercased(), ""] {
            guard case .failure(let error) = try session.request(method, ["textDocument": ["uri": .string(missing)]]) else {
                Issue.record("\(method) on \(missing) answered"); continue
            }
            #expect(error.code == -32602)
            #expect(error.message.contains("document not open: \(missing)"))
        }
        #expect(try session.request(method, ["textDocument": doc()]).get() == .null)
        session.notify("textDocument/didClose", ["textDocument": doc()])
        guard case .failure(let closed) = try session.request(method, ["textDocument": doc()]) else {
            Issue.record("\(method) after didClose answered"); return
        }
        #expect(closed.code == -32602)
    }
}

// MARK: - diagnostic tags and completion item kinds

private let tagVariants: [(String, JSONValue?, [Int]?)] = [
    ("absent", nil, nil), ("no tagSupport", ["relatedInformation": true], nil),
    ("empty valueSet", ["tagSupport": ["valueSet": []]], nil),
    ("deprecated only", ["tagSupport": ["valueSet": [2]]], nil),
    ("unnecessary", ["tagSupport": ["valueSet": [1, 2]]], [1]),
]

@Test(arguments: tagVariants.indices)
func diagnosticTagsGoOnlyToClientsThatListThem(_ index: Int) throws {
    let (name, value, expected) = tagVariants[index]
    try withServer(declaring("publishDiagnostics", value), "@root left\n@root top\nr\n") { session in
        #expect(try session.diagnosticCodes(uri) == ["duplicate-setting"])
        let published = try #require(session.client.notifications("textDocument/publishDiagnostics").last)
        let tags = published["params"]?["diagnostics"]?[0]?["tags"]?.arrayValue?.compactMap(\.intValue)
        #expect(tags == expected, "\(name)")
    }
}

private let kindVariants: [(String, JSONValue?, Int)] = [
    ("absent", nil, 12), ("first version only", ["completionItemKind": ["valueSet": .array((1...18).map { JSONValue($0) })]], 12),
    ("with EnumMember", ["completionItemKind": ["valueSet": [10, 12, 20]]], 20),
]

@Test(arguments: kindVariants.indices)
func completionKindsStayWithinWhatTheClientKnows(_ index: Int) throws {
    let (name, value, valueKind) = kindVariants[index]
    try withServer(declaring("completion", value), "@root \nr\n") { session in
        let values = try #require(try session.request("textDocument/completion", at(0, 6)).get().arrayValue)
        #expect(values.map { $0["label"]?.stringValue } == ["right", "left", "top", "bottom", "center"])
        #expect(values.allSatisfy { $0["kind"]?.intValue == valueKind }, "\(name)")
        let keys = try #require(try session.request("textDocument/completion", [
            "textDocument": doc(), "position": ["line": 1, "character": 1]]).get().arrayValue)
        #expect(keys.first?["kind"]?.intValue == 12)  // the next free ID: Value, known to all
    }
}
