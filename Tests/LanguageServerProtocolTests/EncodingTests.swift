import Testing
import BracketJSON
import LanguageServerProtocol

@Suite struct EncodingTests {
    static let range = LSPRange(start: Position(line: 1, character: 2), end: Position(line: 1, character: 5))
    static let rangeJSON = #"{"start":{"line":1,"character":2},"end":{"line":1,"character":5}}"#

    static func text(_ value: some LSPEncodable) -> String { value.json.description }

    @Test func encodesBasicTypes() {
        #expect(Self.text(Self.range) == Self.rangeJSON)
        #expect(Self.text(Location(uri: "file:///a", range: Self.range)) == #"{"uri":"file:///a","range":\#(Self.rangeJSON)}"#)
        #expect(Self.text(TextDocumentIdentifier(uri: "u")) == #"{"uri":"u"}"#)
        #expect(Self.text(VersionedTextDocumentIdentifier(uri: "u", version: 3)) == #"{"uri":"u","version":3}"#)
        #expect(Self.text(TextEdit(range: Self.range, newText: "x\n")) == #"{"range":\#(Self.rangeJSON),"newText":"x\n"}"#)
    }

    @Test func decodableTypesRoundTrip() throws {
        let item = TextDocumentItem(uri: "u", languageId: "bracket", version: 9, text: "a \"b\" é")
        #expect(try TextDocumentItem(json: item.json, path: "x") == item)
        let change = TextDocumentContentChangeEvent(range: Self.range, text: "t")
        #expect(try TextDocumentContentChangeEvent(json: change.json, path: "x") == change)
        let diagnostic = Diagnostic(range: Self.range, severity: .warning, code: "long-label", source: "bracket", message: "m",
                                    tags: [.deprecated],
                                    relatedInformation: [DiagnosticRelatedInformation(location: Location(uri: "u", range: Self.range), message: "first")],
                                    data: ["fix": "x"])
        #expect(try Diagnostic(json: diagnostic.json, path: "x") == diagnostic)
    }

    @Test func encodesDiagnosticsOmittingAbsentFields() {
        let minimal = Diagnostic(range: Self.range, message: "m")
        #expect(Self.text(minimal) == #"{"range":\#(Self.rangeJSON),"message":"m"}"#)
        let params = PublishDiagnosticsParams(uri: "u", version: 4, diagnostics: [Diagnostic(range: Self.range, severity: .error, code: "duplicate-id", source: "bracket", message: "dup")])
        #expect(Self.text(params) == #"{"uri":"u","version":4,"diagnostics":[{"range":\#(Self.rangeJSON),"severity":1,"code":"duplicate-id","source":"bracket","message":"dup"}]}"#)
    }

    @Test func encodesNestedSymbolsWithoutRecursionLimits() {
        let leaf = DocumentSymbol(name: "4", kind: .object, range: Self.range, selectionRange: Self.range)
        let tree = DocumentSymbol(name: "1", detail: "Final", kind: .object, range: Self.range, selectionRange: Self.range,
                                  children: [DocumentSymbol(name: "2", kind: .object, range: Self.range, selectionRange: Self.range, children: [leaf]), leaf])
        let json = tree.json
        #expect(json["name"] == "1" && json["detail"] == "Final" && json["kind"] == 19)
        #expect(json["children"]?[0]?["name"] == "2")
        #expect(json["children"]?[0]?["children"]?[0]?["name"] == "4")
        #expect(json["children"]?[1]?["name"] == "4")
        #expect(json["children"]?[1]?["children"] == nil)

        var deep = leaf
        for _ in 0..<20_000 { deep = DocumentSymbol(name: "n", kind: .object, range: Self.range, selectionRange: Self.range, children: [deep]) }
        var level = deep.json
        var depth = 0
        while let child = level["children"]?[0] { level = child; depth += 1 }
        #expect(depth == 20_000)
    }

