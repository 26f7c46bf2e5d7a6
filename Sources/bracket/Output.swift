#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ExitStatus {
    static let success: Int32 = 0
    /// The input has errors (output may still have been written).
    static let problems: Int32 = 1
    /// The command line itself was wrong, or a file could not be read or written.
    static let usage: Int32 = 2
}

/// Why a command stopped: one line on stderr and status 2. Usage mistakes point to `--help`;
/// failures of the system (a missing file, a full disk) say what the system said instead.
struct CommandError: Error {
    let message: String
    let isUsage: Bool

    /// A mistake in how the tool was called.
    init(_ message: String) {
        self.message = message
        isUsage = true
    }

    private init(failure message: String) {
        self.message = message
        isUsage = false
    }

    /// A read, write or process failure, with the system's reason when there is one.
    static func failure(_ message: String) -> CommandError { CommandError(failure: message) }

    /// `what: reason` with the reason `strerror` gives for `code`.
    static func system(_ what: String, _ code: Int32) -> CommandError {
        CommandError(failure: "\(what): \(SystemError.describe(code))")
    }

    var line: String { isUsage ? "bracket: \(message) (see 'bracket --help')\n" : "bracket: \(message)\n" }
}

enum SystemError {
    /// The C library's text for an errno value ("No space left on device").
    static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// Writes whole buffers with write(2) — `print` is block-buffered on pipes and slow for the
/// megabytes an SVG of a large tree can take — and reports every failure: a full disk or a
/// closed descriptor must never pass for success.
enum Output {
    /// Standard output, checked: a failed write is a `CommandError`.
    static func standardOutput(_ text: String) throws(CommandError) {
        var text = text
        if let error = text.withUTF8({ bytes in
            capture { () throws(CommandError) in try toStandardOutput(UnsafeRawBufferPointer(bytes)) }
        }) { throw error }
    }

    static func toStandardOutput(_ buffer: UnsafeRawBufferPointer) throws(CommandError) {
        guard !StandardStreams.outputWasClosed else {
            throw CommandError.system("cannot write standard output", EBADF)
        }
        if let code = write(buffer, to: 1) { throw CommandError.system("cannot write standard output", code) }
    }

    /// Diagnostics and messages. If stderr itself is gone there is nobody left to tell, so the
    /// result only decides the exit status (see `StandardStreams.errorFailed`).
    static func standardError(_ text: String) {
        guard !StandardStreams.errorWasClosed else {
            StandardStreams.errorFailed = true
            return
        }
        var text = text
        let failed = text.withUTF8 { write(UnsafeRawBufferPointer($0), to: 2) } != nil
        if failed { StandardStreams.errorFailed = true }
    }

    /// Writes all of `buffer`, retrying short writes and interruptions; returns errno on failure.
    static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }
        var done = 0
        while done < buffer.count {
            #if canImport(Glibc)
            let written = Glibc.write(descriptor, base + done, buffer.count - done)
            #else
            let written = Darwin.write(descriptor, base + done, buffer.count - done)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                // A descriptor left non-blocking by whoever shares it (some parent processes
                // do that to a pipe) is not full for good: wait until it takes more.
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    if poll(&entry, 1, -1) >= 0 || errno == EINTR { continue }
                }
                return errno
            }
            done += written
        }
        return nil
    }

    /// Sends `bytes` to `path` (atomically, see `AtomicFile`), or to stdout when no path or `-`
    /// was given. `input` is the file the bytes were made from, which must not be overwritten.
    static func deliver(_ bytes: [UInt8], to path: String?, input: InputFile?) throws(CommandError) {
        if let error = bytes.withUnsafeBytes({ buffer in
            capture { () throws(CommandError) in try send(buffer, to: path, input: input) }
        }) { throw error }
    }

    /// Sends the UTF-8 of `text` without copying it into an array first.
    static func deliver(_ text: String, to path: String?, input: InputFile?) throws(CommandError) {
        var text = text
        if let error = text.withUTF8({ bytes in
            capture { () throws(CommandError) in try send(UnsafeRawBufferPointer(bytes), to: path, input: input) }
        }) { throw error }
    }

    /// The error `body` threw, as a value: the standard library's `with…` helpers rethrow as
    /// `any Error`, so typed errors cross them as return values.
    static func capture(_ body: () throws(CommandError) -> Void) -> CommandError? {
        do throws(CommandError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    private static func send(_ buffer: UnsafeRawBufferPointer, to path: String?, input: InputFile?) throws(CommandError) {
        guard let path, path != "-" else { return try toStandardOutput(buffer) }
        try AtomicFile.write(buffer, to: path, notOver: input?.identity)
    }
}
