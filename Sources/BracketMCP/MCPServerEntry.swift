import BracketModel
import JSONRPC

/// Serves the Model Context Protocol on standard input and output, one JSON-RPC message per
/// line, until standard input closes; returns the exit status (0). Messages are handled in
/// order on this thread: every tool is a pure function of its arguments, so nothing runs
/// concurrently. A line longer than the document limit plus room for its envelope is refused
/// with an error (its request id read from its first bytes) without being buffered, and
/// malformed JSON gets a parse error; either way the server keeps serving.
public func runMCPServer(version: String, input: Int32 = 0, output: Int32 = 1) -> Int32 {
    let (reader, writer) = StdioTransport.make(input: input, output: output, framing: .newlineDelimited,
                                               maxContentLength: mcpMaxLineBytes)
    let connection = Connection(reader: reader, writer: writer)
    let session = MCPSession(serverVersion: version)
    while true {
        do throws(WriteError) {
            switch connection.receive() {
            case .message(let message):
                if let answer = session.handle(message) { try writer.send(body: answer) }
            case .invalid(let invalid):
                try connection.reply(to: invalid)
            case .framingError(let error):
                // A refused line: answered with its request's id when its first bytes showed one.
                try connection.sendError(id: error.requestID, error: .invalidRequest(error.message))
            case .endOfInput:
                return 0
            }
        } catch {
            // The client closed its end: nobody is left to answer.
            return 0
        }
    }
}

/// The longest message line `bracket mcp` reads: a document at the limit, with room for the
/// escapes JSON needs in a typical document and the request around it.
public let mcpMaxLineBytes = Limits.documentBytes + Limits.documentBytes / 8 + 64 * 1024
