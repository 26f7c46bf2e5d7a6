// The preview server seen from the outside: raw sockets on 127.0.0.1, real threads.
import Foundation
import Testing
@testable import BracketServer

private let testPage = PageAssets(
    html: "<!doctype html><title>test page</title><script src=\"preview.js\"></script>",
    files: ["preview.js": PageAsset(contentType: "text/javascript; charset=utf-8", text: "console.log('test script')"),
            "preview.css": PageAsset(contentType: "text/css; charset=utf-8", text: "body { color: teal }")])

/// Collects reveal callbacks from server threads.
private final class RevealRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [String] = []

    func record(_ id: String) { lock.lock(); ids.append(id); lock.unlock() }

    /// Waits (bounded) until at least `count` callbacks arrived.
    func wait(for count: Int, seconds: Double = 3) -> [String] {
        let end = Date(timeIntervalSinceNow: seconds)
        while Date() < end {
            lock.lock(); let snapshot = ids; lock.unlock()
            if snapshot.count >= count { return snapshot }
            usleep(10_000)
        }
        lock.lock(); defer { lock.unlock() }
        return ids
    }
}

private func makeServer(limits: PreviewHTTPLimits = PreviewHTTPLimits(),
                        recorder: RevealRecorder = RevealRecorder(),
                        keepAliveSeconds: Double = 15) throws -> PreviewHTTPServer {
    try PreviewHTTPServer(page: testPage, onReveal: { target in
        recorder.record(target.line.map { "\(target.id)@\($0):\(target.character ?? -1)" } ?? target.id)
    },
                          limits: limits, keepAliveSeconds: keepAliveSeconds)
}

private func get(_ server: PreviewHTTPServer, _ path: String, method: String = "GET",
                 host: String? = nil) -> String? {
    let hostLine = "Host: \(host ?? "127.0.0.1:\(server.port)")\r\n"
    return RawHTTPClient.request(port: server.port, "\(method) \(path) HTTP/1.1\r\n\(hostLine)\r\n")
}

private func post(_ server: PreviewHTTPServer, _ path: String, body: String,
                  contentType: String = "application/json", origin: String? = nil,
                  fetchSite: String? = nil) -> String? {
    var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
    head += "Content-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n"
    if let origin { head += "Origin: \(origin)\r\n" }
    if let fetchSite { head += "Sec-Fetch-Site: \(fetchSite)\r\n" }
    return RawHTTPClient.request(port: server.port, head + "\r\n" + body)
}

@Suite struct PreviewHTTPServerTests {
    @Test func bindsLoopbackWithRandomPortAndLongToken() throws {
        let server = try makeServer()
        defer { server.stop() }
        let bound = try #require(server.boundAddress)
        #expect(bound.host == "127.0.0.1")
        #expect(bound.port == server.port && bound.port != 0)
        #expect(server.token.count == 64 && server.token.allSatisfy { $0.isHexDigit })
        #expect(server.url == "http://127.0.0.1:\(server.port)/\(server.token)/")
        let other = try makeServer()
        defer { other.stop() }
        #expect(other.token != server.token)
    }

    @Test func servesPageAndAssetsWithSecurityHeaders() throws {
        let server = try makeServer()
        defer { server.stop() }
        let page = try #require(get(server, "/\(server.token)/"))
        #expect(statusCode(page) == 200)
        #expect(page.hasSuffix(testPage.html))
        #expect(page.contains("Content-Type: text/html"))
        for header in ["Cache-Control: no-store", "X-Content-Type-Options: nosniff",
                       "Content-Security-Policy: default-src 'none'", "Referrer-Policy: no-referrer"] {
            #expect(page.contains(header), "missing \(header)")
        }
        let script = try #require(get(server, "/\(server.token)/preview.js?v=1"))
        #expect(statusCode(script) == 200 && script.hasSuffix("console.log('test script')"))
        #expect(script.contains("Content-Type: text/javascript"))
        let style = try #require(get(server, "/\(server.token)/preview.css"))
        #expect(statusCode(style) == 200 && style.hasSuffix("body { color: teal }"))
        let viaLocalhost = get(server, "/\(server.token)/", host: "localhost:\(server.port)")
        #expect(statusCode(viaLocalhost) == 200)
    }

