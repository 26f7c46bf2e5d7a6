import JSONRPC
import Testing

@Suite struct LineFramerTests {
    @Test func splitsLinesAcrossChunksAndDropsCarriageReturns() {
        var framer = LineFramer(maxLineLength: 100)
        var events = framer.push(Array("{\"a\":1}\r\n\n{\"b\"".utf8))
        events += framer.push(Array(":2}\n{\"c\":3}".utf8))
        events += framer.finish()
        #expect(events == [.message(Array("{\"a\":1}".utf8)), .message(Array("{\"b\":2}".utf8)),
                           .message(Array("{\"c\":3}".utf8))])
    }

    @Test func refusesAnOverlongLineWithItsIDAndReadsTheNext() {
        var framer = LineFramer(maxLineLength: 64)
        let long = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"text\":\""
            + String(repeating: "x", count: 500) + "\"}}\n"
        var events: [MessageFramer.Event] = []
        for byte in Array((long + "{\"id\":8}\n").utf8) { events += framer.push([byte]) }
        #expect(events.count == 2)
        guard case .error(let error) = events.first else { Issue.record("no refusal"); return }
        #expect(error.kind == .contentTooLong && error.requestID == .int(7))
        #expect(events.last == .message(Array("{\"id\":8}".utf8)))
    }
}
