import BracketJSON
import Foundation
import Testing

@testable import JSONRPC

/// Inputs libFuzzer found (fuzz/, target FuzzRPC), replayed the way the fuzz target reads them:
/// the first byte picks a chunk size, the rest is a client's byte stream; every message decoded
/// must come back unchanged from encoding and decoding again.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")

    @Test(arguments: ["fuzzrpc-roundtrip-1.bin"])
    func decodedMessagesSurviveARoundTrip(file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(file)))
        guard let first = bytes.first else { return }
        var framer = MessageFramer(maxContentLength: 4096, maxHeaderLength: 512)
        let chunk = Int(first % 64) + 1
        var bodies: [[UInt8]] = []
        var offset = 1
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            for case .message(let body) in framer.push(bytes[offset..<end]) { bodies.append(body) }
            offset = end
        }
        for case .message(let body) in framer.finish() { bodies.append(body) }
        bodies.append(Array(bytes.dropFirst()))
        var decoded = 0
        for body in bodies {
            guard case .success(let message) = Message.decode(body: body) else { continue }
            decoded += 1
            let encoded = message.encode()
            guard case .success(let again) = Message.decode(body: encoded) else {
                Issue.record("re-encoded message does not decode: \(String(decoding: encoded, as: UTF8.self))")
                continue
            }
            #expect(String(decoding: again.encode(), as: UTF8.self) == String(decoding: encoded, as: UTF8.self),
                    "body: \(String(decoding: body, as: UTF8.self))")
            #expect(Self.sameNumbers(Self.payload(of: again), Self.payload(of: message)),
                    "decoded \(message)\nreread \(again)")
        }
        #expect(decoded > 0, "the input no longer reaches the decoder")
    }

    /// FuzzRPC's resynchronisation property: whatever the input, a blank line and a message
    /// after it are read (a found input once crashed on a header whose name began before the
    /// scan position of a refused body).
    @Test(arguments: ["fuzzrpc-roundtrip-1.bin", "fuzzrpc-resync-1.bin"])
    func messageAfterTheInputIsRead(file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(file)))
        guard let first = bytes.first else { return }
        let chunk = Int(first % 64) + 1
        let stream = Array(bytes.dropFirst()) + Array("\r\n\r\nContent-Length: 7\r\n\r\n{\"n\":1}".utf8)
        var framer = MessageFramer(maxContentLength: 4096, maxHeaderLength: 512)
        var events: [MessageFramer.Event] = []
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + chunk)
            events += framer.push(stream[offset..<end])
            offset = end
        }
        events += framer.finish()
        #expect(events.last == .message(Array("{\"n\":1}".utf8)))
    }

    static func sameNumbers(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        return lhs.hasSameNumbers(as: rhs)
    }

    /// The JSON a message carries, compared structurally (an infinity read from `1e999` would be
    /// written back as null, which only a structural comparison notices).
    static func payload(of message: Message) -> JSONValue? {
        switch message {
        case .request(_, _, let params), .notification(_, let params): params
        case .response(_, let result): result
        case .errorResponse(_, let error): error.data
        }
    }
}
