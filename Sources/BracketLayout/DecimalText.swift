/// Locale-free decimal text for geometry numbers, shared by every writer of coordinates (SVG,
/// DOT) so the same value is spelled the same way everywhere and output is reproducible.
///
/// Whole numbers have no fraction (`130`); others are rounded to a fixed number of decimals with
/// trailing zeros trimmed (`12.5`, `0.33`). Non-finite values, which only absurd settings could
/// produce, are written as `0` so the surrounding document stays valid.
public enum DecimalText {
    /// Appends `value` rounded to `decimals` places (clamped to 0...6) to `bytes`.
    public static func append(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        guard value.isFinite else { return bytes.append(UInt8(ascii: "0")) }
        let places = min(max(decimals, 0), 6)
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        // Keeps value * scale inside Int64; such coordinates are meaningless anyway.
        let limit = 9.0e18 / Double(scale)
        var scaled = Int64((min(max(value, -limit), limit) * Double(scale)).rounded())
        if scaled < 0 {
            bytes.append(UInt8(ascii: "-"))
            scaled = -scaled
        }
        appendInteger(scaled / scale, to: &bytes)
        var fraction = scaled % scale
        guard fraction != 0 else { return }
        var width = places
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var digitsNeeded = width
        var probe = fraction
        while probe > 0 {
            probe /= 10
            digitsNeeded -= 1
        }
        for _ in 0..<digitsNeeded { bytes.append(UInt8(ascii: "0")) }  // leading zeros: 0.05
        appendInteger(fraction, to: &bytes)
    }

    public static func string(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        append(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the decimal digits of `value`. Digits are produced backwards into a stack buffer
    /// and appended in one call: per-digit appends were the top cost of rendering large SVGs.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var remaining = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }
}
