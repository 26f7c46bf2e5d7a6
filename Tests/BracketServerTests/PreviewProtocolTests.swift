import BracketJSON
import Foundation
import Testing

@Suite struct PreviewProtocolTests {
    let uri = "file:///tutorial.bracket"
    let tutorial = "1 { 2 { 4 5 } 3 { 6 7 } }\n"

    @Test func previewResultHasTheTutorialGeometry() throws {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, tutorial, version: 4)
        client.request(2, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        let result = try #require(client.response(2)?["result"])
        #expect(result["uri"] == .string(uri))
        #expect(result["version"] == 4)
        let geometry = try #require(result["geometry"])
        #expect(geometry["width"] == 524)
        #expect(geometry["height"] == 260)
        #expect(geometry["nodes"]?[0]?["id"] == "1")
        #expect(geometry["nodes"]?[0]?["y"] == 130)
        #expect(geometry["nodes"]?[0]?["x"] == 458)
        #expect(geometry["nodes"]?[0]?["range"] == ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]])
        #expect(result["svg"]?.stringValue?.hasPrefix("<svg") == true)
        #expect(result["diagnostics"] == ["errors": 0, "warnings": 0])
        // Plain keystrokes without a subscriber never render a preview.
        #expect(client.notifications("bracket/didChangePreview").isEmpty)
        #expect(client.finish() == 0)
    }