    @Test func wrongTokenUnknownPathsAndMethodsAreRejected() throws {
        let server = try makeServer()
        defer { server.stop() }
        let wrongToken = String(repeating: "0", count: 64)
        let cases: [(String, String, Int)] = [
            ("GET", "/\(wrongToken)/", 404),
            ("GET", "/\(wrongToken)/events", 404),
            ("GET", "/", 404),
            ("GET", "/\(server.token)", 404),
            ("GET", "/\(server.token)/missing.txt", 404),
            ("GET", "/\(server.token)/../\(server.token)/", 404),
            ("POST", "/\(server.token)/", 405),
            ("DELETE", "/\(server.token)/events", 405),
            ("GET", "/\(server.token)/reveal", 405),
        ]
        for (method, path, expected) in cases {
            #expect(statusCode(get(server, path, method: method)) == expected, "\(method) \(path)")
        }
        #expect(statusCode(RawHTTPClient.request(port: server.port, "garbage\r\n\r\n")) == 400)
    }

    @Test func foreignHostHeaderIsRefused() throws {
        let server = try makeServer()
        defer { server.stop() }
        // What a DNS-rebinding page would send: our address, its own name.
        #expect(statusCode(get(server, "/\(server.token)/", host: "attacker.example:\(server.port)")) == 403)
        #expect(statusCode(get(server, "/\(server.token)/", host: "127.0.0.1:1")) == 403)
        let noHost = RawHTTPClient.request(port: server.port, "GET /\(server.token)/ HTTP/1.1\r\n\r\n")
        #expect(statusCode(noHost) == 403)
    }

