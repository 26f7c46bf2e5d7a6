#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic wall-clock time in nanoseconds.
@inline(never)
func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Runs `body` and returns the time it took in milliseconds. The result is passed to
/// `blackHole` so the optimiser cannot drop the work.
@inline(never)
func timeMS<T>(_ body: () -> T) -> Double {
    let start = now()
    let result = body()
    let elapsed = now() - start
    blackHole(result)
    return Double(elapsed) / 1e6
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Sorted samples and the order statistics the report uses.
struct Samples {
    let sorted: [Double]
    init(_ values: [Double]) { sorted = values.sorted() }
    var min: Double { sorted.first ?? 0 }
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
        return sorted[Swift.min(Swift.max(rank, 0), sorted.count - 1)]
    }
    var median: Double { percentile(50) }
}

/// Resident set size in bytes (Linux: /proc/self/statm, field 2, in pages). Elsewhere 0, and
/// the memory figures are left out of the report.
func residentBytes() -> Int {
    #if os(Linux)
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 128) }
    guard count > 0 else { return 0 }
    let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
    return 0
    #endif
}

/// Bytes of newline found by memchr over the whole text: the floor any line-aware parser is
/// compared against. Returns the number of lines so the scan cannot be optimised away.
func memchrLineCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { raw -> Int in
        guard var cursor = raw.baseAddress else { return 0 }
        let end = cursor + raw.count
        var lines = 0
        while cursor < end, let hit = memchr(cursor, 0x0A, end - cursor) {
            lines += 1
            cursor = UnsafeRawPointer(hit) + 1
        }
        return lines
    }
}

/// Minor page faults of this process so far (getrusage), or 0 where unavailable.
func minorPageFaults() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
    let who = __rusage_who_t(RUSAGE_SELF.rawValue)  // an enum in glibc's header, an Int32 elsewhere
    #else
    let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return 0 }
    return Int(usage.ru_minflt)
}
