#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices when a file on disk changes by comparing what `stat` says about it: device, inode
/// (an editor that saves by writing a new file and renaming it over the old one changes it),
/// size, and modification and status-change times to the nanosecond. Polled, so it works the
/// same on every platform and file system (network mounts included, where inotify and kqueue
/// miss changes made by other machines).
struct FileWatcher {
    /// What `stat` said the last time, or nil when the file was not there.
    struct Stamp: Equatable {
        let identity: FileIdentity
        let size: Int64
        let modified: timespec, changed: timespec

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.identity == b.identity && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    let path: String

    /// The current stamp, or the errno that explains why there is none.
    func stamp() -> Result<Stamp, InputFile.ReadError> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(InputFile.ReadError(code: errno)) }
        #if canImport(Darwin)
        let modified = status.st_mtimespec, changed = status.st_ctimespec
        #else
        let modified = status.st_mtim, changed = status.st_ctim
        #endif
        return .success(Stamp(identity: FileIdentity(status), size: Int64(status.st_size), modified: modified, changed: changed))
    }
}
