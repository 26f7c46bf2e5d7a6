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
}