    @Test func eventStreamSendsLatestPayloadThenUpdates() throws {
        let server = try makeServer()
        defer { server.stop() }
        server.publish(payload: Array(#"{"version":1}"#.utf8))
        server.publish(payload: Array(#"{"version":2}"#.utf8))
        let client = try #require(RawHTTPClient(port: server.port))
        client.send("GET /\(server.token)/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let first = client.read(until: "\n\n")   // the head ends in CRLFCRLF, events in LFLF
        #expect(statusCode(first) == 200)
        #expect(first.contains("Content-Type: text/event-stream"))
        #expect(first.contains("event: preview\ndata: {\"version\":2}\n\n"))
        #expect(!first.contains("\"version\":1"))
        server.publish(payload: Array("{\"version\":3,\n\"svg\":\"<svg/>\"}".utf8))
        let pushed = client.read(until: "\n\n")
        #expect(pushed == "event: preview\ndata: {\"version\":3,\ndata: \"svg\":\"<svg/>\"}\n\n")
        server.highlight(id: "semi_a")
        #expect(client.read(until: "\n\n") == "event: highlight\ndata: {\"id\":\"semi_a\"}\n\n")
        server.highlight(id: nil)
        #expect(client.read(until: "\n\n") == "event: highlight\ndata: {\"id\":null}\n\n")
    }

    @Test func eventStreamFansOutToEveryClient() throws {
        let server = try makeServer()
        defer { server.stop() }
        var clients: [RawHTTPClient] = []
        for _ in 0..<3 {
            let client = try #require(RawHTTPClient(port: server.port))
            client.send("GET /\(server.token)/events HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
            #expect(statusCode(client.read(until: "\r\n\r\n")) == 200)
            clients.append(client)
        }
        let end = Date(timeIntervalSinceNow: 3)
        while server.eventClientCount < 3 && Date() < end { usleep(10_000) }
        server.publish(payload: Array(#"{"n":42}"#.utf8))
        for client in clients {
            #expect(client.read(until: "\n\n") == "event: preview\ndata: {\"n\":42}\n\n")
        }
    }

    /// A page that fetches (`events?payload=fetch`) gets a full payload as an event naming its
    /// binary body, fetches the body byte for byte, and a body replaced by a newer one is 410
    /// (an unknown one 404); a stream without the opt-in gets the same payload inline, and one
    /// that opens after a body was written only as a body asks for it again (`onResync`).
    @Test func fullPayloadsAreAnnouncedAndServedAsBodies() throws {
        let recorder = RevealRecorder()
        let server = try PreviewHTTPServer(page: testPage, onReveal: { _ in }, onResync: { recorder.record("resync") },
                                           limits: PreviewHTTPLimits(), keepAliveSeconds: 15)
        defer { server.stop() }
        let body: [UInt8] = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(!server.hasInlineStreams)
        server.publish(body: body, announcement: Array(#"{"uri":"file:///a","version":1,"sequence":1}"#.utf8), inline: nil)
        let page = try #require(RawHTTPClient(port: server.port))
        page.send("GET /\(server.token)/events?payload=fetch HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let first = page.read(until: "\n\n")
        #expect(first.contains("event: preview\ndata: {\"uri\":\"file:///a\",\"version\":1,\"sequence\":1,\"payload\":\"payload/1\",\"bytes\":70000}\n\n"))
        let fetched = try #require(RawHTTPClient.requestBytes(port: server.port,
            "GET /\(server.token)/payload/1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n"))
        let head = String(decoding: fetched.prefix(while: { $0 != 13 }), as: UTF8.self)
        #expect(head == "HTTP/1.1 200 OK")
        let separator: [UInt8] = [13, 10, 13, 10]
        let split = try #require((0..<fetched.count - 3).first { Array(fetched[$0..<$0 + 4]) == separator })
        #expect(Array(fetched[(split + 4)...]) == body)
        #expect(String(decoding: fetched[..<split], as: UTF8.self).contains("Content-Type: application/octet-stream"))
        #expect(String(decoding: fetched[..<split], as: UTF8.self).contains("Content-Length: 70000"))
        // A stream without the opt-in: no inline form was written, so the server is asked for it.
        #expect(recorder.wait(for: 0, seconds: 0).isEmpty)
        let old = try #require(RawHTTPClient(port: server.port))
        old.send("GET /\(server.token)/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(statusCode(old.read(until: "\r\n\r\n")) == 200)
        #expect(recorder.wait(for: 1) == ["resync"])
        #expect(server.hasInlineStreams)
        server.publish(body: Array("second".utf8), announcement: Array(#"{"version":2}"#.utf8), inline: Array(#"{"version":2,"columns":{}}"#.utf8))
        #expect(old.read(until: "\n\n") == "event: preview\ndata: {\"version\":2,\"columns\":{}}\n\n")
        #expect(page.read(until: "\n\n") == "event: preview\ndata: {\"version\":2,\"payload\":\"payload/2\",\"bytes\":6}\n\n")
        let stale = get(server, "/\(server.token)/payload/1")
        #expect(statusCode(stale) == 410)
        #expect(stale?.contains("a newer preview replaced this payload") == true)
        #expect(statusCode(get(server, "/\(server.token)/payload/3")) == 404)
        #expect(statusCode(get(server, "/\(server.token)/payload/02")) == 404)
        #expect(statusCode(get(server, "/\(server.token)/payload/2", method: "POST")) == 405)
        #expect(get(server, "/\(server.token)/payload/2")?.hasSuffix("\r\n\r\nsecond") == true)
        // Superseded by a delta after every stream it was announced to fetched it: released.
        server.publish(payload: Array(#"{"version":3,"delta":{}}"#.utf8))
        #expect(statusCode(get(server, "/\(server.token)/payload/2")) == 410)
    }

    /// A delta published while the body is still to be fetched keeps it servable.
    @Test func announcedBodySurvivesALaterDeltaUntilFetched() throws {
        let server = try makeServer()
        defer { server.stop() }
        let page = try #require(RawHTTPClient(port: server.port))
        page.send("GET /\(server.token)/events?payload=fetch HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(statusCode(page.read(until: "\r\n\r\n")) == 200)
        let end = Date(timeIntervalSinceNow: 3)
        while server.eventClientCount < 1 && Date() < end { usleep(10_000) }
        server.publish(body: Array("whole".utf8), announcement: Array("{}".utf8), inline: nil)
        #expect(page.read(until: "\n\n") == "event: preview\ndata: {\"payload\":\"payload/1\",\"bytes\":5}\n\n")
        server.publish(payload: Array(#"{"base":1}"#.utf8))
        #expect(page.read(until: "\n\n") == "event: preview\ndata: {\"base\":1}\n\n")
        #expect(get(server, "/\(server.token)/payload/1")?.hasSuffix("\r\n\r\nwhole") == true)
        #expect(statusCode(get(server, "/\(server.token)/payload/1")) == 410)
    }

    @Test func idleEventStreamGetsKeepAliveComments() throws {
        let server = try makeServer(keepAliveSeconds: 0.2)
        defer { server.stop() }
        let client = try #require(RawHTTPClient(port: server.port))
        client.send("GET /\(server.token)/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let received = client.read(until: ": keep-alive\n\n", occurrences: 2)
        #expect(statusCode(received) == 200)
        #expect(received.hasSuffix(": keep-alive\n\n: keep-alive\n\n"))
        #expect(!received.contains("event:"))   // nothing published yet, so no preview event
    }

    /// A page that could not apply a delta asks for the whole picture; the same POST rules as
    /// reveal apply, and nothing else triggers the callback.
    @Test func resyncCallsBack() throws {
        let recorder = RevealRecorder()
        let server = try PreviewHTTPServer(page: testPage, onReveal: { _ in }, onResync: { recorder.record("resync") },
                                           limits: PreviewHTTPLimits(), keepAliveSeconds: 15)
        defer { server.stop() }
        #expect(statusCode(post(server, "/\(server.token)/resync", body: "{}")) == 204)
        #expect(recorder.wait(for: 1) == ["resync"])
        #expect(statusCode(post(server, "/\(server.token)/resync", body: "{}", contentType: "text/plain")) == 415)
        #expect(statusCode(post(server, "/\(server.token)/resync", body: "{}", origin: "http://evil.example")) == 403)
        #expect(statusCode(get(server, "/\(server.token)/resync")) == 405)
        #expect(recorder.wait(for: 2, seconds: 0.3) == ["resync"])
    }

    /// `Sec-Fetch-Site` from another site, or another origin of this one (another port on the
    /// machine), refuses a POST and an event stream even when no `Origin` comes with it.
    @Test func refusesRequestsFromOtherSitesWithoutOrigin() throws {
        let recorder = RevealRecorder()
        let server = try makeServer(recorder: recorder)
        defer { server.stop() }
        for site in ["cross-site", "same-site", "Cross-Site"] {
            #expect(statusCode(post(server, "/\(server.token)/reveal", body: #"{"id":"x"}"#, fetchSite: site)) == 403)
            #expect(statusCode(post(server, "/\(server.token)/resync", body: "{}", fetchSite: site)) == 403)
            let events = RawHTTPClient.request(port: server.port, "GET /\(server.token)/events HTTP/1.1\r\n"
                + "Host: 127.0.0.1:\(server.port)\r\nSec-Fetch-Site: \(site)\r\n\r\n")
            #expect(statusCode(events) == 403)
        }
        let foreign = RawHTTPClient.request(port: server.port, "GET /\(server.token)/events HTTP/1.1\r\n"
            + "Host: 127.0.0.1:\(server.port)\r\nOrigin: http://127.0.0.1:1\r\n\r\n")
        #expect(statusCode(foreign) == 403)
        for site in ["same-origin", "none"] {
            #expect(statusCode(post(server, "/\(server.token)/reveal", body: #"{"id":"\#(site)"}"#, fetchSite: site)) == 204)
        }
        #expect(recorder.wait(for: 2) == ["same-origin", "none"])
        let client = try #require(RawHTTPClient(port: server.port))
        client.send("GET /\(server.token)/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nSec-Fetch-Site: same-origin\r\n\r\n")
        #expect(statusCode(client.read(until: ": keep-alive\n\n", occurrences: 1)) == 200)
    }

    @Test func revealCallsBackWithTheID() throws {
        let recorder = RevealRecorder()
        let server = try makeServer(recorder: recorder)
        defer { server.stop() }
        let ok = post(server, "/\(server.token)/reveal", body: #"{"id":"semi-b"}"#,
                      origin: "http://127.0.0.1:\(server.port)")
        #expect(statusCode(ok) == 204)
        #expect(recorder.wait(for: 1) == ["semi-b"])
        #expect(statusCode(post(server, "/\(server.token)/reveal", body: #"{"id":"x"}"#, contentType: "text/plain")) == 415)
        #expect(statusCode(post(server, "/\(server.token)/reveal", body: #"{"id":"x"}"#, origin: "http://evil.example")) == 403)
        #expect(statusCode(post(server, "/\(server.token)/reveal", body: #"{"id":7}"#)) == 400)
        #expect(statusCode(post(server, "/\(server.token)/reveal", body: "{")) == 400)
        #expect(statusCode(post(server, "/\(String(repeating: "a", count: 64))/reveal", body: #"{"id":"x"}"#)) == 404)
        #expect(recorder.wait(for: 2, seconds: 0.2) == ["semi-b"])
    }

    /// The page sends where the clicked card's ID starts, so the server can tell two cards with
    /// one ID apart; a range that is not made of integers is ignored, not refused.
    @Test func revealPassesTheRangeStart() throws {
        let recorder = RevealRecorder()
        let server = try makeServer(recorder: recorder)
        defer { server.stop() }
        let range = #"{"start":{"line":3,"character":4},"end":{"line":3,"character":5}}"#
        #expect(statusCode(post(server, "/\(server.token)/reveal", body: #"{"id":"a","range":"# + range + "}")) == 204)
        #expect(recorder.wait(for: 1) == ["a@3:4"])
        #expect(statusCode(post(server, "/\(server.token)/reveal", body: #"{"id":"b","range":{"start":{"line":"x"}}}"#)) == 204)
        #expect(statusCode(post(server, "/\(server.token)/reveal", body: #"{"id":"c","range":null}"#)) == 204)
        #expect(recorder.wait(for: 3) == ["a@3:4", "b", "c"])
    }

    @Test func oversizedRequestsAreRefused() throws {
        let server = try makeServer()
        defer { server.stop() }
        let bigHeader = "GET /\(server.token)/ HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Pad: "
            + String(repeating: "a", count: 20_000) + "\r\n\r\n"
        #expect(statusCode(RawHTTPClient.request(port: server.port, bigHeader)) == 431)
        let bigBody = "POST /\(server.token)/reveal HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
            + "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"
        #expect(statusCode(RawHTTPClient.request(port: server.port, bigBody)) == 413)
        let chunked = "POST /\(server.token)/reveal HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n"
        #expect(statusCode(RawHTTPClient.request(port: server.port, chunked)) == 501)
    }

    @Test func stalledConnectionsDoNotBlockOthers() throws {
        let server = try makeServer()
        defer { server.stop() }
        let silent = try #require(RawHTTPClient(port: server.port))
        let halfHeader = try #require(RawHTTPClient(port: server.port))
        halfHeader.send("GET /\(server.token)/ HTTP/1.1\r\nHo")
        let halfBody = try #require(RawHTTPClient(port: server.port))
        halfBody.send("POST /\(server.token)/reveal HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
            + "Content-Type: application/json\r\nContent-Length: 50\r\n\r\n{\"id\":")
        let started = Date()
        #expect(statusCode(get(server, "/\(server.token)/")) == 200)
        // Well under the 5 s request deadline: the stalled peers were not in the way.
        #expect(Date().timeIntervalSince(started) < 2)
        _ = (silent, halfHeader, halfBody)
    }

    @Test func silentConnectionIsDroppedAfterTheDeadline() throws {
        var limits = PreviewHTTPLimits()
        limits.requestDeadlineMilliseconds = 300
        let server = try makeServer(limits: limits)
        defer { server.stop() }
        let silent = try #require(RawHTTPClient(port: server.port, timeoutSeconds: 5))
        let started = Date()
        #expect(silent.readToEnd() == "")
        #expect(Date().timeIntervalSince(started) < 3)
        let trickle = try #require(RawHTTPClient(port: server.port, timeoutSeconds: 5))
        trickle.send("GET /\(server.token)/ HTTP/1.1\r\n")
        #expect(trickle.readToEnd() == "")
    }

    @Test func stopReleasesThePortAndClosesStreams() throws {
        let server = try makeServer()
        let port = server.port
        let stream = try #require(RawHTTPClient(port: port))
        stream.send("GET /\(server.token)/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(statusCode(stream.read(until: "\r\n\r\n")) == 200)
        let stopped = Date()
        server.stop()
        server.stop()
        #expect(stream.readToEnd() == "")   // end of stream, not a receive timeout:
        #expect(Date().timeIntervalSince(stopped) < 4)
        #expect(RawHTTPClient(port: port) == nil)
    }
}

/// Duplicated singleton headers and connection floods (issue 16 §5).
@Suite struct PreviewHTTPHostileTests {
    /// Two Host headers are a 400 whatever their order or spelling (RFC 9112 §3.2), and so are
    /// two of the other headers a check reads; repeats of other headers are harmless.
    @Test func duplicatedSingletonHeadersAreBadRequests() throws {
        let server = try makeServer()
        defer { server.stop() }
        let ours = "127.0.0.1:\(server.port)"
        let page = "GET /\(server.token)/ HTTP/1.1\r\n"
        let cases: [(String, Int)] = [
            ("Host: evil.example\r\nHost: \(ours)\r\n", 400),
            ("Host: \(ours)\r\nHost: evil.example\r\n", 400),
            ("Host: \(ours)\r\nHost: \(ours)\r\n", 400),
            ("Host: \(ours)\r\nhOsT: localhost:\(server.port)\r\n", 400),
            ("Host: \(ours)\r\nX-A: 1\r\nHOST: \(ours)\r\n", 400),
            ("Host: \(ours)\r\nContent-Length: 0\r\nContent-Length: 0\r\n", 400),
            ("Host: \(ours)\r\nOrigin: http://\(ours)\r\nOrigin: http://evil.example\r\n", 400),
            ("Host : \(ours)\r\n", 400),
            ("Host: \(ours)\r\n folded: continuation\r\n", 400),
            ("Host: \(ours)\r\nAccept: text/html\r\nAccept: */*\r\n", 200),
        ]
        for (headers, expected) in cases {
            let response = RawHTTPClient.request(port: server.port, page + headers + "\r\n")
            #expect(statusCode(response) == expected, "\(headers.debugDescription)")
        }
        var post = "POST /\(server.token)/reveal HTTP/1.1\r\nHost: \(ours)\r\n"
        post += "Content-Type: text/plain\r\nContent-Type: application/json\r\nContent-Length: 8\r\n\r\n{\"id\":1}"
        #expect(statusCode(RawHTTPClient.request(port: server.port, post)) == 400)
    }

    /// A normal page request: the number of attempts it took (each a fresh connection), up to 5.
    private func attemptsToLoadThePage(_ server: PreviewHTTPServer) -> Int? {
        for attempt in 1...5 {
            if statusCode(get(server, "/\(server.token)/")) == 200 { return attempt }
        }
        return nil
    }

    /// Connections that never finish their request, far past the connection cap: the page still
    /// loads at the first or second try, and the oldest stalled connections were closed.
    @Test(arguments: [70, 100, 150])
    func slowConnectionsCannotLockThePageOut(count: Int) throws {
        let server = try makeServer()
        defer { server.stop() }
        var stalled: [RawHTTPClient] = []
        for index in 0..<count {
            guard let client = RawHTTPClient(port: server.port) else { continue }
            if index % 2 == 0 { client.send("GET /\(server.token)/ HTTP/1.1\r\nHo") }  // half a request
            stalled.append(client)
        }
        #expect(stalled.count == count)
        let attempts = attemptsToLoadThePage(server)
        #expect(attempts != nil && attempts! <= 2, "attempts: \(String(describing: attempts))")
        #expect(server.evictionCount >= count - 64)
        _ = stalled
    }

    /// More idle event streams than the cap (forgotten tabs, or a local process holding them):
    /// the page still loads at once, a new stream still gets the latest preview, and the
    /// number of open streams stays at the cap.
    @Test(arguments: [20, 70])
    func idleEventStreamsCannotLockThePageOut(count: Int) throws {
        let server = try makeServer()
        defer { server.stop() }
        server.publish(payload: Array(#"{"version":9}"#.utf8))
        var streams: [RawHTTPClient] = []
        for _ in 0..<count {
            guard let client = RawHTTPClient(port: server.port) else { continue }
            client.send("GET /\(server.token)/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            streams.append(client)
        }
        // Each stream got its head and the latest payload (or was closed to make room).
        for stream in streams { _ = stream.read(until: "\n\n", occurrences: 1) }
        #expect(attemptsToLoadThePage(server) == 1)
        let fresh = try #require(RawHTTPClient(port: server.port))
        fresh.send("GET /\(server.token)/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(fresh.read(until: "\n\n", occurrences: 2).contains("data: {\"version\":9}"))
        #expect(server.eventClientCount <= 16)
        _ = streams
    }

    /// Streams and stalled requests together, past the cap several times over.
    @Test func mixedFloodStillServesThePage() throws {
        let server = try makeServer()
        defer { server.stop() }
        var held: [RawHTTPClient] = []
        for index in 0..<120 {
            guard let client = RawHTTPClient(port: server.port) else { continue }
            if index % 3 == 0 {
                client.send("GET /\(server.token)/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            } else {
                client.send("POST /\(server.token)/reveal HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 40\r\n\r\n{")
            }
            held.append(client)
        }
        let attempts = attemptsToLoadThePage(server)
        #expect(attempts != nil && attempts! <= 2, "attempts: \(String(describing: attempts))")
        _ = held
    }
}

@Suite struct PreviewHTTPPartsTests {
    @Test func parsesRequestHead() throws {
        let head = Array("GET /abc/events?x=1 HTTP/1.1\r\nHost: 127.0.0.1:9\r\nX-A:  v ".utf8)
        let request = try PreviewHTTPRequestReader.parseHead(head).get()
        #expect(request.method == "GET" && request.path == "/abc/events")
        #expect(request.header("HOST") == "127.0.0.1:9" && request.header("x-a") == "v")
        for bad in ["GET / HTTP/2", "GET nopath HTTP/1.1", "GET  / HTTP/1.1", "GET / HTTP/1.1\r\nno colon"] {
            #expect(throws: PreviewHTTPRequestError.malformed) { try PreviewHTTPRequestReader.parseHead(Array(bad.utf8)).get() }
        }
    }

    @Test func encodesEventsAndJSONStrings() {
        let event = PreviewEvent.encode(name: "preview", data: Array("a\r\nb".utf8))
        #expect(String(decoding: event, as: UTF8.self) == "event: preview\ndata: a\ndata: b\n\n")
        let id = String(decoding: PreviewEvent.highlightData(id: "q\"\\<\u{1}é"), as: UTF8.self)
        #expect(id == #"{"id":"q\"\\\u003c\u0001é"}"#)
    }

    @Test func tokenComparisonNeedsEveryByte() {
        #expect(PreviewRouter.constantTimeEqual(Array("abc".utf8), Array("abc".utf8)))
        #expect(!PreviewRouter.constantTimeEqual(Array("abc".utf8), Array("abd".utf8)))
        #expect(!PreviewRouter.constantTimeEqual(Array("abc".utf8), Array("ab".utf8)))
    }
}
