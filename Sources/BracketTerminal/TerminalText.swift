/// Text from the input, made safe and measurable for a terminal.
public enum TerminalText {
    /// `text` with every character a terminal would act on instead of show — C0 and C1 controls
    /// (ESC starts colour and cursor sequences), DEL, and the bidirectional overrides that can
    /// make a line read differently from what it is — written as `\u{…}`. Tabs are kept when
    /// `keepTabs` (source excerpts expand them themselves).
    public static func escaped(_ text: String, keepTabs: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) && !(keepTabs && $0 == "\t") }) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar), !(keepTabs && scalar == "\t") {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional embeddings, overrides, isolates
        default: false
        }
    }

    /// Columns a terminal gives `text`: a grapheme cluster is as wide as its widest scalar —
    /// 2 for East Asian wide and fullwidth characters and emoji presentation, 0 for combining
    /// marks and format characters, 1 otherwise. Text is escaped before it is measured, so no
    /// control characters reach here (a tab counts as one: excerpts expand tabs first).
    public static func width(_ text: Substring) -> Int {
        // Printable ASCII is one column a byte; only other text pays for grapheme breaking.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var columns = 0
        for character in text { columns += width(character) }
        return columns
    }

    public static func width(_ character: Character) -> Int {
        if character.isASCII { return 1 }
        var widest = 0
        for scalar in character.unicodeScalars {
            widest = max(widest, width(scalar))
            // VS16 asks for emoji presentation: two columns in every current terminal.
            if scalar.value == 0xFE0F, widest > 0 { widest = 2 }
        }
        return widest
    }

    public static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }  // zero width space, Hangul medial jamo
        if scalar.properties.isEmojiPresentation { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
