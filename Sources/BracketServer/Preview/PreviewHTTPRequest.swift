// Reading and parsing one HTTP/1.1 request from a connection, with hard limits.
// The preview server only ever sees a handful of tiny requests from the user's own
// browser, so anything large, slow or unusual is refused rather than accommodated.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct PreviewHTTPRequest: Equatable {
    var method: String
    /// The path without query string or fragment, still percent-encoded.
    var path: String
    /// Header names lower-cased. A repeated singleton header (`singletonHeaders`) makes the
    /// request malformed; other repeats are joined with ", " as RFC 9110 §5.3 allows.
    var headers: [String: String]
    var body: [UInt8]
    /// The query string (after `?`, before any `#`), still percent-encoded; empty when none.
    var query: String = ""

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why a request could not be read; each maps to the status the client is told
/// (when it is still listening).
enum PreviewHTTPRequestError: Error, Equatable {
    case closedOrTimedOut
    case malformed
    case headersTooLarge
    case bodyTooLarge
    case unsupportedTransferEncoding

    var status: Int? {
        switch self {
        case .closedOrTimedOut: return nil
        case .malformed: return 400
        case .headersTooLarge: return 431
        case .bodyTooLarge: return 413
        case .unsupportedTransferEncoding: return 501
        }
    }
}

struct PreviewHTTPLimits: Sendable {
    var maxHeaderBytes = 16 * 1024
    var maxBodyBytes = 64 * 1024
    /// Whole-request deadline: a per-read timeout alone lets a client trickle one byte
    /// every few seconds and hold a thread forever.
    var requestDeadlineMilliseconds = 5_000
}

enum PreviewHTTPRequestReader {
    /// Reads one request: the head up to the blank line, then a Content-Length body.
    static func read(from fd: Int32, limits: PreviewHTTPLimits) -> Result<PreviewHTTPRequest, PreviewHTTPRequestError> {
        let deadline = monotonicMilliseconds() + Int64(limits.requestDeadlineMilliseconds)
        var buffer: [UInt8] = []
        var headEnd: Int? = nil
        while headEnd == nil {
            guard let chunk = receive(fd, deadline: deadline, max: 4096) else { return .failure(.closedOrTimedOut) }
            let searchFrom = max(0, buffer.count - 3)
            buffer += chunk
            headEnd = findHeadEnd(buffer, from: searchFrom)
            if headEnd == nil && buffer.count > limits.maxHeaderBytes { return .failure(.headersTooLarge) }
        }
        guard let end = headEnd else { return .failure(.malformed) }
        if end > limits.maxHeaderBytes { return .failure(.headersTooLarge) }
        var request: PreviewHTTPRequest
        switch parseHead(Array(buffer[0..<end])) {
        case .success(let parsed): request = parsed
        case .failure(let error): return .failure(error)
        }
        if request.header("transfer-encoding") != nil { return .failure(.unsupportedTransferEncoding) }
        let lengthText = request.header("content-length") ?? "0"
        guard let length = Int(lengthText), length >= 0 else { return .failure(.malformed) }
        guard length <= limits.maxBodyBytes else { return .failure(.bodyTooLarge) }
        var body = Array(buffer[(end + 4)...])
        while body.count < length {
            guard let chunk = receive(fd, deadline: deadline, max: length - body.count) else {
                return .failure(.closedOrTimedOut)
            }
            body += chunk
        }
        request.body = Array(body.prefix(length))
        return .success(request)
    }

    /// Parses the request line and header fields (bytes before the CRLFCRLF).
    static func parseHead(_ head: [UInt8]) -> Result<PreviewHTTPRequest, PreviewHTTPRequestError> {
        // Invalid UTF-8 decodes to U+FFFD, which can never match a route or the token.
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let requestLine = lines.first else { return .failure(.malformed) }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/"),
              parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { return .failure(.malformed) }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .failure(.malformed) }
            let name = line[..<colon]
            // A field name is a token: no whitespace before the colon (RFC 9112 §5.1), no
            // obsolete line folding (a line starting with a space or tab, §5.2).
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else { return .failure(.malformed) }
            let value = line[line.index(after: colon)...].trimmingSpaces()
            guard !value.unicodeScalars.contains(where: { $0.value == 0x0D || $0.value == 0x0A || $0.value == 0 }) else {
                return .failure(.malformed)
            }
            let key = name.lowercased()
            if let earlier = headers[key] {
                // Two Host headers (RFC 9112 §3.2), or two lengths, origins or types: which one
                // counts is ambiguous, and ambiguity is how requests get smuggled past checks.
                if singletonHeaders.contains(key) { return .failure(.malformed) }
                headers[key] = earlier + ", " + value
            } else {
                headers[key] = value
            }
        }
        var path = Substring(parts[1])
        if let fragment = path.firstIndex(of: "#") { path = path[..<fragment] }
        var query = Substring("")
        if let mark = path.firstIndex(of: "?") {
            query = path[path.index(after: mark)...]
            path = path[..<mark]
        }
        return .success(PreviewHTTPRequest(method: String(parts[0]), path: String(path), headers: headers, body: [],
                                           query: String(query)))
    }

    private static func findHeadEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var index = start
        while index + 3 < bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// One bounded read: waits for data no longer than the request deadline allows.
    private static func receive(_ fd: Int32, deadline: Int64, max: Int) -> [UInt8]? {
        let remaining = deadline - monotonicMilliseconds()
        guard remaining > 0, PreviewSocket.waitReadable(fd, milliseconds: Int32(remaining)) else { return nil }
        guard let chunk = PreviewSocket.receive(fd, max: max), !chunk.isEmpty else { return nil }
        return chunk
    }
}

/// Headers a request may carry once: a repeat is a 400.
let singletonHeaders: Set<String> = [
    "host", "content-length", "content-type", "origin", "transfer-encoding", "authorization", "referer",
    "sec-fetch-site",
]

/// RFC 9110 §5.6.2 tchar.
private func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9": return true
    case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": return true
    default: return false
    }
}

func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
