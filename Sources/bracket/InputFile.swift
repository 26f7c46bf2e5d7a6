#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's identity on disk: device and inode, which every spelling of a path to it (relative,
/// through a symbolic link, another hard link) shares.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }

    /// The identity of what `path` names now (links followed), or nil if nothing is there.
    static func of(path: String) -> FileIdentity? {
        var status = stat()
        return stat(path, &status) == 0 ? FileIdentity(status) : nil
    }
}

/// A source file as the commands see it: the name to show in messages and its bytes.
struct InputFile {
    let displayName: String
    let bytes: [UInt8]
    /// Where the bytes came from, so an output path that names the same file can be refused.
    /// Nil for stdin from a pipe or terminal, which no path can name... except /dev/stdin, whose
    /// identity is the pipe's own.
    let identity: FileIdentity?

    /// Reads `path`, or all of stdin for `-`, with read(2): every failure — a closed stdin, a
    /// directory, a missing or unreadable file — is a message with the system's reason.
    static func read(_ path: String) throws(CommandError) -> InputFile {
        if path == "-" {
            let what = "cannot read standard input"
            guard !StandardStreams.inputWasClosed else { throw CommandError.system(what, EBADF) }
            return try read(descriptor: 0, displayName: "<stdin>", what: what)
        }
        let what = "cannot read '\(path)'"
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandError.system(what, errno) }
        defer { _ = close(descriptor) }
        return try read(descriptor: descriptor, displayName: path, what: what)
    }

    private static func read(descriptor: Int32, displayName: String, what: String) throws(CommandError) -> InputFile {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CommandError.system(what, errno) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw CommandError.system(what, EISDIR) }
        let isRegular = (status.st_mode & S_IFMT) == S_IFREG
        // A regular file's size is known (it may still grow while read: read on to the end).
        let bytes: [UInt8]
        switch readAll(descriptor, capacity: isRegular ? Int(status.st_size) + 1 : 64 * 1024) {
        case .success(let read): bytes = read
        case .failure(let error): throw CommandError.system(what, error.code)
        }
        return InputFile(displayName: displayName, bytes: bytes, identity: isRegular ? FileIdentity(status) : nil)
    }

    struct ReadError: Error { let code: Int32 }

    /// Everything up to end of file with read(2), retrying interruptions; errno on failure.
    static func readAll(_ descriptor: Int32, capacity: Int = 64 * 1024) -> Result<[UInt8], ReadError> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                #else
                Darwin.read(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                // A non-blocking descriptor with nothing in it yet: wait for data (or its end).
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    if poll(&entry, 1, -1) >= 0 || errno == EINTR { continue }
                }
                return .failure(ReadError(code: errno))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
