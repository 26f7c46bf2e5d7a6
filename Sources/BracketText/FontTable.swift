/// The advance widths BracketText measures with: DejaVu Sans where it has a glyph, the Noto Sans
/// fonts where it does not, one em for CJK, the colour emoji advance for emoji (see
/// scripts/generate-font-metrics.py, which generates `FontTable+Data.swift`).
///
/// Widths are integers in font units (`unitsPerEm` per em), so sums are exact and every caller
/// that adds the same clusters gets the same total.
public enum FontTable {
    /// The CSS font-family list the SVG must use; the first family is the measured one.
    /// The rest are only what a viewer without DejaVu Sans falls back to; measured widths stay
    /// DejaVu's, and the SVG pins each line to its measured width (docs/language.md, "Text and fonts").
    public static let fontFamily = "'DejaVu Sans', 'Noto Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"

    /// The width given to a code point no font in the table draws: wider than nearly every glyph
    /// of any script, so an unknown character can make a card too wide but never too narrow.
    static let unknownUnits = 2 * unitsPerEm

    /// Advance of one code point in font units, or `unknownUnits`.
    @inline(__always)
    static func units(of scalar: UInt32) -> Int {
        decoded.units(of: scalar)
    }

    /// Advance of an ASCII byte (controls, "\n" included, are zero).
    @inline(__always)
    static func asciiUnits(_ byte: UInt8) -> Int {
        Int(decoded.ascii[Int(byte & 0x7F)])
    }

    /// Decoded once, on first use, and never changed afterwards.
    static let decoded = DecodedTable(packed: packedRuns)
}

/// The packed runs unfolded: a flat array for the Basic Multilingual Plane (where nearly every
/// label's characters are) and sorted runs, searched by halving, for the planes above it.
struct DecodedTable: Sendable {
    static let absent: UInt16 = .max

    let ascii: [UInt16]
    let basicPlane: [UInt16]
    let upperStarts: [UInt32]
    let upperEnds: [UInt32]
    let upperUnits: [UInt16]

    init(packed: StaticString) {
        var basic = [UInt16](repeating: Self.absent, count: 0x10000)
        var starts: [UInt32] = [], ends: [UInt32] = [], units: [UInt16] = []
        var cursor: UInt32 = 0
        packed.withUTF8Buffer { bytes in
            var reader = PackedNumberReader(bytes: bytes)
            while let gap = reader.next(), let count = reader.next(), let width = reader.next() {
                let start = cursor + gap
                let end = start + count
                cursor = end
                let value = UInt16(truncatingIfNeeded: width)
                var codePoint = start
                while codePoint < min(end, 0x10000) {
                    basic[Int(codePoint)] = value
                    codePoint += 1
                }
                if end > 0x10000 {
                    starts.append(max(start, 0x10000))
                    ends.append(end)
                    units.append(value)
                }
            }
        }
        basicPlane = basic
        upperStarts = starts
        upperEnds = ends
        upperUnits = units
        ascii = (0..<128).map { byte in
            let value = basic[byte]
            return value == Self.absent ? 0 : value
        }
    }

    @inline(__always)
    func units(of scalar: UInt32) -> Int {
        if scalar < 0x10000 {
            let value = basicPlane[Int(scalar)]
            return value == Self.absent ? FontTable.unknownUnits : Int(value)
        }
        return upperUnits(of: scalar)
    }

    private func upperUnits(of scalar: UInt32) -> Int {
        // The last run starting at or before `scalar`, if it reaches it.
        var low = 0, high = upperStarts.count
        while low < high {
            let middle = (low + high) / 2
            if upperStarts[middle] <= scalar { low = middle + 1 } else { high = middle }
        }
        let run = low - 1
        guard run >= 0, scalar < upperEnds[run] else { return FontTable.unknownUnits }
        return Int(upperUnits[run])
    }
}

/// Reads the numbers of `FontTable.packedRuns`: base-64 digits of 5 bits, most significant first,
/// the last digit of each number offset by 32.
struct PackedNumberReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func next() -> UInt32? {
        var value: UInt32 = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            guard let digit = Self.digit(byte) else { continue }  // line breaks between chunks
            value = value << 5 | UInt32(digit & 31)
            if digit >= 32 { return value }
        }
        return nil
    }

    @inline(__always)
    static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 36
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
