#if canImport(Glibc)
import Glibc
#endif

/// Asks Linux to back a big, freshly allocated buffer with 2 MiB pages.
///
/// glibc maps allocations of a few MiB anew each time, so every 4 KiB page of such a buffer costs
/// a page fault on first write: ~13,000 faults for the 55 MB SVG of 131,071 nodes (a third of its
/// render time), ~2,000 for the syntax arena of a 4 MB file (a quarter of its parse). With
/// transparent huge pages in `madvise` mode (the Debian default) one fault maps 2 MiB. Only a
/// hint: the bytes written are the same, and where huge pages are off, or on other systems,
/// nothing changes.
public enum HugePages {
    /// Buffers smaller than this are left alone: they are often reused heap memory, and a
    /// partly covered huge page gains little.
    public static let threshold = 8 << 20

    public static func advise(_ base: UnsafeMutableRawPointer?, byteCount: Int) {
        #if os(Linux) && canImport(Glibc)
        let hugePage = 2 << 20
        guard byteCount >= threshold, let base else { return }
        // Only whole huge pages inside the buffer can be advised.
        let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: base) + byteCount) & ~(hugePage - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        let adviseHugePage: Int32 = 14  // MADV_HUGEPAGE, not exported by the Glibc module
        _ = madvise(aligned, end - start, adviseHugePage)
        #endif
    }
}
