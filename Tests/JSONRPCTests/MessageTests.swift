import Testing
import BracketJSON
import JSONRPC

@Suite struct MessageTests {
    static func decode(_ text: String) -> Result<Message, InvalidMessage> {
        Message.decode(body: Array(text.utf8))
    }

    @Test func decodesEachKind() throws {
        #expect(try Self.decode(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"a":1}}"#).get()
            == .request(id: .int(1), method: "initialize", params: ["a": 1]))
        #expect(try Self.decode(#"{"jsonrpc":"2.0","id":"x","method":"shutdown","params":null}"#).get()
            == .request(id: .string("x"), method: "shutdown", params: nil))
        #expect(try Self.decode(#"{"jsonrpc":"2.0","method":"exit"}"#).get()
            == .notification(method: "exit", params: nil))
        #expect(try Self.decode(#"{"jsonrpc":"2.0","id":3,"result":[1]}"#).get()
            == .response(id: .int(3), result: [1]))
        #expect(try Self.decode(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad","data":{"k":true}}}"#).get()
            == .errorResponse(id: nil, error: ResponseError(code: -32700, message: "bad", data: ["k": true])))
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":1,"method":"x""#, ResponseError.parseError, nil as RequestID?, true),
        ("[{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}]", ResponseError.invalidRequest, nil, true),
        ("42", ResponseError.invalidRequest, nil, true),
        (#"{"jsonrpc":"2.0","id":true,"method":"x"}"#, ResponseError.invalidRequest, nil, true),
        (#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#, ResponseError.invalidRequest, nil, true),
        (#"{"jsonrpc":"2.0","id":{},"method":"x"}"#, ResponseError.invalidRequest, nil, true),
        (#"{"jsonrpc":"2.0","id":7,"method":3}"#, ResponseError.invalidRequest, .int(7), true),
        (#"{"jsonrpc":"2.0","id":7,"method":"x","params":"p"}"#, ResponseError.invalidRequest, .int(7), true),
        (#"{"jsonrpc":"1.0","id":"a","method":"x"}"#, ResponseError.invalidRequest, .string("a"), true),
        (#"{"id":2,"method":"x"}"#, ResponseError.invalidRequest, .int(2), true),
        (#"{"jsonrpc":"2.0","method":"x","params":5}"#, ResponseError.invalidRequest, nil, false),
        (#"{"jsonrpc":"2.0","id":4}"#, ResponseError.invalidRequest, .int(4), true),
        (#"{"jsonrpc":"2.0","id":4,"error":{"code":"x"}}"#, ResponseError.invalidRequest, .int(4), false),
    ] as [(String, Int, RequestID?, Bool)])
    func rejectsInvalidMessages(text: String, code: Int, id: RequestID?, shouldReply: Bool) {
        switch Self.decode(text) {
        case .success(let message):
            Issue.record("accepted \(message)")
        case .failure(let invalid):
            #expect(invalid.error.code == code)
            #expect(invalid.id == id)
            #expect(invalid.shouldReply == shouldReply)
        }
    }

    @Test func invalidUTF8IsAParseError() {
        let body: [UInt8] = Array(#"{"jsonrpc":"2.0","method":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        guard case .failure(let invalid) = Message.decode(body: body) else {
            Issue.record("accepted invalid UTF-8")
            return
        }
        #expect(invalid.error.code == -32700)
    }

    @Test func errorCodesMatchTheSpecifications() {
        #expect(ResponseError.parseError == -32700)
        #expect(ResponseError.invalidRequest == -32600)
        #expect(ResponseError.methodNotFound == -32601)
        #expect(ResponseError.invalidParams == -32602)
        #expect(ResponseError.internalError == -32603)
        #expect(ResponseError.serverNotInitialized == -32002)
        #expect(ResponseError.requestCancelled == -32800)
        #expect(ResponseError.contentModified == -32801)
    }

    @Test(arguments: [
        Message.request(id: .int(1), method: "textDocument/hover", params: ["position": ["line": 1]]),
        .request(id: .string("abc"), method: "shutdown", params: nil),
        .notification(method: "initialized", params: [:]),
        .notification(method: "exit", params: nil),
        .response(id: .int(-9), result: .null),
        .response(id: .string(""), result: ["x": [1.5, "é/"]]),
        .errorResponse(id: .int(2), error: ResponseError(code: -32601, message: "method not found: x")),
        .errorResponse(id: nil, error: ResponseError(code: -32700, message: "bad", data: [1])),
    ])
    func encodingRoundTrips(message: Message) throws {
        #expect(try Message.decode(body: message.encode()).get() == message)
    }

    @Test func encodesResponsesByteForByte() {
        let body = Message.encodeResponse(id: .int(5)) { writer in
            writer.beginObject(); writer.key("ok"); writer.bool(true); writer.endObject()
        }
        #expect(String(decoding: body, as: UTF8.self) == #"{"jsonrpc":"2.0","id":5,"result":{"ok":true}}"#)
        let error = Message.encodeError(id: nil, error: .invalidRequest("batch requests are not supported"))
        #expect(String(decoding: error, as: UTF8.self)
            == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch requests are not supported"}}"#)
    }
}
