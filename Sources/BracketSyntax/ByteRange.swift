/// A half-open range of UTF-8 byte offsets into a document's text.
///
/// The whole core speaks byte offsets; conversion to line/character positions (in UTF-8, UTF-16
/// or UTF-32 code units) happens once, at the edge, through `LineIndex`.
public struct ByteRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    public init(_ start: Int, _ end: Int) {
        precondition(start <= end, "ByteRange start \(start) is after its end \(end)")
        self.start = start
        self.end = end
    }

    public init(start: Int, length: Int) {
        self.init(start, start + length)
    }

    public var length: Int { end - start }
    public var isEmpty: Bool { start == end }

    /// True when `offset` lies inside the range, or on its end (a cursor right after a token
    /// still counts as touching it, as editors expect).
    public func touches(_ offset: Int) -> Bool { start <= offset && offset <= end }

    public func contains(_ offset: Int) -> Bool { start <= offset && offset < end }

    public func contains(_ other: ByteRange) -> Bool { start <= other.start && other.end <= end }

    public func shifted(by delta: Int) -> ByteRange { ByteRange(start + delta, end + delta) }

    public static func < (lhs: ByteRange, rhs: ByteRange) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }

    public var description: String { "\(start)..<\(end)" }
}
