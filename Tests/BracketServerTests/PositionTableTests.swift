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
