import BracketSyntax
import LanguageServerProtocol

/// LSP positions for many byte offsets at once. `LineIndex.position` counts code units from the
/// line start on every call, which is quadratic when one long line holds thousands of nodes;
/// here the offsets are sorted and each line is scanned once, with the same rules (an offset
/// inside a multi-byte character counts as that character's start).
struct PositionTable {
    private var positions: [Int: Position] = [:]
    private let context: DocumentContext

    init(_ context: DocumentContext, offsets: some Sequence<Int>) {
        self.context = context
        guard context.encoding != .utf8 else { return }  // already O(log n) per offset
        let text = context.document.text
        let index = context.document.lineIndex
        var line = -1
        var cursor = 0
        var units = 0
        for offset in Set(offsets).sorted() {
            let clamped = max(0, min(offset, index.length))
            let lineOfOffset = index.line(containing: clamped)
            if lineOfOffset != line {
                line = lineOfOffset
                cursor = index.lineStarts[line]
                units = 0
            }
            while cursor < clamped {
                let width = sequenceLength(text[cursor])
                if cursor + width > clamped { break }
                units += (context.encoding == .utf16 && width == 4) ? 2 : 1
                cursor += width
            }
            positions[offset] = Position(line: line, character: units)
        }
    }

    func position(_ offset: Int) -> Position {
        positions[offset] ?? context.position(offset)
    }

    func range(_ range: ByteRange) -> LSPRange {
        LSPRange(start: position(range.start), end: position(range.end))
    }
}

/// Bytes in the UTF-8 sequence a lead byte starts (1 for a stray continuation or invalid byte),
/// as LineIndex counts them.
private func sequenceLength(_ lead: UInt8) -> Int {
    if lead < 0xC0 { return 1 }
    if lead < 0xE0 { return 2 }
    if lead < 0xF0 { return 3 }
    if lead < 0xF8 { return 4 }
    return 1
}
