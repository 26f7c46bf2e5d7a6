import BracketTestSupport
import Foundation
import Testing

/// `check`'s text form: source excerpts with a caret run, notes for related locations, colour
/// only when asked or on a terminal, and nothing from the input that could drive a terminal.
/// Each `Tests/Fixtures/cli/NAME.bracket` is checked against `NAME.check` (`BRACKET_RECORD=1`
/// re-records; review the diff).
@Suite struct CLIExcerptTests {
    static let directory = CLITests.fixtures.appendingPathComponent("cli")

    static var fixtureNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".bracket") }.map { String($0.dropLast(".bracket".count)) }.sorted()
    }

    @Test func fixturesExist() {
        #expect(Self.fixtureNames.count >= 6)
    }

    @Test(arguments: fixtureNames)
    func textOutputMatchesFixture(_ name: String) throws {
        let result = try BracketProcess.run(["check", "--color", "never", name + ".bracket"], in: Self.directory)
        #expect(result.status == 1, "\(result.err)")
        let expected = Self.directory.appendingPathComponent(name + ".check")
        if ProcessInfo.processInfo.environment["BRACKET_RECORD"] == "1" {
            try result.stdout.write(to: expected)
            return
        }
        let want = try Data(contentsOf: expected)
        #expect(result.stdout == want, "\(name): got\n\(result.out)")
        Self.expectNoTerminalControls(result.stdout, name)
    }

    /// No byte a terminal acts on: C0 controls other than the line feed, DEL, C1 controls,
    /// bidirectional overrides.
    static func expectNoTerminalControls(_ output: Data, _ context: String) {
        let bytes = [UInt8](output)
        #expect(!bytes.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }, "\(context): raw control byte")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
            || (0x2066...0x2069).contains($0.value) }, "\(context): raw C1 or bidi control")
    }

    /// Every class of control character, in a stray position, a label, a comment and the file
    /// name, and through every command that prints diagnostics.
    @Test(arguments: ["\u{1B}[2J", "\u{7}", "\u{0}", "\u{7F}", "\u{9B}31m", "\u{202E}", "\u{8}\u{8}", "\r"])
    func controlCharactersFromTheInputAreEscaped(_ control: String) throws {
        let directory = try TemporaryDirectory()
        let text = "1 { 2 \(control) 3 \"label \(control)\" # \(control)\n 2 }\n"
        let file = try directory.file("in\(control.unicodeScalars.first!.value < 0x20 ? "\u{1B}" : "").bracket", text)
        for command in [["check", "--color", "never"], ["render"], ["geometry"], ["export"]] {
            let result = try BracketProcess.run(command + [file.lastPathComponent], in: directory.url)
            #expect(result.status == 1, "\(command)")
            let diagnostics = command[0] == "check" ? result.stdout : result.stderr
            #expect(!diagnostics.isEmpty, "\(command)")
            Self.expectNoTerminalControls(diagnostics, "\(command) \(control.unicodeScalars.map(\.value))")
        }
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() throws {
        let file = CLITests.duplicate
        let piped = try BracketProcess.run(["check", file])
        #expect(!piped.out.contains("\u{1B}["), "auto on a pipe: no colour")
        let always = try BracketProcess.run(["check", "--color", "always", file])
        #expect(always.out.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(always.out.contains("\u{1B}[1;36mnote:\u{1B}[0m"))
        #expect(always.out.contains("\u{1B}[1;32m^\u{1B}[0m"))
        // The text is the same once the colours are taken out.
        let never = try BracketProcess.run(["check", "--color", "never", file])
        #expect(Self.withoutColour(always.out) == never.out)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let noColor = try BracketProcess.run(["check", "--color", "always", file], environment: environment)
        #expect(noColor.out == always.out, "an explicit --color always wins over NO_COLOR")
        let render = try BracketProcess.run(["render", "--color", "always", file])
        #expect(render.err.contains("\u{1B}[1;31merror:"), "render's diagnostics on stderr")
        let bad = try BracketProcess.run(["check", "--color", "sometimes", file])
        #expect(bad.status == 2 && bad.err.contains("--color must be auto, always or never"))
    }

    /// `script` gives the command a terminal: auto colours it, unless NO_COLOR or TERM=dumb.
    @Test func autoColoursATerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), BracketProcess.executable != nil else { return }
        func viaTerminal(_ environment: [String: String]) throws -> String {
            try BracketProcess.throughTerminal("$BRACKET check \(CLITests.duplicate)", environment: environment) ?? ""
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        environment.removeValue(forKey: "NO_COLOR")
        #expect(try viaTerminal(environment).contains("\u{1B}[1;31merror:"))
        environment["NO_COLOR"] = "1"
        #expect(!(try viaTerminal(environment).contains("\u{1B}[1;31m")))
        environment.removeValue(forKey: "NO_COLOR")
        environment["TERM"] = "dumb"
        #expect(!(try viaTerminal(environment).contains("\u{1B}[1;31m")))
    }

    /// A long line is cut around the range, so many diagnostics on one huge line print a
    /// bounded excerpt each; past `shownPerCode` of one code the rest are counted on one line,
    /// while the JSON form keeps every one.
    @Test func excerptsOfLongLinesAreBounded() throws {
        var line = "r {"
        for index in 0..<20_000 { line += " n\(index) d" }
        let input = Data((line + " }\n").utf8)
        let result = try BracketProcess.run(["check", "--color", "never", "-"], stdin: input)
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains("[duplicate-id]") }.count == 100)
        #expect(lines.contains("<stdin>: and 19,899 more duplicate-id errors"))
        #expect(lines.allSatisfy { $0.utf8.count < 400 }, "longest \(lines.map(\.utf8.count).max() ?? 0)")
        #expect(result.err.contains("19999 errors"))
        let json = try BracketProcess.run(["check", "--format", "json", "-"], stdin: input)
        #expect(json.out.components(separatedBy: #""code":"duplicate-id""#).count - 1 == 19_999)
    }

    static func withoutColour(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}

