/// Greedy line filling over a label's grapheme clusters.
///
/// The label is cut into clusters once (bytes for ASCII, `Character`s otherwise), each with its
/// UTF-8 end offset, width and break class; widths of any run come from prefix sums, so every
/// cluster is looked at a constant number of times and wrapping is linear in the label.
struct LineWrapper {
    /// End offset (UTF-8) of each cluster; cluster `i` starts where cluster `i - 1` ends.
    private(set) var ends: [Int] = []
    /// `prefix[i]` is the width in font units of clusters `0..<i`.
    private(set) var prefix: [Int] = [0]
    private(set) var kinds: [BreakClass] = []

    init(bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, text: String) {
        if isASCII {
            ends.reserveCapacity(bytes.count)
            kinds.reserveCapacity(bytes.count)
            prefix.reserveCapacity(bytes.count + 1)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 0x0D && index < bytes.count && bytes[index] == 0x0A { index += 1 }  // CR LF is one break
                append(end: index, units: FontTable.asciiUnits(byte), kind: BreakClass.of(ascii: byte))
            }
        } else {
            var offset = 0
            for character in text {
                offset += character.utf8.count
                append(end: offset, units: ClusterWidth.units(of: character), kind: BreakClass.of(character))
            }
        }
    }

    private mutating func append(end: Int, units: Int, kind: BreakClass) {
        ends.append(end)
        prefix.append(prefix[prefix.count - 1] + units)
        kinds.append(kind)
    }

    var count: Int { kinds.count }

    func start(of cluster: Int) -> Int { cluster == 0 ? 0 : ends[cluster - 1] }

    func units(_ range: Range<Int>) -> Int { prefix[range.upperBound] - prefix[range.lowerBound] }

    /// A line may end before cluster `index` (which is not the first of its line).
    func breakAllowed(before index: Int) -> Bool {
        let current = kinds[index], previous = kinds[index - 1]
        switch current {
        case .space, .closing, .hardBreak: return false
        default: break
        }
        switch previous {
        case .space: return true
        case .opening: return false
        case .hyphen, .hyphenMinus:
            // Not after a dash that opens a word ("-5", " – x"), nor between "-" and a digit.
            if index < 2 || kinds[index - 2] == .space || kinds[index - 2] == .hardBreak { return false }
            return !(previous == .hyphenMinus && current == .digit)
        case .ideographic: return true
        default: return current == .ideographic
        }
    }

    /// The lines (cluster ranges, trailing spaces excluded) of the text, stopping once there are
    /// more than `maxLines`; `fits(units)` says whether a run of that width fits on one line.
    func lines(maxLines: Int, fits: (Int) -> Bool) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var paragraphStart = 0
        while paragraphStart <= count && result.count <= maxLines {
            var paragraphEnd = paragraphStart
            while paragraphEnd < count && kinds[paragraphEnd] != .hardBreak { paragraphEnd += 1 }
            // A final line break ends the last line; it does not open an empty one.
            if paragraphStart == count && paragraphStart > 0 { break }
            fill(paragraphStart..<paragraphEnd, maxLines: maxLines, fits: fits, into: &result)
            paragraphStart = paragraphEnd + 1
        }
        return result
    }

    private func fill(_ paragraph: Range<Int>, maxLines: Int, fits: (Int) -> Bool, into result: inout [Range<Int>]) {
        var lineStart = paragraph.lowerBound
        var contentEnd = lineStart  // end of the last cluster drawn on this line (not a space)
        var lastBreak = -1  // where the next line may start
        var contentEndAtBreak = -1
        var index = lineStart
        while index < paragraph.upperBound {
            if kinds[index] == .space {
                index += 1  // spaces hang past the edge: they are not drawn at a break
                continue
            }
            if contentEnd > lineStart && breakAllowed(before: index) {
                lastBreak = index
                contentEndAtBreak = contentEnd
            }
            if contentEnd > lineStart && !fits(units(lineStart..<index + 1)) {
                if lastBreak > lineStart {
                    result.append(lineStart..<contentEndAtBreak)
                    lineStart = lastBreak
                    // The word since the break may itself be too wide: cut it at this cluster.
                    if index > lineStart && !fits(units(lineStart..<index + 1)) {
                        guard result.count <= maxLines else { return }
                        result.append(lineStart..<index)
                        lineStart = index
                    }
                } else {
                    result.append(lineStart..<contentEnd)
                    lineStart = index
                }
                lastBreak = -1
                if result.count > maxLines { return }
            }
            contentEnd = index + 1
            index += 1
        }
        result.append(lineStart..<max(contentEnd, lineStart))
    }
}

