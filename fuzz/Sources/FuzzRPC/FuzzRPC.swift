// Arbitrary bytes as a client's output stream: framing (fed in chunks whose sizes also come from
// the input), JSON reading, JSON-RPC envelope decoding and LSP params decoding. A decoded message
// must survive encoding and decoding again unchanged.
import BracketJSON
import JSONRPC
import LanguageServerProtocol

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let first = bytes.first else { return 0 }
    // Small limits so the skipping and header-too-long paths are reachable with short inputs.
    var framer = MessageFramer(maxContentLength: 4096, maxHeaderLength: 512)
    let chunkSize = Int(first % 64) + 1
    var events: [MessageFramer.Event] = []
    var offset = 1
    while offset < bytes.count {
        let end = min(bytes.count, offset + chunkSize)
        events += framer.push(bytes[offset..<end])
        offset = end
    }
    events += framer.finish()
    expectResynchronises(after: bytes.dropFirst(), chunkSize: chunkSize)

    // The body on its own is also fed to the decoder, so JSON paths are fuzzed without framing.
    events.append(.message(Array(bytes.dropFirst())))
    for case .message(let body) in events {
        guard case .success(let message) = Message.decode(body: body) else { continue }
        let again = Message.decode(body: message.encode())
        guard case .success(let reread) = again, sameMessage(reread, message) else {
            preconditionFailure("message changed by an encode/decode round trip: \(message)")
        }
        switch message {
        case .request(_, let method, let params), .notification(let method, let params):
            decodeParams(method: method, params: params)
        default:
            break
        }
    }
    return 0
}

/// Whatever came before, a blank line and then a well-framed message: that message is read
/// (the framer always resynchronises at the next header line, issue 16 §4).
func expectResynchronises(after prefix: Slice<UnsafeBufferPointer<UInt8>>, chunkSize: Int) {
    let sentinel = Array("Content-Length: 7\r\n\r\n{\"n\":1}".utf8)
    let stream = Array(prefix) + Array("\r\n\r\n".utf8) + sentinel
    var framer = MessageFramer(maxContentLength: 4096, maxHeaderLength: 512)
    var events: [MessageFramer.Event] = []
    var offset = 0
    while offset < stream.count {
        let end = min(stream.count, offset + chunkSize)
        events += framer.push(stream[offset..<end])
        offset = end
    }
    events += framer.finish()
    guard case .message(let last)? = events.last, last == Array("{\"n\":1}".utf8) else {
        preconditionFailure("the message after a blank line was lost: \(events.suffix(3))")
    }
}

/// Decodes params as the request or notification the method names; errors are expected.
func decodeParams(method: String, params: JSONValue?) {
    switch method {
    case InitializeRequest.method: _ = try? InitializeRequest(params: params)
    case DidOpenTextDocumentNotification.method: _ = try? DidOpenTextDocumentNotification(params: params)
    case DidChangeTextDocumentNotification.method: _ = try? DidChangeTextDocumentNotification(params: params)
    case DidCloseTextDocumentNotification.method: _ = try? DidCloseTextDocumentNotification(params: params)
    case DidChangeConfigurationNotification.method: _ = try? DidChangeConfigurationNotification(params: params)
    case CancelRequestNotification.method: _ = try? CancelRequestNotification(params: params)
    case PreviewRequest.method: _ = try? PreviewRequest(params: params)
    case HoverRequest.method: _ = try? HoverRequest(params: params)
    case RenameRequest.method: _ = try? RenameRequest(params: params)
    case CompletionRequest.method: _ = try? CompletionRequest(params: params)
    case SelectionRangeRequest.method: _ = try? SelectionRangeRequest(params: params)
    case SemanticTokensDeltaRequest.method: _ = try? SemanticTokensDeltaRequest(params: params)
    default:
        // Any method: try the shapes anyway, so params decoding is fuzzed whatever the method.
        _ = try? DidChangeTextDocumentNotification(params: params)
        _ = try? InitializeRequest(params: params)
    }
}

/// Equality up to number spelling: the writer prints an integral double without ".0" (so
/// `-3e2` comes back as the integer -300), which is the same JSON number.
func sameMessage(_ a: Message, _ b: Message) -> Bool {
    switch (a, b) {
    case let (.request(id1, m1, p1), .request(id2, m2, p2)):
        return id1 == id2 && m1 == m2 && sameOptional(p1, p2)
    case let (.notification(m1, p1), .notification(m2, p2)):
        return m1 == m2 && sameOptional(p1, p2)
    case let (.response(id1, r1), .response(id2, r2)):
        return id1 == id2 && sameJSON(r1, r2)
    case let (.errorResponse(id1, e1), .errorResponse(id2, e2)):
        return id1 == id2 && e1.code == e2.code && e1.message == e2.message && sameOptional(e1.data, e2.data)
    default:
        return false
    }
}

func sameOptional(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (x?, y?): return sameJSON(x, y)
    default: return false
    }
}

func sameJSON(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    lhs.hasSameNumbers(as: rhs)
}
