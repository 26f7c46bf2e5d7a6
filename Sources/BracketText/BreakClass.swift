/// What a grapheme cluster means for line breaking: a small subset of Unicode's line breaking
/// algorithm (UAX #14) that covers labels — spaces, hyphens and dashes, CJK, punctuation that
/// must not start or end a line, and hard breaks.
enum BreakClass: UInt8 {
    /// No break opportunity of its own.
    case ordinary
    /// A breaking space: a line may end after a run of them, and they are not drawn there.
    case space
    /// A hyphen or dash: a line may end after it.
    case hyphen
    /// The ASCII hyphen-minus, which also must not be split from a digit after it ("-5", "2020-21").
    case hyphenMinus
    /// A CJK ideograph, kana or Hangul syllable: a line may end before or after it.
    case ideographic
    /// Closing punctuation and CJK marks that must not start a line ("。", "」", "ー", ")", ",").
    case closing
    /// Opening punctuation that must not end a line ("(", "「").
    case opening
    /// A line feed (U+000A, or CR LF, CR, NEL, U+2028, U+2029): the line always ends here.
    case hardBreak
    /// An ASCII digit (for the hyphen-minus rule).
    case digit

    @inline(__always)
    static func of(ascii byte: UInt8) -> BreakClass {
        switch byte {
        case 0x0A, 0x0D: .hardBreak
        case 0x20, 0x09: .space
        case UInt8(ascii: "-"): .hyphenMinus
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "."),
             UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"):
            .closing
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): .opening
        default: .ordinary
        }
    }

    /// The class of a cluster, from its first scalar (marks and selectors after it do not change it).
    static func of(_ character: Character) -> BreakClass {
        of(scalar: character.unicodeScalars.first!.value)
    }

    static func of(scalar first: UInt32) -> BreakClass {
        if first < 0x80 { return of(ascii: UInt8(first)) }
        switch first {
        case 0x85, 0x2028, 0x2029:
            return .hardBreak
        case 0x1680, 0x2000...0x2006, 0x2008...0x200B, 0x205F, 0x3000:
            return .space  // not U+00A0, U+2007, U+202F: those are the spaces that must not break
        case 0x2010, 0x2012...0x2015, 0x2E3A, 0x2E3B, 0x058A, 0x05BE:
            return .hyphen
        case 0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
             0x301E, 0x301F, 0x303B, 0x309B...0x309E, 0x30A0, 0x30FB...0x30FE, 0xFF01, 0xFF09, 0xFF0C, 0xFF0E,
             0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF61, 0xFF63, 0xFF64, 0x2019, 0x201D, 0xBB, 0x203A,
             0x2026, 0x060C, 0x061B, 0x061F, 0x06D4, 0x0964, 0x0965:
            return .closing
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
             0x31F0...0x31FF:
            return .closing  // small kana stay with the kana before them
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B,
             0xFF5B, 0xFF62, 0x2018, 0x201C, 0xAB, 0x2039:
            return .opening
        case 0x2E80...0x2FFF, 0x3040...0x30FF, 0x3100...0x31EF, 0x3200...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF02...0xFF60, 0x20000...0x3FFFD:
            return .ideographic
        default:
            return .ordinary
        }
    }
}
