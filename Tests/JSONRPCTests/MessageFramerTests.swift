import BracketTestSupport
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

/// The resynchronisation rules of issue 16 §4: refuse, report (with the request's id when it
/// can be read) and read the next message, whatever the split of the stream into chunks.
@Suite struct MessageFramerResyncTests {
    typealias T = MessageFramerTests
    static let request = #"{"jsonrpc":"2.0","id":7,"method":"m","params":{}}"#
    static let next = "Content-Length: 7\r\n\r\n{\"n\":1}"

    static func errors(_ events: [MessageFramer.Event]) -> [FramingError] {
        events.compactMap { if case .error(let error) = $0 { return error } else { return nil } }
    }

    @Test(arguments: [1000, 1 << 31, Int.max])
    func overLimitLengthIsRefusedWithItsIDAndReadingResumes(declared: Int) {
        let framer = MessageFramer(maxContentLength: 10)
        let stream = T.bytes("Content-Length: \(declared)\r\n\r\n\(Self.request)\(Self.next)")
        for split in [0, 5, 30, 40, 60, 80, stream.count] {
            let events = T.events(stream, splits: [split], framer: framer)
            #expect(T.kinds(events) == ["error:contentTooLong", "{\"n\":1}"], "split at \(split)")
            #expect(Self.errors(events).first?.requestID == .int(7))
        }
        // One byte at a time.
        let events = T.events(stream, splits: Array(0...stream.count), framer: framer)
        #expect(T.kinds(events) == ["error:contentTooLong", "{\"n\":1}"])
        #expect(Self.errors(events).first?.requestID == .int(7))
    }

    @Test(arguments: [60, 100, 5_000, 1 << 20])
    func tooLongLengthUnderTheLimitStopsAtTheNextHeader(declared: Int) {
        let stream = T.bytes("Content-Length: \(declared)\r\n\r\n\(Self.request)\(Self.next)")
        for split in 0...stream.count {
            let events = T.events(stream, splits: [split])
            #expect(T.kinds(events) == ["error:lengthMismatch", "{\"n\":1}"], "split at \(split)")
            #expect(Self.errors(events).first?.requestID == .int(7))
        }
    }

    /// One to twenty bytes too long: the body swallows the start of the next header.
    @Test func slightlyTooLongLengthGivesTheNextHeaderBack() {
        for extra in 1...20 {
            let declared = Self.request.utf8.count + extra
            let events = T.events(T.bytes("Content-Length: \(declared)\r\n\r\n\(Self.request)\(Self.next)"))
            #expect(T.kinds(events) == ["error:lengthMismatch", "{\"n\":1}"], "\(extra) too long")
        }
    }

    /// Garbage glued before a header, a body sent without a header, a bad line before a good one.
    @Test(arguments: [
        "junk" + next,
        request + next,
        "hello\n" + next,
        "Content-Length: abc\r\n" + next,
        "Content-Type: x\r\nnot a header\r\n" + next,
    ])
    func strayBytesBeforeAHeaderLoseNothingAfterIt(stream: String) {
        let events = T.events(T.bytes(stream))
        #expect(T.kinds(events).last == "{\"n\":1}")
        #expect(!Self.errors(events).isEmpty)
    }

    /// A JSON body may hold CR LF between tokens and "Content-Length" inside strings: neither is
    /// taken for a header.
    @Test func bodiesThatLookLikeHeadersAreKept() {
        for body in ["{\r\n\"content-length\": 12\r\n}", #"{"a":"Content-Length: 5\r\n"}"#, "{\"Content-Length\"  :  5 \r\n}"] {
            let framed = T.bytes("Content-Length: \(body.utf8.count)\r\n\r\n\(body)\(Self.next)")
            #expect(T.events(framed) == [T.message(body), T.message("{\"n\":1}")])
        }
    }

    /// Whatever bytes came before, a header after a blank line is found and its message read.
    @Test func anyPrefixThenABlankLineThenAMessage() {
        var generator = SeededRandom(seed: 16)
        let pieces = ["Content-Length: ", "content-length:", "12", "99999999999", "\r\n", "\r\n\r\n", "\n", "{", "}",
                      "\"id\":3,", "\"method\":\"x\"", "Content-Type: a\r\n", ":", " ", "x", "\u{0}", "é", "Content-Le"]
        for _ in 0..<20_000 {
            var prefix = ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) { prefix += pieces.randomElement(using: &generator)! }
            let stream = T.bytes(prefix + "\r\n\r\n" + Self.next)
            let framer = MessageFramer(maxContentLength: 64, maxHeaderLength: 48)
            let split = Int.random(in: 0...stream.count, using: &generator)
            let kinds = T.kinds(T.events(stream, splits: [split], framer: framer))
            #expect(kinds.last == "{\"n\":1}", "prefix \(prefix.debugDescription) split \(split): \(kinds)")
            if kinds.last != "{\"n\":1}" { return }
        }
    }
}

@Suite struct RequestPrefixTests {
    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":7,"method":"m"#, RequestPrefix.Finding.request(.int(7))),
        (#"{"id":"a\"b","method":"m"}"#, .request(.string("a\"b"))),
        (#"{ "method" : "m" , "params":{"id":1,"x":[1,{"y":"}"}]}, "id" : -3 }"#, .request(.int(-3))),
        (#"{"jsonrpc":"2.0","id":7,"result":null}"#, .notARequest),
        (#"{"jsonrpc":"2.0","method":"m","params":{}}"#, .notARequest),
        (#"{"id":1.5,"method":"m"}"#, .notARequest),
        (#"{"id":null,"method":"m"}"#, .notARequest),
        ("[1,2]", .notARequest),
        ("garbage", .notARequest),
        ("", .notARequest),
    ] as [(String, RequestPrefix.Finding)])
    func findsTheIDOfARequest(text: String, expected: RequestPrefix.Finding) {
        #expect(RequestPrefix.examine(Array(text.utf8)[...], complete: true) == expected)
    }

    @Test func waitsForMoreBytesOnlyWhileUndecided() {
        #expect(RequestPrefix.examine(Array(#"{"jsonrpc":"2.0","id":7"#.utf8)[...], complete: false) == .undecided)
        #expect(RequestPrefix.examine(Array(#"{"jsonrpc":"2.0","id":7,"#.utf8)[...], complete: true) == .notARequest)
        let long = Array(("{\"params\":\"" + String(repeating: "x", count: 5000) + "\",\"id\":1,\"method\":\"m\"}").utf8)
        #expect(RequestPrefix.examine(long[...], complete: false) == .notARequest)
    }
}
