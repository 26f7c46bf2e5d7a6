import BracketBytes
import BracketJSON
import BracketLayout

/// JSON values written straight into a `ByteSink`, spelled exactly as `JSONWriter` spells them
/// (the geometry JSON is compared byte for byte with recorded fixtures, and the server embeds it
/// next to documents written by `JSONWriter`). The geometry writer uses these instead of
/// `JSONWriter` to write each key as one fixed run of bytes and each number without a `String`.
extension ByteSink {
    /// A JSON string, escaped by the same rule as `JSONWriter.string(_:)` (`JSONStringEscaping`).
    mutating func jsonString(_ text: String) {
        raw(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            JSONStringEscaping.forEachPiece(of: utf8, literal: { append($0) }, escape: { append($0) })
        }
        raw(UInt8(ascii: "\""))
    }

    /// The most bytes `jsonString(_:)` writes for `utf8Count` bytes of text (`\u00XX`), quotes included.
    static func jsonStringBound(_ utf8Count: Int) -> Int { JSONStringEscaping.maxEscapedLength * utf8Count + 2 }

    /// A JSON number spelled like `JSONWriter.double(_:)`: whole numbers without a fraction,
    /// others in Swift's shortest round-trip form, non-finite values as `null`.
    ///
    /// Coordinates are nearly always whole or multiples of 1/16 (halfway between two centres,
    /// repeatedly); those are written here digit by digit. When a multiple of 1/16 has at most
    /// 15 significant digits its exact decimal expansion is also its shortest round-trip form
    /// (any other decimal that short is further away than half a unit in the last place), so
    /// the bytes match `description`, which every other value still goes through.
    mutating func jsonNumber(_ value: Double) {
        if !value.isFinite { return raw("null") }
        if value == 0 && value.sign == .minus { return raw("-0") }
        if let integral = Int64(exactly: value), integral.magnitude < (1 << 53) {
            return integer(Int(integral))
        }
        // Below 1e10 the integer part has at most 10 digits and the fraction at most 4; from
        // 0.001 up `description` uses plain decimal notation.
        let magnitude = value.magnitude
        if magnitude >= 0.001 && magnitude < 1e10, let sixteenths = Int64(exactly: magnitude * 16) {
            write(maxCount: 17) { destination in
                var count = 0
                if value < 0 {
                    destination[0] = UInt8(ascii: "-")
                    count = 1
                }
                count += DecimalText.writeInteger(sixteenths / 16, to: destination + count)
                // n/16 = n * 625 / 10,000: four decimals, trailing zeros dropped.
                var fraction = (sixteenths % 16) * 625
                var width = 4
                while fraction % 10 == 0 {
                    fraction /= 10
                    width -= 1
                }
                destination[count] = UInt8(ascii: ".")
                count += 1
                var position = count + width
                count = position
                while position > count - width {
                    position -= 1
                    destination[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
                    fraction /= 10
                }
                return count
            }
            return
        }
        var text = value.description
        text.withUTF8 { append($0) }
    }
}
