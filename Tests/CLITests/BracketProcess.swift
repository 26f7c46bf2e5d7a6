import Foundation

/// Runs the built `bracket` executable, which SwiftPM places in the same build directory as the
/// test bundle (`swift build --build-tests` builds it alongside the tests).
struct BracketProcess {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: Data
        var out: String { String(decoding: stdout, as: UTF8.self) }
        var err: String { String(decoding: stderr, as: UTF8.self) }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable: next to the test bundle first, then the package's `.build/debug`.
    static var executable: URL? {
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("bracket"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("bracket"))
        if let argument = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent("bracket"))
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("bracket"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/bracket"))
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
    }

    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                    environment: [String: String]? = nil) throws -> Result {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        return try spawn(executable, arguments, stdin: stdin, in: directory, environment: environment)
    }

    /// Runs the executable through `/bin/sh` with `redirections` applied to it — `<&-`, `< /`,
    /// `> /dev/full`, `>&-`, `ulimit -f 8;` before it — which Process cannot set up itself.
    /// `prefix` runs in the shell before the executable (for `ulimit`).
    /// `wrapper` runs the executable through another command (`setpriv …` to drop root).
    static func shell(_ redirections: String, _ arguments: [String], prefix: String = "", wrapper: [String] = [],
                      stdin: Data? = nil, in directory: URL? = nil, environment: [String: String]? = nil) throws -> Result {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let wrapped = wrapper.map { "'\($0)' " }.joined()
        let script = "\(prefix) exec \(wrapped)\"$0\" \"$@\" \(redirections)"
        return try spawn(URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path] + arguments,
                         stdin: stdin, in: directory, environment: environment)
    }

    /// Runs `/bin/sh` command `command` on a pseudo-terminal (util-linux `script`), where
    /// `$BRACKET` is the executable, and returns what the terminal showed; nil where `script` or
    /// the executable is missing.
    static func throughTerminal(_ command: String, environment: [String: String]) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), let executable else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command.replacingOccurrences(of: "$BRACKET", with: executable.path), "/dev/null"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    private static func spawn(_ executable: URL, _ arguments: [String], stdin: Data?, in directory: URL?,
                              environment: [String: String]?) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin, !stdin.isEmpty { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot fill a pipe and stall.
        let group = DispatchGroup()
        nonisolated(unsafe) var stdoutData = Data()
        DispatchQueue.global().async(group: group) { stdoutData = output.fileHandleForReading.readDataToEndOfFile() }
        let stderrData = errors.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: stdoutData, stderr: stderrData)
    }
}
