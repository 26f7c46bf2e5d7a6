import Testing
import BracketJSON
import JSONRPC
import LanguageServerProtocol

@Suite struct DecodingTests {
    static func json(_ text: String) throws -> JSONValue { try JSONReader().parse(text) }

    static let document = #""textDocument":{"uri":"file:///a.bracket"}"#
    static let position = #""position":{"line":2,"character":5}"#

    @Test func decodesPositionRequests() throws {
        let params = try Self.json("{\(Self.document),\(Self.position)}")
        let hover = try HoverRequest(params: params)
        #expect(hover.textDocument.uri == "file:///a.bracket")
        #expect(hover.position == Position(line: 2, character: 5))
        #expect(try DefinitionRequest(params: params).position.character == 5)
        #expect(try CompletionRequest(params: params).position.line == 2)
        #expect(try DocumentHighlightRequest(params: params).textDocument.uri == "file:///a.bracket")
        #expect(try PrepareRenameRequest(params: params).position == Position(line: 2, character: 5))
        let references = try ReferencesRequest(params: try Self.json("{\(Self.document),\(Self.position),\"context\":{\"includeDeclaration\":true}}"))
        #expect(references.includeDeclaration)
        let rename = try RenameRequest(params: try Self.json("{\(Self.document),\(Self.position),\"newName\":\"x2\"}"))
        #expect(rename.newName == "x2")
    }

    @Test func decodesDocumentRequests() throws {
        let params = try Self.json("{\(Self.document)}")
        #expect(try DocumentSymbolRequest(params: params).textDocument.uri == "file:///a.bracket")
        #expect(try FoldingRangeRequest(params: params).textDocument.uri == "file:///a.bracket")
        #expect(try SemanticTokensFullRequest(params: params).textDocument.uri == "file:///a.bracket")
        #expect(try PreviewRequest(params: params).textDocument.uri == "file:///a.bracket")
        #expect(try SubscribePreviewRequest(params: params).textDocument.uri == "file:///a.bracket")
        #expect(try UnsubscribePreviewRequest(params: params).textDocument.uri == "file:///a.bracket")
        #expect(try OpenPreviewRequest(params: params).textDocument.uri == "file:///a.bracket")
        #expect(try SemanticTokensDeltaRequest(params: try Self.json("{\(Self.document),\"previousResultId\":\"7\"}")).previousResultId == "7")
        let formatting = try FormattingRequest(params: try Self.json("{\(Self.document),\"options\":{\"tabSize\":4,\"insertSpaces\":false,\"trimTrailingWhitespace\":true}}"))
        #expect(formatting.options.tabSize == 4 && !formatting.options.insertSpaces)
        #expect(formatting.options.raw["trimTrailingWhitespace"] == true)
        let selection = try SelectionRangeRequest(params: try Self.json("{\(Self.document),\"positions\":[{\"line\":0,\"character\":1},{\"line\":3,\"character\":0}]}"))
        #expect(selection.positions == [Position(line: 0, character: 1), Position(line: 3, character: 0)])
        let codeAction = try CodeActionRequest(params: try Self.json("""
            {\(Self.document),"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},
             "context":{"diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},
             "severity":1,"code":"duplicate-id","source":"bracket","message":"dup","tags":[1],"data":{"k":1}}],"only":["quickfix"]}}
            """))
        #expect(codeAction.context.only == ["quickfix"])
        #expect(codeAction.context.diagnostics.first?.code == "duplicate-id")
        #expect(codeAction.context.diagnostics.first?.severity == .error)
        #expect(codeAction.context.diagnostics.first?.tags == [.unnecessary])
        #expect(codeAction.context.diagnostics.first?.data == ["k": 1])
    }

