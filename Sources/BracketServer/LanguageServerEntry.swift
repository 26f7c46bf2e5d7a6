import Foundation
import JSONRPC
import LanguageServerProtocol
import ProcessMemory

/// Runs `bracket lsp`: LSP 3.17 over the given file descriptors until `exit`, end of input or
/// the death of the client process. Returns the exit status: 0 after `shutdown` then `exit`,
/// 1 otherwise (as the specification asks).
///
/// A reader thread decodes messages into a queue; the calling thread is the single worker that
/// handles them in order, so document changes apply in arrival order.
public func runLanguageServer(input: Int32 = 0, output: Int32 = 1, arguments: [String]) -> Int32 {
    for argument in arguments where argument != "--stdio" {
        logError("ignoring unknown argument \(argument)")
    }
    // Opens and full reparses write a tree block about twice the text's size: keep freed
    // memory for reuse rather than fault in fresh pages each time (see ProcessMemory).
    ProcessMemory.keepFreedMemoryForReuse()
    let (reader, writer) = StdioTransport.make(input: input, output: output)
    let connection = Connection(reader: reader, writer: writer)
    let queue = EventQueue()
    Thread.detachNewThread { readMessages(from: connection, into: queue) }
    let server = LanguageServer(connection: connection, queue: queue)
    return server.run()
}

/// The reader thread. `$/cancelRequest` is handled here, so a request still waiting behind a
/// slow one can be cancelled before the worker reaches it.
private func readMessages(from connection: Connection, into queue: EventQueue) {
    while true {
        switch connection.receive() {
        case .message(.notification(let method, let params)) where method == CancelRequestNotification.method:
            if let cancel = try? CancelRequestNotification(params: params) {
                _ = queue.cancel(cancel.id)
            }
        case .message(let message):
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
