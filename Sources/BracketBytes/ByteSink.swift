/// Writes output text straight into a fixed buffer: the storage of the `String` or `[UInt8]`
/// being returned (see `ByteSink.string(capacity:_:)` and `bytes(capacity:_:)`), so a document
/// is written once and never copied. The SVG and geometry JSON writers both use it: appending to
/// a growing `[UInt8]` and converting at the end touched a large output two or three times, and
/// at 131,071 nodes the kernel's page faults on those fresh buffers cost as much as the writing.
///
/// Never writes past the buffer: when something does not fit, writing stops and `overflowed`
/// is set; the builders then start again with twice the room, so an estimate that is too small
/// costs time, never output.
public struct ByteSink {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>?
    @usableFromInline let capacity: Int
    @usableFromInline var written = 0
    @usableFromInline var failed = false

    @inlinable
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress
        capacity = buffer.count
    }

    /// Bytes written so far.
    @inlinable public var count: Int { written }

    /// True when something did not fit and was dropped.
    @inlinable public var overflowed: Bool { failed }

    /// Builds a `String` with `body`, starting with room for `capacity` bytes. The bytes must be
    /// UTF-8 (they are validated, as `String(decoding:as:)` would).
    public static func string(capacity: Int, _ body: (inout ByteSink) -> Void) -> String {
        var capacity = max(capacity, 64)
        while true {
            var fitted = true
            let result = String(unsafeUninitializedCapacity: capacity) { buffer in
                adviseHugePages(buffer)
                var sink = ByteSink(buffer)
                body(&sink)
                fitted = !sink.failed
                return fitted ? sink.written : 0
            }
            if fitted { return result }
            capacity = larger(capacity)
        }
    }

    /// Builds a byte array with `body`, starting with room for `capacity` bytes.
    public static func bytes(capacity: Int, _ body: (inout ByteSink) -> Void) -> [UInt8] {
        var capacity = max(capacity, 64)
        while true {
            var fitted = true
            let result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                adviseHugePages(buffer)
                var sink = ByteSink(buffer)
                body(&sink)
                fitted = !sink.failed
                initialized = fitted ? sink.written : 0
            }
            if fitted { return result }
            capacity = larger(capacity)
        }
    }

    /// A big output buffer is fresh memory: see `HugePages` (SVG at 131,071 nodes: ~62 → ~40 ms).
    /// An output is freed soon after it is written, so only one that is a mapping of its own is
    /// advised (`HugePages.ownMappingThreshold`).
    private static func adviseHugePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        HugePages.advise(buffer.baseAddress, byteCount: buffer.count, atLeast: HugePages.ownMappingThreshold)
    }

    private static func larger(_ capacity: Int) -> Int {
        capacity.multipliedReportingOverflow(by: 2).overflow ? Int.max : capacity * 2
    }

    /// Room for `needed` more bytes, or nil (and `overflowed`) when there is none.
    @inlinable @inline(__always)
    mutating func reserve(_ needed: Int) -> UnsafeMutablePointer<UInt8>? {
        guard !failed, let base, needed <= capacity - written else {
            failed = true
            return nil
        }
        return base + written
    }

    @inlinable @inline(__always)
    public mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let destination = reserve(source.count), let start = source.baseAddress else { return }
        destination.update(from: start, count: source.count)
        written += source.count
    }

    /// Fixed text of the writer itself (markup, keys): never user text.
    @inlinable @inline(__always)
    public mutating func raw(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable @inline(__always)
    public mutating func raw(_ byte: UInt8) {
        guard let destination = reserve(1) else { return }
        destination.pointee = byte
        written += 1
    }

    /// Repeats bytes already written (`start ..< end` of this buffer), such as a label escaped
    /// once and shown twice.
    @inlinable
    public mutating func repeatWritten(from start: Int, to end: Int) {
        guard let base, start >= 0, start <= end, end <= written else { return }
        let length = end - start
        guard let destination = reserve(length) else { return }
        destination.update(from: base + start, count: length)
        written += length
    }

    /// A number in the shared locale-free spelling (`DecimalText`), rounded to `decimals`.
    @inlinable @inline(__always)
    public mutating func decimal(_ value: Double, decimals: Int) {
        guard let destination = reserve(DecimalText.maxLength) else { return }
        written += DecimalText.write(value, decimals: decimals, to: destination)
    }

    @inlinable @inline(__always)
    public mutating func integer(_ value: Int) {
        guard let destination = reserve(DecimalText.maxLength) else { return }
        written += DecimalText.writeInteger(Int64(value), to: destination)
    }

    /// Up to `maxCount` bytes written by `body` at the end, which returns how many it wrote.
    @inlinable @inline(__always)
    public mutating func write(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        guard let destination = reserve(maxCount) else { return }
        written += min(max(body(destination), 0), maxCount)
    }
}
