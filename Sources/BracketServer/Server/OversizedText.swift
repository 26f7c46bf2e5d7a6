import BracketModel
import BracketSyntax
import LanguageServerProtocol

/// The text of an open document past the document limit (`Limits.documentBytes`,
/// docs/language.md, "Limits"). It is kept, because an editor sends later changes as edits of
/// it and never the whole text again, but it is not parsed: a tree, line index and tables of a
/// document that size would take gigabytes. The document publishes one `limit-exceeded`
/// diagnostic, requests on it fail with a message saying why, the preview keeps its last
/// picture, and once edits bring it back within the limit it is parsed as usual.
struct OversizedText {
    private(set) var text: [UInt8]

    init(_ text: [UInt8]) {
        self.text = text
    }

    /// Applies one change from `didChange`. A ranged change is found through a line index of
    /// the whole text, built for it: linear in the text, which only a document past the limit
    /// pays.
    mutating func apply(_ change: TextDocumentContentChangeEvent, encoding: PositionEncoding) {
        guard let range = change.range else {
            text = Array(change.text.utf8)
            return
        }
        let lineIndex = LineIndex(text)
        let start = lineIndex.offset(of: LinePosition(line: range.start.line, character: range.start.character), in: text, encoding: encoding)
        let end = lineIndex.offset(of: LinePosition(line: range.end.line, character: range.end.character), in: text, encoding: encoding)
        text.replaceSubrange(min(start, end)..<max(start, end), with: Array(change.text.utf8))
    }

    /// The one diagnostic the document shows while it is past the limit.
    var diagnostic: BracketSyntax.Diagnostic {
        BracketSyntax.Diagnostic(
            range: ByteRange(0, 0), severity: .error, code: .limitExceeded,
            message: "The document is \(text.count) bytes; the limit is \(Limits.documentBytes). "
                + "It is not read until it is within the limit again.")
    }

    /// Why a request on the document has no answer.
    var refusal: String {
        "the document is \(text.count) bytes, past the limit of \(Limits.documentBytes) [limit-exceeded]"
    }
}
