extension LineIndex {
    /// Positions for offsets asked in (mostly) ascending order, in one forward pass over lines
    /// and characters: `position(of:)` counts code units from the line start on every call,
    /// which turns quadratic when one long line holds thousands of nodes. The geometry writer,
    /// the preview payload and the CLI's diagnostics all ask in text order.
    ///
    /// Every answer equals `position(of:in:encoding:)` for the same offset (an offset inside a
    /// multi-byte character counts as that character's start; past the end means the end). An
    /// offset before the previous one is answered by `position(of:)` and leaves the cursor where
    /// it was, so a stream that steps back now and then stays linear.
    public struct PositionCursor {
        private let index: LineIndex
        private let bytes: TextBuffer
        private let encoding: PositionEncoding
        private var line = 0
        /// The character boundary counted up to on `line`, and the code units before it.
        private var cursor: Int
        private var units = 0
        /// The first non-ASCII run that may lie at or after `cursor` (the cursor only moves on).
        private var run = 0

        public init(_ index: LineIndex, in bytes: [UInt8], encoding: PositionEncoding) {
            self.init(index, in: TextBuffer(bytes), encoding: encoding)
        }

        public init(_ index: LineIndex, in bytes: TextBuffer, encoding: PositionEncoding) {
            self.index = index
            self.bytes = bytes
            self.encoding = encoding
            cursor = index.lineStart(0)
        }

        public mutating func position(of offset: Int) -> LinePosition {
            let clamped = max(0, min(offset, index.length))
            guard clamped >= cursor else { return index.position(of: offset, in: bytes, encoding: encoding) }
            let count = index.lineCount
            if line + 1 < count, index.lineStart(line + 1) <= clamped {
                // Far jumps search; near ones step, so many lines with few offsets stay linear.
                if count - line > 16, index.lineStart(min(line + 16, count - 1)) <= clamped {
                    line = index.line(containing: clamped)
                } else {
                    while line + 1 < count, index.lineStart(line + 1) <= clamped { line += 1 }
                }
                cursor = index.lineStart(line)
                units = 0
            }
            let lineStart = index.lineStart(line)
            if encoding == .utf8 {
                let start = index.characterStart(of: clamped, lineStart: lineStart, in: bytes)
                cursor = start
                return LinePosition(line: line, character: start - lineStart)
            }
            while cursor < clamped {
                // An ASCII byte is one code unit in every encoding: jump over them.
                let next = index.nonASCII.next(atOrAfter: cursor, run: &run)
                if next > cursor {
                    let skip = min(next, clamped) - cursor
                    units += skip
                    cursor += skip
                    continue
                }
                let width = utf8SequenceLength(bytes[cursor])
                if cursor + width > clamped { break }
                units += (encoding == .utf16 && width == 4) ? 2 : 1
                cursor += width
            }
            return LinePosition(line: line, character: units)
        }
    }

    /// Positions for many offsets at once, in any order: sorted, then read with one
    /// `PositionCursor` pass.
    public func positions(
        of offsets: some Sequence<Int>, in bytes: [UInt8], encoding: PositionEncoding
    ) -> [Int: LinePosition] {
        positions(of: offsets, in: TextBuffer(bytes), encoding: encoding)
    }

    /// Positions for many offsets at once in a text held in a gap buffer.
    public func positions(
        of offsets: some Sequence<Int>, in bytes: TextBuffer, encoding: PositionEncoding
    ) -> [Int: LinePosition] {
        var result: [Int: LinePosition] = [:]
        var cursor = PositionCursor(self, in: bytes, encoding: encoding)
        for offset in Set(offsets).sorted() { result[offset] = cursor.position(of: offset) }
        return result
    }
}
