import BracketSyntax

/// The meaning of a string token: its text with escapes resolved, and what was wrong with it.
public struct LabelText: Hashable, Sendable {
    /// The text to show: the label with escapes resolved, cut to the documented limit
    /// (`Limits.labelCharacters`) so that no output carries more (see `cutToLimit`).
    public var value: String
    public var isTerminated: Bool
    /// Byte ranges (relative to the token start) of escapes that are not valid.
    public var invalidEscapes: [ByteRange]
    /// Number of Unicode scalars in the whole label, before any cut.
    public var scalarCount: Int

    /// Decodes the token `bytes` (quotes included). Escapes: `\"`, `\\`, `\n`, `\t`, `\u{…}`.
    public init(token bytes: ArraySlice<UInt8>) {
        if let plain = Self.plain(bytes) {
            self = plain
            return
        }
        let base = bytes.startIndex
        var scalars = String.UnicodeScalarView()
        var invalid: [ByteRange] = []
        var index = base + 1  // after the opening quote
        let end = bytes.endIndex
        var terminated = false
        var literalStart = index
        func flushLiteral(_ upTo: Int) {
            if literalStart < upTo {
                scalars.append(contentsOf: String(decoding: bytes[literalStart..<upTo], as: UTF8.self).unicodeScalars)
            }
        }
        while index < end {
            let byte = bytes[index]
            if byte == 0x22 {
                flushLiteral(index)
                terminated = index == end - 1
                index += 1
                literalStart = index
                break
            }
            if byte != 0x5C {
                index += 1
                continue
            }
            flushLiteral(index)
            let escapeStart = index
            guard index + 1 < end else {
                invalid.append(ByteRange(escapeStart - base, end - base))
                index = end
                literalStart = end
                break
            }
            switch bytes[index + 1] {
            case 0x22: scalars.append("\""); index += 2
            case 0x5C: scalars.append("\\"); index += 2
            case 0x6E: scalars.append("\n"); index += 2
            case 0x74: scalars.append("\t"); index += 2
            case 0x75:  // u{XXXX}
                var cursor = index + 2
                var value: UInt32 = 0
                var digits = 0
                var ok = cursor < end && bytes[cursor] == 0x7B
                if ok {
                    cursor += 1
                    while cursor < end, let digit = hexValue(bytes[cursor]), digits < 8 {
                        value = value &* 16 &+ UInt32(digit)
                        digits += 1
                        cursor += 1
                    }
                    ok = digits >= 1 && digits <= 6 && cursor < end && bytes[cursor] == 0x7D
                    if ok { cursor += 1 }
                }
                if ok, let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                } else {
                    invalid.append(ByteRange(escapeStart - base, min(cursor, end) - base))
                }
                index = max(min(cursor, end), index + 2)
            default:
                // Unknown escape: keep the character it protected, flag the pair.
                let width = min(utf8Width(bytes[index + 1]), end - index - 1)
                invalid.append(ByteRange(escapeStart - base, index + 1 + width - base))
                scalars.append(contentsOf: String(decoding: bytes[(index + 1)..<(index + 1 + width)], as: UTF8.self).unicodeScalars)
                index += 1 + width
            }
            literalStart = index
        }
        if !terminated { flushLiteral(min(index, end)) }
        scalarCount = scalars.count
        value = scalarCount > Limits.labelCharacters ? LabelText.cutToLimit(scalars) : String(scalars)
        isTerminated = terminated
        invalidEscapes = invalid
    }

    /// Most labels are a quoted run with no escape: they decode in one step, where appending
    /// scalar by scalar cost a third of building a 131,071-node diagram (the preview does that
    /// after every keystroke). Nil when the token has an escape or is not closed right at its end.
    private static func plain(_ bytes: ArraySlice<UInt8>) -> LabelText? {
        let start = bytes.startIndex + 1, end = bytes.endIndex - 1
        guard start <= end, bytes[end] == 0x22 else { return nil }
        var ascii = true
        for byte in bytes[start..<end] {
            if byte == 0x22 || byte == 0x5C { return nil }
            if byte >= 0x80 { ascii = false }
        }
        // `String(decoding:)` repairs bad UTF-8 exactly as the scalar path does.
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        let count = ascii ? end - start : text.unicodeScalars.count
        return LabelText(
            value: count > Limits.labelCharacters ? cutToLimit(text.unicodeScalars) : text,
            isTerminated: true, invalidEscapes: [], scalarCount: count)
    }

    private init(value: String, isTerminated: Bool, invalidEscapes: [ByteRange], scalarCount: Int) {
        self.value = value
        self.isTerminated = isTerminated
        self.invalidEscapes = invalidEscapes
        self.scalarCount = scalarCount
    }

    /// A label past the limit is reported (`limit-exceeded`) and shown cut: the longest run of
    /// whole characters (grapheme clusters) that leaves room for "…" within the limit, then "…".
    /// Without the cut, a 10 MB label went whole into every SVG, geometry, hover and outline.
    static func cutToLimit(_ scalars: String.UnicodeScalarView) -> String {
        let budget = Limits.labelCharacters - 1
        // One scalar past the budget is enough to know where the last whole character ends.
        var head = String.UnicodeScalarView()
        head.append(contentsOf: scalars.prefix(budget + 1))
        let text = String(head)
        var kept = 0
        var end = text.startIndex
        for character in text {
            let size = character.unicodeScalars.count
            guard kept + size <= budget else { break }
            kept += size
            end = text.index(after: end)
        }
        return String(text[..<end]) + "…"
    }
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
}

private func utf8Width(_ lead: UInt8) -> Int {
    lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF8 ? 4 : 1
}
