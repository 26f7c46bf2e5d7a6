import Foundation
import JSONRPC
import LanguageServerProtocol
import ProcessMemory

/// Runs `bracket lsp`: LSP 3.17 over the given file descriptors until `exit`, end of input or
/// the death of the client process. Returns the exit status: 0 after `shutdown` then `exit`,
/// 1 otherwise (as the specification asks). The server's own diagnostics (framing errors,
/// invalid messages, write failures) are written as lines to `log` (stderr by default).
///
/// Three threads: a reader decodes messages into a queue (and records cancellations at once);
/// the calling thread is the single worker that handles them in order, so document changes
/// apply in arrival order; a writer sends what the worker queued, so a slow client never
/// blocks the worker or the reader.
public func runLanguageServer(input: Int32 = 0, output: Int32 = 1, log: Int32 = 2, arguments: [String]) -> Int32 {
    runLanguageServer(input: input, output: output, log: log, arguments: arguments, cancellation: RequestCancellation())
}

/// The same, with the cancellation registry given (tests watch requests start through it).
func runLanguageServer(input: Int32, output: Int32, log: Int32, arguments: [String],
                       cancellation: RequestCancellation) -> Int32 {
    let serverLog = ServerLog(fileDescriptor: log)
    for argument in arguments where argument != "--stdio" {
        serverLog.write("ignoring unknown argument \(argument)")
    }
    // Opens and full reparses write a tree block about twice the text's size: keep freed
    // memory for reuse rather than fault in fresh pages each time (see ProcessMemory).
    ProcessMemory.keepFreedMemoryForReuse()
    let (reader, writer) = StdioTransport.make(input: input, output: output)
    let connection = Connection(reader: reader, writer: writer)
    let queue = EventQueue()
    let outgoing = OutgoingQueue(
        writer: writer,
        onWritten: { key in
            if key.hasPrefix(LanguageServer.previewPushKey("")) { queue.push(.previewWritten) }
        },
        onError: { error in serverLog.write("write failed (errno \(error.errno)); the client is gone") })
    Thread.detachNewThread { readMessages(from: connection, into: queue, cancellation: cancellation) }
    let server = LanguageServer(connection: connection, queue: queue, outgoing: outgoing,
                                cancellation: cancellation, log: serverLog)
    return server.run()
}

/// The reader thread. `$/cancelRequest` is handled here, so a request can be cancelled while
/// the worker is still busy with it or with the requests before it.
private func readMessages(from connection: Connection, into queue: EventQueue, cancellation: RequestCancellation) {
    while true {
        switch connection.receive() {
        case .message(.notification(let method, let params)) where method == CancelRequestNotification.method:
            if let cancel = try? CancelRequestNotification(params: params) {
                cancellation.cancel(cancel.id)
            }
        case .message(let message):
            if case .request(let id, _, _) = message { cancellation.arrived(id) }
            queue.push(.message(message))
        case .invalid(let invalid):
            queue.push(.invalid(invalid))
        case .framingError(let error):
            queue.push(.framingError(error))
        case .endOfInput:
            queue.push(.endOfInput)
            return
        }
    }
}
