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
    /// Everything the server sends goes through here: written by a thread of its own, so a
    /// client that reads slowly never stalls the worker.
    let outgoing: OutgoingQueue
    let cancellation: RequestCancellation
    let log: ServerLog
    var lifecycle = Lifecycle.uninitialized
    var encoding = PositionEncoding.utf16
    var negotiated = Negotiation()
    var defaults = LayoutSettings.tutorial
    var documents: [String: OpenDocument] = [:]
    var preview = PreviewSubscriptions()
    /// Documents whose diagnostics have not been published since they changed.
    var diagnosticsDirty: Set<String> = []
    /// The diagnostics last published for each open document, whose JSON the next publish
    /// copies where nothing changed (see `PublishedDiagnostics`).
    var publishedDiagnostics: [String: PublishedDiagnostics] = [:]
    var previewServer: PreviewHTTPServer?
    var clientProcessID: Int32?
    /// Numbers the semantic token results, so a delta request can name the one it builds on.
    var semanticTokensResults = 0
    var exitStatus: Int32?
    private var nextOutgoingID: Int64 = 1
    private var lastParentCheck = Date()

    /// Most events handled before pending previews are rendered, so an endless flood of input
    /// still lets a preview through now and then.
    static let maxEventsPerBatch = 4096

    init(connection: Connection, queue: EventQueue, outgoing: OutgoingQueue, cancellation: RequestCancellation,
         log: ServerLog) {
        self.connection = connection
        self.queue = queue
        self.outgoing = outgoing
        self.cancellation = cancellation
        self.log = log
    }

    /// Handles events in batches: everything already queued is handled before any preview is
    /// rendered, so a burst of edits costs one render of its final state, not one per edit.
    func run() -> Int32 {
        while exitStatus == nil {
            if let event = queue.pop(until: nextWakeUp()) {
                handle(event)
                var handled = 1
                while exitStatus == nil, handled < Self.maxEventsPerBatch, let next = queue.popNow() {
                    handle(next)
                    handled += 1
                }
            }
            flushDiagnostics()
            flushPreviews()
            checkClientProcess()
            readyMemoryWhileIdle()
        }
        flushDiagnostics()
        previewServer?.stop()
        outgoing.finish()
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
            // Whatever the client sent before this request is published before its answer.
            flushDiagnostics()
            handleRequest(id: id, method: method, params: params)
            cancellation.finished(id)
        case .message(.notification(let method, let params)):
            handleNotification(method: method, params: params)
        case .message(.response), .message(.errorResponse):
            break  // answers to our window/showDocument requests: nothing to do
        case .invalid(let invalid):
            logError("invalid message: \(invalid.error.message)")
            if invalid.shouldReply { sendError(id: invalid.id, invalid.error) }
        case .framingError(let error):
            logError("framing error: \(error.message)")
            // A refused message whose id could be read is answered, so the client is not left waiting.
            if let id = error.requestID {
                sendError(id: id, .invalidRequest(error.message))
            }
        case .endOfInput:
            exitStatus = lifecycle == .shutDown ? 0 : 1
        case .reveal(let target):
            reveal(target)
        case .previewResync:
            resyncBrowserPreview()
        case .previewWritten:
            break  // the loop's flushPreviews renders what was held back
        }
    }

    // MARK: - Sending
    // Sending only queues (`OutgoingQueue`); a failed write is logged by the queue's writer and
    // means the client is gone, so the end of input follows and stops the loop.

    func sendResponse(id: RequestID, writeResult: (inout JSONWriter) -> Void) {
        outgoing.send(Message.encodeResponse(id: id, writeResult: writeResult))
    }

    func sendError(id: RequestID?, _ error: ResponseError) {
        outgoing.send(Message.encodeError(id: id, error: error))
    }

    /// `key`: a queued notification with the same key is replaced by this one (see OutgoingQueue).
    func sendNotification(_ method: String, key: String? = nil, writeParams: (inout JSONWriter) -> Void) {
        outgoing.send(Message.encodeNotification(method: method, writeParams: writeParams), key: key)
    }

    func sendNotification(_ method: String, _ params: JSONValue, key: String? = nil) {
        sendNotification(method, key: key) { $0.write(params) }
    }

    func sendRequest(_ method: String, _ params: JSONValue) {
        let id = RequestID.int(nextOutgoingID)
        nextOutgoingID += 1
        outgoing.send(Message.encodeRequest(id: id, method: method) { $0.write(params) })
    }

    func logError(_ text: String) {
        log.write(text)
    }

    /// For handlers of long requests: throws -32800 RequestCancelled once the client has sent
    /// `$/cancelRequest` for the request being handled. Call it between chunks of work (every
    /// few thousand items: it takes a lock); the worker answers the error for you.
    func checkCancelled() throws(ResponseError) {
        if cancellation.runningRequestIsCancelled { throw ResponseError.cancelled }
    }

    /// `window/logMessage` (type 1 error, 2 warning, 3 info, 4 log).
    func logMessage(_ text: String, type: Int = 2) {
        logError(text)
        sendNotification("window/logMessage", ["type": JSONValue(type), "message": .string(text)])
    }
}
