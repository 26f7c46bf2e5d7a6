/// The one rule for characters no output of bracket carries, shared by every writer: the SVG,
/// the DOT export, the geometry JSON and the preview page's payloads (which are made of those).
///
/// Uncarried are the Unicode noncharacters (U+FDD0–U+FDEF and the last two code points of every
/// plane, U+FFFE and U+FFFF through U+10FFFE and U+10FFFF) and the control characters other
/// than tab and line feed (C0, DEL, C1). Labels may hold them (`\u{…}` escapes, raw bytes), but
/// XML 1.0 forbids most controls, Graphviz refuses a graph with a noncharacter and writes SVG no
/// XML parser reads with a control, and a JSON reader may reject noncharacters. Every writer
/// replaces each one with U+FFFD REPLACEMENT CHARACTER, so one label reads the same in every
/// output. Tab and line feed are carried; each format spells them its own way.
public enum UncarriedCharacters {
    /// What an uncarried character becomes.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// U+FDD0–U+FDEF, and U+xFFFE and U+xFFFF of every plane.
    @inlinable
    public static func isNoncharacter(_ value: UInt32) -> Bool {
        (value &- 0xFDD0) < 0x20 || (value & 0xFFFE == 0xFFFE && value <= 0x10FFFF)
    }

    /// C0 controls but tab and line feed, DEL, and the C1 controls.
    @inlinable
    public static func isControl(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09 && value != 0x0A) || (value &- 0x7F) < 0x21
    }

    /// Whether no output carries `scalar`.
    @inlinable
    public static func isUncarried(_ scalar: Unicode.Scalar) -> Bool {
        isNoncharacter(scalar.value) || isControl(scalar.value)
    }

    /// Whether `byte` may begin the UTF-8 of an uncarried character: a quick filter for byte
    /// writers (0xC2 starts the C1 controls, 0xEF the noncharacters of the first plane, 0xF0 to
    /// 0xF4 those of the others; all three also start ordinary characters).
    @inlinable
    public static func mayStart(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F || byte == 0xC2 || byte == 0xEF
            || (byte &- 0xF0) < 5
    }

    /// The length of the UTF-8 sequence at `index` when it spells an uncarried character, else
    /// 0. `utf8` is valid UTF-8 (a Swift string's).
    @inlinable
    public static func uncarriedLength(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = utf8[index]
        guard mayStart(byte) else { return 0 }
        if byte < 0x80 { return 1 }
        let count = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        guard index + count <= utf8.count else { return 0 }
        var value = UInt32(byte) & (0x7F >> count)
        for offset in 1..<count { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
        return isNoncharacter(value) || isControl(value) ? count : 0
    }

    /// Whether `text` holds no uncarried character.
    public static func carriesAll(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                if mayStart(utf8[index]), uncarriedLength(in: utf8, at: index) > 0 { return false }
                index += 1
            }
            return true
        }
    }

    /// `text` with every uncarried character replaced by U+FFFD (the same string when it has none).
    public static func replaced(_ text: String) -> String {
        guard !carriesAll(text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(isUncarried(scalar) ? replacement : scalar) }
        return String(out)
    }
}
