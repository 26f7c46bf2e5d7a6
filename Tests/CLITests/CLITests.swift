import Foundation
import Testing

/// End-to-end: the real executable, real files, real exit statuses.
@Suite struct CLITests {
    static let fixtures = BracketProcess.packageRoot.appendingPathComponent("Tests/Fixtures")
    static let tutorial = fixtures.appendingPathComponent("ok/tutorial.bracket").path
    static let duplicate = fixtures.appendingPathComponent("err/duplicate-id.bracket").path

    @Test func executableIsBuilt() {
        #expect(BracketProcess.executable != nil, "build with `swift build --build-tests` first")
    }

    @Test func checkCleanFileIsSilentAndSucceeds() throws {
        let result = try BracketProcess.run(["check", Self.tutorial])
        #expect(result.status == 0)
        #expect(result.out.isEmpty && result.err.isEmpty)
    }

    @Test func checkReportsCompilerStyleLinesAndFails() throws {
        let result = try BracketProcess.run(["check", "duplicate-id.bracket"], in: Self.fixtures.appendingPathComponent("err"))
        #expect(result.status == 1)
        // The compiler-style lines are those of the fixture; excerpts and notes follow each.
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("err/duplicate-id.diagnostics"), encoding: .utf8)
        let headers = result.out.split(separator: "\n").filter { $0.hasPrefix("duplicate-id.bracket:") && !$0.contains(": note: ") }
        #expect(headers.map { $0 + "\n" }.joined() == expected)
        #expect(result.out.contains("duplicate-id.bracket:1:5: note: "))
        #expect(result.err.contains("1 error"))
        #expect(result.err.split(separator: "\n").count == 1)
    }

    @Test func warningsAloneExitZero() throws {
        let result = try BracketProcess.run(["check", "-"], stdin: Data("1 \"\"\n".utf8))
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("<stdin>:1:3: warning: "))
        #expect(result.out.split(separator: "\n").first?.hasSuffix("[empty-label]") == true)
    }

    @Test func checkJSONHasTheFixedShape() throws {
        let result = try BracketProcess.run(["check", "--format", "json", Self.tutorial, Self.duplicate])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect((object["version"] as? NSNumber)?.intValue == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        let first = try #require(diagnostics.first)
        #expect(first["file"] as? String == Self.duplicate)
        #expect(first["severity"] as? String == "error")
        #expect(first["code"] as? String == "duplicate-id")
        let range = try #require(first["range"] as? [String: Any])
        let start = try #require(range["start"] as? [String: Any])
        #expect((start["line"] as? NSNumber)?.intValue == 0)
        #expect((start["character"] as? NSNumber)?.intValue == 6)  // `1 { 2 2 }`: the second 2
        #expect((first["related"] as? [Any])?.count == 1)
    }

    @Test func renderWritesSVGToFile() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("bracket-cli-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try BracketProcess.run(["render", Self.tutorial, "-o", out.path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let svg = try String(contentsOf: out, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("viewBox=\"0 0 572 308\""))
    }

    @Test func renderReadsStdinAndHonoursLayoutFlags() throws {
        let result = try BracketProcess.run(["geometry", "--card-width", "100", "--root", "left", "-"],
                                            stdin: Data("1 { 2 3 }".utf8))
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect((object["width"] as? NSNumber)?.doubleValue == 264)  // 2 columns of 100 + a 64 gap
        let settings = try #require(object["settings"] as? [String: Any])
        #expect(settings["root"] as? String == "left")
    }

    @Test func fileSettingsWinOverFlags() throws {
        // Fixed cards: a 50-point card would otherwise grow to fit "Node 1".
        let result = try BracketProcess.run(["geometry", "--card-width", "100", "-"],
                                            stdin: Data("@card-width 50\n@fit fixed\n1 { 2 3 }".utf8))
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect((object["width"] as? NSNumber)?.doubleValue == 164)
    }

    @Test func brokenFileStillRendersWithDiagnosticsAndStatusOne() throws {
        for subcommand in [["render"], ["geometry"], ["export", "--format", "dot"]] {
            let result = try BracketProcess.run(subcommand + [Self.duplicate])
            #expect(result.status == 1, "\(subcommand)")
            #expect(!result.stdout.isEmpty, "\(subcommand)")
            #expect(result.err.contains(":1:7: error: ") && result.err.contains("[duplicate-id]"), "\(subcommand)")
        }
    }

    @Test func exportWritesDOT() throws {
        let result = try BracketProcess.run(["export", "--format", "dot", Self.tutorial])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("digraph"))
        #expect(result.out.contains("\"1\" -> \"2\""))
    }

    /// DOT is export's documented default: without --format it writes the same, and the help
    /// says so.
    @Test func exportDefaultsToDOT() throws {
        let explicit = try BracketProcess.run(["export", "--format", "dot", Self.tutorial])
        let implicit = try BracketProcess.run(["export", Self.tutorial])
        #expect(implicit.status == 0 && implicit.stdout == explicit.stdout)
        let help = try BracketProcess.run(["export", "--help"])
        #expect(help.out.contains("bracket export [--format dot]") && help.out.contains("default"))
        let main = try BracketProcess.run(["--help"])
        #expect(main.out.contains("bracket export [--format dot]"))
    }

    /// Usage mistakes point to --help; failures of the system say what the system said.
    @Test func onlyUsageErrorsPointToHelp() throws {
        let usage = try BracketProcess.run(["render", "--nope", Self.tutorial])
        #expect(usage.err == "bracket: unknown option '--nope' for render (see 'bracket --help')\n")
        let missing = try BracketProcess.run(["render", "/no/such.bracket"])
        #expect(missing.err == "bracket: cannot read '/no/such.bracket': No such file or directory\n")
    }

    @Test(arguments: [
        ["frobnicate"], ["check", "--nope", "x"], ["render", "--root", "middle", "x"], ["render", "--card-width", "-3", "x"],
        ["check", "/no/such/file.bracket"], ["render"], ["export", "--format", "png", "x"], [],
        ["check", "--color"], ["preview"], ["preview", "--port", "0", "x"], ["preview", "--port", "70000", "x"], ["preview", "a", "b"],
    ])
    func usageErrorsExitTwoWithOneLine(_ arguments: [String]) throws {
        let result = try BracketProcess.run(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stdout.isEmpty, "\(arguments)")
        if !arguments.isEmpty {
            #expect(result.err.hasPrefix("bracket: ") && result.err.split(separator: "\n").count == 1, "\(arguments): \(result.err)")
        }
    }

    @Test func versionAndHelp() throws {
        let version = try BracketProcess.run(["--version"])
        #expect(version.status == 0 && version.out == "bracket 0.1.0\n")
        for arguments in [["--help"], ["check", "--help"], ["render", "--help"], ["geometry", "--help"], ["export", "--help"],
                          ["preview", "--help"], ["mcp", "--help"]] {
            let help = try BracketProcess.run(arguments)
            #expect(help.status == 0, "\(arguments)")
            #expect(help.out.contains("Usage"), "\(arguments)")
        }
    }
}

/// `bracket lsp` is wired to the server; the protocol itself is tested in BracketServerTests.
@Suite struct LSPCommandTests {
    @Test func lspAnswersInitializeThenShutsDownCleanly() throws {
        func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n\(json)" }
        let input = frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
            + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
            + frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
            + frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let result = try BracketProcess.run(["lsp", "--stdio"], stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("\"capabilities\""))
    }

    @Test func lspRejectsUnknownFlags() throws {
        let result = try BracketProcess.run(["lsp", "--tcp"])
        #expect(result.status == 2)
        let help = try BracketProcess.run(["lsp", "--help"])
        #expect(help.status == 0 && help.out.contains("Usage: bracket lsp"))
    }
}
