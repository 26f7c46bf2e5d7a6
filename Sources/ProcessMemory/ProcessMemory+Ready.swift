#if canImport(Glibc)
import Glibc
#endif

extension ProcessMemory {
    /// The most `readyFreedMemory` puts in place: half the freed heap
    /// `keepFreedMemoryForReuse` lets glibc keep, so what is readied, with what was free
    /// already, stays under the trim threshold instead of being handed straight back.
    public static let mostReadied = 32 << 20

    /// The blocks the memory is readied in: well under the 32 MiB above which glibc maps a
    /// block of its own (and unmaps it when freed, which would ready nothing), and small enough
    /// that `shouldStop` is asked every millisecond or two.
    static let readyBlock = 2 << 20

    /// Makes sure `byteCount` bytes (at most `mostReadied`) of the heap are free and already
    /// backed by memory, so whatever allocates them next does not take a page fault for every
    /// 4 KiB it writes: allocates them in blocks, writes a byte to every page, frees them.
    ///
    /// Why: a process that has only grown its heap has no freed memory to reuse, and the first
    /// piece of work that needs a second copy of what it keeps pays for all of it in page faults
    /// (the preview's first structural push after opening: 7,000 faults, about as long as the
    /// push itself on 131,071 nodes; the pushes after it reuse what the one before freed).
    ///
    /// Asks `shouldStop` between blocks and, when it says so, frees what it has and returns
    /// false: call it again with the same count later (the part already readied is reused, at
    /// a write per page). True once done, and at once where the C library is not glibc.
    public static func readyFreedMemory(byteCount: Int, until shouldStop: () -> Bool) -> Bool {
        #if canImport(Glibc)
        var blocks: [UnsafeMutableRawPointer] = []
        defer { for block in blocks.reversed() { free(block) } }
        var left = min(max(byteCount, 0), mostReadied)
        while left > 0 {
            if shouldStop() { return false }
            let size = min(left, readyBlock)
            guard let block = malloc(size) else { return true }
            blocks.append(block)
            var page = 0
            while page < size {
                block.storeBytes(of: 0, toByteOffset: page, as: UInt8.self)
                page += 4096
            }
            left -= size
        }
        #endif
        return true
    }

    /// The minor page faults the calling thread has taken so far (Linux's `RUSAGE_THREAD`;
    /// 0 elsewhere): how a test sees that memory was readied, without timing anything.
    public static func threadPageFaults() -> Int {
        #if canImport(Glibc)
        var usage = rusage()
        // RUSAGE_THREAD (1): a GNU extension, which Swift's Glibc module does not name.
        guard getrusage(__rusage_who_t(1), &usage) == 0 else { return 0 }
        return usage.ru_minflt
        #else
        return 0
        #endif
    }
}
