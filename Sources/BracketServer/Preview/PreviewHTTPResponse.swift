// HTTP response heads and bodies for the preview server. Every response carries the
// same defensive headers: the page shows the user's document, so nothing may be cached,
// sniffed into another type, framed by another site, or leak the token via Referer.

struct PreviewHTTPResponse {
    var status: Int
    var contentType: String? = nil
    var body: [UInt8] = []
    var extraHeaders: [(String, String)] = []

    /// Scripts only from our own origin; inline styles are allowed because the SVG the
    /// page embeds carries its own `<style>` (colours for light/dark).
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; " +
        "frame-ancestors 'none'"

    static func text(_ status: Int, _ message: String) -> PreviewHTTPResponse {
        PreviewHTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }

    /// The head plus body, with `Connection: close`: one request per connection keeps the
    /// server free of keep-alive state (the browser opens a new one when it needs to).
    func serialized() -> [UInt8] {
        serializedHead() + body
    }

    /// The head alone, for a body of `contentLength` bytes sent apart (a full payload's body is
    /// never copied).
    func serializedHead(contentLength: Int? = nil) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        // A 204 must not carry a length (RFC 9110 §8.6).
        if status != 204 { head += "Content-Length: \(contentLength ?? body.count)\r\n" }
        head += Self.securityHeaderLines
        for (name, value) in extraHeaders { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8)
    }

    /// The head of a Server-Sent Events stream; the body follows as events, open-ended.
    static func eventStreamHead() -> [UInt8] {
        var head = "HTTP/1.1 200 OK\r\n"
        head += "Content-Type: text/event-stream; charset=utf-8\r\n"
        head += securityHeaderLines
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8)
    }

    static let securityHeaderLines =
        "Cache-Control: no-store\r\n" +
        "X-Content-Type-Options: nosniff\r\n" +
        "Content-Security-Policy: \(contentSecurityPolicy)\r\n" +
        "Referrer-Policy: no-referrer\r\n" +
        "X-Frame-Options: DENY\r\n"

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 413: return "Content Too Large"
        case 410: return "Gone"
        case 415: return "Unsupported Media Type"
        case 431: return "Request Header Fields Too Large"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}