extension TextMeasurer {
    /// Wraps `text` into at most `maxLines` lines no wider than `maxWidth` pixels.
    ///
    /// Lines break after spaces (which are then not drawn), after hyphens and dashes, and
    /// before or after CJK characters; a word wider than `maxWidth` breaks between grapheme
    /// clusters, and a single cluster wider than `maxWidth` still gets a line of its own, so
    /// every line of a non-empty label holds something. Every "\n" ends a line (a final one adds
    /// no empty line). When more than `maxLines` lines (at least 1) are needed, the last one is
    /// shortened until it and "…" fit `maxWidth`.
    public func wrap(_ text: String, maxWidth: Double, maxLines: Int) -> WrappedText {
        if text.isEmpty { return WrappedText(lines: [], lineWidths: [], isTruncated: false) }
        if let single = singleLine(text, maxWidth: maxWidth) {
            return WrappedText(lines: [text], lineWidths: [single], isTruncated: false)
        }
        var contiguous = text
        contiguous.makeContiguousUTF8()
        return contiguous.utf8.withContiguousStorageIfAvailable { bytes in
            wrap(contiguous, bytes: bytes, maxWidth: maxWidth, maxLines: max(1, maxLines))
        }!
    }

    /// The width of `text` when it fits on one line of `maxWidth` with no line break in it, else nil:
    /// the common case, answered with one pass over the bytes and no allocation.
    public func singleLine(_ text: String, maxWidth: Double) -> Double? {
        var total = 0
        var isASCII = true
        let handled: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes {
                if byte >= 0x80 { isASCII = false; return false }
                if byte == 0x0A || byte == 0x0D { return false }
                total &+= FontTable.asciiUnits(byte)
            }
            return true
        }
        if handled == true { return pixels(total) <= maxWidth ? pixels(total) : nil }
        if handled == false && isASCII { return nil }
        total = 0
        for character in text {
            if BreakClass.of(character) == .hardBreak { return nil }
            total += ClusterWidth.units(of: character)
        }
        return pixels(total) <= maxWidth ? pixels(total) : nil
    }

    @inline(__always)
    func pixels(_ units: Int) -> Double { Double(units) * scale }

    private func wrap(_ text: String, bytes: UnsafeBufferPointer<UInt8>, maxWidth: Double, maxLines: Int) -> WrappedText {
        let isASCII = !bytes.contains { $0 >= 0x80 }
        let wrapper = LineWrapper(bytes: bytes, isASCII: isASCII, text: text)
        var ranges = wrapper.lines(maxLines: maxLines) { pixels($0) <= maxWidth }
        let isTruncated = ranges.count > maxLines
        var ellipsisLine: Int? = nil
        if isTruncated {
            ranges.removeLast(ranges.count - maxLines)
            ellipsisLine = maxLines - 1
        }
        var lines: [String] = []
        var widths: [Double] = []
        lines.reserveCapacity(ranges.count)
        widths.reserveCapacity(ranges.count)
        for (number, var range) in ranges.enumerated() {
            var units = wrapper.units(range)
            let ellipsis = number == ellipsisLine
            if ellipsis {
                let ellipsisUnits = FontTable.units(of: 0x2026)
                while !range.isEmpty
                    && (wrapper.kinds[range.upperBound - 1] == .space || !(pixels(wrapper.units(range) + ellipsisUnits) <= maxWidth))
                {
                    range = range.lowerBound..<range.upperBound - 1
                }
                units = wrapper.units(range) + ellipsisUnits
            }
            let from = range.isEmpty ? 0 : wrapper.start(of: range.lowerBound)
            let to = range.isEmpty ? 0 : wrapper.ends[range.upperBound - 1]
            var line = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
            if ellipsis { line += "\u{2026}" }
            lines.append(line)
            widths.append(pixels(units))
        }
        return WrappedText(lines: lines, lineWidths: widths, isTruncated: isTruncated)
    }
}
