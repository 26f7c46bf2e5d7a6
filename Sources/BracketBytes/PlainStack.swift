#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stack of plain values (no references) in one malloc'd block that grows with `realloc`:
/// the builder's scratch, where a push has to be a store and an add. Elements have no
/// deinitialisation, so popping or truncating is only a change of `count`.
/// The hot operations are inlinable so the parser's pushes stay a store and an add across the
/// module line; growing is not.
@frozen
public struct PlainStack<Element: BitwiseCopyable>: ~Copyable {
    public private(set) var base: UnsafeMutablePointer<Element>
    public var count = 0
    @usableFromInline var capacity: Int

    public init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = PlainStack.reallocate(nil, self.capacity)
    }

    deinit { free(base) }

    @inlinable @inline(__always)
    public mutating func push(_ element: Element) {
        if _slowPath(count == capacity) { grow(to: count + 1) }
        base[count] = element
        count &+= 1
    }

    @inlinable @inline(__always)
    public mutating func pop() -> Element {
        precondition(count > 0)
        count &-= 1
        return base[count]
    }

    /// Room for `extra` more elements without regrowing.
    @inlinable @inline(__always)
    public mutating func reserve(_ extra: Int) {
        if _slowPath(count &+ extra > capacity) { grow(to: count + extra) }
    }

    @inlinable @inline(__always)
    public subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// Hands the storage over, trimmed to `count` elements (at least one), and starts again
    /// empty: the caller frees the returned block with `free`.
    public mutating func takeStorage() -> UnsafeMutablePointer<Element> {
        let taken = PlainStack.reallocate(base, max(count, 1))
        capacity = 16
        base = PlainStack.reallocate(nil, capacity)
        count = 0
        return taken
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        capacity = max(needed, capacity.multipliedReportingOverflow(by: 2).overflow ? needed : capacity * 2)
        base = PlainStack.reallocate(base, capacity)
    }

    @usableFromInline
    static func reallocate(_ old: UnsafeMutablePointer<Element>?, _ capacity: Int) -> UnsafeMutablePointer<Element> {
        guard let bytes = realloc(old, capacity * MemoryLayout<Element>.stride) else {
            preconditionFailure("out of memory for \(capacity) parser stack entries")
        }
        // A syntax arena of a few MiB is fresh memory that is written straight through.
        HugePages.advise(bytes, byteCount: capacity * MemoryLayout<Element>.stride)
        return bytes.bindMemory(to: Element.self, capacity: capacity)
    }
}
