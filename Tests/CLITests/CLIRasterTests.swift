import Foundation
import Testing

/// `render --format png|pdf` through rsvg-convert (issue 17): real pictures, the scale, the
/// format from -o's extension, and a clear failure without the converter.
@Suite struct CLIRasterTests {
    static var hasConverter: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/rsvg-convert") }
    }

    /// Width and height from a PNG's IHDR chunk, after checking the signature.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func pngHasTheSVGsSizeAndScaleDoublesIt() throws {
        guard Self.hasConverter else { Issue.record("rsvg-convert is not installed (librsvg2-bin)"); return }
        let plain = try BracketProcess.run(["render", "--format", "png", CLITests.tutorial])
        #expect(plain.status == 0, "\(plain.err)")
        let size = try #require(Self.pngSize(plain.stdout))
        #expect(size.width == 572 && size.height == 308)  // the SVG's viewBox, one pixel per point
        let double = try BracketProcess.run(["render", "--format", "png", "--scale", "2", CLITests.tutorial])
        let doubled = try #require(Self.pngSize(double.stdout))
        #expect(doubled.width == 2 * size.width && doubled.height == 2 * size.height)
    }

    @Test func formatComesFromTheOutputsExtension() throws {
        guard Self.hasConverter else { Issue.record("rsvg-convert is not installed (librsvg2-bin)"); return }
        let directory = try TemporaryDirectory()
        for name in ["tree.png", "tree.PDF", "tree.svg", "tree.unknown"] {
            let out = directory.url.appendingPathComponent(name)
            let result = try BracketProcess.run(["render", CLITests.tutorial, "-o", out.path])
            #expect(result.status == 0, "\(name): \(result.err)")
            let data = try Data(contentsOf: out)
            switch name {
            case "tree.png": #expect(Self.pngSize(data) != nil)
            case "tree.PDF": #expect(data.starts(with: Array("%PDF-".utf8)) && data.count > 500)
            default: #expect(data.starts(with: Array("<svg".utf8)), "\(name)")
            }
        }
        // An explicit --format wins over the extension.
        let out = directory.url.appendingPathComponent("picture.svg")
        _ = try BracketProcess.run(["render", "--format", "png", CLITests.tutorial, "-o", out.path])
        #expect(Self.pngSize(try Data(contentsOf: out)) != nil)
    }

    @Test func pdfHasAHeaderAndScales() throws {
        guard Self.hasConverter else { Issue.record("rsvg-convert is not installed (librsvg2-bin)"); return }
        let result = try BracketProcess.run(["render", "--format", "pdf", "--scale", "2", CLITests.duplicate])
        #expect(result.status == 1, "a file with errors still gets its picture, with status 1")
        #expect(result.stdout.starts(with: Array("%PDF-1.".utf8)))
        #expect(result.err.contains("[duplicate-id]"))
    }

    /// PATH without rsvg-convert: status 2 and one line naming the packages; no file is made and
    /// an existing one is kept.
    @Test(arguments: ["png", "pdf"])
    func missingConverterSaysWhatToInstall(_ format: String) throws {
        let directory = try TemporaryDirectory()
        let out = try directory.file("old.\(format)", "previous")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = directory.url.path
        for arguments in [["--format", format, CLITests.tutorial], [CLITests.tutorial, "-o", out.path]] {
            let result = try BracketProcess.run(["render"] + arguments, environment: environment)
            #expect(result.status == 2)
            #expect(result.err.split(separator: "\n").count == 1)
            #expect(result.err.contains("rsvg-convert") && result.err.contains("librsvg2-bin")
                    && result.err.contains("Homebrew"), "\(result.err)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous")
        #expect(try directory.names() == ["old.\(format)"])
    }

    /// A converter that fails, or is interrupted, leaves the previous file and nothing else.
    @Test func failedOrInterruptedConversionLeavesNoPartialFile() throws {
        let directory = try TemporaryDirectory()
        let bin = directory.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("rsvg-convert")
        try Data("#!/bin/sh\ncat >/dev/null\nprintf 'partial'\necho 'fake: out of memory' >&2\nexit 3\n".utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let out = try directory.file("tree.png", "previous")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        let result = try BracketProcess.run(["render", CLITests.tutorial, "-o", out.path], environment: environment)
        #expect(result.status == 2)
        #expect(result.err == "bracket: rsvg-convert could not make the PNG: fake: out of memory\n", "\(result.err)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous")
        #expect(try directory.names() == ["bin", "tree.png"])

        // Interrupted while converting: SIGTERM, then the same.
        try Data("#!/bin/sh\ncat >/dev/null\nsleep 5\n".utf8).write(to: fake)
        let process = Process()
        process.executableURL = BracketProcess.executable
        process.arguments = ["render", CLITests.tutorial, "-o", out.path]
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.5)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous")
        #expect(try directory.names() == ["bin", "tree.png"])
    }

    /// Binary output is not sprayed over a terminal (as gzip refuses); `script` gives it one.
    @Test func refusesToWriteABinaryPictureToATerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
              let executable = BracketProcess.executable else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(executable.path) render --format png \(CLITests.tutorial)", "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.contains("not writing PNG to a terminal"), "\(text)")
        #expect(!text.contains("PNG\r\n"), "no PNG bytes reached the terminal")
    }

    @Test(arguments: [["--format", "gif"], ["--scale", "0"], ["--scale", "x"], ["--scale", "nan"], ["--scale", "2"]])
    func badRasterFlagsAreUsageErrors(_ flags: [String]) throws {
        let result = try BracketProcess.run(["render"] + flags + [CLITests.tutorial])
        #expect(result.status == 2 && result.err.contains("see 'bracket --help'"), "\(flags): \(result.err)")
        #expect(result.stdout.isEmpty)
    }
}
