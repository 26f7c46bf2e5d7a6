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
