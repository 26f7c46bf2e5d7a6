/// The unit in which a client counts characters within a line (LSP `PositionEncodingKind`).
public enum PositionEncoding: String, Sendable, Hashable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// A zero-based line and a character offset within it, counted in some `PositionEncoding`.
public struct LinePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    public var description: String { "\(line):\(character)" }
}

/// Maps byte offsets to line/character positions and back. Line breaks are `\n`, `\r\n` and a
/// lone `\r`, as the LSP specification defines them.
public struct LineIndex: Sendable, Hashable {
    /// Byte offset where each line starts; always begins with 0. Kept with a gap at the last
    /// edit (`OffsetGapArray`), so an edit does not move the starts of all the lines after it.
    private var starts: OffsetGapArray
    public private(set) var length: Int
    /// Where the non-ASCII bytes are, so that column conversions jump over ASCII stretches.
    private(set) var nonASCII: NonASCIIRuns

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 24 + 1)
        bytes.withUnsafeBufferPointer { Self.scanLineStarts($0, origin: 0, from: 0, to: bytes.count, into: &starts) }
        // Appending doubles the capacity as it goes, so up to half of it can be unused; a large
        // document keeps its index for as long as it is open, so give the slack back.
        self.starts = OffsetGapArray(starts.capacity > starts.count + 1024 ? Array(starts[...]) : starts)
        length = bytes.count
        nonASCII = NonASCIIRuns(bytes)
    }

    /// The index of a text held in a gap buffer (the document's own, after edits).
    public init(_ buffer: TextBuffer) {
        self.init(buffer.contiguous)
    }

    /// Appends the start of every line that begins after a break found in `from..<to` (a break
    /// whose `\r` lies just before `to` may look one byte past it for its `\n`). `from` must be a
    /// line start, so the scan never begins in the middle of a `\r\n`. `buffer` holds the text's
    /// bytes from offset `origin` on (at least up to `to`, plus the byte after it if any).
    private static func scanLineStarts(
        _ buffer: UnsafeBufferPointer<UInt8>, origin: Int, from: Int, to: Int, into starts: inout [Int]
    ) {
        do {
            guard let base = buffer.baseAddress else { return }
            // Indices below are relative to the buffer; starts are appended as text offsets.
            let b = base
            let to = to &- origin
            var index = from &- origin
            let count = buffer.count
            while index < to {
                #if arch(x86_64)
                // 16 bytes per step (a document is mostly bytes that break nothing): a block with
                // no CR gives its line starts straight from the LF lane bits. A block holding a
                // CR goes through the byte loop below, which knows CRLF from a lone CR.
                if to &- index >= 16 {
                    let v = Lexer.load16(b, index)
                    if Lexer.laneBits(v .== Lexer.splat(0x0D)) == 0 {
                        var lineFeeds = Lexer.laneBits(v .== Lexer.splat(0x0A))
                        while lineFeeds != 0 {
                            starts.append(origin &+ index &+ lineFeeds.trailingZeroBitCount &+ 1)
                            lineFeeds &= lineFeeds &- 1
                        }
                        index &+= 16
                        continue
                    }
                }
                let blockEnd = min(to, index &+ 16)
                #else
                let blockEnd = to
                #endif
                while index < blockEnd {
                    let byte = b[index]
                    index &+= 1
                    // Most bytes are neither break; one comparison against the larger skips them.
                    if byte > 0x0D { continue }
                    if byte == 0x0A {
                        starts.append(origin &+ index)
                    } else if byte == 0x0D {
                        if index < count, b[index] == 0x0A { index &+= 1 }
                        starts.append(origin &+ index)
                    }
                }
            }
        }
    }

    /// How many lines the text has (at least one).
    public var lineCount: Int { starts.count }

    /// Where `line` starts.
    @inline(__always)
    public func lineStart(_ line: Int) -> Int { starts[line] }

    /// Every line start, in order: a copy, for tests and one-off readers (`lineStart(_:)` reads
    /// one without copying).
    public var lineStarts: [Int] { Array(starts) }

    /// Updates the index for `range` (offsets before the edit) having been replaced by
    /// `newLength` bytes; `bytes` is the text after the edit. Only the new bytes are scanned, and
    /// the starts of later lines move by the length change without being written (see
    /// `OffsetGapArray`), so an edit costs its own size plus its distance in lines from the last
    /// one: not a scan of its line, which in a file written on one line is the whole file.
    public mutating func apply(replacing range: ByteRange, newLength: Int, in bytes: TextBuffer) {
        let delta = newLength - range.length
        let newEnd = range.start + newLength
        // Whether an offset starts a line depends on the byte before it and (for `\r\n`) the
        // byte at it. So old starts below range.start and above range.end depend on unchanged
        // bytes only (the latter just move); those in range.start...range.end are found again,
        // as the new starts in range.start...newEnd.
        let low = starts.partitioningIndex { $0 >= max(range.start, 1) }
        let high = starts.partitioningIndex { $0 > range.end }
        var fresh: [Int] = []
        if range.start > 0, Self.startsLine(range.start, in: bytes) { fresh.append(range.start) }
        // The new bytes and the one after them (a `\r` at their end looks at it).
        bytes.withBytes(in: range.start..<min(newEnd + 1, bytes.count)) {
            Self.scanLineStarts($0, origin: range.start, from: range.start, to: newEnd, into: &fresh)
        }
        // A `\r` ending the new bytes may have found its `\n` just after them: that start is kept.
        while let last = fresh.last, last > newEnd { fresh.removeLast() }
        // The starts before `low` lie before the edit, those from `high` on after it.
        starts.replace(low..<high, with: fresh, delta: delta)
        length = bytes.count
        nonASCII.apply(replacing: range, newLength: newLength, in: bytes)
    }

    /// Whether a line starts at `offset` (> 0): after `\n`, or after a `\r` not followed by `\n`.
    private static func startsLine(_ offset: Int, in bytes: TextBuffer) -> Bool {
        let before = bytes[offset - 1]
        if before == 0x0A { return true }
        return before == 0x0D && (offset == bytes.count || bytes[offset] != 0x0A)
    }

    /// The line holding `offset` (an offset at a line start belongs to that line).
    public func line(containing offset: Int) -> Int {
        starts.lastIndex(notAbove: offset)
    }

    /// Where the text of `line` ends, before its line break.
    public func contentEnd(ofLine line: Int, in bytes: [UInt8]) -> Int {
        contentEnd(ofLine: line, in: TextBuffer(bytes))
    }

    /// Where the text of `line` ends, before its line break.
    public func contentEnd(ofLine line: Int, in bytes: TextBuffer) -> Int {
        let start = lineStart(line)
        var end = line + 1 < starts.count ? lineStart(line + 1) : length
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The position of a byte offset. An offset inside a multi-byte character counts as that
    /// character's start; an offset past the end counts as the end.
    public func position(of offset: Int, in bytes: [UInt8], encoding: PositionEncoding) -> LinePosition {
        position(of: offset, in: TextBuffer(bytes), encoding: encoding)
    }

    /// The position of a byte offset in a text held in a gap buffer (see the array version).
    public func position(of offset: Int, in bytes: TextBuffer, encoding: PositionEncoding) -> LinePosition {
        let clamped = max(0, min(offset, length))
        let line = line(containing: clamped)
        let start = lineStart(line)
        if encoding == .utf8 {
            return LinePosition(line: line, character: characterStart(of: clamped, lineStart: start, in: bytes) - start)
        }
        var units = 0
        var index = start
        var run = nonASCII.firstRun(endingAfter: start)
        while index < clamped {
            // An ASCII byte is one code unit in every encoding: jump over them.
            let next = nonASCII.next(atOrAfter: index, run: &run)
            if next > index {
                let skip = min(next, clamped) - index
                units += skip
                index += skip
                continue
            }
            let width = utf8SequenceLength(bytes[index])
            if index + width > clamped { break }
            units += (encoding == .utf16 && width == 4) ? 2 : 1
            index += width
        }
        return LinePosition(line: line, character: units)
    }

    /// The byte offset of a position. Following the LSP specification, a line past the end means
    /// the end of the document and a character past the line's end means the line's end. A
    /// character in the middle of a multi-byte character (half a UTF-16 surrogate pair, or inside
    /// a UTF-8 sequence) is rounded down to that character's start.
    public func offset(of position: LinePosition, in bytes: [UInt8], encoding: PositionEncoding) -> Int {
        offset(of: position, in: TextBuffer(bytes), encoding: encoding)
    }

    /// The byte offset of a position in a text held in a gap buffer (see the array version).
    public func offset(of position: LinePosition, in bytes: TextBuffer, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < starts.count else { return length }
        let start = lineStart(position.line)
        let end = contentEnd(ofLine: position.line, in: bytes)
        let wanted = max(0, position.character)
        var units = 0
        var index = start
        var run = nonASCII.firstRun(endingAfter: start)
        while index < end, units < wanted {
            let next = nonASCII.next(atOrAfter: index, run: &run)
            if next > index {
                let skip = min(next - index, end - index, wanted - units)
                units += skip
                index += skip
                continue
            }
            let width = min(utf8SequenceLength(bytes[index]), end - index)
            let step = encoding == .utf8 ? width : ((encoding == .utf16 && width == 4) ? 2 : 1)
            if units + step > wanted { break }
            units += step
            index += width
        }
        return index
    }

    /// The positions of both ends of a range.
    public func range(of range: ByteRange, in bytes: [UInt8], encoding: PositionEncoding) -> (start: LinePosition, end: LinePosition) {
        self.range(of: range, in: TextBuffer(bytes), encoding: encoding)
    }

    /// The positions of both ends of a range in a text held in a gap buffer.
    public func range(of range: ByteRange, in bytes: TextBuffer, encoding: PositionEncoding) -> (start: LinePosition, end: LinePosition) {
        (position(of: range.start, in: bytes, encoding: encoding), position(of: range.end, in: bytes, encoding: encoding))
    }
}

extension LineIndex {
    /// The start of the UTF-8 character holding `offset` (the offset itself at a boundary), found
    /// by stepping back over at most three continuation bytes: the same rounding `offset(of:)`
    /// applies, so a position and its offset always agree.
    func characterStart(of offset: Int, lineStart: Int, in bytes: TextBuffer) -> Int {
        guard offset < bytes.count else { return offset }
        var start = offset
        while start > lineStart, offset - start < 3, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start < offset && utf8SequenceLength(bytes[start]) > offset - start ? start : offset
    }
}

/// Length of the UTF-8 sequence a lead byte starts; stray continuation or invalid bytes count as one.
@inline(__always)
func utf8SequenceLength(_ lead: UInt8) -> Int {
    if lead < 0xC0 { return 1 }
    if lead < 0xE0 { return 2 }
    if lead < 0xF0 { return 3 }
    if lead < 0xF8 { return 4 }
    return 1
}
