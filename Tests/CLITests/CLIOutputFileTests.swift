import Foundation
import Testing

/// `-o`: atomic, never the input, and every failure reported with the system's reason.
@Suite struct CLIOutputFileTests {
    static let source = "1 { 2 { 4 5 } 3 { 6 7 } }\n"

    /// Ways of naming the input file again (relative to the temporary directory).
    static let spellings = ["in.bracket", "./in.bracket", "sub/../in.bracket", "link.bracket", "hard.bracket", "ABSOLUTE"]

    @Test(arguments: [["render"], ["render", "--format", "png"], ["geometry"], ["export"]], spellings)
    func outputThatIsTheInputIsRefused(_ command: [String], spelling: String) throws {
        let directory = try TemporaryDirectory()
        let input = try directory.file("in.bracket", Self.source)
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.url.appendingPathComponent("link.bracket").path,
                                                   withDestinationPath: "in.bracket")
        try FileManager.default.linkItem(at: input, to: directory.url.appendingPathComponent("hard.bracket"))
        let output = spelling == "ABSOLUTE" ? input.path : spelling
        for source in ["in.bracket", "-"] {
            let result = try BracketProcess.shell(source == "-" ? "< in.bracket" : "", command + [source, "-o", output],
                                                  in: directory.url)
            #expect(result.status == 2, "\(command) \(source) -o \(output): \(result.err)")
            #expect(result.err == "bracket: refusing to write '\(output)': it is the input file\n", "\(result.err)")
            #expect(try String(contentsOf: input, encoding: .utf8) == Self.source, "the source was changed")
        }
        #expect(try directory.names() == ["hard.bracket", "in.bracket", "link.bracket", "sub"])
    }

    @Test func outputReplacesAnExistingFileWholeAndKeepsItsMode() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.file("in.bracket", Self.source)
        let out = try directory.file("out.svg", "old")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: out.path)
        let result = try BracketProcess.run(["render", input.path, "-o", out.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(try String(contentsOf: out, encoding: .utf8).hasPrefix("<svg"))
        let mode = try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try directory.names() == ["in.bracket", "out.svg"], "no temporary file is left")
    }

    @Test func outputThroughASymbolicLinkReplacesItsTarget() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.file("in.bracket", Self.source)
        let target = try directory.file("target.svg", "old")
        let link = directory.url.appendingPathComponent("link.svg")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.svg")
        let result = try BracketProcess.run(["render", input.path, "-o", link.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "target.svg")
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<svg"))
    }

    /// A size limit stands in for a full disk: the write fails part way.
    @Test(arguments: [["render"], ["geometry"], ["export"], ["render", "--format", "pdf"]])
    func failedWriteKeepsThePreviousFileAndLeavesNoPartialFile(_ command: [String]) throws {
        let directory = try TemporaryDirectory()
        var big = "r {\n"
        for index in 0..<6000 { big += "  n\(index) \"A label for node \(index)\"\n" }
        let input = try directory.file("big.bracket", big + "}\n")
        let out = try directory.file("out", "previous content")
        let result = try BracketProcess.shell("", command + [input.path, "-o", out.path], prefix: "ulimit -f 16;")
        #expect(result.status == 2, "\(result.err)")
        #expect(result.err == "bracket: cannot write '\(out.path)': File too large\n", "\(result.err)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous content")
        #expect(try directory.names() == ["big.bracket", "out"], "no temporary file is left")
        // Nothing there before: nothing there after.
        let fresh = directory.url.appendingPathComponent("fresh.svg").path
        let second = try BracketProcess.shell("", command + [input.path, "-o", fresh], prefix: "ulimit -f 16;")
        #expect(second.status == 2)
        #expect(try directory.names() == ["big.bracket", "out"])
    }

    @Test(arguments: [
        ("/no/such/directory/out.svg", "No such file or directory"),
        ("/", "Is a directory"),
        (".", "Is a directory"),
        ("/dev/full", "No space left on device"),
    ])
    func unwritableOutputsSayWhy(_ path: String, reason: String) throws {
        let result = try BracketProcess.run(["render", CLITests.tutorial, "-o", path])
        #expect(result.status == 2, "\(path): \(result.err)")
        #expect(result.err == "bracket: cannot write '\(path)': \(reason)\n", "\(path): \(result.err)")
    }

    @Test func devicesAreWrittenInPlace() throws {
        let result = try BracketProcess.run(["render", CLITests.tutorial, "-o", "/dev/null"])
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
        let stdout = try BracketProcess.run(["export", CLITests.tutorial, "-o", "/dev/stdout"])
        #expect(stdout.status == 0 && stdout.out.hasPrefix("digraph"), "\(stdout.err)")
    }

    /// Unreadable inputs, each with its own reason and no pointer to --help.
    @Test(arguments: [
        ("/no/such/file.bracket", "No such file or directory"),
        ("/", "Is a directory"),
        ("/tmp", "Is a directory"),
        ("/etc/passwd/x", "Not a directory"),
    ])
    func unreadableInputsSayWhy(_ path: String, reason: String) throws {
        for command in [["check"], ["render"], ["geometry"], ["export"], ["preview"]] {
            let result = try BracketProcess.run(command + [path])
            #expect(result.status == 2, "\(command) \(path)")
            #expect(result.err == "bracket: cannot read '\(path)': \(reason)\n", "\(command) \(path): \(result.err)")
        }
    }

    /// As root everything is readable, so root runs the binary as `nobody` (setpriv).
    @Test func permissionDeniedSaysSo() throws {
        let asNobody = geteuid() == 0
        if asNobody, !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") { return }
        let directory = try TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.url.path)
        let input = try directory.file("secret.bracket", Self.source)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: input.path)
        let readOnly = try directory.file("read-only.svg", "old")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly.path)
        let readable = try directory.file("tree.bracket", Self.source)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: readable.path)
        func run(_ arguments: [String]) throws -> BracketProcess.Result {
            asNobody ? try BracketProcess.shell("", arguments, prefix: "", wrapper: ["/usr/bin/setpriv", "--reuid=65534",
                                                                                "--regid=65534", "--clear-groups"])
                : try BracketProcess.run(arguments)
        }
        for command in [["check"], ["render"], ["geometry"], ["preview"]] {
            let result = try run(command + [input.path])
            #expect(result.status == 2)
            #expect(result.err == "bracket: cannot read '\(input.path)': Permission denied\n", "\(command): \(result.err)")
        }
        let write = try run(["render", readable.path, "-o", readOnly.path])
        #expect(write.status == 2)
        #expect(write.err == "bracket: cannot write '\(readOnly.path)': Permission denied\n", "\(write.err)")
        #expect(try String(contentsOf: readOnly, encoding: .utf8) == "old")
        #expect(try directory.names() == ["read-only.svg", "secret.bracket", "tree.bracket"])
    }
}
