/// Locale-free decimal text for geometry numbers, shared by every writer of coordinates (SVG,
/// DOT) so the same value is spelled the same way everywhere and output is reproducible.
///
/// Whole numbers have no fraction (`130`); others are rounded to a fixed number of decimals with
/// trailing zeros trimmed (`12.5`, `0.33`). Non-finite values, which only absurd settings could
/// produce, are written as `0` so the surrounding document stays valid.
public enum DecimalText {
    /// The most bytes `write(_:decimals:to:)` produces: sign, 19 digits, point, 6 decimals.
    public static var maxLength: Int { 27 }

    /// Appends `value` rounded to `decimals` places (clamped to 0...6) to `bytes`.
    public static func append(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength) { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = write(value, decimals: decimals, to: base)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// Writes `value` rounded to `decimals` places (clamped to 0...6) at `destination`, which
    /// must have room for `maxLength` bytes, and returns the number of bytes written. Writers
    /// that manage their own buffer (the SVG renderer) call this directly. Inlinable so that a
    /// constant `decimals` turns the divisions by the scale into multiplications: this function
    /// was half the time of rendering an SVG while it divided by a variable.
    @inlinable @inline(__always)
    public static func write(_ value: Double, decimals: Int, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else {
            destination[0] = UInt8(ascii: "0")
            return 1
        }
        let places = min(max(decimals, 0), 6)
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        // Keeps value * scale inside Int64; such coordinates are meaningless anyway.
        let limit = 9.0e18 / Double(scale)
        var scaled = Int64((min(max(value, -limit), limit) * Double(scale)).rounded())
        var count = 0
        if scaled < 0 {
            destination[0] = UInt8(ascii: "-")
            count = 1
            scaled = -scaled
        }
        count += writeDigits(UInt64(scaled / scale), minimumWidth: 1, to: destination + count)
        return count + writeFraction(UInt64(scaled % scale), places: places, to: destination + count)
    }

    /// Writes `.` and the `places` decimals of `fraction` (a fraction times 10^places) with
    /// trailing zeros dropped, or nothing when it is zero; returns how many bytes.
    @inlinable @inline(__always)
    static func writeFraction(_ fraction: UInt64, places: Int, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        guard fraction != 0 else { return 0 }
        var fraction = fraction
        var width = places
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        destination[0] = UInt8(ascii: ".")
        // minimumWidth supplies the leading zeros: 0.05
        return 1 + writeDigits(fraction, minimumWidth: width, to: destination + 1)
    }

    public static func string(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        append(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - JSON numbers

    /// The most bytes `writeJSON(_:to:)` produces (Swift's longest `description` of a Double,
    /// `-2.2250738585072014e-308`, has 24).
    public static var maxJSONLength: Int { 32 }

    /// Appends `value` spelled as every JSON writer of the project spells a number.
    public static func appendJSON(_ value: Double, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxJSONLength) { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = writeJSON(value, to: base)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// Writes `value` as a JSON number at `destination` (room for `maxJSONLength` bytes) and
    /// returns the number of bytes: whole numbers below 2^53 without a fraction, other values in
    /// Swift's shortest round-trip form (`description`), non-finite values as `null` (JSON has
    /// no spelling for them). The one number speller of `JSONWriter` and the geometry JSON.
    ///
    /// Coordinates are nearly always whole or multiples of 1/16 (halfway between two centres,
    /// repeatedly); those are written digit by digit. When a multiple of 1/16 has at most 15
    /// significant digits its exact decimal expansion is also its shortest round-trip form (any
    /// other decimal that short is further away than half a unit in the last place), so the
    /// bytes match `description`, which every other value still goes through.
    public static func writeJSON(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        func copy(_ text: String) -> Int {
            var text = text
            return text.withUTF8 { utf8 in
                let count = min(utf8.count, maxJSONLength)
                if let base = utf8.baseAddress { destination.update(from: base, count: count) }
                return count
            }
        }
        if !value.isFinite { return copy("null") }
        if value == 0 && value.sign == .minus { return copy("-0") }
        if let integral = Int64(exactly: value), integral.magnitude < (1 << 53) {
            return writeInteger(integral, to: destination)
        }
        // Below 1e10 the integer part has at most 10 digits and the fraction at most 4; from
        // 0.001 up `description` uses plain decimal notation.
        let magnitude = value.magnitude
        guard magnitude >= 0.001 && magnitude < 1e10, let sixteenths = Int64(exactly: magnitude * 16) else {
            return copy(value.description)
        }
        var count = 0
        if value < 0 {
            destination[0] = UInt8(ascii: "-")
            count = 1
        }
        count += writeInteger(sixteenths / 16, to: destination + count)
        // n/16 = n * 625 / 10,000: four decimals (never zero here: the value is not whole).
        return count + writeFraction(UInt64((sixteenths % 16) * 625), places: 4, to: destination + count)
    }

    // MARK: - Integers

    /// Appends the decimal digits of `value`.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength) { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = writeInteger(value, to: base)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// Writes the decimal digits of `value` (at most 20 bytes) and returns how many.
    @inlinable @inline(__always)
    public static func writeInteger(_ value: Int64, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        guard value < 0 else { return writeDigits(value.magnitude, minimumWidth: 1, to: destination) }
        destination[0] = UInt8(ascii: "-")
        return 1 + writeDigits(value.magnitude, minimumWidth: 1, to: destination + 1)
    }

    /// Writes `value` in decimal, left-padded with zeros to `minimumWidth`, straight into place:
    /// counting the digits first lets them be written back to front without a scratch buffer
    /// (number formatting was the largest cost of rendering big SVGs).
    @inlinable @inline(__always)
    static func writeDigits(_ value: UInt64, minimumWidth: Int, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        var width = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            width += 1
        }
        width = max(width, minimumWidth)
        var remaining = value
        var position = width
        while position > 0 {
            position -= 1
            destination[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
        return width
    }
}
