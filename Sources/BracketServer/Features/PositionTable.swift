import BracketSyntax
import LanguageServerProtocol

/// LSP positions for many byte offsets at once, computed in one pass per line by
/// `LineIndex.positions(of:in:encoding:)` (one call per offset would be quadratic on long lines).
struct PositionTable {
    private let positions: [Int: LinePosition]
    private let context: DocumentContext

    init(_ context: DocumentContext, offsets: some Sequence<Int>) {
        self.context = context
        positions = context.document.lineIndex.positions(
            of: offsets, in: context.document.buffer, encoding: context.encoding)
    }

    func position(_ offset: Int) -> Position {
        guard let position = positions[offset] else { return context.position(offset) }
        return Position(line: position.line, character: position.character)
    }

    func range(_ range: ByteRange) -> LSPRange {
        LSPRange(start: position(range.start), end: position(range.end))
    }

    func location(_ range: ByteRange) -> Location {
        Location(uri: context.uri, range: self.range(range))
    }
}
