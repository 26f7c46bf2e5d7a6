import BracketJSON
import Foundation
import JSONRPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import BracketServer

@Suite struct LifecycleTests {
    @Test func initializeAnswersCapabilitiesAndShutdownExitGivesZero() throws {
        let client = LSPTestClient()
        let response = try #require(client.initialize())
        let result = try #require(response["result"])
        #expect(result["serverInfo"]?["name"] == "bracket")
        #expect(result["serverInfo"]?["version"]?.stringValue != nil)
        #expect(result["capabilities"]?["positionEncoding"] == "utf-16")
        #expect(result["capabilities"]?["textDocumentSync"]?["change"] == 2)
        #expect(result["capabilities"]?["textDocumentSync"]?["openClose"] == true)
        client.request(7, "shutdown")
        #expect(client.response(7)?["result"] == .null)
        // Framing byte for byte: header, blank line, compact body.
        let body = #"{"jsonrpc":"2.0","id":7,"result":null}"#
        let expected = Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        #expect(client.output.suffix(expected.count).elementsEqual(expected))
        client.notify("exit")
        #expect(client.exitStatus() == 0)
        client.closeInput()
    }

    @Test func utf8IsChosenWhenOffered() throws {
        let client = LSPTestClient()
        let response = try #require(client.initialize(encodings: ["utf-16", "utf-8"]))
        #expect(response["result"]?["capabilities"]?["positionEncoding"] == "utf-8")
        #expect(client.finish() == 0)
    }

    @Test func exitWithoutShutdownGivesOne() {
        let client = LSPTestClient()
        client.initialize()
        client.notify("exit")
        #expect(client.exitStatus() == 1)
        client.closeInput()
    }

    @Test func endOfInputEndsTheServer() {
        let client = LSPTestClient()
        client.initialize()
        client.closeInput()
        #expect(client.exitStatus() == 1)

        let polite = LSPTestClient()
        polite.initialize()
        polite.request(2, "shutdown")
        _ = polite.response(2)
        polite.closeInput()
        #expect(polite.exitStatus() == 0)
    }

    @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() throws {
        let client = LSPTestClient()
        client.request(3, "bracket/preview", ["textDocument": ["uri": "file:///a.bracket"]])
        #expect(client.response(3)?["error"]?["code"] == -32002)
        client.open("file:///a.bracket", "1 { 2 3 }")  // dropped: not initialized yet
        client.initialize()
        client.request(4, "bracket/preview", ["textDocument": ["uri": "file:///a.bracket"]])
        #expect(client.response(4)?["error"]?["code"] == -32602)
        #expect(client.notifications("textDocument/publishDiagnostics").isEmpty)
        #expect(client.finish() == 0)
    }

    @Test func unknownMethodsMalformedJSONAndWrongParams() throws {
        let client = LSPTestClient()
        client.initialize()
        client.request(5, "textDocument/noSuchThing", [:])
        #expect(client.response(5)?["error"]?["code"] == -32601)
        client.notify("$/noSuchNotification", [:])
        client.sendBody("{\"jsonrpc\": \"2.0\", \"id\": 6, \"method\": ")
        let parseError = try #require(client.next())
        #expect(parseError["error"]?["code"] == -32700)
        #expect(parseError["id"] == .null)
        client.request(8, "bracket/preview", ["textDocument": 5])
        let wrong = try #require(client.response(8))
        #expect(wrong["error"]?["code"] == -32602)
        #expect(wrong["error"]?["message"]?.stringValue?.contains("params.textDocument") == true)
        client.request(9, "bracket/preview", ["textDocument": ["uri": "file:///never-opened.bracket"]])
        #expect(client.response(9)?["error"]?["message"]?.stringValue?.contains("not open") == true)
        #expect(client.finish() == 0)
    }

    @Test func requestsAfterShutdownAreInvalid() {
        let client = LSPTestClient()
        client.initialize()
        client.request(2, "shutdown")
        _ = client.response(2)
        client.request(3, "bracket/preview", ["textDocument": ["uri": "file:///a.bracket"]])
        #expect(client.response(3)?["error"]?["code"] == -32600)
        client.notify("exit")
        #expect(client.exitStatus() == 0)
        client.closeInput()
    }

    @Test func queuedRequestCanBeCancelled() throws {
        // The first preview is held when it starts until the cancellation of the next has
        // arrived, so the next is still queued then, however slow the machine.
        let client = LSPTestClient(cancellation: holding(.int(10), untilCancelled: [.int(11)]))
        client.initialize()
        client.open("file:///big.bracket", "root {\n  n0 \"Card 0\"\n  n1 \"Card 1\"\n}\n")
        let preview: JSONValue = ["textDocument": ["uri": "file:///big.bracket"]]
        client.sendRaw(client.message(id: 10, method: "bracket/preview", params: preview)
            + client.message(id: 11, method: "bracket/preview", params: preview)
            + client.message(method: "$/cancelRequest", params: ["id": 11]))
        #expect(client.response(10, timeout: 120)?["result"]?["uri"] == "file:///big.bracket")
        #expect(client.response(11, timeout: 120)?["error"]?["code"] == -32800)
        #expect(client.finish() == 0)
    }

    @Test func clientProcessDeathEndsTheServer() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        try child.run()
        let client = LSPTestClient()
        client.initialize(processID: Int(child.processIdentifier))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(client.exitStatus(timeout: 10) == 1)
        client.closeInput()
    }
}
