import Testing
import BracketJSON
import LanguageServerProtocol

// The types added for older clients and for commands: how they read and how they are written.

@Suite struct ClientFacingTypesTests {
    static func json(_ text: String) throws -> JSONValue { try JSONReader().parse(text) }
    static let range = LSPRange(start: Position(line: 1, character: 2), end: Position(line: 1, character: 5))
    static let rangeJSON = #"{"start":{"line":1,"character":2},"end":{"line":1,"character":5}}"#

    @Test func clientCapabilitiesReadWhatTheyDeclare() throws {
        let modern = ClientCapabilities(json: try Self.json(#"""
            {"workspace":{"applyEdit":true},"textDocument":{
             "documentSymbol":{"hierarchicalDocumentSymbolSupport":true},
             "hover":{"contentFormat":["plaintext","markdown"]},
             "publishDiagnostics":{"relatedInformation":true},
             "codeAction":{"codeActionLiteralSupport":{"codeActionKind":{"valueSet":[]}}}}}
            """#))
        #expect(modern.hierarchicalDocumentSymbols && modern.diagnosticRelatedInformation)
        #expect(modern.codeActionLiterals && modern.applyEdit)
        #expect(modern.hoverContentFormats == [.plaintext, .markdown] && modern.hoverFormat == .plaintext)
        // Absent, null, or of the wrong type: the oldest behaviour, never an error.
        for text in ["{}", #"{"textDocument":null}"#, #"{"textDocument":[]}"#,
                     #"{"textDocument":{"hover":{"contentFormat":"markdown"},"codeAction":{"codeActionLiteralSupport":true},"documentSymbol":{"hierarchicalDocumentSymbolSupport":1}},"workspace":{"applyEdit":"yes"}}"#] {
            #expect(ClientCapabilities(json: try Self.json(text)) == ClientCapabilities(), "\(text)")
        }
        let unknownFirst = ClientCapabilities(json: try Self.json(#"{"textDocument":{"hover":{"contentFormat":["html",7,"markdown"]}}}"#))
        #expect(unknownFirst.hoverFormat == .markdown)
    }

    @Test func initializeParamsCarryTheTypedCapabilities() throws {
        let request = try InitializeRequest(params: try Self.json(
            #"{"capabilities":{"textDocument":{"publishDiagnostics":{"relatedInformation":true}}}}"#))
        #expect(request.params.clientCapabilities.diagnosticRelatedInformation)
        #expect(!request.params.clientCapabilities.codeActionLiterals)
    }

    @Test func executeCommandDecodes() throws {
        let request = try ExecuteCommandRequest(params: try Self.json(#"{"command":"bracket.applyFix","arguments":[{"a":1},2]}"#))
        #expect(request.command == "bracket.applyFix")
        #expect(request.arguments == [["a": 1], 2])
        #expect(try ExecuteCommandRequest(params: try Self.json(#"{"command":"c"}"#)).arguments.isEmpty)
        for (text, path) in [(#"{"arguments":[]}"#, "params.command"), (#"{"command":"c","arguments":{}}"#, "params.arguments")] {
            #expect {
                _ = try ExecuteCommandRequest(params: try Self.json(text))
            } throws: { error in (error as? LSPDecodingError)?.path == path }
        }
    }

    @Test func workspaceEditsRoundTrip() throws {
        let edit = WorkspaceEdit(changes: [(uri: "file:///a", edits: [TextEdit(range: Self.range, newText: "x")]),
                                           (uri: "file:///b", edits: [])])
        #expect(try WorkspaceEdit(json: edit.json, path: "edit") == edit)
        #expect {
            _ = try WorkspaceEdit(json: try Self.json(#"{"changes":{"file:///a":[{"range":1}]}}"#), path: "edit")
        } throws: { error in (error as? LSPDecodingError)?.path == "edit.changes.file:///a[0].range" }
    }

    @Test func olderClientShapesEncode() {
        let location = Location(uri: "file:///a", range: Self.range)
        #expect(SymbolInformation(name: "b", kind: .field, location: location, containerName: "a").json.description
            == #"{"name":"b","kind":8,"location":{"uri":"file:///a","range":\#(Self.rangeJSON)},"containerName":"a"}"#)
        #expect(SymbolInformation(name: "r", kind: .class, location: location).json["containerName"] == nil)
        #expect(Hover(kind: .plaintext, value: "r — Node r").json.description
            == #"{"contents":{"kind":"plaintext","value":"r — Node r"}}"#)
        let command = Command(title: "Rename to a_2", command: "bracket.applyFix", arguments: [["uri": "u"]])
        #expect(CodeActionResult.command(command).json.description
            == #"{"title":"Rename to a_2","command":"bracket.applyFix","arguments":[{"uri":"u"}]}"#)
        #expect(Command(title: "t", command: "c").json.description == #"{"title":"t","command":"c"}"#)
        #expect(ApplyWorkspaceEditParams(label: "fix", edit: WorkspaceEdit(changes: [])).json.description
            == #"{"label":"fix","edit":{"changes":{}}}"#)
    }

    @Test func rawJSONIsWrittenAsItIs() {
        let raw = RawJSON(Array(#"{"b":1,"a":[true]}"#.utf8))
        var writer = JSONWriter()
        writer.beginArray()
        raw.write(to: &writer)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"[{"b":1,"a":[true]}]"#)
        #expect(raw.json == ["b": 1, "a": [true]])
    }
}