/// Random documents made of the characters that trouble a terminal printer — controls, tabs,
/// CR, invalid UTF-8, combining marks, wide characters, bidi controls — next to the grammar's
/// own: `check` must never crash, must escape every control, and every caret line must sit
/// under a source line of the same excerpt.
@Suite struct CLIExcerptPropertyTests {
    static let pieces: [[UInt8]] = [
        Array("{".utf8), Array("}".utf8), Array(" ".utf8), Array("\n".utf8), Array("\r\n".utf8), Array("\r".utf8),
        Array("\t".utf8), Array("n1".utf8), Array("dup".utf8), Array("\"lab".utf8), Array("\"".utf8),
        Array("@title".utf8), Array("# c".utf8), [0x1B, 0x5B], [0x07], [0x00], [0x7F], [0xFF], [0xC3], [0xE2, 0x80],
        Array("\u{9B}".utf8), Array("\u{202E}".utf8), Array("e\u{301}".utf8), Array("決".utf8), Array("🏆".utf8),
        Array("\u{200D}".utf8), Array("\u{FE0F}".utf8),
    ]

    @Test func randomDocumentsPrintSafely() throws {
        var random = SeededRandom(seed: 17)
        let directory = try TemporaryDirectory()
        var names: [String] = []
        for index in 0..<500 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 80) { bytes += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            let name = "r\(index).bracket"
            try Data(bytes).write(to: directory.url.appendingPathComponent(name))
            names.append(name)
        }
        let result = try BracketProcess.run(["check", "--color", "never"] + names, in: directory.url)
        #expect(result.status == 0 || result.status == 1, "\(result.err)")
        #expect(!result.err.contains("Fatal error"))
        CLIExcerptTests.expectNoTerminalControls(result.stdout, "random documents")
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for (index, line) in lines.enumerated() where line.hasPrefix(" ") && line.contains(" | ") {
            // A gutter line is either a source line (` 12 | …`) followed by its caret line, or
            // the caret line itself (`    | ^~~`).
            let isCaretLine = line.split(separator: "|", maxSplits: 1).first!.allSatisfy { $0 == " " }
            if isCaretLine {
                let marker = line.split(separator: "|", maxSplits: 1)[1].drop(while: { $0 == " " })
                #expect(marker.hasPrefix("^") && marker.dropFirst().allSatisfy { $0 == "~" }, "\(line)")
                #expect(index > 0 && !lines[index - 1].split(separator: "|", maxSplits: 1).first!.allSatisfy { $0 == " " })
            }
        }
    }
}
