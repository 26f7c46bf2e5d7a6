/// Shortens a label to what fits on a card, without measuring fonts (the renderer has no font
/// metrics, and the SVG must be identical everywhere). Widths are estimated in "units" of an
/// average Latin glyph; wide characters (CJK, emoji) count double. The estimate errs towards
/// truncating, and the card's `<title>` and aria-label always carry the full text.
struct LabelFitting {
    /// Average advance of a proportional sans-serif glyph, as a fraction of the font size.
    static let averageGlyphWidth = 0.58
    /// Space kept free on each side of the text inside the card.
    static let padding = 8.0

    let maxUnits: Int

    init(cardWidth: Double, fontSize: Double) {
        let usable = cardWidth - 2 * Self.padding
        let units = usable / (fontSize * Self.averageGlyphWidth)
        maxUnits = units.isFinite ? max(1, Int(min(units, 1e6))) : 1
    }

    /// True when `shown(label)` is `label` itself, found without building a string: the
    /// renderer then repeats the label's escaped bytes instead of escaping it again.
    /// `knownWithoutLineBreaks` skips the scan when the caller has already looked at every byte.
    func showsUnchanged(_ label: String, knownWithoutLineBreaks: Bool = false) -> Bool {
        label.utf8.count <= maxUnits && (knownWithoutLineBreaks || !Self.hasLineBreakOrTab(label))
    }

    /// The text to show: line breaks and tabs become spaces (SVG text is one line), and a label
    /// too long for the card ends in a visible "…".
    func shown(_ label: String) -> String {
        // Every character takes at least as many UTF-8 bytes as units (wide ones take 3-4 bytes),
        // so a short label fits without walking its grapheme clusters.
        if label.utf8.count <= maxUnits { return Self.oneLine(label) }
        var units = 0
        // The end of the longest prefix that still leaves one unit for the "…".
        var cut = label.startIndex
        for index in label.indices {
            units += Self.units(label[index])
            if units > maxUnits { return Self.oneLine(String(label[..<cut])) + "…" }
            if units <= maxUnits - 1 { cut = label.index(after: index) }
        }
        return Self.oneLine(label)
    }

    static func units(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 1 }
        return scalar.value >= 0x1100 && !(0x2000...0x206F).contains(scalar.value) ? 2 : 1
    }

    static func oneLine(_ text: String) -> String {
        // A byte scan first: walking Characters costs more than the rest of rendering a card.
        guard hasLineBreakOrTab(text) else { return text }
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    static func hasLineBreakOrTab(_ text: String) -> Bool {
        text.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 || $0 == 0x0D })
    }
}
