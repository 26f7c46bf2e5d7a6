#if canImport(Glibc)
import Glibc
#endif
import ProcessMemory
import Testing

/// `ProcessMemory.readyFreedMemory`: what it readies is written afterwards without a page
/// fault per page (counted with the thread's fault counter, not timed).
@Suite struct ReadyFreedMemoryTests {
    #if canImport(Glibc)
    /// Writes a byte to every page of a fresh `size`-byte block and frees it; the thread's page
    /// faults meanwhile.
    private func faultsWriting(_ size: Int) -> Int {
        let before = ProcessMemory.threadPageFaults()
        guard let block = malloc(size) else { return -1 }
        var page = 0
        while page < size {
            block.storeBytes(of: 1, toByteOffset: page, as: UInt8.self)
            page += 4096
        }
        let faults = ProcessMemory.threadPageFaults() - before
        free(block)
        return faults
    }

    /// Other suites in this process allocate and hand freed memory back (`malloc_trim`, when a
    /// server test closes a big document) while this runs, and a trim between the readying and
    /// the writes undoes it. So the check is tried a few times and one clean attempt passes;
    /// without the readying no attempt can (every page faults).
    @Test func aBlockOfReadiedMemoryIsWrittenWithoutAFaultPerPage() {
        ProcessMemory.keepFreedMemoryForReuse()
        let size = 24 << 20, pages = size / 4096
        var attempts: [Int] = []
        for _ in 0..<5 {
            #expect(ProcessMemory.readyFreedMemory(byteCount: size, until: { false }))
            let faults = faultsWriting(size)
            attempts.append(faults)
            // Without the readying every page faults (6,144); a few stray ones are the heap's own.
            if faults >= 0 && faults < pages / 10 { return }
        }
        Issue.record("faults per attempt \(attempts) for \(pages) pages")
    }

    @Test func stoppingEarlyReadiesNothingAndSaysSo() {
        var asked = 0
        #expect(!ProcessMemory.readyFreedMemory(byteCount: 8 << 20, until: { asked += 1; return true }))
        #expect(asked == 1)
    }

    @Test func nothingToReadyIsDoneAtOnce() {
        #expect(ProcessMemory.readyFreedMemory(byteCount: 0, until: { Issue.record("asked"); return true }))
    }
    #endif
}
