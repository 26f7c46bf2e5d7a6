#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits an incoming byte stream into message bodies framed by LSP base-protocol headers
/// (`Content-Length: N\r\n` … `\r\n\r\n` then N bytes).
///
/// It is fed chunks of any size and boundary. Header names are case-insensitive; headers other
/// than Content-Length (Content-Type included) are ignored. Every problem is reported as a
/// `FramingError` and the framer resynchronises at the next header line, so a client that got
/// one message wrong still gets every later one answered:
/// - a bad header block: reading resumes after the line at fault, at the next `Content-Length`;
/// - a declared length above `maxContentLength`: the message is refused without being read or
///   buffered (only its first bytes are kept, for the request id), and reading resumes at the
///   next header line — or after the declared bytes if the client really sent that many;
/// - a declared length longer than the body, followed by the next message: the next header line
///   is found inside the declared body (a `Content-Length: N` line ended by CR LF can never be
///   part of a JSON body, where raw CR and LF appear only as whitespace between tokens), the cut
///   message is refused and the next one read.
/// A refused message that was a request carries its id in the error, so it can be answered.
public struct MessageFramer: Sendable {
    public enum Event: Equatable, Sendable {
        case message([UInt8])
        case error(FramingError)
    }

    public let maxContentLength: Int
    public let maxHeaderLength: Int

    private enum State: Equatable {
        case header
        /// Collecting a body of `length` bytes starting at `start`.
        case body(length: Int)
        /// Passing over the body of a message whose declared length is above the limit;
        /// `consumed` of its `declared` bytes are behind `bodyScanFrom`.
        case refusing(declared: Int, consumed: Int, reported: Bool)
        case resynchronising
    }

    private var state = State.header
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the header terminator resumes, so slow clients do not cost quadratic time.
    private var scanFrom = 0
    /// In `.body` and `.refusing`: where the search for an embedded header line resumes.
    private var bodyScanFrom = 0
    /// In `.refusing`: the first bytes of the refused body, for its request id.
    private var refusedPrefix: [UInt8] = []

    /// How far before the scan position a refused body keeps its bytes, so a header line split
    /// across chunks is still recognised (`Content-Length:` with a 20-digit value and spaces).
    private static let lookBehind = 64

    public init(maxContentLength: Int = 128 << 20, maxHeaderLength: Int = 64 << 10) {
        self.maxContentLength = maxContentLength
        self.maxHeaderLength = maxHeaderLength
    }

    /// Adds a chunk and returns every event it completes, in order.
    public mutating func push(_ chunk: some Collection<UInt8>) -> [Event] {
        buffer.append(contentsOf: chunk)
        var events: [Event] = []
        while let event = step() {
            events.append(event)
        }
        compact()
        return events
    }

    /// Call at end of input: reports a message cut short, if any. Whitespace between messages is
    /// not an error.
    public mutating func finish() -> [Event] {
        defer {
            buffer = []
            start = 0
            scanFrom = 0
            bodyScanFrom = 0
            refusedPrefix = []
            state = .header
        }
        let pending = buffer.count - start
        switch state {
        case .header:
            let leftover = buffer[start...].contains { !isWhitespace($0) }
            return leftover ? [.error(FramingError(.truncatedHeader, "end of input inside a message header"))] : []
        case .body(let length):
            let id = RequestPrefix.examine(buffer[start...], complete: true).requestID
            return [.error(FramingError(.truncatedBody, "end of input after \(pending) of \(length) body bytes",
                                        requestID: id))]
        case .refusing(let declared, let consumed, let reported):
            var events: [Event] = []
            if !reported { events.append(refusal(declared: declared, complete: true)) }
            events.append(.error(FramingError(.truncatedBody, "end of input after \(consumed + buffer.count - bodyScanFrom) of \(declared) body bytes")))
            return events
        case .resynchronising:
            return []
        }
    }

    // MARK: - State machine

    private mutating func step() -> Event? {
        switch state {
        case .header:
            return parseHeader()
        case .body(let length):
            return collectBody(length: length)
        case .refusing(let declared, let consumed, let reported):
            return passRefusedBody(declared: declared, consumed: consumed, reported: reported)
        case .resynchronising:
            guard let next = findContentLengthHeader() else {
                // Keep a tail that could be the beginning of "Content-Length" split across chunks.
                start = max(start, buffer.count - (contentLengthName.count - 1))
                return nil
            }
            start = next
            scanFrom = next
            state = .header
            return step()
        }
    }

