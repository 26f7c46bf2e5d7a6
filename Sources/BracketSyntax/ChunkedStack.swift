/// A stack stored in fixed-size chunks (never one large block; see `GreenBuilder`), which are
/// kept for reuse when it shrinks and freed with it, together with the elements left on it.
/// The top chunk's address is cached, so work near the top of the stack (all the builder does)
/// rarely touches the chunk list.
struct ChunkedStack<Element>: ~Copyable {
    private var chunks: [UnsafeMutablePointer<Element>]
    private let shift: Int
    private(set) var count = 0
    /// The chunk holding the top of the stack, the index of its first slot, and where the next
    /// push goes (`cursor == top + size` when that chunk is full).
    private var top: UnsafeMutablePointer<Element>
    private var topIndex = 0
    private var cursor: UnsafeMutablePointer<Element>
    /// `top + size`, kept so a push compares two pointers and nothing else.
    private var limit: UnsafeMutablePointer<Element>

    /// A stack whose chunks hold `1 << chunkShift` elements.
    init(chunkShift: Int) {
        shift = chunkShift
        let first = UnsafeMutablePointer<Element>.allocate(capacity: 1 << chunkShift)
        chunks = [first]
        top = first
        cursor = first
        limit = first + (1 << chunkShift)
    }

    deinit {
        for index in 0..<count { address(index).deinitialize(count: 1) }
        for chunk in chunks { chunk.deallocate() }
    }

    @inline(__always)
    private var size: Int { 1 << shift }

    @inline(__always)
    func address(_ index: Int) -> UnsafeMutablePointer<Element> {
        if _fastPath(index >= topIndex) { return top + (index - topIndex) }
        return chunks[index >> shift] + (index & (size - 1))
    }

    @inline(__always)
    mutating func push(_ element: Element) {
        if _slowPath(cursor == limit) { nextChunk() }
        cursor.initialize(to: element)
        cursor += 1
        count += 1
    }

    private mutating func nextChunk() {
        // The top chunk is full, so `count` is where the next chunk starts.
        let index = count >> shift
        if index == chunks.count { chunks.append(.allocate(capacity: size)) }
        top = chunks[index]
        topIndex = count
        cursor = top
        limit = top + size
    }

    @inline(__always)
    mutating func pop() -> Element {
        precondition(count > 0)
        let element = address(count - 1).move()
        setCount(count - 1)
        return element
    }

    /// Sets the count after the caller moved elements out of (or into) the slots in between.
    /// Growing is only allowed within the top chunk.
    @inline(__always)
    mutating func setCount(_ newCount: Int) {
        count = newCount
        if _fastPath(newCount >= topIndex) {
            cursor = top + (newCount - topIndex)
        } else {
            // Back into an earlier chunk, which is full up to its end or less.
            let index = newCount == 0 ? 0 : (newCount - 1) >> shift
            top = chunks[index]
            topIndex = index << shift
            cursor = top + (newCount - topIndex)
            limit = top + size
        }
    }

    /// Moves the elements in `range` to `destination` (leaving their slots uninitialised), one
    /// contiguous piece per chunk.
    @inline(__always)
    func move(_ range: Range<Int>, to destination: UnsafeMutablePointer<Element>) {
        if _fastPath(range.lowerBound >= topIndex) {
            destination.moveInitialize(from: top + (range.lowerBound - topIndex), count: range.count)
            return
        }
        var index = range.lowerBound
        var target = destination
        while index < range.upperBound {
            let within = index & (size - 1)
            let piece = min(range.upperBound - index, size - within)
            target.moveInitialize(from: chunks[index >> shift] + within, count: piece)
            target += piece
            index += piece
        }
    }
}
