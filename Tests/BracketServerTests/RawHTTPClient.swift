// A deliberately dumb socket client for the preview server tests: it sends exactly the
// bytes a test gives it (including broken and partial requests) and reads raw bytes back,
// so the tests see what a browser — or a hostile local process — would see.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class RawHTTPClient {
    let fd: Int32

    init?(port: UInt16, timeoutSeconds: Int = 5) {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { close(fd); return nil }
        self.fd = fd
    }

    deinit { close(fd) }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return systemSend(fd, base + offset, raw.count - offset, flags)
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Reads until the server closes the connection (or the receive timeout hits).
    func readToEnd() -> String {
        var out: [UInt8] = []
        while let chunk = readChunk(), !chunk.isEmpty { out += chunk }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads until `marker` has appeared `occurrences` times, the stream ends, or timeout.
    func read(until marker: String, occurrences: Int = 1) -> String {
        var out: [UInt8] = []
        while count(of: marker, in: String(decoding: out, as: UTF8.self)) < occurrences {
            guard let chunk = readChunk(), !chunk.isEmpty else { break }
            out += chunk
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func readChunk() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
        guard count >= 0 else { return nil }
        return Array(buffer[0..<count])
    }

    private func count(of marker: String, in text: String) -> Int {
        text.components(separatedBy: marker).count - 1
    }

    /// Reads until the server closes the connection, as bytes (a binary body).
    func readBytesToEnd() -> [UInt8] {
        var out: [UInt8] = []
        while let chunk = readChunk(), !chunk.isEmpty { out += chunk }
        return out
    }

    /// Performs a whole request on a fresh connection and returns the raw response's bytes.
    static func requestBytes(port: UInt16, _ text: String) -> [UInt8]? {
        guard let client = RawHTTPClient(port: port) else { return nil }
        client.send(text)
        return client.readBytesToEnd()
    }

    /// Performs a whole request on a fresh connection and returns the raw response.
    static func request(port: UInt16, _ text: String) -> String? {
        guard let client = RawHTTPClient(port: port) else { return nil }
        client.send(text)
        return client.readToEnd()
    }
}

/// The status code of a raw response ("HTTP/1.1 404 Not Found" → 404).
func statusCode(_ response: String?) -> Int? {
    guard let line = response?.split(separator: "\r\n").first else { return nil }
    let parts = line.split(separator: " ")
    return parts.count >= 2 ? Int(parts[1]) : nil
}

/// The C `send`, reachable under another name inside a type that has its own `send`.
private func systemSend(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(fd, pointer, count, flags)
}