    private mutating func parseHeader() -> Event? {
        // Whitespace between messages (stray newlines from some clients) is skipped.
        while start < buffer.count, isWhitespace(buffer[start]) { start += 1 }
        scanFrom = max(scanFrom, start)
        guard let end = findHeaderTerminator() else {
            scanFrom = max(start, buffer.count - 3)
            if buffer.count - start > maxHeaderLength {
                start += 1  // so resynchronisation cannot find this same block again
                return fail(.headerTooLong, "message header longer than \(maxHeaderLength) bytes")
            }
            return nil
        }
        let headerStart = start
        let headerBytes = buffer[start..<end]
        start = end + 4
        scanFrom = start
        if headerBytes.count > maxHeaderLength {
            start = headerStart + 1
            return fail(.headerTooLong, "message header longer than \(maxHeaderLength) bytes")
        }
        switch HeaderBlock.contentLength(in: headerBytes) {
        case .failure(let failure):
            // Look again from the line after the one at fault: it may be a good header.
            if failure.resumeAt < end { start = failure.resumeAt }
            return fail(failure.error.kind, failure.error.message)
        case .success(let length):
            bodyScanFrom = start
            if length > maxContentLength {
                refusedPrefix = []
                state = .refusing(declared: length, consumed: 0, reported: false)
            } else {
                state = .body(length: length)
            }
            return step()
        }
    }

    private mutating func collectBody(length: Int) -> Event? {
        let available = buffer.count - start
        let bodyEnd = start + min(length, available)
        switch findEmbeddedHeader(from: bodyScanFrom, below: bodyEnd, lowerBound: start) {
        case .found(let header):
            return refuseCutBody(length: length, nextHeader: header)
        case .undecided(let carriageReturn):
            bodyScanFrom = carriageReturn
        case .none:
            bodyScanFrom = bodyEnd
        }
        guard available >= length, !mayEndInsideAHeader(length: length) else {
            // Reserve ahead only by what has arrived so far (doubling as it grows): a header
            // that declares 100 MB and then sends nothing must not cost 100 MB.
            buffer.reserveCapacity(start + min(length, max(64 * 1024, available * 2)))
            return nil
        }
        if let header = headerStartingInsideBodyEnd(length: length) {
            return refuseCutBody(length: length, nextHeader: header)
        }
        let body = Array(buffer[start..<(start + length)])
        start += length
        state = .header
        return .message(body)
    }

    /// The declared body holds the start of the next message: the bytes before it are refused
    /// (with their request id, if any) and reading resumes at that header.
    private mutating func refuseCutBody(length: Int, nextHeader header: Int) -> Event {
        let id = RequestPrefix.examine(buffer[start..<header], complete: true).requestID
        let message = "Content-Length \(length), but the next message's header begins after \(header - start) bytes; message refused"
        start = header
        scanFrom = header
        state = .header
        return .error(FramingError(.lengthMismatch, message, requestID: id))
    }

    /// A declared length a few bytes too long swallows the start of the next header
    /// (`…}C` + `ontent-Length: 52`). A body that ends in `}` (or whitespace) is taken as it is;
    /// one that ends in anything else cannot be JSON, so the bytes already arrived after it are
    /// checked for a header line that began inside it. Never waits for more bytes.
    private func headerStartingInsideBodyEnd(length: Int) -> Int? {
        let bodyEnd = start + length
        guard let last = buffer[start..<bodyEnd].last(where: { !isWhitespace($0) }), last != UInt8(ascii: "}") else {
            return nil
        }
        let searchEnd = min(buffer.count, bodyEnd + Self.lookBehind)
        guard case .found(let header) = findEmbeddedHeader(from: bodyEnd, below: searchEnd, lowerBound: start),
              header < bodyEnd else { return nil }
        return header
    }

    /// The body ends with the start of what could be a header line (`…}Content-Le`) and the
    /// bytes that would tell have not arrived: wait for them. A JSON body never ends like that.
    private func mayEndInsideAHeader(length: Int) -> Bool {
        let bodyEnd = start + length
        guard buffer.count - bodyEnd < Self.lookBehind else { return false }
        let body = buffer[start..<bodyEnd]
        let tailStart = body.lastIndex(where: { $0 == UInt8(ascii: "}") || $0 == 0x0A }).map { $0 + 1 } ?? start
        let tail = buffer[tailStart..<buffer.count]
        guard tailStart < bodyEnd, !tail.contains(0x0A) else { return false }
        return Self.isHeaderLinePrefix(tail)
    }

