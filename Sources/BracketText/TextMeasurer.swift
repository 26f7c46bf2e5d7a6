/// Measures and wraps label text as DejaVu Sans draws it at one font size.
///
/// A value with no state beyond the size: widths come from `FontTable`, decoded once per process.
/// Every width is a whole number of font units scaled to pixels, so `width(of:)` of a line
/// equals the `lineWidths` entry `wrap` reports for it, exactly.
public struct TextMeasurer: Sendable {
    public let fontSize: Double
    /// Pixels per font unit.
    let scale: Double

    public init(fontSize: Double) {
        self.fontSize = fontSize
        scale = fontSize / Double(FontTable.unitsPerEm)
    }

    /// Font metrics in pixels at `fontSize` (from the shipped table's ascent/descent/line gap).
    public var ascent: Double { Double(FontTable.ascentUnits) * scale }
    public var descent: Double { Double(FontTable.descentUnits) * scale }
    public var lineHeight: Double {
        Double(FontTable.ascentUnits + FontTable.descentUnits + FontTable.lineGapUnits) * scale
    }

    /// Width in pixels of the "…" that ends a truncated line.
    public var ellipsisWidth: Double { Double(FontTable.units(of: 0x2026)) * scale }

    /// Advance width in pixels of `text` set on one line (no wrapping; "\n" counts as nothing).
    public func width(of text: Substring) -> Double {
        Double(Self.units(of: text)) * scale
    }

    /// Baseline y of each of `lineCount` lines, relative to the vertical centre of the text block,
    /// so that the block (ascent of first line to descent of last) is centred on 0.
    public func baselines(lineCount: Int) -> [Double] {
        guard lineCount > 0 else { return [] }
        let height = ascent + descent + Double(lineCount - 1) * lineHeight
        let first = -height / 2 + ascent
        return (0..<lineCount).map { first + Double($0) * lineHeight }
    }

    /// Width of `text` in font units: a byte loop for ASCII, grapheme clusters otherwise.
    static func units(of text: Substring) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            let table = FontTable.decoded.bytes
            var total = 0
            var flags: UInt32 = 0
            for byte in bytes {
                let entry = table[Int(byte)]
                flags |= entry
                total &+= Int(entry & 0xFFFF)
            }
            return flags & DecodedTable.nonASCIIBit == 0 ? total : nil
        }
        if let ascii = ascii ?? nil { return ascii }
        var total = 0
        ContextualClusters.forEach(in: text, classify: false) { total += $0.units }
        return total
    }
}
