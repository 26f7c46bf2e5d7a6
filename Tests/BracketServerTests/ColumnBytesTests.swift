@testable import BracketServer
import Testing

/// `columnBytes(of:)`: the heap the readying after a preview opens is sized from.
@Suite struct ColumnBytesTests {
    private struct Inner { var values: [Int64]; var flags: [Bool] }
    private final class Box { let inner: Inner; init(_ inner: Inner) { self.inner = inner } }
    private struct Outer {
        var inner: Inner
        var boxed: Box?
        var table: [String: Int]
        var name: String
    }

    @Test func countsTheBuffersOfNestedArraysAndNotDictionaries() {
        var values = [Int64](repeating: 7, count: 1000)
        values.reserveCapacity(1000)
        let inner = Inner(values: values, flags: [Bool](repeating: true, count: 100))
        let outer = Outer(inner: inner, boxed: Box(inner), table: ["a": 1, "b": 2], name: "x")
        let one = inner.values.capacity * 8 + inner.flags.capacity
        #expect(columnBytes(of: inner) == one)
        #expect(columnBytes(of: outer) == 2 * one)
    }

    @Test func stopsAtTheLevelsItIsGiven() {
        let inner = Inner(values: [1, 2, 3], flags: [])
        #expect(columnBytes(of: Outer(inner: inner, boxed: nil, table: [:], name: ""), levels: 1) == 0)
    }
}
