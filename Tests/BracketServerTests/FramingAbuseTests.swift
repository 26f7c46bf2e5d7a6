// Broken framing and broken JSON-RPC envelopes, sent over real pipes. Each case checks what the
// server answers (or that it stays silent), then that a valid request is still answered.
import BracketJSON
import Testing

@Suite struct FramingAbuseTests {
    /// Header blocks whose body cannot be located: the server logs, resynchronises on the next
    /// `Content-Length` header and answers what follows.
    @Test(arguments: [
        "Content-Type: application/json\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":77,\"method\":\"shutdown\"}",
        "Content-Length: -5\r\n\r\n{}",
        "Content-Length: twelve\r\n\r\n{\"a\":1}",
        "Content-Length: 12abc\r\n\r\n",
        "Content-Length 12\r\n\r\n",
        "Content-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "Content-Length: 99999999999999999999999\r\n\r\n",
    ])
    func unreadableHeaderIsSkipped(header: String) {
        let client = LSPTestClient()
        client.initialize()
        client.sendRaw(Array(header.utf8))
        expectHealthy(client, id: 10)
        // The shutdown hidden in the first case's body was never run: shutdown now answers and exit gives 0.
        #expect(client.finish() == 0)
        // The server said why, in its log (not the test's output).
        #expect(client.waitForLog(containing: "framing error: ").contains { $0.hasPrefix("framing error: ") })
    }

    static let probe = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"bracket/sync-probe\"}"

    /// A Content-Length beyond the 128 MiB limit (a wrong length, as the body is short): the
    /// message is refused without waiting for those bytes, the request is answered -32600 with
    /// its id, and reading resumes at the next header, so what follows is answered.
    @Test(arguments: [(128 << 20) + 1, 1 << 31, 1_000_000_000_000, Int.max])
    func overLimitLengthIsRefusedAndAnswered(declared: Int) throws {
        let client = LSPTestClient()
        client.initialize()
        client.sendRaw(Array("Content-Length: \(declared)\r\n\r\n\(Self.probe)".utf8))
        let refusal = try #require(client.response(7))
        #expect(refusal["error"]?["code"] == -32600)
        #expect(refusal["error"]?["message"]?.stringValue?.contains("exceeds the limit") == true)
        expectHealthy(client, id: 10)
        #expect(client.finish() == 0)
        // The log pipe is read on its own thread: wait for the line rather than race it.
        let said = "Content-Length \(declared) exceeds the limit"
        #expect(client.waitForLog(containing: said).contains { $0.contains(said) })
    }

    /// A declared length longer than the body, with the next message right behind it: the next
    /// header is found inside the declared body, the cut request is answered -32600 and the
    /// following ones are answered as usual — whatever the wrong length, under the limit or over.
    @Test(arguments: [200, 5_000, 1_000_000, 100 << 20, 1 << 31])
    func tooLongLengthFollowedByValidMessages(declared: Int) throws {
        let client = LSPTestClient()
        client.initialize()
        let next = client.message(id: 8, method: "bracket/sync-probe") + client.message(id: 9, method: "bracket/sync-probe")
        client.sendRaw(Array("Content-Length: \(declared)\r\n\r\n\(Self.probe)".utf8) + next)
        #expect(client.response(7)?["error"]?["code"] == -32600)
        #expect(client.response(8)?["error"]?["code"] == -32601)
        #expect(client.response(9)?["error"]?["code"] == -32601)
        expectHealthy(client, id: 10)
        #expect(client.finish() == 0)
    }

