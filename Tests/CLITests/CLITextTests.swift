import Foundation
import Testing

/// `render --format text` end to end: the format chosen by flag or by `-o`'s extension, the
/// width and colour taken from a real terminal, and its usage mistakes.
@Suite struct CLITextTests {
    static let ok = CLITests.fixtures.appendingPathComponent("ok")
    static let source = ok.appendingPathComponent("results-in-progress.bracket").path

    static func expected(_ suffix: String) throws -> String {
        try String(contentsOf: ok.appendingPathComponent("results-in-progress" + suffix), encoding: .utf8)
    }

    @Test(arguments: [["--format", "text"], ["--format", "txt"]])
    func formatFlagWritesTheFixture(_ flags: [String]) throws {
        // Not a terminal: 80 columns and no colour, exactly the fixture.
        let result = try BracketProcess.run(["render"] + flags + [Self.source])
        #expect(result.status == 0)
        #expect(result.out == (try Self.expected(".txt")))
    }

    @Test func asciiWritesTheASCIIFixture() throws {
        let result = try BracketProcess.run(["render", "--format", "text", "--ascii", Self.source])
        #expect(result.out == (try Self.expected(".ascii.txt")))
    }

    @Test func outputExtensionChoosesText() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bracket-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("tree.txt")
        let result = try BracketProcess.run(["render", "--color", "always", "-o", output.path, Self.source])
        #expect(result.status == 0)
        // A file is never a terminal: no colour even when asked for, and 80 columns.
        #expect(try String(contentsOf: output, encoding: .utf8) == (try Self.expected(".txt")))
    }

    @Test func widthFlagWraps() throws {
        let result = try BracketProcess.run(["render", "--format", "text", "--width", "40", Self.source])
        #expect(result.status == 0)
        // Narrower than the fixture's 80 columns, so more lines.
        #expect(result.out.split(separator: "\n").count > (try Self.expected(".txt")).split(separator: "\n").count)
        #expect(result.out.contains("Yılmaz"))
    }

    @Test(arguments: [
        ["--format", "text", "--width", "5"], ["--format", "text", "--width", "wide"], ["--ascii"],
        ["--format", "svg", "--width", "80"], ["--format", "text", "--scale", "2"],
    ])
    func usageMistakes(_ flags: [String]) throws {
        let result = try BracketProcess.run(["render"] + flags + [Self.source])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.split(separator: "\n").count == 1)
    }

    /// Through a pseudo-terminal 50 columns wide: the labels wrap to it and winners are bold.
    @Test func aTerminalGivesItsWidthAndColour() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        environment.removeValue(forKey: "NO_COLOR")
        environment.removeValue(forKey: "COLUMNS")
        guard let text = try BracketProcess.throughTerminal(
            "stty cols 50; $BRACKET render --format text \(Self.source)", environment: environment) else { return }
        #expect(text.contains("\u{1B}[1m▶ "))
        let plain = CLIExcerptTests.withoutColour(text).replacingOccurrences(of: "\r", with: "")
        for line in plain.split(separator: "\n") { #expect(line.count <= 50, "\(line)") }
        #expect(plain.split(separator: "\n").count > (try Self.expected(".txt")).split(separator: "\n").count)
    }
}