    @Test func layoutSettingsFromInitializationOptionsAndConfiguration() throws {
        let client = LSPTestClient()
        client.initialize(options: ["layout": ["cardWidth": 100, "levelGap": -5]])
        #expect(client.notifications("window/logMessage").contains {
            $0["params"]?["message"]?.stringValue?.contains("levelGap") == true
        })
        client.open(uri, tutorial)
        client.request(2, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        // 3 columns of 100 plus 2 gaps of 64 (the invalid -5 was ignored).
        #expect(client.response(2)?["result"]?["geometry"]?["width"] == 428)
        // Fixed cards: a 50-point card would otherwise grow to fit "Node 1".
        client.notify("workspace/didChangeConfiguration", ["settings": ["bracket": ["layout": ["cardWidth": 50, "fit": "fixed"]]]])
        client.request(3, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        #expect(client.response(3)?["result"]?["geometry"]?["width"] == 278)
        // The file's own setting wins over the editor's.
        client.open(uri, "@card-width 132\n" + tutorial, version: 2)
        client.request(4, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        #expect(client.response(4)?["result"]?["geometry"]?["width"] == 524)
        #expect(client.finish() == 0)
    }

    /// Many changes sent at once: fewer notifications than changes, and the last one carries
    /// the final version.
    @Test(arguments: [true, false])
    func pushIsCoalescedAndEndsWithTheFinalState(pushOption: Bool) throws {
        let client = LSPTestClient()
        client.initialize(options: ["preview": ["push": JSONValue.bool(pushOption)]])
        client.open(uri, "1")
        if !pushOption {
            client.request(2, "bracket/subscribePreview", ["textDocument": ["uri": .string(uri)]])
            #expect(client.response(2)?["result"] == .null)
        }
        var burst: [UInt8] = []
        for version in 2...101 {
            burst += client.message(method: "textDocument/didChange", params: [
                "textDocument": ["uri": .string(uri), "version": JSONValue(version)],
                "contentChanges": [["text": .string("1 { \(Array(2...version).map(String.init).joined(separator: " ")) }")]],
            ])
        }
        client.sendRaw(burst)
        client.sync()
        var previews = client.notifications("bracket/didChangePreview")
        let deadline = Date(timeIntervalSinceNow: 10)
        while previews.last?["params"]?["version"] != 101, Date() < deadline {
            if let message = client.next(timeout: 1), message["method"] == "bracket/didChangePreview" {
                previews.append(message)
            }
        }
        #expect(previews.count < 100)
        #expect(previews.last?["params"]?["version"] == 101)
        #expect(previews.last?["params"]?["geometry"]?["nodes"]?.arrayValue?.count == 101)
        #expect(client.finish() == 0)
    }

    @Test func openPreviewServesOnLoopback() throws {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, tutorial)
        client.request(2, "bracket/openPreview", ["textDocument": ["uri": .string(uri)]])
        let url = try #require(client.response(2)?["result"]?["url"]?.stringValue)
        #expect(url.hasPrefix("http://127.0.0.1:"))
        client.notify("bracket/cursorMoved", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 4]])
        client.request(3, "bracket/openPreview", ["textDocument": ["uri": .string(uri)]])
        #expect(client.response(3)?["result"]?["url"]?.stringValue == url)  // started once
        #expect(client.finish() == 0)
    }

    /// A card clicked in the browser reaches the editor as `window/showDocument` when the
    /// client advertises it, and as the `bracket/reveal` notification otherwise (Neovim 0.7,
    /// eglot 1.9 have no showDocument), with the node's ID range either way.
    @Test(arguments: [true, false])
    func revealFollowsTheShowDocumentCapability(supported: Bool) throws {
        let client = LSPTestClient()
        let window: JSONValue = supported ? ["showDocument": ["support": true]] : [:]
        client.request(1, "initialize", ["processId": .null, "rootUri": .null, "capabilities": ["window": window]])
        _ = client.response(1)
        client.notify("initialized", [:])
        client.open(uri, tutorial)
        client.request(2, "bracket/openPreview", ["textDocument": ["uri": .string(uri)]])
        let url = try #require(client.response(2)?["result"]?["url"]?.stringValue)
        let parts = url.split(separator: "/")  // http:, 127.0.0.1:PORT, TOKEN
        let port = try #require(parts.count == 3 ? UInt16(parts[1].split(separator: ":")[1]) : nil)
        let body = #"{"type":"reveal","id":"5"}"#
        let answer = RawHTTPClient.request(port: port, "POST /\(parts[2])/reveal HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        #expect(statusCode(answer) == 204)
        var received: JSONValue?
        while received == nil, let message = client.next() {
            let method = message["method"]?.stringValue
            if method == "window/showDocument" || method == "bracket/reveal" { received = message }
        }
        let message = try #require(received)
        let five = try #require(Array(tutorial.utf8).firstIndex(of: UInt8(ascii: "5")))  // ASCII: UTF-16 = bytes
        let selection: JSONValue = ["start": ["line": 0, "character": JSONValue(five)],
                                    "end": ["line": 0, "character": JSONValue(five + 1)]]
        #expect(message["method"]?.stringValue == (supported ? "window/showDocument" : "bracket/reveal"))
        #expect((message["id"] != nil) == supported)  // a request only where the client can answer it
        #expect(message["params"]?["uri"]?.stringValue == uri)
        #expect(message["params"]?["selection"] == selection)
        #expect(message["params"]?["takeFocus"] == true)
        #expect(client.finish() == 0)
    }

    /// Two cards with one ID (a duplicate being fixed): the page sends where the clicked card's
    /// ID starts, and the editor is shown that one, not the first with the ID.
    @Test func revealOfADuplicateShowsTheClickedCard() throws {
        let client = LSPTestClient()
        client.request(1, "initialize", ["processId": .null, "rootUri": .null,
                                         "capabilities": ["window": ["showDocument": ["support": true]]]])
        _ = client.response(1)
        client.notify("initialized", [:])
        client.open(uri, "r {\n  x\n  x\n}\n")
        client.request(2, "bracket/openPreview", ["textDocument": ["uri": .string(uri)]])
        let url = try #require(client.response(2)?["result"]?["url"]?.stringValue)
        let parts = url.split(separator: "/")  // http:, 127.0.0.1:PORT, TOKEN
        let port = try #require(parts.count == 3 ? UInt16(parts[1].split(separator: ":")[1]) : nil)
        func click(line: Int) -> JSONValue? {
            let body = #"{"type":"reveal","id":"x","range":{"start":{"line":"# + "\(line)" + #","character":2},"end":{"line":"#
                + "\(line)" + #","character":3}}}"#
            let answer = RawHTTPClient.request(port: port, "POST /\(parts[2])/reveal HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
            #expect(statusCode(answer) == 204)
            while let message = client.next() {
                if message["method"]?.stringValue == "window/showDocument" { return message["params"]?["selection"] }
            }
            return nil
        }
        #expect(click(line: 2)?["start"]?["line"] == 2)
        #expect(click(line: 1)?["start"]?["line"] == 1)
        #expect(click(line: 7)?["start"]?["line"] == 1)  // not where any x is: the first
        #expect(client.finish() == 0)
    }
}
