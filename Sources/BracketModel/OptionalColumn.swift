import BracketBytes

/// A column of optional values that is nil at every row of most diagrams (scores and edge
/// labels: only a tree that records results or labels its connectors has any), stored as
/// nothing at all until some row has a value.
///
/// An array of optional strings costs a generic per-element copy to splice and a per-element
/// destroy to free (about 1.3 ms each at 131,071 rows), though every element is nil; this
/// column's splice and copy are then a change of `count`. Once a row holds a value the column is
/// a plain array of optionals, as before. Reads are the array's: `column[index]`, iteration.
public struct OptionalColumn<Value: Hashable & Sendable>: Sendable, Hashable, RandomAccessCollection {
    /// Empty while every row is nil; else one entry per row.
    private var values: [Value?] = []
    public private(set) var count = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> Value? {
        precondition(index >= 0 && index < count, "row out of range")
        return values.isEmpty ? nil : values[index]
    }

    /// Whether every row is nil (then nothing is stored).
    public var isAllNil: Bool { values.isEmpty }

    mutating func reserveCapacity(_ capacity: Int) {
        if !values.isEmpty { values.reserveCapacity(capacity) }
    }

    mutating func append(_ value: Value?) {
        if value != nil, values.isEmpty { materialise() }
        if !values.isEmpty { values.append(value) }
        count += 1
    }

    /// Appends `count` nil rows (nothing stored while every row is nil).
    mutating func appendNils(_ added: Int) {
        guard added > 0 else { return }
        if !values.isEmpty { values.append(contentsOf: repeatElement(nil, count: added)) }
        count += added
    }

    mutating func set(_ value: Value?, at index: Int) {
        precondition(index >= 0 && index < count, "row out of range")
        if values.isEmpty {
            guard value != nil else { return }
            materialise()
        }
        values[index] = value
    }

    /// This column with the rows `removed` replaced by `fresh`'s.
    func splicing(_ removed: Range<Int>, with fresh: OptionalColumn) -> OptionalColumn {
        var result = OptionalColumn()
        result.count = count - removed.count + fresh.count
        if values.isEmpty && fresh.values.isEmpty { return result }
        result.values = splicedColumn(dense, removing: removed, inserting: fresh.dense)
        return result
    }

    /// One entry per row, nil or not.
    private var dense: [Value?] { values.isEmpty ? [Value?](repeating: nil, count: count) : values }

    private mutating func materialise() { values = [Value?](repeating: nil, count: count) }

    // Equal rows make equal columns, however they are stored.
    public static func == (lhs: OptionalColumn, rhs: OptionalColumn) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.values.isEmpty && rhs.values.isEmpty { return true }
        return lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        guard !values.isEmpty else { return }
        for value in values where value != nil { hasher.combine(value) }
    }
}
