// `$/cancelRequest` (issue 16 §2): a request cancelled while it waits is answered -32800 without
// running; one cancelled while it runs stops at its next check and is answered -32800; a
// cancellation of a finished or unknown request changes nothing.
import BracketJSON
import Foundation
import JSONRPC
import Testing
@testable import BracketServer

@Suite struct CancellationTests {
    static let flat: String = {
        var text = "root {\n"
        for index in 0..<20_000 { text += "  n\(index) \"Card \(index)\"\n" }
        return text + "}\n"
    }()

    /// Positions on every line of the flat document: each selection range walks a block of
    /// 20,000 children, so the request runs for a long while unless it is cancelled.
    static let manyPositions: JSONValue = .array((0..<20_000).map { line in
        ["line": JSONValue(line + 1), "character": 3]
    })

    /// The selection ranges are cancelled while they run: the server's registry tells the test
    /// when they have started and holds them there until the cancellation has arrived, so they
    /// are always running when it arrives, however slow the machine (no preview keeps the worker
    /// busy, no timeout is raced).
    @Test(arguments: [JSONValue(21), JSONValue("sel-21")])
    func runningRequestStopsAtItsNextCheck(id: JSONValue) throws {
        let requestID: RequestID = id.intValue.map { .int(Int64($0)) } ?? .string(id.stringValue ?? "")
        let started = DispatchSemaphore(value: 0)
        let client = LSPTestClient(cancellation: holdingUntilCancelled(requestID, started: started))
        client.initialize()
        client.open("file:///flat.bracket", Self.flat)
        let document: JSONValue = ["uri": "file:///flat.bracket"]
        var selection: JSONObject = ["jsonrpc": "2.0", "id": id, "method": "textDocument/selectionRange"]
        selection.append("params", ["textDocument": document, "positions": Self.manyPositions])
        client.sendRaw(frame(body: JSONValue.object(selection).jsonBytes))
        #expect(started.wait(timeout: .now() + 120) == .success)
        client.notify("$/cancelRequest", ["id": id])
        let answer = try #require(client.nextMessage(withID: id, timeout: 120))
        #expect(answer["error"]?["code"] == -32800)
        #expect(answer["result"] == nil)
        expectHealthy(client, id: 30)
        #expect(client.finish() == 0)
    }

    /// Cancelling what is already answered, or was never sent, sends nothing and breaks nothing;
    /// malformed cancellations are ignored like any broken notification.
    @Test func cancellingFinishedOrUnknownRequestsChangesNothing() throws {
        let client = LSPTestClient()
        client.initialize()
        client.sync(5)
        for params: JSONValue in [["id": 5], ["id": 12345], ["id": "never"], ["id": 1.5], ["id": .null], [:]] {
            client.notify("$/cancelRequest", params)
        }
        client.notify("$/cancelRequest")
        // A later request reusing a cancelled-after-the-fact id is answered normally.
        client.sync(5)
        expectHealthy(client, id: 10)
        #expect(client.nextError(timeout: 0.5) == nil)
        #expect(client.finish() == 0)
    }

    /// Several queued requests cancelled at once: each is answered -32800, the others normally,
    /// in order. The first is held when it starts until both cancellations have arrived, so the
    /// others are still queued then, however slow the machine.
    @Test func queuedRequestsCancelledTogether() throws {
        let client = LSPTestClient(cancellation: holding(.int(40), untilCancelled: [.int(42), .int(44)]))
        client.initialize()
        client.open("file:///flat.bracket", "root {\n  a \"A\"\n  b \"B\"\n}\n")
        let preview: JSONValue = ["textDocument": ["uri": "file:///flat.bracket"]]
        var burst = client.message(id: 40, method: "bracket/preview", params: preview)
        for id in 41...45 { burst += client.message(id: id, method: "bracket/preview", params: preview) }
        for id in [42, 44] { burst += client.message(method: "$/cancelRequest", params: ["id": JSONValue(id)]) }
        client.sendRaw(burst)
        for id in 40...45 {
            let answer = try #require(client.response(id, timeout: 120))
            if id == 42 || id == 44 {
                #expect(answer["error"]?["code"] == -32800)
            } else {
                #expect(answer["result"]?["uri"] == "file:///flat.bracket")
            }
        }
        #expect(client.finish() == 0)
    }
}

