import BracketJSON
import BracketModel
import Foundation
import Testing

/// Every fixture found in Tests/Fixtures: ok/ files must match their geometry, SVG and tree dump
/// and have no errors; err/ files must match their `check` lines and report the code they are named after.
@Suite struct FixtureTests {
    @Test func foldersHoldEnoughFixtures() {
        #expect(Fixtures.names(in: "ok").count >= 12)
        // At least one err fixture per diagnostic code, each named after its code.
        #expect(Set(Fixtures.names(in: "err").map(Fixtures.code(of:))) == Set(DiagnosticCodeNames.all))
    }

    @Test(arguments: Fixtures.names(in: "ok"))
    func okFixture(_ name: String) throws {
        let document = Document(text: try Fixtures.source("ok", name))
        #expect(!document.hasErrors, "\(name) should have no errors: \(document.diagnostics)")
        try compareJSON(Fixtures.geometryJSON(document), "ok", name, ".geometry.json")
        try compareBytes(Fixtures.svg(document), "ok", name, ".svg")
        try compareBytes(Fixtures.treeDump(document), "ok", name, ".tree")
    }

    @Test(arguments: Fixtures.names(in: "err"))
    func errFixture(_ name: String) throws {
        let document = Document(text: try Fixtures.source("err", name))
        let code = Fixtures.code(of: name)
        #expect(document.diagnostics.contains { $0.code.rawValue == code }, "\(name) should report [\(code)]")
        try compareBytes(Fixtures.checkLines(document, file: name + ".bracket"), "err", name, ".diagnostics")
    }

    @Test(arguments: Fixtures.names(in: "ok").map { ("ok", $0) } + Fixtures.names(in: "err").map { ("err", $0) })
    func roundTrip(_ folder: String, _ name: String) throws {
        let source = try Fixtures.source(folder, name)
        #expect(Document(text: source).tree.printed(from: source) == source)
    }

    private func compareBytes(_ actual: [UInt8], _ folder: String, _ name: String, _ suffix: String) throws {
        if Fixtures.isRecording { return try Fixtures.record(actual, folder, name, suffix) }
        let expected = try #require(Fixtures.expected(folder, name, suffix), "missing \(name)\(suffix); run with BRACKET_RECORD=1")
        #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(folder)/\(name)\(suffix)")
    }

    /// JSON is compared as values, not bytes: key order and number spelling may differ.
    private func compareJSON(_ actual: [UInt8], _ folder: String, _ name: String, _ suffix: String) throws {
        if Fixtures.isRecording { return try Fixtures.record(actual, folder, name, suffix) }
        let expected = try #require(Fixtures.expected(folder, name, suffix), "missing \(name)\(suffix); run with BRACKET_RECORD=1")
        #expect(try JSONReader().parse(actual) == JSONReader().parse(expected), "\(folder)/\(name)\(suffix)")
    }
}

import BracketSyntax

enum DiagnosticCodeNames {
    static let all = DiagnosticCode.allCases.map(\.rawValue)
}
