/// Splits an incoming byte stream into message bodies framed by LSP base-protocol headers
/// (`Content-Length: N\r\n` … `\r\n\r\n` then N bytes).
///
/// It is fed chunks of any size and boundary. Header names are case-insensitive; headers other
/// than Content-Length (Content-Type included) are ignored. After a bad header block it reports a
/// `FramingError` and resynchronises by discarding bytes up to the next `Content-Length` header,
/// because the body of a block with an unknown length cannot be located. A declared length above
/// `maxContentLength` is reported and that many bytes are skipped as they arrive, never buffered.
public struct MessageFramer: Sendable {
    public enum Event: Equatable, Sendable {
        case message([UInt8])
        case error(FramingError)
    }

    public let maxContentLength: Int
    public let maxHeaderLength: Int

    private enum State: Equatable {
        case header
        case body(length: Int)
        case skipping(remaining: Int, declared: Int)
        case resynchronising
    }

    private var state = State.header
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the header terminator resumes, so slow clients do not cost quadratic time.
    private var scanFrom = 0

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
    public mutating func finish() -> Event? {
        defer {
            buffer = []
            start = 0
            scanFrom = 0
            state = .header
        }
        let pending = buffer.count - start
        switch state {
        case .header:
            let leftover = buffer[start...].contains { !isWhitespace($0) }
            return leftover ? .error(FramingError(.truncatedHeader, "end of input inside a message header")) : nil
        case .body(let length):
            return .error(FramingError(.truncatedBody, "end of input after \(pending) of \(length) body bytes"))
        case .skipping(let remaining, let declared):
            return .error(FramingError(.truncatedBody, "end of input after \(declared - remaining) of \(declared) body bytes"))
        case .resynchronising:
            return nil
        }
    }

    // MARK: - State machine

    private mutating func step() -> Event? {
        switch state {
        case .header:
            return parseHeader()
        case .body(let length):
            guard buffer.count - start >= length else {
                // Reserve ahead only by what has arrived so far (doubling as it grows): a header
                // that declares 100 MB and then sends nothing must not cost 100 MB.
                let arrived = buffer.count - start
                buffer.reserveCapacity(start + min(length, max(64 * 1024, arrived * 2)))
                return nil
            }
            let body = Array(buffer[start..<(start + length)])
            start += length
            state = .header
            return .message(body)
        case .skipping(let remaining, let declared):
            let available = min(remaining, buffer.count - start)
            start += available
            if available == remaining {
                state = .header
                return step()
            }
            state = .skipping(remaining: remaining - available, declared: declared)
            return nil
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
        let headerBytes = buffer[start..<end]
        start = end + 4
        scanFrom = start
        if headerBytes.count > maxHeaderLength {
            return fail(.headerTooLong, "message header longer than \(maxHeaderLength) bytes")
        }
        switch HeaderBlock.contentLength(in: headerBytes) {
        case .failure(let error):
            return fail(error.kind, error.message)
        case .success(let length):
            if length > maxContentLength {
                state = .skipping(remaining: length, declared: length)
                return .error(FramingError(.contentTooLong, "Content-Length \(length) exceeds the limit of \(maxContentLength) bytes; message skipped"))
            }
            state = .body(length: length)
            return step()
        }
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
        scanFrom -= start
        if scanFrom < 0 { scanFrom = 0 }
        start = 0
    }
}

private let contentLengthName = Array("content-length".utf8)

func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
}

func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
}
