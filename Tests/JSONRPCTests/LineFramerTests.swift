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

@Suite struct LineFramerChunkingTests {
    /// The events do not depend on where the chunks break: streams of lines (some blank, some
    /// with CR, some over the limit) fed whole and fed in chunks of every size from 1 to 17
    /// give the same events, and no message holds a LF or passes the limit.
    @Test func eventsDoNotDependOnChunkBoundaries() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let alphabet = Array("{}\"id:7,x \r\n".utf8)
        for _ in 0..<200 {
            let stream = (0..<next(300)).map { _ in alphabet[next(alphabet.count)] }
            var whole = LineFramer(maxLineLength: 24)
            let expected = whole.push(stream) + whole.finish()
            for case .message(let body) in expected { #expect(!body.contains(0x0A) && body.count <= 24) }
            for size in 1...17 {
                var framer = LineFramer(maxLineLength: 24)
                var events: [MessageFramer.Event] = []
                var offset = 0
                while offset < stream.count {
                    events += framer.push(stream[offset..<min(stream.count, offset + size)])
                    offset += size
                }
                events += framer.finish()
                #expect(events == expected, "chunks of \(size): \(String(decoding: stream, as: UTF8.self).debugDescription)")
            }
        }
    }
}
