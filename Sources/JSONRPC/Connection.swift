import BracketJSON

/// A JSON-RPC endpoint over a reader and a writer: decodes incoming bodies into `Message`s and
/// encodes outgoing ones. It answers nothing by itself; the server decides.
public final class Connection: @unchecked Sendable {
    public enum Incoming: Equatable, Sendable {
        case message(Message)
        /// Unparsable or invalid; answer with `Connection.reply(to:)` when `shouldReply`.
        case invalid(InvalidMessage)
        case framingError(FramingError)
        case endOfInput
    }

    private let reader: MessageReader
    public let writer: MessageWriter
    public let jsonReader: JSONReader

    public init(reader: MessageReader, writer: MessageWriter, jsonReader: JSONReader = JSONReader()) {
        self.reader = reader
        self.writer = writer
        self.jsonReader = jsonReader
    }

    /// Blocks until the next incoming event. Call from one thread only.
    public func receive() -> Incoming {
        switch reader.next() {
        case .body(let body):
            switch Message.decode(body: body, reader: jsonReader) {
            case .success(let message): return .message(message)
            case .failure(let invalid): return .invalid(invalid)
            }
        case .framingError(let error):
            return .framingError(error)
        case .endOfInput:
            return .endOfInput
        }
    }

    public func send(_ message: Message) throws(WriteError) {
        try writer.send(body: message.encode())
    }

    public func sendResponse(id: RequestID, writeResult: (inout JSONWriter) -> Void) throws(WriteError) {
        try writer.send(body: Message.encodeResponse(id: id, writeResult: writeResult))
    }

    public func sendNotification(method: String, writeParams: (inout JSONWriter) -> Void) throws(WriteError) {
        try writer.send(body: Message.encodeNotification(method: method, writeParams: writeParams))
    }

    public func sendError(id: RequestID?, error: ResponseError) throws(WriteError) {
        try writer.send(body: Message.encodeError(id: id, error: error))
    }

    /// Sends the error response an invalid message deserves (nothing when it deserves none).
    public func reply(to invalid: InvalidMessage) throws(WriteError) {
        guard invalid.shouldReply else { return }
        try sendError(id: invalid.id, error: invalid.error)
    }
}
