/// An sRGB colour as a file writes it: a CSS colour name (`teal`) or hex (`#rgb`, `#rrggbb`),
/// with the WCAG 2 relative luminance and contrast ratio that the contrast warning reads.
public struct Colour: Sendable, Hashable {
    /// `0xRRGGBB`.
    public let rgb: UInt32

    public init(rgb: UInt32) { self.rgb = rgb & 0xFF_FFFF }

    /// The colour `text` names: `#rgb`, `#rrggbb` (either case) or a CSS colour name (any case);
    /// nil for anything else.
    public init?(text: String) {
        if text.utf8.first == 0x23 {
            guard let rgb = Self.hex(text.utf8.dropFirst()) else { return nil }
            self.init(rgb: rgb)
        } else {
            guard let rgb = Self.named(text.lowercased()) else { return nil }
            self.init(rgb: rgb)
        }
    }

    /// `#rrggbb`, lower case: how every output writes it.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [0x23]
        for shift in stride(from: 20, through: 0, by: -4) { bytes.append(digits[Int((rgb >> UInt32(shift)) & 0xF)]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The relative luminance of WCAG 2 (0 for black, 1 for white).
    public var luminance: Double {
        func channel(_ shift: UInt32) -> Double {
            let c = Double((rgb >> shift) & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    /// The WCAG 2 contrast ratio between the two colours, from 1 to 21.
    public func contrast(with other: Colour) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The smallest contrast ratio WCAG 2 (level AA) asks of body text: the contrast warning's line.
    public static let minimumTextContrast = 4.5

    /// The text colour for a card filled with this colour: the default text of the light theme
    /// or white, whichever contrasts more.
    public var readableText: Colour {
        let dark = Colour(rgb: 0x1C2430), light = Colour(rgb: 0xFFFFFF)
        return contrast(with: dark) >= contrast(with: light) ? dark : light
    }

    /// The CSS colour name nearest to `text` by spelling, for a "did you mean".
    public static func nearestName(to text: String) -> String? {
        NearestName.nearest(to: text.lowercased(), in: cssNames.map(\.name))
    }

    /// What a colour value may be, for messages.
    public static let expectation = "a CSS colour name such as teal, or a quoted hex colour such as \"#1a73e8\" or \"#18e\""

    /// Six or three hex digits.
    private static func hex(_ digits: Substring.UTF8View) -> UInt32? {
        guard digits.count == 6 || digits.count == 3 else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            default: return nil
            }
            // A short form's digit stands for two: #18e is #1188ee.
            value = digits.count == 3 ? (value << 8) | (digit << 4) | digit : (value << 4) | digit
        }
        return value
    }

    private static func named(_ name: String) -> UInt32? {
        var low = 0, high = cssNames.count
        while low < high {
            let middle = (low + high) / 2
            if cssNames[middle].name < name { low = middle + 1 } else { high = middle }
        }
        return low < cssNames.count && cssNames[low].name == name ? cssNames[low].rgb : nil
    }
}

/// `x` to the power `y` for the luminance formula, without Foundation: exp(y · ln x) by series,
/// exact enough for contrast ratios (relative error below 1e-12 on 0…1).
private func pow(_ x: Double, _ y: Double) -> Double {
    guard x > 0 else { return 0 }
    return exp(y * log(x))
}

private func log(_ x: Double) -> Double {
    // x = m · 2^e with m in [1, 2); ln m by the atanh series.
    var m = x, e = 0.0
    while m >= 2 { m /= 2; e += 1 }
    while m < 1 { m *= 2; e -= 1 }
    let t = (m - 1) / (m + 1), t2 = t * t
    var term = t, sum = 0.0, k = 1.0
    while abs(term / k) > 1e-17 { sum += term / k; term *= t2; k += 2 }
    return 2 * sum + e * 0.6931471805599453
}

private func exp(_ x: Double) -> Double {
    // e^x = (e^(x/2^n))^(2^n), the inner one by its Taylor series.
    var n = 0, r = x
    while abs(r) > 0.5 { r /= 2; n += 1 }
    var term = 1.0, sum = 1.0, k = 1.0
    while abs(term) > 1e-17 { term *= r / k; sum += term; k += 1 }
    for _ in 0..<n { sum *= sum }
    return sum
}
