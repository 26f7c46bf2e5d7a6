/// `column` with the elements at `removed` replaced by `fresh`, and every element after them
/// passed through `tail` (a renumbering: an index or an offset moved by the edit), written into
/// one new array in a single pass.
///
/// This is how the diagram's and the layout's columns are spliced after a structural edit: the
/// old columns are still shared (the last render keeps them as the base of the next delta), so
/// they are copied, and the copy is the whole cost. `append(contentsOf:)` copies a column of
/// strings through the runtime's generic per-element copy; this loop is specialised for the
/// element type (a retain for a string, a `memcpy` for plain values), and a renumbering is done
/// while copying instead of in a second pass over the tail.
@inlinable
public func splicedColumn<T>(_ column: [T], removing removed: Range<Int>, inserting fresh: [T],
                             tail: (T) -> T) -> [T] {
    let count = column.count - removed.count + fresh.count
    return column.withUnsafeBufferPointer { old in
        fresh.withUnsafeBufferPointer { new in
            [T](unsafeUninitializedCapacity: count) { out, initialised in
                var at = 0
                for index in 0..<removed.lowerBound {
                    (out.baseAddress! + at).initialize(to: old[index])
                    at &+= 1
                }
                for index in 0..<new.count {
                    (out.baseAddress! + at).initialize(to: new[index])
                    at &+= 1
                }
                for index in removed.upperBound..<old.count {
                    (out.baseAddress! + at).initialize(to: tail(old[index]))
                    at &+= 1
                }
                initialised = at
            }
        }
    }
}

/// `column` with the elements at `removed` replaced by `fresh`, the rest copied as they are:
/// plain values (numbers, ranges, points) as three `memcpy`s, others element by element.
@inlinable
public func splicedColumn<T>(_ column: [T], removing removed: Range<Int>, inserting fresh: [T]) -> [T] {
    guard _isPOD(T.self) else { return splicedColumn(column, removing: removed, inserting: fresh, tail: { $0 }) }
    let count = column.count - removed.count + fresh.count
    return column.withUnsafeBufferPointer { old in
        fresh.withUnsafeBufferPointer { new in
            [T](unsafeUninitializedCapacity: count) { out, initialised in
                guard let base = out.baseAddress else { return }
                let head = removed.lowerBound, rest = old.count - removed.upperBound
                if head > 0 { base.initialize(from: old.baseAddress!, count: head) }
                if new.count > 0 { (base + head).initialize(from: new.baseAddress!, count: new.count) }
                if rest > 0 { (base + head + new.count).initialize(from: old.baseAddress! + removed.upperBound, count: rest) }
                initialised = count
            }
        }
    }
}

/// `column` with the elements at `removed` replaced by `fresh`, taken out of `column` (left
/// empty) and spliced where it is when nothing else holds its buffer: the tail moves by a
/// `memmove` within pages already touched, and nothing is allocated unless the column grows
/// past its capacity. When the buffer is shared it is copied once, as `splicedColumn` copies it.
///
/// For columns whose only reader is the one splicing them (the layout's kept state, which the
/// preview keeps for the next relayout and no diff reads): taking the column out of its owner
/// first is what makes the reference unique, so the splice does not copy.
@inlinable
public func splicedInPlace<T>(_ column: inout [T], removing removed: Range<Int>, inserting fresh: [T]) -> [T] {
    var taken: [T] = []
    swap(&taken, &column)
    // Growing past the capacity reallocates once with a little room (1/64) for the next
    // insertions, not twice the size as appending would.
    let count = taken.count - removed.count + fresh.count
    if count > taken.capacity { taken.reserveCapacity(count + count / 64 + 16) }
    taken.replaceSubrange(removed, with: fresh)
    return taken
}
