@testable import BracketServer
import BracketJSON
@testable import BracketModel
import BracketSyntax
import BracketTestSupport
import JSONRPC
import LanguageServerProtocol
import Testing

/// The kept publish (`PublishedDiagnostics`) copies the JSON of unchanged diagnostics from the
/// last message; the bytes must be those of a message made from scratch — every diagnostic
/// converted and encoded, from the whole list sorted — after any edit, in every encoding and
/// for clients with and without related information and tags.
@Suite struct PublishedDiagnosticsTests {
    /// The notification as the server wrote it before it kept anything.
    static func fromScratch(_ context: DocumentContext) -> [UInt8] {
        let params = PublishDiagnosticsParams(
            uri: context.uri, version: context.version,
            diagnostics: context.lspDiagnostics(of: context.document.diagnosticsSortedWhole))
        return Message.encodeNotification(method: PublishDiagnosticsParams.method) { $0.write(params.json) }
    }

    static func context(_ document: Document, version: Int, encoding: PositionEncoding, related: Bool) -> DocumentContext {
        var client = ClientCapabilities()
        client.diagnosticRelatedInformation = related
        client.diagnosticTags = related ? [1, 2] : []
        return DocumentContext(document: document, uri: "file:///p.bracket", version: version, encoding: encoding,
                               defaults: .tutorial, client: client)
    }

    /// Duplicates, empty labels and non-ASCII text after a random tree, so that most edits have
    /// diagnostics on both sides and positions differ between the encodings.
    static func text(_ random: inout SeededRandom) -> String {
        var text = RandomText.document(&random, nodes: 40)
        for index in 0..<30 {
            text += index % 3 == 0 ? "d\(index % 4) \"🏆é\"\n" : "d\(index % 4) \"\" e\(index) \"न\" "
        }
        return text
    }

    @Test(arguments: [PositionEncoding.utf16, .utf8, .utf32], [false, true])
    func randomEditsPublishWhatAFreshEncodingGives(encoding: PositionEncoding, related: Bool) {
        var random = SeededRandom(seed: 0x9B_1157 &+ UInt64(related ? 1 : 0))
        var document = Document(Self.text(&random))
        var published = PublishedDiagnostics()
        var copied = 0
        var encoded = 0
        for step in 0..<500 {
            let (range, replacement) = RandomText.edit(&random, in: document.text)
            document.apply(TextEdit(range: ByteRange(range.lowerBound, range.upperBound), replacement: replacement))
            if document.text.count > 4_000 || document.diagnostics.count < 10 { document = Document(Self.text(&random)) }
            let context = Self.context(document, version: step, encoding: encoding, related: related)
            let bytes = published.publish(document.diagnostics, in: context)
            let expected = Self.fromScratch(context)
            if bytes != expected {
                #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                        "step \(step) edit \(range) \(String(decoding: replacement, as: UTF8.self).debugDescription)")
                return
            }
            copied += published.copied
            encoded += published.encoded
        }
        // Meaningful only if most diagnostics were copied rather than encoded again.
        #expect(copied > 2 * encoded, "copied \(copied), encoded \(encoded)")
    }

    /// A character typed in a label away from the diagnostics, or filling an empty label,
    /// encodes none of the others again.
    @Test func aKeystrokeEncodesOnlyTheDiagnosticsItChanges() {
        var text = "r \"Root\" {\n"
        for index in 0..<200 { text += "  d\(index % 100) \"\"\n" }
        text += "}\n"
        var document = Document(text)
        var published = PublishedDiagnostics()
        _ = published.publish(document.diagnostics, in: Self.context(document, version: 1, encoding: .utf16, related: true))
        let count = document.diagnostics.count
        #expect(count == 300)
        #expect(published.encoded == count)
        var version = 1
        func publish() -> [UInt8] {
            version += 1
            let context = Self.context(document, version: version, encoding: .utf16, related: true)
            let bytes = published.publish(document.diagnostics, in: context)
            #expect(bytes == Self.fromScratch(context))
            return bytes
        }
        // A character typed into the root's label, then deleted.
        document.apply(TextEdit(range: ByteRange(3, 3), replacement: "x"))
        _ = publish()
        #expect(published.encoded == 0)
        #expect(published.copied == count)
        document.apply(TextEdit(range: ByteRange(3, 4), replacement: ""))
        _ = publish()
        #expect(published.encoded == 0)
        // An empty label filled in: its warning goes, nothing is encoded.
        let label = Array(document.text).firstIndex(of: UInt8(ascii: "\""), after: 30)
        document.apply(TextEdit(range: ByteRange(label + 1, label + 1), replacement: "L"))
        _ = publish()
        #expect(published.copied == count - 1)
        #expect(published.encoded == 0)
        // A line break before everything moves every diagnostic a line down: the duplicates'
        // (each names its ID) are encoded again; an empty label's warning is the same JSON as
        // the one on its line last time, and is copied.
        document.apply(TextEdit(range: ByteRange(0, 0), replacement: "\n"))
        _ = publish()
        #expect(published.encoded >= 100)
    }
}

private extension Array where Element == UInt8 {
    /// The first index of `byte` at or after `start`.
    func firstIndex(of byte: UInt8, after start: Int) -> Int {
        self[start...].firstIndex(of: byte)!
    }
}
