import Foundation
import Testing
@testable import BracketText

/// Table-driven wrapping: each `Tests/Fixtures/text/NAME.wrap` lists cases, one per line
/// (`MAX-WIDTH MAX-LINES LABEL`, `\n` and `\u{…}` escapes in the label), and `NAME.wrapped`
/// holds what each wraps to at 13 px. `BRACKET_RECORD=1` rewrites the expectations.
@Suite struct WrapFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/text")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".wrap") }.map { String($0.dropLast(".wrap".count)) }.sorted()
    }

    @Test func fixturesExist() {
        #expect(Self.names.count >= 8)
    }

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        let source = try String(contentsOf: Self.folder.appendingPathComponent(name + ".wrap"), encoding: .utf8)
        let measurer = TextMeasurer(fontSize: 13)
        var output = ""
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix("#") && !line.isEmpty {
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            let maxWidth = try #require(Double(fields[0]), "\(line)")
            let maxLines = try #require(Int(fields[1]), "\(line)")
            let label = Self.unescape(fields.count > 2 ? String(fields[2]) : "")
            let wrapped = measurer.wrap(label, maxWidth: maxWidth, maxLines: maxLines)
            output += line + "\n"
            for (text, width) in zip(wrapped.lines, wrapped.lineWidths) {
                output += "  " + Self.format(width) + " |" + Self.visible(text) + "|\n"
            }
            if wrapped.lines.isEmpty { output += "  (no lines)\n" }
            if wrapped.isTruncated { output += "  (truncated)\n" }
        }
        let expectedURL = Self.folder.appendingPathComponent(name + ".wrapped")
        if ProcessInfo.processInfo.environment["BRACKET_RECORD"] == "1" {
            try output.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try #require(try? String(contentsOf: expectedURL, encoding: .utf8), "missing \(name).wrapped; run with BRACKET_RECORD=1")
        #expect(output == expected)
    }

    static func unescape(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let slash = rest.firstIndex(of: "\\") {
            result += rest[..<slash]
            let after = rest[rest.index(after: slash)...]
            if after.hasPrefix("n") {
                result += "\n"
                rest = after.dropFirst()
            } else if after.hasPrefix("u{"), let close = after.firstIndex(of: "}"),
                      let value = UInt32(after[after.index(after.startIndex, offsetBy: 2)..<close], radix: 16),
                      let scalar = Unicode.Scalar(value) {
                result.unicodeScalars.append(scalar)
                rest = after[after.index(after: close)...]
            } else {
                result += "\\"
                rest = after
            }
        }
        return result + rest
    }

    /// Invisible code points written as escapes, so the expectation shows them.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .format, .control, .nonspacingMark where (0xFE00...0xFE0F).contains(scalar.value):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func format(_ width: Double) -> String {
        let hundredths = Int((width * 100).rounded())
        let text = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        return String(repeating: " ", count: max(0, 7 - text.count)) + text
    }
}
