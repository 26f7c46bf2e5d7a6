@testable import BracketServer
import BracketJSON
import BracketSyntax
import JSONRPC
import LanguageServerProtocol
import Testing

// Every method the dispatcher answers is advertised, and every method advertised is answered:
// checked on the dispatcher's table, and over the real server for both kinds of client.

private let uri = "file:///coverage.bracket"

/// The client capability sets whose answers differ: a current editor, and an old one that
/// declares nothing.
private let clients: [(name: String, capabilities: JSONObject)] = [
    ("modern", LSPTestClient.modernClientCapabilities), ("legacy", [:]),
]

@Test func theDispatcherAnswersExactlyWhatSomeClientIsTold() {
    let registered = LanguageServer.dispatcher.methods
    var advertised: Set<String> = []
    for (_, capabilities) in clients {
        let client = ClientCapabilities(json: .object(capabilities))
        advertised.formUnion(LanguageServer.capabilities(encoding: .utf16, client: client).advertisedMethods)
    }
    #expect(advertised.subtracting(registered).isEmpty, "advertised without a handler")
    #expect(registered.subtracting(advertised).subtracting(ServerCapabilities.unconditionalMethods).isEmpty,
            "handled but never advertised")
    // The lifecycle is answered whatever is advertised; `exit` and `$/cancelRequest` are taken
    // before the dispatcher (Server+Lifecycle.swift, LanguageServerEntry.swift).
    #expect(ServerCapabilities.unconditionalMethods.subtracting(registered)
        == [ExitNotification.method, CancelRequestNotification.method])
}

/// Params with every member any request reads, so that each method gets past decoding or fails
/// with -32602, never with -32601.
private let everyParam: JSONValue = [
    "textDocument": ["uri": .string(uri), "languageId": "bracket", "version": 1, "text": "r { a a }"],
    "position": ["line": 0, "character": 4],
    "positions": [["line": 0, "character": 4]],
    "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 9]],
    "newName": "b", "previousResultId": "0", "includeDeclaration": true,
    "options": ["tabSize": 2, "insertSpaces": true], "context": ["diagnostics": []],
    "contentChanges": [["text": "r { a a }"]], "settings": [:], "value": "off",
    "command": "bracket.applyFix", "arguments": [],
]

@Test(arguments: clients.indices)
func everyAdvertisedMethodIsAnsweredOverThePipes(_ index: Int) throws {
    let session = EditingSession(clientCapabilities: clients[index].capabilities)
    defer { session.stop() }
    let capabilities = try #require(session.capabilities)
    session.open(uri, "r { a a }")
    let client = ClientCapabilities(json: .object(clients[index].capabilities))
    let advertised = LanguageServer.capabilities(encoding: .utf16, client: client).advertisedMethods
    // The server's answer advertises what the type says it does.
    #expect(capabilities == LanguageServer.capabilities(encoding: .utf16, client: client).json)
    // didClose would leave no document for the methods after it: it goes last.
    let methods = advertised.sorted().filter { $0 != DidCloseTextDocumentNotification.method }
        + [DidCloseTextDocumentNotification.method]
    for method in methods {
        if case .failure(let error) = try session.request(method, everyParam) {
            #expect(error.code != ResponseError.methodNotFound, "\(clients[index].name): \(method) is advertised, got \(error.message)")
        }
    }
    // A method this client was not told of is not answered.
    for method in LanguageServer.dispatcher.methods.subtracting(advertised)
        .subtracting(ServerCapabilities.unconditionalMethods) {
        guard case .failure(let error) = try session.request(method, everyParam) else {
            Issue.record("\(clients[index].name): \(method) is answered but not advertised"); continue
        }
        #expect(error.code == ResponseError.methodNotFound)
    }
}
