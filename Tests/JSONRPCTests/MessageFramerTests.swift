import Testing
@testable import JSONRPC

@Suite struct MessageFramerTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Feeds `input` in the given chunks and collects every event, including the end-of-input one.
    static func events(_ input: [UInt8], splits: [Int] = [], framer: MessageFramer = MessageFramer()) -> [MessageFramer.Event] {
        var framer = framer
        var events: [MessageFramer.Event] = []
        var previous = 0
        for split in splits + [input.count] {
            events += framer.push(input[previous..<split])
            previous = split
        }
        events += framer.finish()
        return events
    }

    static func message(_ text: String) -> MessageFramer.Event { .message(bytes(text)) }

    static func kinds(_ events: [MessageFramer.Event]) -> [String] {
        events.map { event in
            switch event {
            case .message(let body): return String(decoding: body, as: UTF8.self)
            case .error(let error): return "error:\(error.kind)"
            }
        }
    }

    @Test func splitsMessagesAtEveryBytePosition() {
        let stream = Self.bytes("Content-Length: 10\r\n\r\n{\"a\":\"é\"}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}")
        let expected = [Self.message("{\"a\":\"é\"}"), Self.message("{}")]
        for split in 0...stream.count {
            #expect(Self.events(stream, splits: [split]) == expected, "split at \(split)")
        }
        for first in stride(from: 0, through: stream.count, by: 3) {
            for second in first...stream.count {
                #expect(Self.events(stream, splits: [first, second]) == expected)
            }
        }
        // One byte at a time.
        #expect(Self.events(stream, splits: Array(0...stream.count)) == expected)
    }

    @Test(arguments: ["Content-Length", "content-length", "CONTENT-LENGTH", "cOnTeNt-LeNgTh"])
    func headerNamesAreCaseInsensitive(name: String) {
        let stream = Self.bytes("\(name):   3 \r\ncontent-type: x\r\n\r\n[1]")
        #expect(Self.events(stream) == [Self.message("[1]")])
    }

    @Test(arguments: [
        ("Content-Type: text/plain\r\n\r\n{}", "missingContentLength"),
        ("Content-Length: -5\r\n\r\n{}", "invalidContentLength"),
        ("Content-Length: abc\r\n\r\n{}", "invalidContentLength"),
        ("Content-Length: \r\n\r\n{}", "invalidContentLength"),
        ("Content-Length: 1 2\r\n\r\n{}", "invalidContentLength"),
        ("Content-Length: 99999999999999999999999\r\n\r\n{}", "invalidContentLength"),
        ("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", "invalidContentLength"),
        ("garbage line\r\n\r\n{}", "malformedHeader"),
    ] as [(String, String)])
    func malformedHeadersAreReportedAndTheNextMessageStillArrives(header: String, kind: String) {
        let stream = Self.bytes(header + "Content-Length: 7\r\n\r\n{\"n\":1}")
        let expected = ["error:\(kind)", "{\"n\":1}"]
        #expect(Self.kinds(Self.events(stream)) == expected)
        for split in 0...stream.count {
            #expect(Self.kinds(Self.events(stream, splits: [split])) == expected, "split at \(split)")
        }
    }

    @Test func oversizedContentIsSkippedWithoutBuffering() {
        let framer = MessageFramer(maxContentLength: 10)
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 50)
        let stream = Self.bytes("Content-Length: 50\r\n\r\n") + body + Self.bytes("Content-Length: 2\r\n\r\n{}")
        #expect(Self.kinds(Self.events(stream, framer: framer)) == ["error:contentTooLong", "{}"])
        for split in 0...stream.count {
            #expect(Self.kinds(Self.events(stream, splits: [split], framer: framer)) == ["error:contentTooLong", "{}"])
        }
    }

    @Test func hugeDeclaredLengthDoesNotAllocate() {
        var framer = MessageFramer()
        let events = framer.push(Self.bytes("Content-Length: 9000000000000\r\n\r\nabc"))
        #expect(Self.kinds(events) == ["error:contentTooLong"])
        #expect(Self.kinds(framer.finish()) == ["error:truncatedBody"])
    }

    @Test func truncatedBodyIsReportedAtEndOfInput() {
        let events = Self.events(Self.bytes("Content-Length: 10\r\n\r\n{\"a\""))
        guard case .error(let error)? = events.last else {
            Issue.record("expected an error, got \(events)")
            return
        }
        #expect(error.kind == .truncatedBody)
        #expect(error.message.contains("4 of 10"))
    }

    @Test func truncatedHeaderIsReportedButTrailingWhitespaceIsNot() {
        #expect(Self.kinds(Self.events(Self.bytes("Content-Length: 2\r\n"))) == ["error:truncatedHeader"])
        #expect(Self.events(Self.bytes("Content-Length: 2\r\n\r\n{}\r\n")) == [Self.message("{}")])
        #expect(Self.events([]) == [])
    }

    @Test func overlongHeaderIsRejected() {
        let framer = MessageFramer(maxHeaderLength: 100)
        let stream = Self.bytes("X-Junk: " + String(repeating: "y", count: 300) + "\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(Self.kinds(Self.events(stream, framer: framer)) == ["error:headerTooLong", "{}"])
    }

    @Test func framePrefixesTheByteLength() {
        let framed = frame(body: Self.bytes("{\"é\":1}"))
        #expect(String(decoding: framed, as: UTF8.self) == "Content-Length: 8\r\n\r\n{\"é\":1}")
        #expect(Self.events(framed) == [Self.message("{\"é\":1}")])
    }

    @Test func emptyBodyIsAMessage() {
        #expect(Self.events(Self.bytes("Content-Length: 0\r\n\r\n")) == [.message([])])
    }
}
