#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BracketModel
import BracketServer
import Foundation
import BracketTerminal

/// `bracket preview FILE`: the language server's browser preview for any editor. The file is
/// watched on disk (every ~25 ms) and each saved version is pushed to the open pages.
enum PreviewCommand {
    /// How often the file is looked at: a save shows within this plus one render.
    static let pollInterval = 0.025
    /// How long the file must stay missing before that is reported: an editor that saves by
    /// renaming leaves no gap, one that deletes and rewrites leaves a short one.
    static let missingGrace = 0.3

    static func run(_ arguments: [String], environment: [String: String]) throws(CommandError) -> Int32 {
        var scanner = ArgumentScanner(arguments)
        var options = LayoutOptions()
        var port: UInt16 = 0
        var open = false
        var paths: [String] = []
        while let item = scanner.next() {
            switch item {
            case .operand(let path): paths.append(path)
            case .flag("--help"), .flag("-h"):
                try Output.standardOutput(Help.preview)
                return ExitStatus.success
            case .flag("--port"):
                let value = try scanner.value(for: "--port")
                guard let number = UInt16(value), number > 0 else {
                    throw CommandError("--port needs a port number from 1 to 65535, not '\(value)'")
                }
                port = number
            case .flag("--open"):
                try scanner.checkNoValue("--open")
                open = true
            case .flag(let flag):
                guard try options.accept(flag, &scanner) else { throw CommandError("unknown option '\(flag)' for preview") }
            }
        }
        guard paths.count == 1 else { throw CommandError("preview needs exactly one FILE") }
        let path = paths[0]
        guard path != "-" else { throw CommandError("preview watches a file on disk; standard input cannot be watched") }
        // The first read must succeed: a typo in the name should not leave a server waiting.
        let first = try InputFile.read(path)

        let stop = StopSignal()
        let preview: StandalonePreview
        do {
            preview = try StandalonePreview(uri: fileURI(path), defaults: options.defaults, port: port)
        } catch {
            throw CommandError.failure(error.description)
        }
        defer { preview.stop() }
        var version = 1
        preview.show(Document(text: first.bytes), version: version)
        try Output.standardOutput(preview.url + "\n")
        Output.standardError("bracket: previewing \(TerminalText.escaped(path)) at \(preview.url) (Ctrl-C to stop)\n")
        if open { openBrowser(preview.url) }

        let watcher = FileWatcher(path: path)
        var shown = try? watcher.stamp().get()
        var lastProblems = CheckCommand.problems(in: Document(text: first.bytes))
        var missingSince: Date?
        var reportedMissing = false
        // What was last refused (not a regular file, past the limit, unreadable), so it is said
        // once and not at every poll while it stays (a FIFO being written changes its stamp).
        var refused: (identity: FileIdentity, message: String)?
        while !stop.wait(seconds: pollInterval) {
            switch watcher.stamp() {
            case .failure(let error):
                let since = missingSince ?? Date()
                missingSince = since
                if !reportedMissing, Date().timeIntervalSince(since) >= missingGrace {
                    reportedMissing = true
                    Output.standardError("bracket: \(TerminalText.escaped(path)) is gone (\(SystemError.describe(error.code))); "
                        + "the page keeps the last picture, waiting for the file to come back\n")
                }
            case .success(let stamp):
                missingSince = nil
                if reportedMissing {
                    reportedMissing = false
                    Output.standardError("bracket: \(TerminalText.escaped(path)) is back\n")
                }
                guard stamp != shown else { continue }
                // Whatever is at the path now is read without blocking and at most to the limit
                // (`InputFile`): a FIFO, a device, a directory or a file past the limit is said
                // once and tried again on its next change, and the page keeps the last picture.
                let bytes: [UInt8]
                switch readFile(path) {
                case .success(let read): bytes = read
                case .failure(let error):
                    if refused?.identity != stamp.identity || refused?.message != error.message {
                        Output.standardError("bracket: \(error.message); the page keeps the last picture\n")
                    }
                    refused = (stamp.identity, error.message)
                    continue
                }
                refused = nil
                shown = stamp
                version += 1
                let document = Document(text: bytes)
                preview.show(document, version: version)
                let problems = CheckCommand.problems(in: document)
                if problems != lastProblems {
                    lastProblems = problems
                    Output.standardError("bracket: \(TerminalText.escaped(path)): \(CheckCommand.summaryWords(problems))\n")
                }
            }
        }
        Output.standardError("bracket: preview stopped\n")
        return ExitStatus.success
    }

    private static func readFile(_ path: String) -> Result<[UInt8], CommandError> {
        do throws(CommandError) {
            return .success(try InputFile.read(path).bytes)
        } catch {
            return .failure(error)
        }
    }

    /// `file:///absolute/path`, the name the page keeps the document under.
    private static func fileURI(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }

    /// Starts the platform's opener and does not wait for the browser.
    private static func openBrowser(_ url: String) {
        #if canImport(Darwin)
        let opener = "/usr/bin/open"
        #else
        let opener = "xdg-open"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [opener, url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Output.standardError("bracket: cannot open a browser (\(opener)): \(error.localizedDescription); open the URL yourself\n")
        }
    }
}

/// Ctrl-C and SIGTERM end the preview's loop instead of the process, so the server is stopped
/// and the port released in order.
final class StopSignal: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopped = false
    private var sources: [DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.fire() }
            source.resume()
            sources.append(source)
        }
    }

    private func fire() {
        lock.lock()
        stopped = true
        lock.unlock()
        semaphore.signal()
    }

    /// Sleeps up to `seconds`; true once a stop signal came.
    func wait(seconds: Double) -> Bool {
        _ = semaphore.wait(timeout: .now() + seconds)
        lock.lock(); defer { lock.unlock() }
        return stopped
    }
}