    /// A refused message that is not a request (a notification, a response to the server, not
    /// JSON at all) gets no answer; reading resumes all the same.
    @Test(arguments: [
        "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didSave\",\"params\":{}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":null}",
        "not json at all",
        "",
    ])
    func refusedNonRequestsGetNoAnswer(body: String) throws {
        for declared in [1 << 31, 100_000] {
            let client = LSPTestClient()
            client.initialize()
            client.sendRaw(Array("Content-Length: \(declared)\r\n\r\n\(body)".utf8) + client.message(id: 8, method: "bracket/sync-probe"))
            let answer = try #require(client.nextError())
            #expect(answer["id"] == 8)
            expectHealthy(client, id: 10)
            #expect(client.finish() == 0)
        }
    }

    /// A real message over the limit (the client sends every declared byte) is refused and the
    /// message after it read, without the server holding the body.
    @Test func realOverLimitMessageIsPassedOver() throws {
        let client = LSPTestClient()
        client.initialize()
        let filler = String(repeating: "x", count: (128 << 20) + 10 - 60)
        let body = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"bracket/x\",\"params\":{\"a\":\"\(filler)\"}}"
        client.sendRaw(Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) + client.message(id: 8, method: "bracket/sync-probe"))
        #expect(client.response(7)?["error"]?["code"] == -32600)
        #expect(client.response(8)?["error"]?["code"] == -32601)
        #expect(client.finish() == 0)
    }

    /// Bytes that are not a message between messages — stray lines a client printed, binary
    /// junk, blank lines, a body without its header — are reported and skipped; the message
    /// after them is answered.
    @Test(arguments: [
        "hello from the client\n",
        "hello\r\n",
        "\r\n\r\n\r\n",
        "junk: header\r\n\r\n",
        "\u{0}\u{1}\u{7f}\u{1b}[31m",
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"shutdown\"}",
        "Content-Length: 5\r\nbroken line\r\n\r\n",
        "Content-Length: abc\r\n",
        "Content-Length\r\n\r\n",
        "Content-Length: \r\n\r\n",
    ])
    func garbageBetweenMessagesIsSkipped(garbage: String) throws {
        let client = LSPTestClient()
        client.initialize()
        client.sendRaw(client.message(id: 5, method: "bracket/sync-probe") + Array(garbage.utf8)
            + client.message(id: 6, method: "bracket/sync-probe"))
        #expect(client.response(5)?["error"]?["code"] == -32601)
        #expect(client.response(6)?["error"]?["code"] == -32601)
        expectHealthy(client, id: 10)
        // The shutdown in a body without a header never ran: shutdown and exit give 0.
        #expect(client.finish() == 0)
    }

    /// Every wrong length for one message, shorter and longer, each followed by a valid request:
    /// the valid request is always answered.
    @Test func everyWrongLengthOfOneMessage() throws {
        let client = LSPTestClient()
        client.initialize()
        let body = Array(Self.probe.utf8)
        var answered = 0
        for (index, declared) in [0, 1, 10, body.count - 1, body.count + 1, body.count + 30, 10_000].enumerated() {
            let id = 100 + index
            client.sendRaw(Array("Content-Length: \(declared)\r\n\r\n".utf8) + body + client.message(id: id, method: "bracket/sync-probe"))
            if client.response(id)?["error"]?["code"] == -32601 { answered += 1 }
        }
        #expect(answered == 7)
        expectHealthy(client, id: 10)
        #expect(client.finish() == 0)
    }

    /// A body shorter than declared, then end of input: earlier requests were answered and the
    /// server exits (1, as there was no shutdown) instead of waiting or crashing.
    @Test(arguments: [100, 1_000_000, 100 << 20, 1 << 30])
    func declaredLengthLongerThanTheInput(declared: Int) {
        let client = LSPTestClient()
        client.initialize()
        expectHealthy(client, id: 10)
        client.sendRaw(Array("Content-Length: \(declared)\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":11,".utf8))
        client.closeInput()
        #expect(client.exitStatus() == 1)
        #expect(client.response(11, timeout: 1) == nil)
    }

    /// A header cut off by the end of input.
    @Test func truncatedHeaderAtEndOfInput() {
        let client = LSPTestClient()
        client.initialize()
        client.sendRaw(Array("Content-Len".utf8))
        client.closeInput()
        #expect(client.exitStatus() == 1)
    }

    @Test func invalidUTF8IsAParseError() throws {
        let client = LSPTestClient()
        client.initialize()
        let body = Array("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"bracket/preview\",\"params\":{\"textDocument\":{\"uri\":\"".utf8)
            + [0xFF, 0xC3, 0x28] + Array("\"}}}".utf8)
        client.sendFrame(body)
        let answer = try #require(client.nextError())
        #expect(answer["error"]?["code"] == -32700)
        #expect(answer["id"] == .null)
        expectHealthy(client, id: 10)
        #expect(client.finish() == 0)
    }

    @Test func batchIsAnInvalidRequest() throws {
        let client = LSPTestClient()
        client.initialize()
        client.sendBody("[{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"shutdown\"}]")
        let answer = try #require(client.nextError())
        #expect(answer["error"]?["code"] == -32600)
        #expect(answer["id"] == .null)
        expectHealthy(client, id: 10)
        #expect(client.finish() == 0)
    }

    /// Integers and strings are ids and are echoed exactly; any other JSON type makes the request
    /// invalid, answered with id null because no usable id exists.
    @Test(arguments: ["null", "true", "false", "{\"a\":1}", "[1]", "1.5", "1e3"])
    func idOfAnUnusableType(id: String) throws {
        let client = LSPTestClient()
        client.initialize()
        client.sendBody("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"bracket/sync-probe\"}")
        let answer = try #require(client.nextError())
        #expect(answer["error"]?["code"] == -32600)
        #expect(answer["id"] == .null)
        expectHealthy(client, id: 10)
        #expect(client.finish() == 0)
    }

    @Test(arguments: [("42", JSONValue(42)), ("-7", JSONValue(-7)), ("\"abc\"", JSONValue("abc")),
                      ("\"\"", JSONValue("")), ("9007199254740993", JSONValue(9_007_199_254_740_993))])
    func integerAndStringIDsAreEchoed(id: String, expected: JSONValue) throws {
        let client = LSPTestClient()
        client.initialize()
        client.sendBody("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"bracket/no-such-method\"}")
        let answer = try #require(client.nextError())
        #expect(answer["error"]?["code"] == -32601)
        #expect(answer["id"] == expected)
        expectHealthy(client, id: 10)
        #expect(client.finish() == 0)
    }

    /// Params of the wrong shape for the method are -32602 with the request's own id.
    @Test(arguments: [
        "[]", "{}", "{\"textDocument\":5}", "{\"textDocument\":{\"uri\":5}}", "{\"textDocument\":{\"uri\":null}}",
        "{\"textDocument\":{}}",
    ])
    func paramsOfTheWrongType(params: String) throws {
        let client = LSPTestClient()
        client.initialize()
        client.sendBody("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"bracket/preview\",\"params\":\(params)}")
        let answer = try #require(client.response(8))
        #expect(answer["error"]?["code"] == -32602)
        expectHealthy(client, id: 10)
        #expect(client.finish() == 0)
    }

    /// Params that are not structured at all break the envelope itself: -32600.
    @Test func scalarParamsAreAnInvalidRequest() throws {
        let client = LSPTestClient()
        client.initialize()
        client.sendBody("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"bracket/preview\",\"params\":\"file:///x\"}")
        let answer = try #require(client.response(8))
        #expect(answer["error"]?["code"] == -32600)
        expectHealthy(client, id: 10)
        #expect(client.finish() == 0)
    }

    /// Malformed notifications get no answer (there is no id to answer), and break nothing.
    @Test func brokenNotificationsAreDroppedSilently() {
        let client = LSPTestClient()
        client.initialize()
        client.sendBody("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":7}}")
        client.sendBody("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"contentChanges\":3}}")
        client.sendBody("{\"jsonrpc\":\"2.0\",\"method\":42}")
        expectHealthy(client, id: 10)
        #expect(client.finish() == 0)
    }
}
