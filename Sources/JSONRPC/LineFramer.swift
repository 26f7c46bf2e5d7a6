#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits an incoming byte stream into message bodies, one per line: the stdio framing of the
/// Model Context Protocol (each message a JSON object on one line, ended by LF; a CR before the
/// LF is dropped). A JSON text never holds a raw newline inside a string, so a line is always
/// one whole message or a broken one.
///
/// A line longer than `maxLineLength` is refused without being buffered: only its first bytes
/// are kept, for the request id (so the refusal can be answered), and reading resumes after its
/// LF. Blank lines are skipped. Work is linear in the input, whatever the chunk boundaries.
public struct LineFramer: Sendable {
    public let maxLineLength: Int

    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next LF resumes.
    private var scanFrom = 0
    /// Passing over an over-long line: its first bytes and how many it had.
    private var refusing: (prefix: [UInt8], length: Int)?

    public init(maxLineLength: Int) {
        self.maxLineLength = maxLineLength
    }

    /// Adds a chunk and returns every event it completes, in order.
    public mutating func push(_ chunk: [UInt8]) -> [MessageFramer.Event] { push(chunk[...]) }

    /// Adds a chunk and returns every event it completes, in order.
    public mutating func push(_ chunk: ArraySlice<UInt8>) -> [MessageFramer.Event] {
        var events: [MessageFramer.Event] = []
        var offset = chunk.startIndex
        while offset != chunk.endIndex {
            if var refused = refusing {
                // Skip to the end of the refused line without keeping its bytes.
                let rest = chunk[offset...]
                let newline = firstNewline(in: rest)
                let part = rest[..<(newline ?? chunk.endIndex)]
                if refused.prefix.count < RequestPrefix.maxBytes {
                    refused.prefix += part.prefix(RequestPrefix.maxBytes - refused.prefix.count)
                }
                refused.length += part.count
                guard let newline else {
                    refusing = refused
                    return events
                }
                events.append(refusal(refused.prefix, length: refused.length))
                refusing = nil
                offset = chunk.index(after: newline)
                continue
            }
            // Append at most what can still complete a line within the limit (plus its LF).
            let room = maxLineLength + 1 - (buffer.count - start)
            let piece = chunk[offset...].prefix(max(0, room))
            buffer.append(contentsOf: piece)
            offset = piece.endIndex
            while let event = nextLine() { events.append(event) }
            if buffer.count - start > maxLineLength {
                // No LF within the limit: refuse the line and pass over the rest of it.
                refusing = (Array(buffer[start..<min(buffer.count, start + RequestPrefix.maxBytes)]), buffer.count - start)
                buffer.removeAll(keepingCapacity: false)
                start = 0
                scanFrom = 0
            }
            compact()
        }
        return events
    }

    /// Call at end of input: a last line without its LF is still a message.
    public mutating func finish() -> [MessageFramer.Event] {
        defer {
            buffer = []
            start = 0
            scanFrom = 0
            refusing = nil
        }
        if let refused = refusing { return [refusal(refused.prefix, length: refused.length)] }
        return line(start..<buffer.count).map { [$0] } ?? []
    }

    private mutating func nextLine() -> MessageFramer.Event? {
        while let newline = firstNewline(in: buffer[scanFrom...]) {
            let range = start..<newline
            start = newline + 1
            scanFrom = start
            if let event = line(range) { return event }
        }
        scanFrom = buffer.count
        return nil
    }

    /// The message on one line, or nil for a blank line.
    private func line(_ range: Range<Int>) -> MessageFramer.Event? {
        var end = range.upperBound
        if end > range.lowerBound, buffer[end - 1] == 0x0D { end -= 1 }
        let body = buffer[range.lowerBound..<end]
        guard body.contains(where: { !isWhitespace($0) }) else { return nil }
        return .message(Array(body))
    }

    private func refusal(_ prefix: [UInt8], length: Int) -> MessageFramer.Event {
        let id = RequestPrefix.examine(prefix[...], complete: true).requestID
        return .error(FramingError(.contentTooLong, "a message line of \(length) bytes exceeds the limit of \(maxLineLength) bytes; message refused, reading resumes at the next line",
                                   requestID: id))
    }

    /// The index of the first LF, found at `memchr` speed (a refused line may be many megabytes).
    private func firstNewline(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, 0x0A, buffer.count) else { return nil }
            return bytes.startIndex + base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private mutating func compact() {
        guard start > 0, start >= buffer.count / 2 else { return }
        buffer.removeSubrange(0..<start)
        scanFrom -= start
        start = 0
    }
}
