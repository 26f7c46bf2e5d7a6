#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the transport delivers next.
public enum IncomingEvent: Equatable, Sendable {
    /// A complete message body (not yet parsed as JSON).
    case body([UInt8])
    /// Bad framing; the framer has already resynchronised.
    case framingError(FramingError)
    /// The other side closed its end (or reading failed); no more events follow.
    case endOfInput
}

/// How messages are delimited on a byte stream.
public enum Framing: Sendable, Equatable {
    /// `Content-Length` headers before each body (the Language Server Protocol).
    case contentLength
    /// One message per line (the Model Context Protocol's stdio transport).
    case newlineDelimited
}

/// Reads framed messages from a file descriptor with `read(2)` into its own buffer, taking
/// whatever is available (never waiting for a fixed count, which can deadlock on a pipe).
public final class MessageReader {
    public let fileDescriptor: Int32
    private var framer: MessageFramer
    private var lineFramer: LineFramer?
    private var pending: [IncomingEvent] = []
    private var pendingIndex = 0
    private var chunk: [UInt8]
    private var finished = false

    /// `maxContentLength` bounds one message body (one line, when newline-delimited).
    public init(fileDescriptor: Int32, framing: Framing = .contentLength, maxContentLength: Int = 128 << 20,
                chunkSize: Int = 64 << 10) {
        self.fileDescriptor = fileDescriptor
        self.framer = MessageFramer(maxContentLength: maxContentLength)
        self.lineFramer = framing == .newlineDelimited ? LineFramer(maxLineLength: maxContentLength) : nil
        self.chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
    }

    /// Blocks until the next event. After `.endOfInput` it keeps returning `.endOfInput`.
    public func next() -> IncomingEvent {
        while true {
            if pendingIndex < pending.count {
                defer { pendingIndex += 1 }
                return pending[pendingIndex]
            }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            if finished { return .endOfInput }

            let count = chunk.withUnsafeMutableBytes { buffer in
                read(fileDescriptor, buffer.baseAddress, buffer.count)
            }
            if count > 0 {
                let events = lineFramer != nil ? lineFramer!.push(chunk[0..<count]) : framer.push(chunk[0..<count])
                pending = events.map { event in
                    switch event {
                    case .message(let body): return .body(body)
                    case .error(let error): return .framingError(error)
                    }
                }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                // 0 is end of input; any other failure ends the stream the same way.
                finished = true
                if lineFramer != nil {
                    for event in lineFramer!.finish() {
                        switch event {
                        case .message(let body): pending.append(.body(body))
                        case .error(let error): pending.append(.framingError(error))
                        }
                    }
                } else {
                    for case .error(let error) in framer.finish() { pending.append(.framingError(error)) }
                }
                pending.append(.endOfInput)
            }
        }
    }
}
