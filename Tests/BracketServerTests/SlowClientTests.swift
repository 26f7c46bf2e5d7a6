// A client that reads the server's output more slowly than the server produces it (issue 16 §3):
// the server must keep reading input, render only the latest state of a document, and answer
// the next request after a burst behind a bounded number of messages. Bounds are counts, never
// times: the old server sent one push per edit.
import BracketJSON
import Foundation
import Testing

@Suite struct SlowClientTests {
    let uri = "file:///slow.bracket"

    /// 300 cards: a full payload of about 200 KB, several times a pipe's buffer, so every push
    /// waits for the client to read it.
    static let document: String = {
        var text = "root {\n"
        for index in 0..<300 { text += "  n\(index) \"Card \(index)\"\n" }
        return text + "}\n"
    }()

    /// Edit `index` sets the first label's first letter to A or B (the text keeps its size).
    func edit(_ index: Int, on client: LSPTestClient) -> [UInt8] {
        client.message(method: "textDocument/didChange", params: [
            "textDocument": ["uri": .string(uri), "version": JSONValue(index + 2)],
            "contentChanges": [["range": lspRange(1, 6, 1, 7), "text": index % 2 == 0 ? "A" : "B"]],
        ])
    }

    /// Writes `bytes` to the server from another thread; false when the server has not taken
    /// them all within `seconds` (its input would then be blocked by its output).
    func sendWithoutBlocking(_ client: LSPTestClient, _ bytes: [UInt8], seconds: Double = 60) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            client.sendRaw(bytes)
            done.signal()
        }
        return done.wait(timeout: .now() + seconds) == .success
    }

    func pushes(_ client: LSPTestClient) -> [JSONValue] {
        client.notifications("bracket/didChangePreview").compactMap { $0["params"] }
    }

    /// A reader that takes 4 KB every 3 ms (about 1.3 MB/s, far slower than the renders) and a
    /// burst of 2,000 edits: a handful of pushes, the last one of the final version, and the
    /// request after the burst answered behind only a few messages.
    @Test(arguments: [false, true])
    func slowReaderGetsTheLatestStateNotABacklog(delta: Bool) throws {
        let client = LSPTestClient(readDelay: 3_000, readSize: 4096)
        client.initialize(options: ["preview": ["push": true, "delta": JSONValue.bool(delta)]])
        client.open(uri, Self.document)
        let edits = 2_000
        var burst: [UInt8] = []
        for index in 0..<edits { burst += edit(index, on: client) }
        burst += client.message(id: 50, method: "textDocument/hover",
                                params: ["textDocument": ["uri": .string(uri)], "position": ["line": 1, "character": 2]])
        #expect(sendWithoutBlocking(client, burst))
        let answer = try #require(client.response(50, timeout: 300))
        #expect(answer["result"]?["contents"] != nil)
        let beforeAnswer = client.notifications.count
        let pushesBeforeAnswer = pushes(client).count
        // The final state still arrives.
        let finalVersion = JSONValue(edits + 1)
        var all = pushes(client)
        while all.last?["version"] != finalVersion, let message = client.next(timeout: 60) {
            if message["method"] == "bracket/didChangePreview", let params = message["params"] { all.append(params) }
        }
        #expect(all.last?["version"] == finalVersion)
        #expect(pushesBeforeAnswer <= 20, "\(pushesBeforeAnswer) pushes before the answer")
        #expect(all.count <= 25, "\(all.count) pushes for \(edits) edits")
        #expect(beforeAnswer <= 60, "\(beforeAnswer) notifications before the answer")
        let diagnostics = client.notifications("textDocument/publishDiagnostics").count
        #expect(diagnostics <= 40, "\(diagnostics) diagnostics notifications for \(edits) edits")
        if delta {
            // No push was dropped: each delta applies to the payload just before it.
            for (previous, next) in zip(all, all.dropFirst()) {
                #expect(next["sequence"]?.intValue == (previous["sequence"]?.intValue ?? 0) + 1)
                if let base = next["base"] { #expect(base == previous["sequence"]) }
            }
        }
        #expect(client.finish() == 0)
    }

    /// A client that stops reading altogether: the server still takes every edit (input is never
    /// blocked by output), renders nothing while its push is stuck, and once the client reads
    /// again sends the final state in at most a couple of pushes.
    @Test(arguments: [1_000, 5_000])
    func stalledReaderDoesNotBlockInputOrQueueRenders(edits: Int) throws {
        let client = LSPTestClient()
        client.initialize(options: ["preview": ["push": true]])
        client.pauseReading()
        client.open(uri, Self.document)
        var burst: [UInt8] = []
        for index in 0..<edits { burst += edit(index, on: client) }
        burst += client.message(id: 60, method: "bracket/sync-probe")
        // About 200 bytes per edit: far more than the input pipe holds, so this only completes
        // if the server keeps reading while its output is stuck.
        #expect(sendWithoutBlocking(client, burst))
        client.resumeReading()
        #expect(client.response(60, timeout: 120)?["error"]?["code"] == -32601)
        let finalVersion = JSONValue(edits + 1)
        var all = pushes(client)
        while all.last?["version"] != finalVersion, let message = client.next(timeout: 60) {
            if message["method"] == "bracket/didChangePreview", let params = message["params"] { all.append(params) }
        }
        #expect(all.last?["version"] == finalVersion)
        #expect(all.count <= 6, "\(all.count) pushes for \(edits) edits")
        #expect(client.notifications("textDocument/publishDiagnostics").count <= 6)
        #expect(client.finish() == 0)
    }
}
