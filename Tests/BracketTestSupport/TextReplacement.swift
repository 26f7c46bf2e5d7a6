import BracketModel
import BracketSyntax

extension Document {
    /// Applies an edit that replaces the first `old` in `text` (the document's text as a string)
    /// with `new`, and makes the same change to `text`; false, changing nothing, when `old` is
    /// not there. For tests that script edits by the text they change.
    public mutating func replaceFirst(_ old: String, with new: String, in text: inout String) -> Bool {
        guard let range = text.range(of: old) else { return false }
        let from = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        let to = text.utf8.distance(from: text.startIndex, to: range.upperBound)
        _ = apply(TextEdit(range: ByteRange(from, to), replacement: new))
        text.replaceSubrange(range, with: new)
        return true
    }
}
