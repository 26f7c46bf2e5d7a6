@testable import BracketServer
import BracketModel
import BracketSyntax
import LanguageServerProtocol
import Testing

/// The batched conversion must agree with LineIndex at every offset, inside multi-byte
/// characters and past the end included.
@Test(arguments: [PositionEncoding.utf16, .utf32, .utf8])
func positionTableAgreesWithLineIndex(_ encoding: PositionEncoding) {
    let document = Document("r \"🏆é\" {\r\n  a \"\u{10FFFF}x\" b\n\n}\u{FF}\u{E9}z")
    let context = DocumentContext(document: document, uri: "file:///p", version: 1, encoding: encoding,
                                  defaults: .tutorial)
    let offsets = Array(-1...(document.text.count + 2))
    let table = PositionTable(context, offsets: offsets.reversed())
    for offset in offsets {
        #expect(table.position(offset) == context.position(offset), "offset \(offset)")
    }
}

/// The one-pass conversion used for preview snapshots agrees with LineIndex for offsets in text
/// order (repeats included), and falls back correctly for offsets out of order, inside a
/// character or past the end.
@Test(arguments: [PositionEncoding.utf16, .utf32, .utf8])
func orderedPositionsAgreeWithLineIndex(_ encoding: PositionEncoding) {
    let document = Document("r \"🏆é\" {\r\n  a \"\u{10FFFF}x\" b\r\r\n\n}\u{FF}\u{E9}z 🏆c")
    let context = DocumentContext(document: document, uri: "file:///p", version: 1, encoding: encoding,
                                  defaults: .tutorial)
    var ordered = OrderedPositions(context)
    for offset in 0...(document.text.count + 2) {
        #expect(ordered.position(offset) == context.position(offset), "offset \(offset)")
        #expect(ordered.position(offset) == context.position(offset), "offset \(offset) again")
    }
    var mixed = OrderedPositions(context)
    for offset in [5, 2, 9, 9, 30, 3, 31, -1, 32] {
        #expect(mixed.position(offset) == context.position(offset), "offset \(offset)")
    }
}
