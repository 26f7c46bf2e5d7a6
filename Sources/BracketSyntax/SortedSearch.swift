/// Binary search over sorted values: the line index, the reparse planner (child starts) and the
/// document's sorted diagnostics all ask the same question, answered here once.
extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `predicate`, for a predicate that is false for a
    /// prefix of the collection and true for the rest (`endIndex` when it is never true).
    @inlinable
    public func partitioningIndex(where predicate: (Element) throws -> Bool) rethrows -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if try predicate(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension RandomAccessCollection where Index == Int, Element == Int {
    /// In ascending values, the index of the last one at or below `value`: the line holding an
    /// offset among line starts, the child holding it among child starts. `startIndex` when
    /// every value is above it.
    @inlinable
    public func lastIndex(notAbove value: Int) -> Int {
        Swift.max(startIndex, partitioningIndex { $0 > value } - 1)
    }
}
