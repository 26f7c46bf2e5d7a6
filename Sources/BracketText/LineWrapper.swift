/// Greedy line filling over a label's grapheme clusters.
///
/// The label is cut into clusters once (bytes for ASCII, `Character`s otherwise), each with its
/// UTF-8 end offset, width and break class; widths of any run come from prefix sums, so every
/// cluster is looked at a constant number of times and wrapping is linear in the label.
struct LineWrapper {
    /// One cluster: where it ends (UTF-8 offset; it starts where the one before ends), the width
    /// of all clusters up to and including it (so any run's width is one subtraction), its class.
    struct Slot {
        var end: Int
        var widthThrough: Int
        var kind: BreakClass
    }

    /// All clusters in one array: one allocation per wrapped label.
    private(set) var slots: [Slot] = []
    /// Arabic letters by cluster index: their width depends on neighbours a line may cut off.
    private(set) var arabic: [Int: ArabicContext] = [:]

    init(bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, text: String) {
        if isASCII {
            slots.reserveCapacity(bytes.count)
            let table = FontTable.decoded.ascii
            var width = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 0x0D && index < bytes.count && bytes[index] == 0x0A { index += 1 }  // CR LF is one break
                width += Int(table[Int(byte & 0x7F)])
                slots.append(Slot(end: index, widthThrough: width, kind: BreakClass.of(ascii: byte)))
            }
        } else {
            var offset = 0
            var width = 0
            ContextualClusters.forEach(in: text[...]) { cluster in
                offset += cluster.utf8Count
                width += cluster.units
                if let context = cluster.arabic { arabic[slots.count] = context }
                slots.append(Slot(end: offset, widthThrough: width, kind: cluster.kind))
            }
        }
    }

    var count: Int { slots.count }

    @inline(__always)
    func kind(_ cluster: Int) -> BreakClass { slots[cluster].kind }

    @inline(__always)
    func end(of cluster: Int) -> Int { slots[cluster].end }

    @inline(__always)
    func start(of cluster: Int) -> Int { cluster == 0 ? 0 : slots[cluster - 1].end }

    /// Width of clusters `0..<index`.
    @inline(__always)
    private func widthBefore(_ index: Int) -> Int { index == 0 ? 0 : slots[index - 1].widthThrough }

    /// Width of the clusters of `range` set on a line of their own: an Arabic letter at either
    /// end takes the form it has without the neighbour outside the range.
    @inline(__always)
    func units(_ range: Range<Int>) -> Int {
        let total = widthBefore(range.upperBound) - widthBefore(range.lowerBound)
        return arabic.isEmpty || range.isEmpty ? total : total + arabicEdgeAdjustment(range)
    }

    private func arabicEdgeAdjustment(_ range: Range<Int>) -> Int {
        let first = range.lowerBound, last = range.upperBound - 1
        if first == last {
            return arabic[first]?.adjustment(keepPrevious: false, keepNext: false) ?? 0
        }
        return (arabic[first]?.adjustment(keepPrevious: false, keepNext: true) ?? 0)
            + (arabic[last]?.adjustment(keepPrevious: true, keepNext: false) ?? 0)
    }

    /// A line may end before cluster `index` (which is not the first of its line).
    func breakAllowed(before index: Int) -> Bool {
        let current = kind(index), previous = kind(index - 1)
        switch current {
        case .space, .closing, .hardBreak: return false
        default: break
        }
        switch previous {
        case .space: return true
        case .opening: return false
        case .hyphen, .hyphenMinus:
            // Not after a dash that opens a word ("-5", " – x"), nor between "-" and a digit.
            if index < 2 || kind(index - 2) == .space || kind(index - 2) == .hardBreak { return false }
            return !(previous == .hyphenMinus && current == .digit)
        case .ideographic: return true
        default: return current == .ideographic
        }
    }

    /// The lines (cluster ranges, trailing spaces excluded) of the text, stopping once there are
    /// more than `maxLines`; a run fits on one line when its width is at most `maxUnits`.
    func lines(maxLines: Int, maxUnits: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var paragraphStart = 0
        while paragraphStart <= count && result.count <= maxLines {
            var paragraphEnd = paragraphStart
            while paragraphEnd < count && kind(paragraphEnd) != .hardBreak { paragraphEnd += 1 }
            // A final line break ends the last line; it does not open an empty one.
            if paragraphStart == count && paragraphStart > 0 { break }
            fill(paragraphStart..<paragraphEnd, maxLines: maxLines, maxUnits: maxUnits, into: &result)
            paragraphStart = paragraphEnd + 1
        }
        return result
    }

    private func fill(_ paragraph: Range<Int>, maxLines: Int, maxUnits: Int, into result: inout [Range<Int>]) {
        var lineStart = paragraph.lowerBound
        var contentEnd = lineStart  // end of the last cluster drawn on this line (not a space)
        var lastBreak = -1  // where the next line may start
        var contentEndAtBreak = -1
        var index = lineStart
        while index < paragraph.upperBound {
            if kind(index) == .space {
                index += 1  // spaces hang past the edge: they are not drawn at a break
                continue
            }
            if contentEnd > lineStart && breakAllowed(before: index) {
                lastBreak = index
                contentEndAtBreak = contentEnd
            }
            if contentEnd > lineStart && units(lineStart..<index + 1) > maxUnits {
                if lastBreak > lineStart {
                    result.append(lineStart..<contentEndAtBreak)
                    lineStart = lastBreak
                    // The word since the break may itself be too wide: cut it at this cluster.
                    if index > lineStart && units(lineStart..<index + 1) > maxUnits {
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
        // A paragraph of nothing but spaces keeps them, as it does when it fits.
        let blank = lineStart == paragraph.lowerBound && contentEnd == lineStart
        result.append(lineStart..<(blank ? paragraph.upperBound : max(contentEnd, lineStart)))
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
            let table = FontTable.decoded.bytes
            var flags: UInt32 = 0
            for byte in bytes {
                let entry = table[Int(byte)]
                flags |= entry
                total &+= Int(entry & 0xFFFF)
            }
            isASCII = flags & DecodedTable.nonASCIIBit == 0
            return flags & (DecodedTable.nonASCIIBit | DecodedTable.lineBreakBit) == 0
        }
        if handled == true { return pixels(total) <= maxWidth ? pixels(total) : nil }
        if handled == false && isASCII { return nil }
        total = 0
        var hasBreak = false
        ContextualClusters.forEach(in: text[...], classify: false) { cluster in
            hasBreak = hasBreak || cluster.kind == .hardBreak
            total += cluster.units
        }
        return !hasBreak && pixels(total) <= maxWidth ? pixels(total) : nil
    }

    @inline(__always)
    func pixels(_ units: Int) -> Double { Double(units) * scale }

    /// The largest width in font units whose pixel width is at most `maxWidth` (-1 if none), so
    /// the wrapper compares integers and decides exactly as `pixels(units) <= maxWidth` would.
    func maxUnits(fitting maxWidth: Double) -> Int {
        guard maxWidth >= 0 else { return -1 }
        let limit = 1 << 52
        guard maxWidth / scale < Double(limit) else { return limit }
        var units = Int((maxWidth / scale).rounded(.down))
        while pixels(units + 1) <= maxWidth { units += 1 }
        while units >= 0 && pixels(units) > maxWidth { units -= 1 }
        return units
    }

    private func wrap(_ text: String, bytes: UnsafeBufferPointer<UInt8>, maxWidth: Double, maxLines: Int) -> WrappedText {
        let isASCII = !bytes.contains { $0 >= 0x80 }
        let wrapper = LineWrapper(bytes: bytes, isASCII: isASCII, text: text)
        var ranges = wrapper.lines(maxLines: maxLines, maxUnits: maxUnits(fitting: maxWidth))
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
                    && (wrapper.kind(range.upperBound - 1) == .space || !(pixels(wrapper.units(range) + ellipsisUnits) <= maxWidth))
                {
                    range = range.lowerBound..<range.upperBound - 1
                }
                units = wrapper.units(range) + ellipsisUnits
            }
            let from = range.isEmpty ? 0 : wrapper.start(of: range.lowerBound)
            let to = range.isEmpty ? 0 : wrapper.end(of: range.upperBound - 1)
            var line = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
            if ellipsis { line += "\u{2026}" }
            lines.append(line)
            widths.append(pixels(units))
        }
        return WrappedText(lines: lines, lineWidths: widths, isTruncated: isTruncated)
    }
}
