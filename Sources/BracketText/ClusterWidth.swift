/// How wide one grapheme cluster (a Swift `Character`) is drawn, in font units.
///
/// A cluster of one scalar is that scalar's advance. An emoji cluster — anything carrying the
/// emoji presentation selector, a keycap, a skin-tone modifier, regional indicators, tags, or
/// a zero-width joiner after an emoji — is one colour glyph. Any other cluster (a letter with
/// combining marks, an Indic syllable, a Hangul jamo sequence) is the sum of its scalars:
/// marks are zero in the table, a Devanagari consonant joined by a virama to the next one
/// counts as its half form, and shaping only ever makes the rest narrower (ligatures), so the
/// sum may be a little wide but is never short.
enum ClusterWidth {
    @inline(__always)
    static func units(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard iterator.next() != nil else { return FontTable.units(of: first.value) }
        return multiScalarUnits(scalars)
    }

    private static func multiScalarUnits(_ scalars: String.UnicodeScalarView) -> Int {
        let first = scalars.first!
        var sum = 0
        var emoji = false
        var joined = false
        var conjunct = DevanagariConjunct()
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F:
                emoji = true
            case 0x200D:
                joined = true
            default:
                sum += FontTable.units(of: scalar.value)
            }
            sum -= conjunct.saving(after: scalar.value)
        }
        if first.value >= 0x1F1E6 && first.value <= 0x1F1FF { emoji = true }  // a flag's first half
        if joined && first.value > 0xFF && first.properties.isEmoji { emoji = true }
        return emoji ? FontTable.emojiUnits : sum
    }
}

/// Follows a Devanagari cluster scalar by scalar: a consonant, a virama, then another consonant
/// means the first is drawn as its half form (or as part of a conjunct), which takes less room.
struct DevanagariConjunct {
    /// Full width minus half-form width of the last consonant, while it may still become half
    /// (0 when it cannot).
    private var pending = 0
    private var sawVirama = false

    /// How much narrower the cluster is than the sum of its scalars, now that `scalar` follows.
    @inline(__always)
    mutating func saving(after scalar: UInt32) -> Int {
        guard scalar >= 0x0900 && scalar <= 0x097F else {
            pending = 0
            return 0
        }
        if scalar == 0x094D {  // virama
            sawVirama = pending > 0
            return 0
        }
        if scalar == 0x093C { return 0 }  // nukta: part of the consonant before it
        var saved = 0
        let joined = sawVirama && DevanagariHalfForms.isConsonant(scalar)
        if joined { saved = pending }
        sawVirama = false
        // Only the first consonant of a chain saves room: in C + virama + C + virama + C the
        // middle one is often drawn whole (HarfBuzz, over all 50,653 such triples: never wider
        // than measured this way; 516 of them wider if the middle one saved too).
        pending = joined ? 0 : DevanagariHalfForms.saving(of: scalar)
        return saved
    }
}

enum DevanagariHalfForms {
    /// For U+0900…U+097F: full width minus half-form width (0 for what has no half form).
    static let savings: [UInt16] = {
        var savings = [UInt16](repeating: 0, count: 128)
        for (consonant, half) in FontTable.devanagariHalfForms {
            let full = FontTable.units(of: UInt32(consonant))
            savings[Int(consonant) - 0x900] = UInt16(max(0, full - Int(half)))
        }
        return savings
    }()

    @inline(__always)
    static func saving(of scalar: UInt32) -> Int { Int(savings[Int(scalar - 0x900)]) }

    static func isConsonant(_ scalar: UInt32) -> Bool {
        (0x0915...0x0939).contains(scalar) || (0x0958...0x095F).contains(scalar) || (0x0978...0x097F).contains(scalar)
    }
}
