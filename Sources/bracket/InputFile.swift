#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BracketModel

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
///
/// Every way a document reaches the command line comes through here, and reading stops at the
/// document limit plus one byte (`Limits.documentBytes`, docs/language.md, "Limits"): a bigger
/// input, an endless stream, a file that grows while it is read, is one message and status 2,
/// never more memory than the limit. A path must name a regular file: a device, FIFO, socket or
/// directory is refused before anything is read from it (opening is non-blocking, so a FIFO
/// without a writer cannot stall the caller). Standard input (`-`) is whatever the shell
/// connected, read as a bounded stream.
struct InputFile {
    let displayName: String
    let bytes: [UInt8]
    /// Where the bytes came from, so an output path that names the same file can be refused.
    /// Nil for stdin from a pipe or terminal, which no path can name... except /dev/stdin, whose
    /// identity is the pipe's own.
    let identity: FileIdentity?

    /// The most bytes a document may have; one more is read to tell that an input is bigger.
    static let limit = Limits.documentBytes

    /// Reads `path`, or stdin for `-`, with read(2): every failure (a closed stdin, a missing or
    /// unreadable file, something that is not a regular file, more than `limit` bytes) is a
    /// message with the reason.
    static func read(_ path: String) throws(CommandError) -> InputFile {
        if path == "-" {
            let what = "cannot read standard input"
            guard !StandardStreams.inputWasClosed else { throw CommandError.system(what, EBADF) }
            var status = stat()
            guard fstat(0, &status) == 0 else { throw CommandError.system(what, errno) }
            if (status.st_mode & S_IFMT) == S_IFDIR { throw CommandError.system(what, EISDIR) }
            return try read(descriptor: 0, status: status, displayName: "<stdin>", what: what)
        }
        let what = "cannot read '\(path)'"
        // Looked at before opening: opening a FIFO, a terminal or a tape drive can block or act.
        var status = stat()
        guard stat(path, &status) == 0 else { throw CommandError.system(what, errno) }
        if let kind = FileKind.notRegular(status) { throw CommandError.failure("\(what): \(kind.refusal)") }
        // Non-blocking all the same: the path may name something else by the time it is opened.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw CommandError.system(what, errno) }
        defer { _ = close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw CommandError.system(what, errno) }
        if let kind = FileKind.notRegular(status) { throw CommandError.failure("\(what): \(kind.refusal)") }
        return try read(descriptor: descriptor, status: status, displayName: path, what: what)
    }

    private static func read(descriptor: Int32, status: stat, displayName: String, what: String) throws(CommandError) -> InputFile {
        let isRegular = (status.st_mode & S_IFMT) == S_IFREG
        // A regular file's size is known: a bigger one is refused unread (a sparse file of a
        // terabyte costs nothing). It may still grow while read, so the read is bounded too.
        if isRegular, Int64(status.st_size) > Int64(limit) {
            throw CommandError.failure("\(what): \(tooLarge)")
        }
        let bytes: [UInt8]
        switch readAll(descriptor, limit: limit, capacity: isRegular ? Int(status.st_size) + 1 : 64 * 1024) {
        case .success(let read): bytes = read
        case .failure(let error): throw CommandError.system(what, error.code)
        }
        if bytes.count > limit { throw CommandError.failure("\(what): \(tooLarge)") }
        return InputFile(displayName: displayName, bytes: bytes, identity: isRegular ? FileIdentity(status) : nil)
    }

    /// The reason for refusing an input past the limit, named after the `limit-exceeded`
    /// diagnostic. The same words whatever the size, so a file growing past the limit is
    /// reported once by the preview's watcher.
    static var tooLarge: String {
        "it is larger than the document limit of \(limit) bytes (64 MiB) [limit-exceeded]"
    }

    struct ReadError: Error { let code: Int32 }

    /// Everything up to end of file with read(2), retrying interruptions, but never more than
    /// `limit` + 1 bytes: a result longer than `limit` means the input goes on past it. errno on
    /// failure.
    static func readAll(_ descriptor: Int32, limit: Int, capacity: Int = 64 * 1024) -> Result<[UInt8], ReadError> {
        let most = limit == Int.max ? limit : limit + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(capacity, most))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < most {
            let wanted = min(chunk.count, most - bytes.count)
            let count = chunk.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.read(descriptor, buffer.baseAddress, wanted)
                #else
                Darwin.read(descriptor, buffer.baseAddress, wanted)
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
            // Grown by hand so the storage never passes `most` (doubling would take twice the
            // limit for its last byte).
            if bytes.count + count > bytes.capacity {
                bytes.reserveCapacity(min(max(bytes.capacity * 2, bytes.count + count), most))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .success(bytes)
    }
}

/// What a path names when it is not a regular file, as the refusal says it.
enum FileKind {
    case directory, characterDevice, blockDevice, fifo, socket, other

    /// Nil for a regular file.
    static func notRegular(_ status: stat) -> FileKind? {
        switch status.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .directory
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        default: .other
        }
    }

    var name: String {
        switch self {
        case .directory: "a directory"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .other: "not a regular file"
        }
    }

    var refusal: String {
        switch self {
        case .directory: "Is a directory"
        default: "it is \(name), not a regular file"
        }
    }
}
