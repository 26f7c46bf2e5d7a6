#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BracketJSON
import BracketModel
import BracketSyntax
import Foundation
import JSONRPC
import LanguageServerProtocol

/// The server's state. Touched only by the worker thread (the one running `run()`).
final class LanguageServer {
    enum Lifecycle { case uninitialized, running, shutDown }

    static let version = "0.1.0"

    let connection: Connection
    let queue: EventQueue
    var lifecycle = Lifecycle.uninitialized
    var encoding = PositionEncoding.utf16
    var negotiated = Negotiation()
    var defaults = LayoutSettings.tutorial
    var documents: [String: OpenDocument] = [:]
    var preview = PreviewSubscriptions()
    var previewServer: PreviewHTTPServer?
    var clientProcessID: Int32?
    /// Numbers the semantic token results, so a delta request can name the one it builds on.
    var semanticTokensResults = 0
    var exitStatus: Int32?
    private var nextOutgoingID: Int64 = 1
    private var lastParentCheck = Date()

    init(connection: Connection, queue: EventQueue) {
        self.connection = connection
        self.queue = queue
    }

    func run() -> Int32 {
        while exitStatus == nil {
            if let event = queue.pop(until: nextWakeUp()) {
                handle(event)
            }
            flushPreviews()
            checkClientProcess()
        }
        previewServer?.stop()
        return exitStatus ?? 1
    }

    /// The earliest of: a deferred preview render, the next check on the client process.
    private func nextWakeUp() -> Date {
        var wakeUp = Date(timeIntervalSinceNow: 1)
        if let due = preview.nextDue() { wakeUp = min(wakeUp, due) }
        return wakeUp
    }

    /// LSP: the server exits when the process that started it dies, even without `exit`.
    private func checkClientProcess() {
        guard let pid = clientProcessID, Date().timeIntervalSince(lastParentCheck) >= 1 else { return }
        lastParentCheck = Date()
        if kill(pid, 0) == -1 && errno == ESRCH {
            logError("client process \(pid) is gone; exiting")
            exitStatus = lifecycle == .shutDown ? 0 : 1
        }
    }

    private func handle(_ event: ServerEvent) {
        switch event {
        case .message(.request(let id, let method, let params)):
            handleRequest(id: id, method: method, params: params)
        case .message(.notification(let method, let params)):
            handleNotification(method: method, params: params)
        case .message(.response), .message(.errorResponse):
            break  // answers to our window/showDocument requests: nothing to do
        case .invalid(let invalid):
            logError("invalid message: \(invalid.error.message)")
            send { try connection.reply(to: invalid) }
        case .framingError(let error):
            logError("framing error: \(error.message)")
        case .endOfInput:
            exitStatus = lifecycle == .shutDown ? 0 : 1
        case .cancelled(let id):
            sendError(id: id, ResponseError(code: ResponseError.requestCancelled, message: "request cancelled"))
        case .reveal(let nodeID):
            reveal(nodeID: nodeID)
        case .previewResync:
            resyncBrowserPreview()
        }
    }

    // MARK: - Sending

    /// A failed write means the client is gone; the end of input will follow and stop the loop.
    func send(_ body: () throws -> Void) {
        do { try body() } catch { logError("write failed: \(error)") }
    }

    func sendError(id: RequestID?, _ error: ResponseError) {
        send { try connection.sendError(id: id, error: error) }
    }

    func sendNotification(_ method: String, _ params: JSONValue) {
        send { try connection.sendNotification(method: method) { $0.write(params) } }
    }

    func sendRequest(_ method: String, _ params: JSONValue) {
        let id = RequestID.int(nextOutgoingID)
        nextOutgoingID += 1
        send { try connection.writer.send(body: Message.encodeRequest(id: id, method: method) { $0.write(params) }) }
    }

    /// `window/logMessage` (type 1 error, 2 warning, 3 info, 4 log).
    func logMessage(_ text: String, type: Int = 2) {
        logError(text)
        sendNotification("window/logMessage", ["type": JSONValue(type), "message": .string(text)])
    }
}
