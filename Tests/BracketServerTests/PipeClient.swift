#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BracketJSON
import BracketServer
import Foundation
import JSONRPC

/// An in-process LSP client: the server runs on its own thread over two pipes, exactly as
/// `bracket lsp` runs over stdio, and this side speaks framed JSON-RPC to it.
final class PipeClient {
    private let connection: Connection
    private let toServer: Int32
    private let fromServer: Int32
    private let finished = DispatchSemaphore(value: 0)
    private var nextID: Int64 = 1
    /// Notifications received so far, in order.
    /// The `capabilities` of the initialize result.
    private(set) var capabilities: JSONValue?
    private(set) var notifications: [(method: String, params: JSONValue?)] = []

    /// Starts a server and sends `initialize` (with `positionEncodings`) and `initialized`.
    init(positionEncodings: [String] = ["utf-16"]) throws {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw POSIXError(.EMFILE) }
        let (serverIn, serverOut) = (input[0], output[1])
        toServer = input[1]
        fromServer = output[0]
        let (reader, writer) = StdioTransport.make(input: fromServer, output: toServer)
        connection = Connection(reader: reader, writer: writer)
        let done = finished
        Thread.detachNewThread {
            _ = runLanguageServer(input: serverIn, output: serverOut, arguments: [])
            // The server stops on end of input here (see `stop`), so its reader thread has
            // already seen EOF and will not read `serverIn` again: closing it cannot let a
            // later pipe that reuses the number be read by a stale thread.
            close(serverOut)
            close(serverIn)
            done.signal()
        }
        capabilities = try request("initialize", [
            "processId": .null, "rootUri": .null,
            "capabilities": ["general": ["positionEncodings": .array(positionEncodings.map { .string($0) })]],
        ]).get()["capabilities"]
        notify("initialized", [:])
    }

    /// Sends shutdown, then ends the server's input (an editor going away after shutdown), waits
    /// for the server thread and closes this side's pipes.
    func stop() {
        _ = try? request("shutdown", nil).get()
        close(toServer)
        finished.wait()
        close(fromServer)
    }

    func notify(_ method: String, _ params: JSONValue?) {
        try? connection.sendNotification(method: method) { writer in writer.write(params ?? .null) }
    }

    /// Sends a request and reads until its answer, keeping notifications met on the way.
    func request(_ method: String, _ params: JSONValue?) throws -> Result<JSONValue, ResponseError> {
        let id = RequestID.int(nextID)
        nextID += 1
        try connection.writer.send(body: Message.encodeRequest(id: id, method: method) { $0.write(params ?? .null) })
        while true {
            switch connection.receive() {
            case .message(.response(let answered, let result)) where answered == id:
                return .success(result)
            case .message(.errorResponse(let answered, let error)) where answered == id:
                return .failure(error)
            case .message(.notification(let method, let params)):
                notifications.append((method, params))
            case .endOfInput:
                throw POSIXError(.EPIPE)
            default:
                continue
            }
        }
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": [
            "uri": .string(uri), "languageId": "bracket", "version": JSONValue(version), "text": .string(text),
        ]])
    }

    /// The codes of the latest diagnostics published for `uri`, after a round trip that makes
    /// sure every earlier notification has been read.
    func diagnosticCodes(_ uri: String) throws -> [String] {
        _ = try request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])
        guard let last = notifications.last(where: {
            $0.method == "textDocument/publishDiagnostics" && $0.params?["uri"]?.stringValue == uri
        }) else { return [] }
        return (last.params?["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
    }
}