@Suite struct RequestCancellationTests {
    @Test func cancellationOnlyCountsForUnansweredRequests() {
        let registry = RequestCancellation()
        #expect(!registry.cancel(.int(1)))  // never sent
        registry.arrived(.int(1))
        registry.arrived(.string("a"))
        #expect(registry.cancel(.string("a")))
        #expect(!registry.start(.int(1)))
        #expect(!registry.runningRequestIsCancelled)
        #expect(registry.cancel(.int(1)))  // while it runs
        #expect(registry.runningRequestIsCancelled)
        registry.finished(.int(1))
        #expect(!registry.runningRequestIsCancelled)
        #expect(!registry.cancel(.int(1)))  // answered: nothing to cancel
        #expect(registry.start(.string("a")))  // cancelled while it waited
        registry.finished(.string("a"))
        // An id used again later starts clean.
        registry.arrived(.int(1))
        #expect(!registry.start(.int(1)))
        #expect(!registry.runningRequestIsCancelled)
    }
}

/// A whole-file code action over tens of thousands of duplicates, cancelled while it runs,
/// stops at its next check (the core polls between diagnostics, the server between fixes).
/// The server's registry tells the test when the action has started and holds it there until
/// the cancellation has arrived, so the cancellation always reaches it while it runs, however
/// slow the machine (a race against the action's own speed failed on a loaded CI machine).
@Test func runningCodeActionStopsWhenCancelled() throws {
    let started = DispatchSemaphore(value: 0)
    let client = LSPTestClient(cancellation: holdingUntilCancelled(.int(41), started: started))
    client.initialize()
    let uri: JSONValue = "file:///duplicates.bracket"
    let text = "r {\n" + String(repeating: "  a\n", count: 40_000) + "}\n"
    client.open(uri.stringValue!, text)
    let whole: JSONValue = ["start": ["line": 0, "character": 0], "end": ["line": 40_002, "character": 0]]
    client.request(41, "textDocument/codeAction",
                   ["textDocument": ["uri": uri], "range": whole, "context": ["diagnostics": []]])
    #expect(started.wait(timeout: .now() + 120) == .success)
    client.notify("$/cancelRequest", ["id": 41])
    let answer = try #require(client.nextMessage(withID: 41, timeout: 120))
    #expect(answer["error"]?["code"] == -32800)
    expectHealthy(client, id: 50)
    #expect(client.finish() == 0)
}

/// A registry that signals `started` once request `id` has started and holds it there, before its
/// handler runs, until the client's cancellation of it has arrived (or two minutes have passed).
func holdingUntilCancelled(_ id: RequestID, started: DispatchSemaphore) -> RequestCancellation {
    RequestCancellation(didStart: { registry, running in
        guard running == id else { return }
        started.signal()
        let deadline = ContinuousClock.now + .seconds(120)
        while !registry.runningRequestIsCancelled && ContinuousClock.now < deadline { usleep(1_000) }
    })
}

/// A registry that holds request `first` when it starts, before its handler runs, until the
/// client's cancellations of `queued` have arrived (or two minutes have passed).
func holding(_ first: RequestID, untilCancelled queued: [RequestID]) -> RequestCancellation {
    RequestCancellation(didStart: { registry, running in
        guard running == first else { return }
        let deadline = ContinuousClock.now + .seconds(120)
        while !queued.allSatisfy(registry.isCancelled) && ContinuousClock.now < deadline { usleep(1_000) }
    })
}
