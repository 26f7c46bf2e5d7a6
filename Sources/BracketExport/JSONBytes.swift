import BracketBytes
import BracketJSON
import BracketLayout

/// JSON values written straight into a `ByteSink`, spelled exactly as `JSONWriter` spells them
/// (the geometry JSON is compared byte for byte with recorded fixtures, and the server embeds it
/// next to documents written by `JSONWriter`). The geometry writer uses these instead of
/// `JSONWriter` to write each key as one fixed run of bytes and each number without a `String`.
extension ByteSink {
    /// A JSON string, escaped by the same rule as `JSONWriter.string(_:)` (`JSONStringEscaping`),
    /// after what no output carries (`UncarriedCharacters`) is replaced with U+FFFD, as in the
    /// SVG and the DOT export: JSON could escape a control, but the label would then read
    /// differently in the page than in the picture.
    mutating func jsonString(_ text: String) {
        raw(UInt8(ascii: "\""))
        var text = UncarriedCharacters.replaced(text)
        text.withUTF8 { utf8 in
            JSONStringEscaping.forEachPiece(of: utf8, literal: { append($0) }, escape: { append($0) })
        }
        raw(UInt8(ascii: "\""))
    }

    /// The most bytes `jsonString(_:)` writes for `utf8Count` bytes of text (`\u00XX`, or a
    /// byte's U+FFFD), quotes included.
    static func jsonStringBound(_ utf8Count: Int) -> Int { JSONStringEscaping.maxEscapedLength * utf8Count + 2 }

    /// Exactly the bytes `jsonString(text)` writes, quotes included.
    static func jsonStringLength(_ text: String) -> Int {
        JSONStringEscaping.escapedCount(of: UncarriedCharacters.replaced(text)) + 2
    }

    /// A JSON number, spelled by the one speller `JSONWriter.double(_:)` uses too.
    mutating func jsonNumber(_ value: Double) {
        write(maxCount: DecimalText.maxJSONLength) { DecimalText.writeJSON(value, to: $0) }
    }
}

extension JSONWriter {
    /// A diagram's text (a label, a line, a score, an attribute's value) through a `JSONWriter`,
    /// by the rule of `ByteSink.jsonString(_:)`: what no output carries becomes U+FFFD.
    mutating func outputText(_ text: String) {
        string(UncarriedCharacters.replaced(text))
    }
}
