import BracketBytes
import BracketLayout

/// The SVG renderer's output: text written straight into the returned string's storage.
typealias SVGBytes = ByteSink

extension ByteSink {
    /// A coordinate or length: at most two decimals, the shared locale-free spelling.
    @inline(__always)
    mutating func number(_ value: Double) {
        decimal(value, decimals: 2)
    }

    /// User text (labels, titles, IDs) for element content or a double-quoted attribute.
    /// Escapes the five XML specials and replaces what no output carries (`UncarriedCharacters`:
    /// controls other than tab and newline, noncharacters) with U+FFFD, so a label can never end
    /// an element, inject markup or make the file unreadable to an XML parser.
    ///
    /// Returns true when the text was copied as it is: it then holds no special character, no
    /// control character and in particular no line break or tab.
    @discardableResult
    mutating func text(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            // Most labels need no escaping: copy them in one go.
            if !utf8.contains(where: Self.needsAttention) {
                append(utf8)
                return true
            }
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let uncarried = UncarriedCharacters.uncarriedLength(in: utf8, at: index)
                if uncarried > 0 {
                    index += uncarried
                    raw(replacement)
                    continue
                }
                index += 1
                switch byte {
                case UInt8(ascii: "&"): raw("&amp;")
                case UInt8(ascii: "<"): raw("&lt;")
                case UInt8(ascii: ">"): raw("&gt;")
                case UInt8(ascii: "\""): raw("&quot;")
                case UInt8(ascii: "'"): raw("&#39;")
                default: raw(byte)
                }
            }
            return false
        }
    }

    /// Trusted text that needs no escaping (the font stack), copied as it is.
    mutating func plain(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// The most bytes `text(_:)` writes for `utf8Count` bytes of input ("&quot;" for `"`).
    static func escapedBound(_ utf8Count: Int) -> Int { utf8Count * 6 }

    /// Bytes that may start something `text(_:)` rewrites, or a tab or line break (which the
    /// caller must hear of). The lead bytes of uncarried characters also start harmless ones
    /// ("¢" is C2 A2, "😀" F0 9F 98 80); those merely take the slower path.
    fileprivate static func needsAttention(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
            UInt8(ascii: "'"), 0..<0x20:
            return true
        default:
            return UncarriedCharacters.mayStart(byte)
        }
    }

    /// U+FFFD REPLACEMENT CHARACTER in UTF-8.
    fileprivate var replacement: StaticString { "\u{FFFD}" }
}
