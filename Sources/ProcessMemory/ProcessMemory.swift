#if canImport(Glibc)
import Glibc
#endif

/// How a long-running bracket process asks the C allocator to treat freed memory. Process-wide
/// settings, so they live here, at the edge, and never in the pure core.
///
/// Why: glibc serves every block over 128 KiB with a fresh `mmap` and gives freed memory at the
/// top of the heap back to the system once 128 KiB of it is free. A parse writes its tree into one
/// block about twice the size of the text, so every open or full reparse of anything but a tiny
/// file paid a page fault per 4 KiB page it wrote: measured on the team machine, a 16,383-node
/// file parsed in 1.06 ms with those defaults and in 0.63 ms with freed memory kept for reuse.
/// `malloc.h` is not part of Swift's Glibc module, so the functions are looked up by name;
/// other C libraries simply lack them, and there both calls do nothing.
public enum ProcessMemory {
    /// Blocks up to 32 MiB (glibc's largest allowed threshold) come from the heap, and up to
    /// 64 MiB of freed heap is kept for reuse instead of being returned after every free. A
    /// server returns it itself when a document closes (`returnFreedMemory`).
    public static func keepFreedMemoryForReuse() {
        #if canImport(Glibc)
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 64 << 20)
        #endif
    }

    /// Whether a document that went from `before` to `after` bytes of text left enough freed
    /// memory behind to be worth `returnFreedMemory`: it was at least a megabyte and lost more
    /// than half. (What a document keeps is a few times its text; the trim costs a walk of the
    /// heap, too much for every keystroke.)
    public static func shrankEnough(from before: Int, to after: Int) -> Bool {
        before >= 1 << 20 && after < before / 2
    }

    /// Hands freed heap pages back to the system (glibc's `malloc_trim(0)`).
    public static func returnFreedMemory() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
