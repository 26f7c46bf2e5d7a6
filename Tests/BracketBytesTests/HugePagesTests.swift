#if canImport(Glibc)
import Glibc
#endif
import BracketBytes
import Foundation
import Testing

/// `HugePages.advise` marks the huge pages inside a block only from the size it is given: seen in
/// the kernel's own record of the mapping (`hg` among its VmFlags in /proc/self/smaps).
@Suite struct HugePagesTests {
    #if os(Linux) && canImport(Glibc)
    /// The VmFlags of the mapping that holds `address`, from /proc/self/smaps.
    private func flags(at address: UnsafeMutableRawPointer) throws -> [Substring] {
        // Read to the end: /proc files report a size of 0, which whole-file readers trust.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let start = UInt(line[..<dash], radix: 16), let end = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = start <= target && target < end
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ")
            }
        }
        return []
    }

    /// A private mapping of `size` bytes starting on a huge page, freed after `body`.
    private func withMapping(_ size: Int, _ body: (UnsafeMutableRawPointer) throws -> Void) throws {
        let hugePage = 2 << 20
        let raw = try #require(mmap(nil, size + hugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        defer { munmap(raw, size + hugePage) }
        #expect(raw != MAP_FAILED)
        let aligned = try #require(UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: raw) + hugePage - 1) & ~(hugePage - 1)))
        try body(aligned)
    }

    @Test func aBlockUnderTheSizeGivenIsLeftAlone() throws {
        try withMapping(6 << 20) { block in
            HugePages.advise(block, byteCount: 6 << 20)  // under `threshold` (8 MiB)
            let afterDefault = try flags(at: block)
            #expect(!afterDefault.isEmpty && !afterDefault.contains("hg"))
            HugePages.advise(block, byteCount: 6 << 20, atLeast: HugePages.ownMappingThreshold)
            let afterOwn = try flags(at: block)
            #expect(!afterOwn.isEmpty && !afterOwn.contains("hg"))
        }
    }

    @Test func aBlockOfTheSizeGivenIsAdvised() throws {
        try withMapping(6 << 20) { block in
            HugePages.advise(block, byteCount: 6 << 20, atLeast: 4 << 20)
            let advised = try flags(at: block)
            #expect(advised.contains("hg"), "VmFlags: \(advised)")
        }
    }

    @Test func outputsAreAdvisedOnlyAsMappingsOfTheirOwn() {
        // glibc's heap never holds a block of the largest mmap threshold it allows (32 MiB).
        #expect(HugePages.ownMappingThreshold == 32 << 20)
        #expect(HugePages.threshold < HugePages.ownMappingThreshold)
    }
    #endif
}
