import BracketBytes
import Testing

@Suite struct DecimalTextTests {
    @Test(arguments: [
        (130.0, 2, "130"), (12.5, 2, "12.5"), (1.0 / 3, 2, "0.33"), (0.05, 2, "0.05"),
        (1.8333333, 4, "1.8333"), (0.0072, 4, "0.0072"), (-7.25, 2, "-7.25"), (-0.001, 2, "0"),
        (9.999, 2, "10"), (2.5, 0, "3"), (1.23456789, 9, "1.234568"), (.infinity, 2, "0"),
        (-9.0e30, 2, "-90000000000000000"), (-9_223_372_036_854_775_807, 0, "-9000000000000000000"),
    ])
    func spelling(value: Double, decimals: Int, expected: String) {
        #expect(DecimalText.string(value, decimals: decimals) == expected)
    }

    @Test func integers() {
        var bytes: [UInt8] = []
        for value: Int64 in [0, 7, -42, .max, .min] {
            DecimalText.appendInteger(value, to: &bytes)
            bytes.append(UInt8(ascii: " "))
        }
        #expect(String(decoding: bytes, as: UTF8.self)
            == "0 7 -42 9223372036854775807 -9223372036854775808 ")
    }

    /// The plain rule the JSON speller's digit-by-digit path must equal: integers below 2^53
    /// without a fraction, `null` for non-finite values, `description` for everything else.
    static func referenceJSON(_ value: Double) -> String {
        if !value.isFinite { return "null" }
        if value == 0 && value.sign == .minus { return "-0" }
        if let integral = Int64(exactly: value), integral.magnitude < (1 << 53) { return String(integral) }
        return value.description
    }

    static func json(_ value: Double) -> String {
        var bytes: [UInt8] = []
        DecimalText.appendJSON(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func jsonNumbersEqualTheReference() {
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, -0.5, 0.0625, 0.001, 0.0009765625, 1e10, 1e10 - 0.0625, 9_999_999_999.9375,
            .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude, 9_007_199_254_740_992,
            9_007_199_254_740_994, 1.0 / 3, 0.1, 123.456, 1e-7, 5e15, 1e21, -2.2250738585072014e-308,
        ]
        // Every multiple of 1/16 across the magnitudes the fast path covers, and around them.
        var scale = 0.001
        while scale < 2e10 {
            for step in 0..<64 {
                let value = (scale * 16).rounded() / 16 + Double(step) / 16
                values += [value, -value, value.nextUp, value.nextDown]
            }
            scale *= 7.3
        }
        var state: UInt64 = 2026  // SplitMix64: any bit pattern, the same every run
        for _ in 0..<2_000 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var bits = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
            values.append(Double(bitPattern: bits ^ (bits >> 31)))
        }
        for value in values {
            #expect(Self.json(value) == Self.referenceJSON(value), "\(value.bitPattern)")
            #expect(Self.json(value).utf8.count <= DecimalText.maxJSONLength)
        }
    }
}

