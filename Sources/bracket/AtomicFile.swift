#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `-o FILE`: the new content goes to a temporary file beside the target, which is renamed over
/// it only once every byte is written and flushed. A full disk, an error or an interrupt
/// (SIGINT, SIGTERM, SIGHUP) leaves the previous file as it was and no partial file behind.
enum AtomicFile {
    /// Writes `buffer` to `path`. `input` is the identity of the file the content was made from:
    /// a target with the same device and inode — however the path spells it — is refused.
    static func write(_ buffer: UnsafeRawBufferPointer, to path: String, notOver input: FileIdentity?) throws(CommandError) {
        let what = "cannot write '\(path)'"
        let target = resolvedTarget(path)
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists {
            if let input, FileIdentity(status) == input {
                throw CommandError.failure("refusing to write '\(path)': it is the input file")
            }
            let kind = status.st_mode & S_IFMT
            if kind == S_IFDIR { throw CommandError.system(what, EISDIR) }
            // A device or pipe (/dev/null, /dev/stdout, a FIFO) cannot be replaced: write to it.
            if kind != S_IFREG { return try writeInPlace(buffer, to: target, what: what) }
            // Replacing a file the user may not write would bypass its permissions.
            if access(target, W_OK) != 0 { throw CommandError.system(what, errno) }
        }
        let mode = exists ? mode_t(status.st_mode & 0o7777) : defaultMode()

        var template = Array(temporaryTemplate(for: target).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw CommandError.system(what, errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        InterruptCleanup.register(temporary)
        defer { InterruptCleanup.clear() }

        var failure = Output.write(buffer, to: descriptor)
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = errno }
        // Flushed before the rename, so a crash cannot leave a renamed but empty file.
        if failure == nil, fsync(descriptor) != 0, errno != EINVAL { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, target) != 0 { failure = errno }
        if let failure {
            _ = unlink(temporary)
            throw CommandError.system(what, failure)
        }
    }

    /// A symbolic link is written through (its target replaced, the link kept), as `>` would.
    private static func resolvedTarget(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
              let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `.NAME.bracket-XXXXXX` in the target's directory, so the rename never crosses devices.
    private static func temporaryTemplate(for target: String) -> String {
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        return "\(directory).\(name).bracket-XXXXXX"
    }

    /// What `open(…, 0666)` would give a new file: 0666 less the umask.
    private static func defaultMode() -> mode_t {
        let mask = umask(0)
        _ = umask(mask)
        return 0o666 & ~mask
    }

    private static func writeInPlace(_ buffer: UnsafeRawBufferPointer, to target: String, what: String) throws(CommandError) {
        let descriptor = open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandError.system(what, errno) }
        var failure = Output.write(buffer, to: descriptor)
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure { throw CommandError.system(what, failure) }
    }
}

/// Removes the temporary file of an unfinished `-o` write when the process is interrupted, then
/// lets the signal end the process as it would have.
enum InterruptCleanup {
    /// The path as a C string, so the handler can unlink it without allocating.
    nonisolated(unsafe) private static var pending: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var installed = false

    static func register(_ path: String) {
        installIfNeeded()
        let copy = strdup(path)
        let previous = pending
        pending = copy
        free(previous)
    }

    static func clear() {
        let previous = pending
        pending = nil
        free(previous)
    }

    private static func installIfNeeded() {
        guard !installed else { return }
        installed = true
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            setHandler(signal) { number in
                if let path = InterruptCleanup.pending { _ = unlink(path) }
                InterruptCleanup.setHandler(number, SIG_DFL)
                _ = raise(number)
            }
        }
    }

    static func setHandler(_ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
        #if canImport(Glibc)
        _ = Glibc.signal(number, handler)
        #else
        _ = Darwin.signal(number, handler)
        #endif
    }
}