    @Test func encodesFeatureResults() {
        #expect(Self.text(Hover(markdown: "**1**", range: Self.range)) == #"{"contents":{"kind":"markdown","value":"**1**"},"range":\#(Self.rangeJSON)}"#)
        #expect(Self.text(FoldingRange(startLine: 1, endLine: 4)) == #"{"startLine":1,"endLine":4}"#)
        #expect(Self.text(FoldingRange(startLine: 0, endLine: 2, kind: "comment")) == #"{"startLine":0,"endLine":2,"kind":"comment"}"#)
        let outer = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 9, character: 0))
        #expect(Self.text(SelectionRange(ranges: [Self.range, outer]))
            == #"{"range":\#(Self.rangeJSON),"parent":{"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":0}}}}"#)
        #expect(Self.text(SemanticTokens(resultId: "3", data: [0, 1, 2, 3, 0])) == #"{"resultId":"3","data":[0,1,2,3,0]}"#)
        #expect(Self.text(SemanticTokensDeltaResult.delta(SemanticTokensDelta(resultId: "4", edits: [SemanticTokensEdit(start: 5, deleteCount: 1, data: [7])])))
            == #"{"resultId":"4","edits":[{"start":5,"deleteCount":1,"data":[7]}]}"#)
        #expect(Self.text(PrepareRenameResult(range: Self.range, placeholder: "semi_a")) == #"{"range":\#(Self.rangeJSON),"placeholder":"semi_a"}"#)
        #expect(Self.text(DocumentHighlight(range: Self.range, kind: .write)) == #"{"range":\#(Self.rangeJSON),"kind":3}"#)
        #expect(Self.text(CompletionItem(label: "@root", kind: .keyword, detail: "setting", documentation: "Side", insertText: "@root "))
            == #"{"label":"@root","kind":14,"detail":"setting","documentation":{"kind":"markdown","value":"Side"},"insertText":"@root "}"#)
        let edit = WorkspaceEdit(changes: [(uri: "b", edits: [TextEdit(range: Self.range, newText: "y")]), (uri: "a", edits: [])])
        #expect(Self.text(edit) == #"{"changes":{"b":[{"range":\#(Self.rangeJSON),"newText":"y"}],"a":[]}}"#)
        #expect(Self.text(CodeAction(title: "Rename", kind: "quickfix", edit: edit, isPreferred: true))
            == #"{"title":"Rename","kind":"quickfix","edit":\#(Self.text(edit)),"isPreferred":true}"#)
        #expect(Self.text(OpenPreviewResult(url: "http://127.0.0.1:1/t/")) == #"{"url":"http://127.0.0.1:1/t/"}"#)
        #expect(Self.text(VoidResponse()) == "null")
        #expect(Self.text(Optional<Hover>.none) == "null")
    }

    /// Capabilities are typed, so their order is the type's, whatever order they were set in.
    @Test func encodesInitializeResultInAFixedOrder() {
        var capabilities = ServerCapabilities()
        capabilities.hoverProvider = true
        capabilities.textDocumentSync = TextDocumentSyncOptions(openClose: true, change: .incremental, save: false)
        capabilities.positionEncoding = "utf-16"
        let result = InitializeResult(capabilities: capabilities, serverName: "bracket", serverVersion: "0.1")
        #expect(Self.text(result) == #"{"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":2,"save":false},"hoverProvider":true},"serverInfo":{"name":"bracket","version":"0.1"}}"#)
    }

    @Test func advertisedMethodsFollowTheProviders() {
        var capabilities = ServerCapabilities()
        #expect(capabilities.advertisedMethods.isEmpty)
        capabilities.renameProvider = RenameOptions(prepareProvider: false)
        capabilities.semanticTokensProvider = SemanticTokensOptions(
            legend: SemanticTokensLegend(tokenTypes: [], tokenModifiers: []), full: .full, range: false)
        #expect(capabilities.advertisedMethods == ["textDocument/rename", "textDocument/semanticTokens/full"])
        capabilities.renameProvider?.prepareProvider = true
        capabilities.semanticTokensProvider?.full = .delta
        #expect(capabilities.advertisedMethods.isSuperset(of: [
            "textDocument/prepareRename", "textDocument/semanticTokens/full/delta"]))
        #expect(Self.text(capabilities.semanticTokensProvider) == #"{"legend":{"tokenTypes":[],"tokenModifiers":[]},"full":{"delta":true},"range":false}"#)
    }
}
