/// An array's own buffer (not what its elements point to): what `columnBytes(of:)` counts.
private protocol ColumnBuffer {
    var bufferBytes: Int { get }
}

extension Array: ColumnBuffer {
    var bufferBytes: Int { capacity * MemoryLayout<Element>.stride }
}

/// About how many bytes of heap the arrays inside `value` take: the buffers of every array
/// found among its stored properties, their properties, and so on (by reflection, so a column
/// added to `Diagram` or `Geometry` is counted without being listed here). What the elements
/// point to (a long string's bytes) is not counted, nor are dictionaries and sets. Walks the
/// types' nesting, never a collection's elements (their mirrors would list every element),
/// with a stack of its own, and stops at `levels` of nesting (which also ends any cycle
/// through class references).
func columnBytes(of value: Any, levels: Int = 8) -> Int {
    var total = 0
    var pending: [(value: Any, level: Int)] = [(value, 0)]
    while let (next, level) = pending.popLast() {
        if let column = next as? ColumnBuffer {
            total += column.bufferBytes
            continue
        }
        let mirror = Mirror(reflecting: next)
        guard level < levels, listsProperties(mirror.displayStyle) else { continue }
        for child in mirror.children {
            pending.append((child.value, level + 1))
        }
    }
    return total
}

/// The kinds of value whose mirror lists stored properties (or a payload), not elements.
private func listsProperties(_ style: Mirror.DisplayStyle?) -> Bool {
    switch style {
    case .struct?, .class?, .optional?, .enum?, .tuple?: true
    default: false
    }
}
