import Foundation
import Testing

/// Standard streams that are closed, directories, or full: one line with the system's reason,
/// status 2, never a crash and never a silent success (issue 16 §1).
@Suite struct CLIStreamTests {
    static let tutorial = CLITests.tutorial
    static let duplicate = CLITests.duplicate

    /// Every subcommand that reads `-`.
    static let stdinCommands: [[String]] = [
        ["check", "-"], ["check", "--format", "json", "-"], ["render", "-"], ["render", "--format", "png", "-"],
        ["geometry", "-"], ["export", "-"], ["export", "--format", "dot", "-"], ["lsp"],
    ]

    static func expectOneLineFailure(_ result: BracketProcess.Result, _ reason: String, _ context: String) {
        #expect(result.status == 2, "\(context): status \(result.status), \(result.err)")
        #expect(result.err.hasPrefix("bracket: ") && result.err.hasSuffix("\n"), "\(context): \(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "\(context): \(result.err)")
        #expect(result.err.contains(reason), "\(context): \(result.err)")
        // A failure of the system is not a usage mistake, and there is no backtrace.
        #expect(!result.err.contains("--help") && !result.err.contains("Fatal error"), "\(context): \(result.err)")
    }

    @Test(arguments: stdinCommands)
    func closedStdin(_ arguments: [String]) throws {
        let result = try BracketProcess.shell("<&-", arguments)
        let reason = "cannot read standard input: Bad file descriptor"
        Self.expectOneLineFailure(result, reason, "\(arguments) <&-")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: stdinCommands.filter { $0 != ["lsp"] }, ["/", "/tmp", "."])
    func directoryAsStdin(_ arguments: [String], directory: String) throws {
        let result = try BracketProcess.shell("< \(directory)", arguments)
        Self.expectOneLineFailure(result, "cannot read standard input: Is a directory", "\(arguments) < \(directory)")
    }

    /// Everything that writes to stdout, with and without problems in the input.
    static let stdoutCommands: [[String]] = [
        ["check", duplicate], ["check", "--format", "json", tutorial], ["render", tutorial], ["render", duplicate],
        ["render", "--format", "png", tutorial], ["geometry", tutorial], ["export", tutorial],
        ["--help"], ["--version"], ["check", "--help"], ["render", "--help"], ["preview", "--help"],
    ]

    @Test(arguments: stdoutCommands)
    func fullStdout(_ arguments: [String]) throws {
        let result = try BracketProcess.shell("> /dev/full", arguments)
        let diagnostics = result.err.split(separator: "\n").filter { $0.hasPrefix("bracket: ") }
        #expect(result.status == 2, "\(arguments): \(result.err)")
        #expect(diagnostics == ["bracket: cannot write standard output: No space left on device"], "\(arguments): \(result.err)")
    }

    @Test(arguments: stdoutCommands)
    func closedStdout(_ arguments: [String]) throws {
        let result = try BracketProcess.shell(">&-", arguments)
        let diagnostics = result.err.split(separator: "\n").filter { $0.hasPrefix("bracket: ") }
        #expect(result.status == 2, "\(arguments): \(result.err)")
        #expect(diagnostics == ["bracket: cannot write standard output: Bad file descriptor"], "\(arguments): \(result.err)")
    }

    /// A non-blocking stdout pipe whose reader is slow fills up (EAGAIN): the writer waits for
    /// room rather than give up or drop output.
    @Test func nonBlockingStdoutThatFillsUpGetsEverything() throws {
        let directory = try TemporaryDirectory()
        var text = "r {\n"
        for index in 0..<20_000 { text += "  n\(index)\n" }
        let input = try directory.file("big.bracket", text + "}\n")
        let process = Process()
        process.executableURL = BracketProcess.executable
        process.arguments = ["render", input.path]
        let output = Pipe()
        let writeEnd = output.fileHandleForWriting.fileDescriptor
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.5)  // let the pipe fill while nobody reads
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(data.count > 1_000_000 && String(decoding: data.suffix(7), as: UTF8.self) == "</svg>\n")
    }

    /// A non-blocking stdin that is empty for a while (the writer is slow) is waited for.
    @Test func nonBlockingStdinThatIsSlowIsWaitedFor() throws {
        let process = Process()
        process.executableURL = BracketProcess.executable
        process.arguments = ["check", "--format", "json", "-"]
        let input = Pipe(), output = Pipe()
        let readEnd = input.fileHandleForReading.fileDescriptor
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.3)
        input.fileHandleForWriting.write(Data("1 { 2 2 }".utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(String(decoding: data, as: UTF8.self).contains("duplicate-id"))
    }

    /// With stdout closed, a file opened later must not take descriptor 1 and receive what was
    /// meant for the terminal.
    @Test func closedStdoutDoesNotLeakIntoTheOutputFile() throws {
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("out.svg")
        let result = try BracketProcess.shell(">&-", ["render", Self.duplicate, "-o", out.path])
        #expect(result.status == 1, "\(result.err)")
        let svg = try String(contentsOf: out, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
    }

    /// No stderr to tell the user on: the run must still not report success.
    @Test func closedStderrWithDiagnosticsIsNotSuccess() throws {
        let result = try BracketProcess.shell("2>&-", ["render", "-"], stdin: Data("1 { 2 \"\" }".utf8))
        #expect(result.status == 2)
        #expect(result.out.hasPrefix("<svg"))
        let clean = try BracketProcess.shell("2>&-", ["check", Self.tutorial])
        #expect(clean.status == 0)
    }
}

/// A directory removed with everything in it when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("bracket-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Names in the directory, hidden ones (temporary files) included.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}
