/// The advance widths BracketText measures with: DejaVu Sans where it has a glyph, the Noto Sans
/// fonts where it does not, one em for CJK, the colour emoji advance for emoji (see
/// scripts/generate-font-metrics.py, which generates `FontTable+Data.swift`).
///
/// Widths are integers in font units (`unitsPerEm` per em), so sums are exact and every caller
/// that adds the same clusters gets the same total.
public enum FontTable {
    /// The CSS font-family list the SVG must use; the first family is the measured one.
    /// Every advance in the table is the widest among the families named here that draw the
    /// character (Arial and Helvetica have Liberation Sans's metrics), so a viewer that falls
    /// back to any of them draws a line no wider than measured (docs/language.md, "Text and fonts").
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

    /// Whether a code point is certain to be a grapheme cluster on its own next to any other
    /// such code point (no mark, joiner, jamo, regional indicator or prepended sign; known).
    @inline(__always)
    static func standsAlone(_ scalar: UInt32) -> Bool {
        decoded.entry(of: scalar) & DecodedTable.clusterFlag == 0
    }

    /// Decoded once, on first use, and never changed afterwards.
    static let decoded = DecodedTable(packed: packedRuns)
}

/// The packed runs unfolded: a flat table for the Basic Multilingual Plane (where nearly every
/// label's characters are) and sorted runs, searched by halving, for the planes above it.
///
/// The tables live in memory allocated once per process and never written or freed after
/// decoding, reached through plain pointers: reading a width is a load, with no reference
/// counting or bounds check per character (arrays here cost more than the measuring itself).
struct DecodedTable: @unchecked Sendable {
    static let absent: UInt16 = .max

    /// Set in an entry whose code point may share a grapheme cluster with a neighbour.
    static let clusterFlag: UInt16 = 0x8000

    /// Advances of U+0000…U+007F, controls zero.
    let ascii: UnsafePointer<UInt16>
    /// For each byte value: its advance if it is ASCII, plus `nonASCIIBit` for bytes of longer
    /// UTF-8 sequences and `lineBreakBit` for CR and LF, so a byte loop needs one load per byte.
    let bytes: UnsafePointer<UInt32>
    static let nonASCIIBit: UInt32 = 1 << 16
    static let lineBreakBit: UInt32 = 1 << 17
    /// Entries of U+0000…U+FFFF (advance, plus `clusterFlag`), `absent` where the table has none.
    let basicPlane: UnsafePointer<UInt16>
    let upperStarts: UnsafePointer<UInt32>
    let upperEnds: UnsafePointer<UInt32>
    let upperUnits: UnsafePointer<UInt16>
    let upperCount: Int

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
        // SVG text collapses a tab into a space, so a tab is measured as the space it is drawn as.
        basic[0x09] = basic[0x20]
        let ascii = (0..<128).map { basic[$0] == Self.absent ? 0 : basic[$0] & ~Self.clusterFlag }
        self.ascii = Self.permanent(ascii)
        self.bytes = Self.permanent((0..<256).map { (byte: Int) -> UInt32 in
            if byte >= 0x80 { return Self.nonASCIIBit }
            return UInt32(ascii[byte]) | (byte == 0x0A || byte == 0x0D ? Self.lineBreakBit : 0)
        })
        basicPlane = Self.permanent(basic)
        upperStarts = Self.permanent(starts)
        upperEnds = Self.permanent(ends)
        upperUnits = Self.permanent(units)
        upperCount = starts.count
    }

    /// A copy of `values` that is never freed (the table lives as long as the process).
    private static func permanent<T>(_ values: [T]) -> UnsafePointer<T> {
        let storage = UnsafeMutablePointer<T>.allocate(capacity: max(values.count, 1))
        _ = UnsafeMutableBufferPointer(start: storage, count: values.count).initialize(from: values)
        return UnsafePointer(storage)
    }

    @inline(__always)
    func units(of scalar: UInt32) -> Int {
        let value = entry(of: scalar)
        return value == Self.absent ? FontTable.unknownUnits : Int(value & ~Self.clusterFlag)
    }

    /// The raw entry: advance plus `clusterFlag`, or `absent`.
    @inline(__always)
    func entry(of scalar: UInt32) -> UInt16 {
        scalar < 0x10000 ? basicPlane[Int(scalar)] : upperPlaneEntry(of: scalar)
    }

    private func upperPlaneEntry(of scalar: UInt32) -> UInt16 {
        // The last run starting at or before `scalar`, if it reaches it.
        var low = 0, high = upperCount
        while low < high {
            let middle = (low + high) / 2
            if upperStarts[middle] <= scalar { low = middle + 1 } else { high = middle }
        }
        let run = low - 1
        guard run >= 0, scalar < upperEnds[run] else { return Self.absent }
        return upperUnits[run]
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
