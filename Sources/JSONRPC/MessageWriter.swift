#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An error from `write(2)`; `errno` as reported.
public struct WriteError: Error, Equatable, Sendable {
    public var errno: Int32

    public init(errno: Int32) {
        self.errno = errno
    }
}

/// Writes framed messages to a file descriptor with `write(2)`, unbuffered, so every message
/// reaches the client at once. Thread-safe: each message is written whole under a lock, so
/// messages from different threads never interleave.
public final class MessageWriter: @unchecked Sendable {
    public let fileDescriptor: Int32
    public let framing: Framing
    private let lock = NSLock()

    public init(fileDescriptor: Int32, framing: Framing = .contentLength) {
        self.fileDescriptor = fileDescriptor
        self.framing = framing
    }

    /// Frames `body` and writes it, looping over partial writes. Newline-delimited framing ends
    /// the body with LF: the JSON writer never writes a raw newline, so the body is one line.
    public func send(body: [UInt8]) throws(WriteError) {
        let bytes = framing == .contentLength ? frame(body: body) : body + [0x0A]
        lock.lock()
        defer { lock.unlock() }
        try writeAll(bytes)
    }

    private func writeAll(_ bytes: [UInt8]) throws(WriteError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                throw WriteError(errno: written < 0 ? errno : EIO)
            }
        }
    }
}

/// The standard streams of an LSP server: messages in on fd 0, out on fd 1.
public enum StdioTransport {
    /// Ignores SIGPIPE first, so a client that goes away makes `write` fail with EPIPE (an
    /// error the server can handle) instead of killing the process.
    public static func make(input: Int32 = 0, output: Int32 = 1, framing: Framing = .contentLength,
                            maxContentLength: Int = 128 << 20) -> (MessageReader, MessageWriter) {
        signal(SIGPIPE, SIG_IGN)
        return (MessageReader(fileDescriptor: input, framing: framing, maxContentLength: maxContentLength),
                MessageWriter(fileDescriptor: output, framing: framing))
    }
}
