#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import BracketTerminal

/// PNG and PDF through librsvg's `rsvg-convert`, found on PATH: the SVG goes in on its stdin and
/// the picture comes back on its stdout, so the result is written by the same checked, atomic
/// path as every other output.
struct RasterConverter {
    let executable: String

    static let missing = "PNG and PDF export need rsvg-convert, which is not on PATH: install librsvg2-bin "
        + "(Debian, Ubuntu: apt install librsvg2-bin) or librsvg (Homebrew: brew install librsvg)"

    static func locate(environment: [String: String]) throws(CommandError) -> RasterConverter {
        for directory in (environment["PATH"] ?? "").split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = "\(directory)/rsvg-convert"
            var status = stat()
            if stat(candidate, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return RasterConverter(executable: candidate)
            }
        }
        throw CommandError.failure(missing)
    }

    func convert(_ svg: String, to format: DrawCommand.Format, scale: Double) throws(CommandError) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--format", format.rawValue, "--zoom", String(scale)]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        // A converter that dies early must give us EPIPE to report, not a SIGPIPE that kills us.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { _ = signal(SIGPIPE, previous) }
        do {
            try process.run()
        } catch {
            throw CommandError.failure("cannot run \(executable): \(error.localizedDescription)")
        }
        let bytes = Array(svg.utf8)
        let writer = Thread { [input] in
            _ = bytes.withUnsafeBytes { Output.write($0, to: input.fileHandleForWriting.fileDescriptor) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        nonisolated(unsafe) var message: [UInt8] = []
        let stderrDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [errors] in
            message = (try? InputFile.readAll(errors.fileHandleForReading.fileDescriptor, limit: Int.max).get()) ?? []
            stderrDone.signal()
        }
        let picture: [UInt8]
        switch InputFile.readAll(output.fileHandleForReading.fileDescriptor, limit: Int.max) {
        case .success(let bytes): picture = bytes
        case .failure(let error):
            process.terminate()
            process.waitUntilExit()
            throw CommandError.system("cannot read from rsvg-convert", error.code)
        }
        stderrDone.wait()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0, !picture.isEmpty else {
            let reason = String(decoding: message, as: UTF8.self)
                .split(separator: "\n").first.map { TerminalText.escaped(String($0)) } ?? "exit status \(process.terminationStatus)"
            throw CommandError.failure("rsvg-convert could not make the \(format.rawValue.uppercased()): \(reason)")
        }
        return picture
    }
}
