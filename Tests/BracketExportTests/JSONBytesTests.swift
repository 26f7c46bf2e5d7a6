import BracketBytes
import BracketJSON
import BracketLayout
@testable import BracketExport
import Testing

/// The geometry writer spells numbers and strings itself; they must be byte for byte what
/// `JSONWriter` writes, which the schemas, the server and the recorded fixtures rely on.
@Suite struct JSONBytesTests {
    func viaWriter(_ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        write(&writer)
        return writer.bytes
    }

    func viaSink(_ write: (inout ByteSink) -> Void) -> [UInt8] {
        ByteSink.bytes(capacity: 16, write)
    }

    @Test func sixteenthsAcrossMagnitudesMatchTheWriter() {
        var values: [Double] = []
        for numerator in stride(from: -40_000, through: 40_000, by: 7) { values.append(Double(numerator) / 16) }
        for whole in [0.0, 1, 999, 4_718_592, 1e9, 9_999_999_999, 1e10, 123_456_789_012, 1e15, 9.007199254740992e15] {
            for sixteenth in 0..<16 {
                let value = whole + Double(sixteenth) / 16
                values.append(value)
                values.append(-value)
            }
        }
        for value in values {
            #expect(viaSink { $0.jsonNumber(value) } == viaWriter { $0.double(value) }, "\(value)")
        }
    }

    @Test func otherNumbersMatchTheWriter() {
        let values: [Double] = [
            0.001, 0.0009765625, 0.00048828125, 1e-5, 1.0 / 3, 0.1, 10047.099999999999, -0.0, 0,
            .nan, .infinity, -.infinity, 1e300, 5e-324, 9_007_199_254_740_993, -9_223_372_036_854_775_808,
            65.85, 131.7 / 2, 0.3 / 2,
        ]
        for value in values {
            #expect(viaSink { $0.jsonNumber(value) } == viaWriter { $0.double(value) }, "\(value)")
        }
    }

    /// The sink writes what the writer writes of the text once what no output carries is
    /// replaced (`UncarriedCharacters`), and exactly as many bytes as it counts beforehand.
    @Test func stringsMatchTheWriter() {
        var everyControl = ""
        for scalar in 0..<0x20 { everyControl.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        let texts = ["", "n0", "Node 7", #"q"u\o/te"#, everyControl, "é 決勝 🏆 \u{7F} \u{85} \u{2028}",
                     String(repeating: "\"", count: 300), "\(fdd0)\(fdef)\u{FFFE}\u{1FFFF}\u{10FFFE}\u{FFFD}"]
        for text in texts {
            let written = viaSink { $0.jsonString(text) }
            #expect(written == viaWriter { $0.string(UncarriedCharacters.replaced(text)) })
            #expect(written.count == ByteSink.jsonStringLength(text))
            #expect(written.count <= ByteSink.jsonStringBound(text.utf8.count))
        }
        #expect(viaSink { $0.jsonString("\t\n\u{1}\u{FFFF}") } == Array(#""\t\n\#u{FFFD}\#u{FFFD}""#.utf8))
    }
}

// Swift's literals refuse U+FDD0–U+FDEF, so these two are spelled by number.
private let fdd0 = String(Unicode.Scalar(0xFDD0)!)
private let fdef = String(Unicode.Scalar(0xFDEF)!)
