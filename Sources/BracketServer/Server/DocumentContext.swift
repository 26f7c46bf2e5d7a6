import BracketModel
import BracketSyntax
import LanguageServerProtocol

/// An open document with the version the client gave it.
struct OpenDocument {
    var document: Document
    var version: Int
    /// The last full semantic tokens sent for this document, which a
    /// `semanticTokens/full/delta` request names by its result ID. It lives and dies with the
    /// open document, so a closed document holds no token data.
    var semanticTokens: SemanticTokens?
    /// The text while it is past the document limit (`document` is then an empty stand-in).
    var oversized: OversizedText? = nil

    /// The length of its text, parsed or not.
    var byteCount: Int { oversized?.text.count ?? document.buffer.count }

    /// The document for `text`: parsed, or kept unparsed past the limit.
    init(text: [UInt8], version: Int) {
        if text.count > Limits.documentBytes {
            document = Document(text: [])
            oversized = OversizedText(text)
        } else {
            document = Document(text: text)
        }
        self.version = version
    }
}

/// Everything a feature handler needs about one document, and the conversions between the
/// core's byte offsets and LSP positions in the negotiated encoding.
struct DocumentContext {
    let document: Document
    let uri: String
    let version: Int
    let encoding: PositionEncoding
    /// Layout settings from the editor; the file's own `@` settings are put over them by
    /// `document.diagram(defaults:)`.
    let defaults: LayoutSettings
    /// What the client said it can take (hover format, flat symbols, …).
    var client = ClientCapabilities()

    func position(_ offset: Int) -> Position {
        let position = document.lineIndex.position(of: offset, in: document.buffer, encoding: encoding)
        return Position(line: position.line, character: position.character)
    }

    func range(_ range: ByteRange) -> LSPRange {
        LSPRange(start: position(range.start), end: position(range.end))
    }

    /// Clamps positions past a line's end or the text's end, as LSP asks.
    func offset(_ position: Position) -> Int {
        document.lineIndex.offset(of: LinePosition(line: position.line, character: position.character),
                                  in: document.buffer, encoding: encoding)
    }

    func location(_ range: ByteRange) -> Location {
        Location(uri: uri, range: self.range(range))
    }

    func diagram() -> Diagram {
        document.diagram(defaults: defaults)
    }
}
