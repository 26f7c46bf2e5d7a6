extension LineIndex {
    /// Positions for many offsets at once. `position(of:)` counts code units from the line start
    /// on every call, which turns quadratic when one long line holds thousands of nodes; here the
    /// offsets are sorted and each line is scanned once, with the same rules (an offset inside a
    /// multi-byte character counts as that character's start; past the end means the end).
    public func positions(
        of offsets: some Sequence<Int>, in bytes: [UInt8], encoding: PositionEncoding
    ) -> [Int: LinePosition] {
        var result: [Int: LinePosition] = [:]
        var line = -1
        var cursor = 0
        var units = 0
        for offset in Set(offsets).sorted() {
            let clamped = max(0, min(offset, length))
            let lineOfOffset = self.line(containing: clamped)
            if lineOfOffset != line {
                line = lineOfOffset
                cursor = lineStarts[line]
                units = 0
            }
            if encoding == .utf8 {
                let start = characterStart(of: clamped, lineStart: lineStarts[line], in: bytes)
                result[offset] = LinePosition(line: line, character: start - lineStarts[line])
                continue
            }
            while cursor < clamped {
                let width = utf8SequenceLength(bytes[cursor])
                if cursor + width > clamped { break }
                units += (encoding == .utf16 && width == 4) ? 2 : 1
                cursor += width
            }
            result[offset] = LinePosition(line: line, character: units)
        }
        return result
    }
}