    @Test func decodesInitialize() throws {
        let request = try InitializeRequest(params: try Self.json("""
            {"processId":42,"rootUri":null,"clientInfo":{"name":"Neovim"},
             "capabilities":{"general":{"positionEncodings":["utf-8","utf-16"]},"textDocument":{}},
             "initializationOptions":{"preview":{"push":true}}}
            """))
        #expect(request.params.processId == 42)
        #expect(request.params.rootUri == nil)
        #expect(request.params.clientName == "Neovim")
        #expect(request.params.positionEncodings == [PositionEncodingKind.utf8, PositionEncodingKind.utf16])
        #expect(request.params.initializationOptions?["preview"]?["push"] == true)
        #expect(request.params.capabilities["textDocument"] == [:])
        let minimal = try InitializeRequest(params: try Self.json(#"{"processId":null,"capabilities":{}}"#))
        #expect(minimal.params.positionEncodings.isEmpty && minimal.params.initializationOptions == nil)
        _ = try ShutdownRequest(params: nil)  // takes no params; must not throw
    }

    @Test func decodesNotifications() throws {
        let open = try DidOpenTextDocumentNotification(params: try Self.json(
            #"{"textDocument":{"uri":"file:///a","languageId":"bracket","version":1,"text":"1 { 2 }"}}"#))
        #expect(open.textDocument == TextDocumentItem(uri: "file:///a", languageId: "bracket", version: 1, text: "1 { 2 }"))
        let change = try DidChangeTextDocumentNotification(params: try Self.json("""
            {"textDocument":{"uri":"file:///a","version":2},"contentChanges":[
             {"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":2}},"rangeLength":1,"text":"x"},
             {"text":"whole"}]}
            """))
        #expect(change.textDocument.version == 2)
        #expect(change.contentChanges == [
            TextDocumentContentChangeEvent(range: LSPRange(start: Position(line: 0, character: 1), end: Position(line: 0, character: 2)), text: "x"),
            TextDocumentContentChangeEvent(range: nil, text: "whole"),
        ])
        #expect(try DidCloseTextDocumentNotification(params: try Self.json(#"{"textDocument":{"uri":"u"}}"#)).textDocument.uri == "u")
        #expect(try DidSaveTextDocumentNotification(params: try Self.json(#"{"textDocument":{"uri":"u"},"text":"t"}"#)).text == "t")
        #expect(try DidChangeConfigurationNotification(params: try Self.json(#"{"settings":{"bracket":{"layout":{"cardWidth":100}}}}"#))
            .settings["bracket"]?["layout"]?["cardWidth"] == 100)
        #expect(try CancelRequestNotification(params: try Self.json(#"{"id":"r1"}"#)).id == .string("r1"))
        #expect(try CancelRequestNotification(params: try Self.json(#"{"id":12}"#)).id == .int(12))
        #expect(try SetTraceNotification(params: try Self.json(#"{"value":"verbose"}"#)).value == "verbose")
        _ = try InitializedNotification(params: [:])
        _ = try ExitNotification(params: nil)
    }

    @Test func methodNamesMatchTheSpecification() {
        #expect(InitializeRequest.method == "initialize")
        #expect(HoverRequest.method == "textDocument/hover")
        #expect(SemanticTokensDeltaRequest.method == "textDocument/semanticTokens/full/delta")
        #expect(PreviewRequest.method == "bracket/preview")
        #expect(OpenPreviewRequest.method == "bracket/openPreview")
        #expect(DidChangeTextDocumentNotification.method == "textDocument/didChange")
        #expect(CancelRequestNotification.method == "$/cancelRequest")
        #expect(DidChangeConfigurationNotification.method == "workspace/didChangeConfiguration")
        #expect(PublishDiagnosticsParams.method == "textDocument/publishDiagnostics")
    }

    /// Each case: a decoder, bad params, and the field path and problem the error must name.
    @Test(arguments: [
        ("hover", #"{"textDocument":{"uri":1},"position":{"line":0,"character":0}}"#, "params.textDocument.uri", "expected a string, got a number"),
        ("hover", #"{"textDocument":{"uri":"u"},"position":{"line":"0","character":0}}"#, "params.position.line", "expected an integer, got a string"),
        ("hover", #"{"textDocument":{"uri":"u"},"position":{"line":-1,"character":0}}"#, "params.position.line", "non-negative"),
        ("hover", #"{"textDocument":{"uri":"u"},"position":{"line":true,"character":0}}"#, "params.position.line", "got a boolean"),
        ("hover", #"{"textDocument":{"uri":"u"}}"#, "params.position", "missing required field"),
        ("hover", #"[1]"#, "params", "expected an object, got an array"),
        ("hover", "null", "params", "missing required params"),
        ("didOpen", #"{"textDocument":{"uri":"u","languageId":"b","version":1.5,"text":""}}"#, "params.textDocument.version", "expected an integer"),
        ("didChange", #"{"textDocument":{"uri":"u","version":1}}"#, "params.contentChanges", "missing required field"),
        ("didChange", #"{"textDocument":{"uri":"u","version":1},"contentChanges":[{"text":3}]}"#, "params.contentChanges[0].text", "expected a string"),
        ("didChange", #"{"textDocument":{"uri":"u","version":1},"contentChanges":{}}"#, "params.contentChanges", "expected an array"),
        ("cancel", #"{"id":[1]}"#, "params.id", "expected an integer or a string, got an array"),
        ("initialize", #"{"capabilities":{"general":{"positionEncodings":[8]}}}"#, "params.capabilities.general.positionEncodings[0]", "expected a string"),
        ("setTrace", #"{"value":"loud"}"#, "params.value", "\"loud\""),
        ("rename", #"{"textDocument":{"uri":"u"},"position":{"line":0,"character":0}}"#, "params.newName", "missing required field"),
    ] as [(String, String, String, String)])
    func wrongParamsNameTheField(method: String, params: String, path: String, problem: String) throws {
        let value: JSONValue? = params == "null" ? nil : try Self.json(params)
        do {
            switch method {
            case "hover": _ = try HoverRequest(params: value)
            case "didOpen": _ = try DidOpenTextDocumentNotification(params: value)
            case "didChange": _ = try DidChangeTextDocumentNotification(params: value)
            case "cancel": _ = try CancelRequestNotification(params: value)
            case "initialize": _ = try InitializeRequest(params: value)
            case "setTrace": _ = try SetTraceNotification(params: value)
            case "rename": _ = try RenameRequest(params: value)
            default: Issue.record("unknown case \(method)")
            }
            Issue.record("accepted bad params for \(method)")
        } catch {
            #expect(error.path == path)
            #expect(error.problem.contains(problem), "\(error.problem)")
            #expect(error.responseError.code == ResponseError.invalidParams)
            #expect(error.responseError.message.contains(path))
        }
    }
}
