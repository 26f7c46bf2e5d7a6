/// The columns of the attributes stored `.drawn` (`AttributeSpec.drawn`): one sparse column per
/// attribute, at its `drawnIndex`. While no row has any of them nothing is stored at all, so a
/// plain tree pays one count per row appended and nothing per attribute declared.
public struct DrawnColumns: Sendable, Hashable {
    /// Empty while every row is nil; else one column per drawn attribute.
    private var columns: [OptionalColumn<String>] = []
    public private(set) var count = 0

    public init() {}

    /// Whether nothing is stored (every value nil).
    public var isEmpty: Bool { columns.isEmpty }

    /// Attribute `attribute`'s (a `drawnIndex`) value at `row`, or nil.
    public subscript(attribute: Int, row: Int) -> String? {
        columns.isEmpty ? nil : columns[attribute][row]
    }

    /// Whether some row may hold a value of attribute `attribute` (a `drawnIndex`): false only
    /// when none does; a column a value was set in and cleared again still answers true.
    public func mayHaveValues(attribute: Int) -> Bool {
        !columns.isEmpty && !columns[attribute].isAllNil
    }

    /// Every drawn value of `row`, in `AttributeSpec.drawn`'s order; empty when it has none.
    public func values(of row: Int) -> [String?] {
        guard !columns.isEmpty, columns.contains(where: { $0[row] != nil }) else { return [] }
        return columns.map { $0[row] }
    }

    /// Whether `row` here and `other` of `columns` hold the same values.
    public func sameRow(_ row: Int, as other: Int, of them: DrawnColumns) -> Bool {
        if columns.isEmpty && them.columns.isEmpty { return true }
        for attribute in AttributeSpec.drawn.indices where self[attribute, row] != them[attribute, other] {
            return false
        }
        return true
    }

    mutating func reserveCapacity(_ capacity: Int) {
        for index in columns.indices { columns[index].reserveCapacity(capacity) }
    }

    /// Appends a row with `values` (`values(of:)`'s form: empty for none).
    mutating func append(_ values: [String?]) {
        if columns.isEmpty, values.contains(where: { $0 != nil }) { materialise() }
        for index in columns.indices { columns[index].append(index < values.count ? values[index] : nil) }
        count += 1
    }

    /// Appends `added` rows without values.
    mutating func appendNils(_ added: Int) {
        guard added > 0 else { return }
        for index in columns.indices { columns[index].appendNils(added) }
        count += added
    }

    /// Sets row `row`'s values (`values(of:)`'s form).
    mutating func set(_ values: [String?], of row: Int) {
        if columns.isEmpty {
            guard values.contains(where: { $0 != nil }) else { return }
            materialise()
        }
        for index in columns.indices { columns[index].set(index < values.count ? values[index] : nil, at: row) }
    }

    /// These columns with the rows `removed` replaced by `fresh`'s.
    func splicing(_ removed: Range<Int>, with fresh: DrawnColumns) -> DrawnColumns {
        var result = DrawnColumns()
        result.count = count - removed.count + fresh.count
        if columns.isEmpty && fresh.columns.isEmpty { return result }
        var mine = self, theirs = fresh
        if mine.columns.isEmpty { mine.materialise() }
        if theirs.columns.isEmpty { theirs.materialise() }
        result.columns = mine.columns.indices.map { mine.columns[$0].splicing(removed, with: theirs.columns[$0]) }
        return result
    }

    private mutating func materialise() {
        columns = AttributeSpec.drawn.map { _ in
            var column = OptionalColumn<String>()
            column.appendNils(count)
            return column
        }
    }

    // Equal values make equal columns, however they are stored.
    public static func == (lhs: DrawnColumns, rhs: DrawnColumns) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return (0..<lhs.count).allSatisfy { lhs.sameRow($0, as: $0, of: rhs) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for column in columns where !column.isAllNil { hasher.combine(column) }
    }
}
