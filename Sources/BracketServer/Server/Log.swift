#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the server writes diagnostics about itself: stderr for `bracket lsp` (stdout carries
/// protocol messages only), a pipe of its own for an embedder or a test that wants to read what
/// the server said instead of letting it reach the terminal.
struct ServerLog: Sendable {
    let fileDescriptor: Int32

    static let standardError = ServerLog(fileDescriptor: 2)

    /// One line, `bracket lsp: TEXT`, written with a single `write(2)` so lines from the reader
    /// thread and the worker never interleave.
    func write(_ text: String) {
        let bytes = Array("bracket lsp: \(text)\n".utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(fileDescriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // a closed log is no reason to stop serving
            offset += written
        }
    }
}

private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