    /// Whether `bytes` could grow into `content-length : DIGITS` + CR LF.
    private static func isHeaderLinePrefix(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        for expected in contentLengthName {
            guard index < bytes.endIndex else { return true }
            guard asciiLowercased(bytes[index]) == expected else { return false }
            index += 1
        }
        while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        guard index < bytes.endIndex else { return true }
        guard bytes[index] == UInt8(ascii: ":") else { return false }
        index += 1
        return bytes[index...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private mutating func passRefusedBody(declared: Int, consumed: Int, reported: Bool) -> Event? {
        // Compared as remainders: `bodyScanFrom + remaining` overflows for a declared Int.max.
        let remaining = declared - consumed
        let end = remaining < buffer.count - bodyScanFrom ? bodyScanFrom + remaining : buffer.count
        let search = findEmbeddedHeader(from: bodyScanFrom, below: end, lowerBound: start)
        let stop: Int
        switch search {
        // A header's name may begin before the scan position (only its CR is after it).
        case .found(let header): stop = max(header, bodyScanFrom)
        case .undecided(let carriageReturn): stop = carriageReturn
        case .none: stop = end
        }
        if refusedPrefix.count < RequestPrefix.maxBytes, !reported {
            refusedPrefix += buffer[bodyScanFrom..<min(stop, bodyScanFrom + RequestPrefix.maxBytes - refusedPrefix.count)]
        }
        let nowConsumed = consumed + (stop - bodyScanFrom)
        bodyScanFrom = stop
        var ended = false
        if case .found(let header) = search {
            start = header
            ended = true
        } else if nowConsumed == declared {
            start = stop
            ended = true
        } else {
            start = max(start, stop - Self.lookBehind)
        }
        if ended {
            let event = reported ? nil : refusal(declared: declared, complete: true)
            refusedPrefix = []
            scanFrom = start
            state = .header
            return event ?? step()
        }
        state = .refusing(declared: declared, consumed: nowConsumed, reported: reported)
        if !reported, RequestPrefix.examine(refusedPrefix[...], complete: false) != .undecided {
            state = .refusing(declared: declared, consumed: nowConsumed, reported: true)
            return refusal(declared: declared, complete: false)
        }
        return nil
    }

    /// The report of a refused over-limit message, with its id when its first bytes show a request.
    private func refusal(declared: Int, complete: Bool) -> Event {
        let id = RequestPrefix.examine(refusedPrefix[...], complete: complete).requestID
        return .error(FramingError(.contentTooLong, "Content-Length \(declared) exceeds the limit of \(maxContentLength) bytes; message refused, reading resumes at the next header", requestID: id))
    }

    private mutating func fail(_ kind: FramingError.Kind, _ message: String) -> Event {
        state = .resynchronising
        return .error(FramingError(kind, message))
    }

    private func findHeaderTerminator() -> Int? {
        var index = scanFrom
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A {
                return index
            }
            index += 1
        }
        return nil
    }

    private enum EmbeddedHeader {
        /// A `Content-Length` header line starts here.
        case found(Int)
        /// A CR at the end of what has arrived: whether a header line ends there is not known yet.
        case undecided(Int)
        case none
    }

    /// Looks for a line `Content-Length: DIGITS` ended by CR LF whose CR lies in `from..<below`
    /// and whose name starts at or after `lowerBound`. CRs are rare in JSON bodies, so the scan
    /// runs at `memchr` speed and checks backwards from each.
    private func findEmbeddedHeader(from: Int, below: Int, lowerBound: Int) -> EmbeddedHeader {
        guard from < below else { return .none }
        return buffer.withUnsafeBufferPointer { bytes -> EmbeddedHeader in
            var index = from
            while index < below {
                guard let found = memchr(bytes.baseAddress! + index, 0x0D, below - index) else { return .none }
                let carriageReturn = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard carriageReturn + 1 < bytes.count else { return .undecided(carriageReturn) }
                if bytes[carriageReturn + 1] == 0x0A,
                   let name = Self.headerNameStart(endingAt: carriageReturn, in: bytes, lowerBound: lowerBound) {
                    return .found(name)
                }
                index = carriageReturn + 1
            }
            return .none
        }
    }

    /// Where `content-length` starts when the bytes before `end` read `content-length : DIGITS`
    /// (spaces and tabs allowed around the colon and after the digits).
    private static func headerNameStart(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>, lowerBound: Int) -> Int? {
        var index = end - 1
        func skipBlanks() { while index >= lowerBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index -= 1 } }
        skipBlanks()
        let digitsEnd = index
        while index >= lowerBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index -= 1 }
        guard index < digitsEnd else { return nil }
        skipBlanks()
        guard index >= lowerBound, bytes[index] == UInt8(ascii: ":") else { return nil }
        index -= 1
        skipBlanks()
        let nameStart = index - contentLengthName.count + 1
        guard nameStart >= lowerBound else { return nil }
        for offset in 0..<contentLengthName.count where asciiLowercased(bytes[nameStart + offset]) != contentLengthName[offset] {
            return nil
        }
        return nameStart
    }

    private func findContentLengthHeader() -> Int? {
        let name = contentLengthName
        guard buffer.count - start >= name.count else { return nil }
        for index in start...(buffer.count - name.count) {
            var matches = true
            for offset in 0..<name.count where asciiLowercased(buffer[index + offset]) != name[offset] {
                matches = false
                break
            }
            if matches { return index }
        }
        return nil
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
        } else if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
        } else {
            return
        }
        scanFrom = max(0, scanFrom - start)
        bodyScanFrom = max(0, bodyScanFrom - start)
        start = 0
    }
}

extension RequestPrefix.Finding {
    var requestID: RequestID? {
        if case .request(let id) = self { return id }
        return nil
    }
}

private let contentLengthName = Array("content-length".utf8)

func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
}

func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
}
