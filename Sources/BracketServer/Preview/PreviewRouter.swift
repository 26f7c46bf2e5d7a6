// Decides what each request gets. Pure apart from the reveal callback, so the
// security rules (token, Host, Origin, methods) can be read in one place.
import Foundation

enum PreviewRoute {
    case response(PreviewHTTPResponse)
    /// `fetches`: the page asked for announcements of full payloads (`events?payload=fetch`).
    case eventStream(fetches: Bool)
    /// `GET payload/SERIAL`: a full payload's binary body.
    case payload(serial: Int)
}

/// A card the page asks to reveal: its ID and, when the page sent it, where that ID starts in
/// the version it shows. The start tells two cards with one ID (a duplicate the user is fixing)
/// apart, so clicking the second reveals the second.
public struct RevealTarget: Sendable, Equatable {
    public var id: String
    public var line: Int?
    public var character: Int?

    public init(id: String, line: Int? = nil, character: Int? = nil) {
        self.id = id
        self.line = line
        self.character = character
    }
}

struct PreviewRouter: Sendable {
    let page: PageAssets
    let port: UInt16
    let token: String
    let onReveal: @Sendable (RevealTarget) -> Void
    let onResync: @Sendable () -> Void

    /// Longest node ID we pass on; IDs are short words, anything longer is not one of ours.
    static let maxRevealIDLength = 1024

    func route(_ request: PreviewHTTPRequest) -> PreviewRoute {
        // DNS rebinding: a hostile page can make its own name resolve to 127.0.0.1, but
        // the browser still sends that name as Host. Only our literal loopback names pass.
        guard let host = request.header("host"), allowedAuthorities.contains(host.lowercased()) else {
            return .response(.text(403, "Forbidden"))
        }
        let prefix = "/\(token)/"
        // A wrong token looks exactly like a missing page: nothing tells a prober that
        // this port is a preview server.
        guard request.path.utf8.count >= prefix.utf8.count,
              Self.constantTimeEqual(Array(request.path.utf8.prefix(prefix.utf8.count)), Array(prefix.utf8)) else {
            return .response(.text(404, "Not Found"))
        }
        let resource = String(decoding: request.path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
        switch resource {
        case "":
            return get(request) { .init(status: 200, contentType: "text/html; charset=utf-8", body: Array(page.html.utf8)) }
        case "events":
            guard request.method == "GET" else { return .response(methodNotAllowed("GET")) }
            if let refused = refusedSender(request) { return .response(refused) }
            return .eventStream(fetches: request.query.split(separator: "&").contains("payload=fetch"))
        case "reveal":
            guard request.method == "POST" else { return .response(methodNotAllowed("POST")) }
            return .response(reveal(request))
        case "resync":
            guard request.method == "POST" else { return .response(methodNotAllowed("POST")) }
            return .response(resync(request))
        default:
            if let asset = page.files[resource] {
                return get(request) { .init(status: 200, contentType: asset.contentType, body: Array(asset.text.utf8)) }
            }
            // `payload/SERIAL`, SERIAL a decimal number without a sign or leading zeros.
            let digits = resource.utf8.dropFirst("payload/".utf8.count)
            if resource.hasPrefix("payload/"), (1...18).contains(digits.count), digits.first != UInt8(ascii: "0"),
               digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let serial = Int(Substring(digits)) {
                guard request.method == "GET" else { return .response(methodNotAllowed("GET")) }
                return .payload(serial: serial)
            }
            return .response(.text(404, "Not Found"))
        }
    }

    private var allowedAuthorities: Set<String> {
        ["127.0.0.1:\(port)", "localhost:\(port)"]
    }

    private func get(_ request: PreviewHTTPRequest, _ make: () -> PreviewHTTPResponse) -> PreviewRoute {
        guard request.method == "GET" else { return .response(methodNotAllowed("GET")) }
        return .response(make())
    }

    private func methodNotAllowed(_ allowed: String) -> PreviewHTTPResponse {
        var response = PreviewHTTPResponse.text(405, "Method Not Allowed")
        response.extraHeaders.append(("Allow", allowed))
        return response
    }

    /// `POST reveal {"id": "…", "range": {"start": {"line", "character"}, …}}` from the page when
    /// the user clicks a card; `range` is optional (and ignored when it is not two integers).
    private func reveal(_ request: PreviewHTTPRequest) -> PreviewHTTPResponse {
        if let refused = refusedPost(request) { return refused }
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
              let id = object["id"] as? String, !id.isEmpty, id.utf8.count <= Self.maxRevealIDLength else {
            return .text(400, "Bad Request")
        }
        let start = (object["range"] as? [String: Any])?["start"] as? [String: Any]
        let line = start?["line"] as? Int, character = start?["character"] as? Int
        let known = line.flatMap { l in character.map { (l, $0) } }
        onReveal(RevealTarget(id: id, line: known?.0, character: known?.1))
        return PreviewHTTPResponse(status: 204)
    }

    /// `POST resync {}` from a page that could not apply a delta (it missed one, or just
    /// connected): the server then publishes the whole picture.
    private func resync(_ request: PreviewHTTPRequest) -> PreviewHTTPResponse {
        if let refused = refusedPost(request) { return refused }
        onResync()
        return PreviewHTTPResponse(status: 204)
    }

    /// The checks every POST passes. Requiring a JSON content type forces a CORS preflight for
    /// any cross-origin sender (which we never approve); the sender checks cover browsers that
    /// say where the request comes from.
    private func refusedPost(_ request: PreviewHTTPRequest) -> PreviewHTTPResponse? {
        if let refused = refusedSender(request) { return refused }
        let contentType = request.header("content-type")?.lowercased() ?? ""
        guard contentType.hasPrefix("application/json") else { return .text(415, "Unsupported Media Type") }
        return nil
    }

    /// What a browser says about the page a state-changing request or an event stream comes
    /// from, beside the token: an `Origin` other than our own, or `Sec-Fetch-Site` naming
    /// another site or another origin of the same site (another port on this machine; a
    /// request from our own page says `same-origin`, one the user typed says `none`). Checked
    /// even when no `Origin` is sent.
    private func refusedSender(_ request: PreviewHTTPRequest) -> PreviewHTTPResponse? {
        if let origin = request.header("origin"),
           !allowedAuthorities.contains(where: { "http://\($0)" == origin.lowercased() }) {
            return .text(403, "Forbidden")
        }
        if let site = request.header("sec-fetch-site"), !["same-origin", "none"].contains(site.lowercased()) {
            return .text(403, "Forbidden")
        }
        return nil
    }

    /// Compares without an early exit so response timing does not leak how much of a
    /// guessed token was right.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
