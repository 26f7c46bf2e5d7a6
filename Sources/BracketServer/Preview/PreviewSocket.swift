// Thin, platform-neutral wrappers over the BSD socket calls the preview server needs.
// Kept in one file so the Glibc/Darwin differences (constant types, SIGPIPE handling,
// sockaddr layout) live in one place and the server logic reads like plain Swift.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum PreviewSocketError: Error, CustomStringConvertible {
    case call(String, Int32)

    var description: String {
        switch self {
        case .call(let name, let code): return "\(name) failed: errno \(code)"
        }
    }
}

enum PreviewSocket {
    /// Creates a TCP socket listening on 127.0.0.1 on `port`, or a kernel-chosen one for 0.
    /// Loopback only: the preview exposes the user's document, so it must never be
    /// reachable from another machine.
    static func listenLoopback(port requested: UInt16 = 0, backlog: Int32 = 32) throws -> (fd: Int32, port: UInt16) {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw PreviewSocketError.call("socket", errno) }
        setCloseOnExec(fd)
        if requested != 0 {
            // A port the user names is reused at once after a restart (connections of the
            // previous run may linger in TIME_WAIT); two listeners still cannot share it.
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requested.bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { let e = errno; close(fd); throw PreviewSocketError.call("bind", e) }
        guard listen(fd, backlog) == 0 else {
            let e = errno; close(fd); throw PreviewSocketError.call("listen", e)
        }
        guard let local = localAddress(fd) else {
            let e = errno; close(fd); throw PreviewSocketError.call("getsockname", e)
        }
        return (fd, local.port)
    }

    /// The address a socket is bound to, read back from the kernel (IPv4 only).
    static func localAddress(_ fd: Int32) -> (host: String, port: UInt16)? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0, Int32(address.sin_family) == AF_INET else { return nil }
        let raw = UInt32(bigEndian: address.sin_addr.s_addr)
        let host = "\(raw >> 24).\((raw >> 16) & 0xff).\((raw >> 8) & 0xff).\(raw & 0xff)"
        return (host, UInt16(bigEndian: address.sin_port))
    }

    /// Waits up to `milliseconds` for `fd` to become readable (or hang up).
    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, milliseconds)
        return ready > 0
    }

    static func accept(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        let client = Glibc.accept(fd, nil, nil)
        #else
        let client = Darwin.accept(fd, nil, nil)
        #endif
        if client >= 0 { setCloseOnExec(client) }
        return client
    }

    /// Per-connection options: bounded blocking reads and writes so a silent or
    /// stalled peer releases its thread, and no SIGPIPE when the peer went away. No Nagle
    /// delay: an event is written in parts (its head, its payload, its end) and the last,
    /// small one must not wait for the peer's acknowledgement of the others.
    static func configureConnection(_ fd: Int32, timeoutSeconds: Int) {
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Reads what is available (at most `max` bytes). Returns nil on error or timeout,
    /// an empty array at end of stream.
    static func receive(_ fd: Int32, max: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, max, 0) }
        guard count >= 0 else { return nil }
        return Array(buffer[0..<count])
    }

    /// Writes all bytes or reports failure (peer gone, send timeout).
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return send(fd, base + offset, raw.count - offset, flags)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    static func shutdownBoth(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    static func closeSocket(_ fd: Int32) {
        _ = close(fd)
    }

    /// The editor may spawn other processes; they must not inherit the listening socket.
    private static func setCloseOnExec(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFD)
        if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }
}
