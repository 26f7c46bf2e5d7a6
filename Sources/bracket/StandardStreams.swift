#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process was started with on descriptors 0, 1 and 2.
///
/// A closed standard descriptor is worse than an error: the next `open` would be handed its
/// number, and output meant for the terminal would land in the file being written. So each
/// closed one is remembered, then filled with /dev/null to keep its number taken; reading
/// stdin or writing stdout later fails with "Bad file descriptor" as it would have.
enum StandardStreams {
    nonisolated(unsafe) private(set) static var inputWasClosed = false
    nonisolated(unsafe) private(set) static var outputWasClosed = false
    nonisolated(unsafe) private(set) static var errorWasClosed = false
    /// A message could not be written to stderr; the run must not then report success.
    nonisolated(unsafe) static var errorFailed = false

    static func secure() {
        // Past a file size limit (ulimit -f) the kernel would kill the process mid-write and
        // leave a partial file; ignored, the write fails with EFBIG and is reported.
        _ = signal(SIGXFSZ, SIG_IGN)
        inputWasClosed = fillIfClosed(0)
        outputWasClosed = fillIfClosed(1)
        errorWasClosed = fillIfClosed(2)
    }

    private static func fillIfClosed(_ descriptor: Int32) -> Bool {
        guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { return false }
        let null = open("/dev/null", O_RDWR)
        if null >= 0, null != descriptor {
            _ = dup2(null, descriptor)
            _ = close(null)
        }
        return true
    }

    /// A protocol server (lsp, mcp) needs both directions; without them there is no client to
    /// serve. Checked before any protocol traffic, so the failure is one line and status 2.
    static func requireProtocolStreams() throws(CommandError) {
        if inputWasClosed { throw CommandError.system("cannot read standard input", EBADF) }
        if outputWasClosed { throw CommandError.system("cannot write standard output", EBADF) }
    }
}
