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
///
/// The advice belongs to the address range, not to the buffer: it outlives a block that came
/// from the allocator's heap, and the heap's later fresh pages there fault 2 MiB at a time,
/// zeroing all of it, under whatever allocation happens to touch them first. So a block that is
/// freed soon (an output buffer) is advised only when it is big enough to be a mapping of its
/// own (`ownMappingThreshold`), and a block kept for long (a document's syntax arena) from
/// `threshold` on.
public enum HugePages {
    /// Kept blocks smaller than this are left alone: they are often reused heap memory, and a
    /// partly covered huge page gains little.
    public static let threshold = 8 << 20

    /// Blocks of this size or more never come from glibc's heap, whatever the process set (32 MiB
    /// is the largest mmap threshold glibc allows, and `bracket lsp` sets exactly that): the
    /// advice ends with the mapping when the block is freed. The size from which a short-lived
    /// block is advised. (A 15 MB picture advised on the server's heap left four huge pages
    /// behind that the first structural push after it faulted in: 4–33 ms on this shared
    /// machine, against 7–14 ms for the 2,300 small faults of the same memory.)
    public static let ownMappingThreshold = 32 << 20

    /// Advises the whole huge pages inside the `byteCount` bytes at `base` when there are at least
    /// `atLeast` of them.
    public static func advise(_ base: UnsafeMutableRawPointer?, byteCount: Int, atLeast: Int = threshold) {
        #if os(Linux) && canImport(Glibc)
        let hugePage = 2 << 20
        guard byteCount >= atLeast, let base else { return }
        // Only whole huge pages inside the buffer can be advised.
        let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: base) + byteCount) & ~(hugePage - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        let adviseHugePage: Int32 = 14  // MADV_HUGEPAGE, not exported by the Glibc module
        _ = madvise(aligned, end - start, adviseHugePage)
        #endif
    }
}
