/// How wide one grapheme cluster (a Swift `Character`) is drawn, in font units.
///
/// A cluster of one scalar is that scalar's advance. An emoji cluster — anything carrying the
/// emoji presentation selector, a keycap, a skin-tone modifier, regional indicators, tags, or
/// a zero-width joiner after an emoji — is one colour glyph. Any other cluster (a letter with
/// combining marks, an Indic syllable, a Hangul jamo sequence) is the sum of its scalars:
/// marks are zero in the table, and shaping only ever makes the rest narrower (conjuncts,
/// ligatures), so the sum may be a little wide but is never short.
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
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F:
                emoji = true
            case 0x200D:
                joined = true
            default:
                sum += FontTable.units(of: scalar.value)
            }
        }
        if first.value >= 0x1F1E6 && first.value <= 0x1F1FF { emoji = true }  // a flag's first half
        if joined && first.value > 0xFF && first.properties.isEmoji { emoji = true }
        return emoji ? FontTable.emojiUnits : sum
    }
}
