import BracketBytes
import Testing

@Suite struct ByteSinkTests {
    /// The writers size their buffer from an estimate; one that is far too small must still give
    /// the whole output (the sink starts again with more room), never a cut or garbled one.
    @Test func tooSmallEstimateStillGivesEverything() {
        let expected = (0..<2_000).map { "\($0)," }.joined()
        let text = ByteSink.string(capacity: 1) { sink in
            for value in 0..<2_000 {
                sink.integer(value)
                sink.raw(",")
            }
        }
        #expect(text == expected)
        let bytes = ByteSink.bytes(capacity: 3) { sink in
            for value in 0..<2_000 {
                sink.integer(value)
                sink.raw(UInt8(ascii: ","))
            }
        }
        #expect(bytes == Array(expected.utf8))
    }

    /// Buffers that are mappings of their own (`HugePages.ownMappingThreshold`) are advised to
    /// use huge pages on Linux: a hint that must not change a byte, whether or not the system
    /// takes it.
    @Test func largeBuffersHoldExactlyWhatWasWritten() {
        let chunk = "<g data-node-id=\"n\">0123456789</g>\n"
        let size = HugePages.ownMappingThreshold + (1 << 20)
        let repeats = size / chunk.utf8.count
        let text = ByteSink.string(capacity: size) { sink in
            for index in 0..<repeats {
                sink.raw("<g data-node-id=\"n\">0123456789</g>\n")
                if index % 100_000 == 0 { sink.integer(index) }
            }
        }
        var expected = ""
        for index in 0..<repeats {
            expected += chunk
            if index % 100_000 == 0 { expected += String(index) }
        }
        #expect(text.utf8.count == expected.utf8.count)
        #expect(text == expected)
        let bytes = ByteSink.bytes(capacity: size + (1 << 20)) { sink in
            for _ in 0..<repeats { sink.raw("<g data-node-id=\"n\">0123456789</g>\n") }
        }
        #expect(bytes.count == repeats * chunk.utf8.count && bytes.suffix(chunk.utf8.count).elementsEqual(chunk.utf8))
    }

    @Test func overflowStopsWritingInsteadOfRunningPastTheBuffer() {
        var seen: (count: Int, overflowed: Bool) = (0, false)
        // 64 bytes is the smallest buffer; the first attempt must stop, not write past it.
        _ = ByteSink.bytes(capacity: 64) { sink in
            if seen.count == 0 && !seen.overflowed {
                for _ in 0..<10 { sink.raw("0123456789") }
                seen = (sink.count, sink.overflowed)
            }
        }
        #expect(seen.overflowed && seen.count <= 64)
    }

    @Test func repeatsWrittenBytesAndIgnoresRangesOutsideThem() {
        let text = ByteSink.string(capacity: 64) { sink in
            sink.raw("ab")
            let start = sink.count
            sink.raw("cd")
            sink.repeatWritten(from: start, to: sink.count)
            sink.repeatWritten(from: 3, to: 99)
            sink.repeatWritten(from: -1, to: 1)
        }
        #expect(text == "abcdcd")
    }

    @Test(arguments: [0.0, 130, 12.5, 1.0 / 3, -7.25, 9.999, -0.001, .nan, -9.0e30, 4_718_614.5])
    func numbersAreSpelledLikeDecimalText(value: Double) {
        for decimals in [0, 2, 4] {
            let text = ByteSink.string(capacity: 64) { $0.decimal(value, decimals: decimals) }
            #expect(text == DecimalText.string(value, decimals: decimals))
        }
    }
}
