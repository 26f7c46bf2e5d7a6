// `splicedColumn` against `replaceSubrange` on every place a splice can be, for plain values
// (the memcpy path) and strings (the element path), with and without a renumbered tail.
import BracketBytes
import Testing

@Suite struct ColumnSpliceTests {
    static func expected<T>(_ column: [T], _ removed: Range<Int>, _ fresh: [T], tail: (T) -> T) -> [T] {
        var out = Array(column[..<removed.lowerBound]) + fresh
        out += column[removed.upperBound...].map(tail)
        return out
    }

    @Test func everyPlaceOfEveryColumn() {
        for count in 0..<7 {
            let numbers = (0..<count).map { Int32($0 * 10) }
            let strings = (0..<count).map { "row \($0) with a label longer than a small string" }
            for low in 0...count {
                for high in low...count {
                    for inserted in 0..<3 {
                        let range = low..<high
                        let newNumbers = (0..<inserted).map { Int32(-1 - $0) }
                        let newStrings = (0..<inserted).map { "new \($0)" }
                        #expect(splicedColumn(numbers, removing: range, inserting: newNumbers)
                            == Self.expected(numbers, range, newNumbers, tail: { $0 }))
                        #expect(splicedColumn(numbers, removing: range, inserting: newNumbers) { $0 + 1 }
                            == Self.expected(numbers, range, newNumbers, tail: { $0 + 1 }))
                        #expect(splicedColumn(strings, removing: range, inserting: newStrings)
                            == Self.expected(strings, range, newStrings, tail: { $0 }))
                        #expect(splicedColumn(strings, removing: range, inserting: newStrings) { $0 + "!" }
                            == Self.expected(strings, range, newStrings, tail: { $0 + "!" }))
                        let optionals = strings.map { $0.count % 2 == 0 ? $0 : nil } as [String?]
                        #expect(splicedColumn(optionals, removing: range, inserting: newStrings.map { $0 })
                            == Self.expected(optionals, range, newStrings.map { $0 }, tail: { $0 }))
                    }
                }
            }
        }
    }
}
