#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import BracketJSON
import JSONRPC

@Suite struct TransportTests {
    /// A pipe whose ends are closed when the test is done with them.
    final class Pipe {
        var readEnd: Int32
        var writeEnd: Int32
        init() throws {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw WriteError(errno: errno) }
            readEnd = fds[0]
            writeEnd = fds[1]
        }
        func closeWriteEnd() {
            if writeEnd >= 0 { close(writeEnd); writeEnd = -1 }
        }
        func closeReadEnd() {
            if readEnd >= 0 { close(readEnd); readEnd = -1 }
        }
        deinit {
            closeReadEnd()
            closeWriteEnd()
        }
    }

    @Test func writerAndReaderTalkThroughAPipe() throws {
        let pipe = try Pipe()
        let writer = MessageWriter(fileDescriptor: pipe.writeEnd)
        try writer.send(body: Array(#"{"jsonrpc":"2.0","method":"a"}"#.utf8))
        try writer.send(body: Array(#"{"jsonrpc":"2.0","id":1,"result":"é"}"#.utf8))
        pipe.closeWriteEnd()

        let reader = MessageReader(fileDescriptor: pipe.readEnd, chunkSize: 7)
        #expect(reader.next() == .body(Array(#"{"jsonrpc":"2.0","method":"a"}"#.utf8)))
        #expect(reader.next() == .body(Array(#"{"jsonrpc":"2.0","id":1,"result":"é"}"#.utf8)))
        #expect(reader.next() == .endOfInput)
        #expect(reader.next() == .endOfInput)
    }

    @Test func largeMessageIsWrittenWholeDespitePartialWrites() async throws {
        // Bigger than a pipe's buffer (64 KiB on Linux), so write(2) returns partial counts
        // while another thread drains the pipe.
        let pipe = try Pipe()
        let text = String(repeating: "x", count: 1 << 20)
        let writer = MessageWriter(fileDescriptor: pipe.writeEnd)
        let readEnd = pipe.readEnd
        let received = Task.detached { () -> [IncomingEvent] in
            let reader = MessageReader(fileDescriptor: readEnd)
            return [reader.next(), reader.next()]
        }
        try writer.send(body: JSONValue.string(text).jsonBytes)
        pipe.closeWriteEnd()
        let events = await received.value
        #expect(events == [.body(JSONValue.string(text).jsonBytes), .endOfInput])
    }

    @Test func truncatedInputIsReportedBeforeEndOfInput() throws {
        let pipe = try Pipe()
        let partial = Array("Content-Length: 50\r\n\r\n{\"jsonrpc\"".utf8)
        _ = partial.withUnsafeBytes { write(pipe.writeEnd, $0.baseAddress, $0.count) }
        pipe.closeWriteEnd()
        let reader = MessageReader(fileDescriptor: pipe.readEnd)
        guard case .framingError(let error) = reader.next() else {
            Issue.record("expected a framing error")
            return
        }
        #expect(error.kind == .truncatedBody)
        #expect(reader.next() == .endOfInput)
    }

    @Test func connectionDecodesAndAnswersInvalidMessages() throws {
        let input = try Pipe()
        let output = try Pipe()
        let stream = frame(body: Array("[1]".utf8)) + frame(body: Array("{oops".utf8))
            + frame(body: Array(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#.utf8))
            + Array("Content-Length: x\r\n\r\n".utf8)
        _ = stream.withUnsafeBytes { write(input.writeEnd, $0.baseAddress, $0.count) }
        input.closeWriteEnd()

        let connection = Connection(reader: MessageReader(fileDescriptor: input.readEnd),
                                    writer: MessageWriter(fileDescriptor: output.writeEnd))
        guard case .invalid(let batch) = connection.receive() else { Issue.record("batch accepted"); return }
        #expect(batch.error.code == ResponseError.invalidRequest && batch.id == nil)
        try connection.reply(to: batch)
        guard case .invalid(let garbage) = connection.receive() else { Issue.record("garbage accepted"); return }
        #expect(garbage.error.code == ResponseError.parseError)
        #expect(connection.receive() == .message(.request(id: .int(3), method: "shutdown", params: nil)))
        try connection.sendResponse(id: .int(3)) { $0.null() }
        guard case .framingError = connection.receive() else { Issue.record("bad header accepted"); return }
        #expect(connection.receive() == .endOfInput)
        output.closeWriteEnd()

        let replies = MessageReader(fileDescriptor: output.readEnd)
        #expect(replies.next() == .body(Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch requests are not supported"}}"#.utf8)))
        #expect(replies.next() == .body(Array(#"{"jsonrpc":"2.0","id":3,"result":null}"#.utf8)))
        #expect(replies.next() == .endOfInput)
    }

    @Test func writingToAClosedPipeIsAnErrorNotACrash() throws {
        let pipe = try Pipe()
        let (_, writer) = StdioTransport.make(input: pipe.readEnd, output: pipe.writeEnd)
        pipe.closeReadEnd()  // the client went away
        #expect(throws: WriteError(errno: EPIPE)) { try writer.send(body: Array("{}".utf8)) }
    }
}
