import BracketTestSupport
import Testing

@testable import BracketModel

/// The ID table's hash set (`HashSlots`) against `Set<Int>`: random inserts and removals, with
/// hashes crowded into few buckets (so runs wrap around the table's end and removals shift
/// entries back across it), through growth.
@Suite struct HashSlotsTests {
    @Test(arguments: [3, 64, 1 << 20])
    func randomInsertsAndRemovalsMatchASet(spread: Int) {
        var random = SeededRandom(seed: UInt64(spread))
        var slots = HashSlots()
        var reference = Set<Int>()
        for step in 0..<20_000 {
            // Values that share their low bits (a small spread) collide in the table; the high
            // bits keep them distinct, and a value near the top lands near the table's end.
            let low = Int(random.next() % UInt64(spread))
            let value = (Int(random.next() % 50) << 32) | (step % 3 == 0 ? low : (low &- 1) & 0xFFFF_FFFF) | 1
            if random.next() % 3 == 0 {
                #expect(slots.remove(value) == (reference.remove(value) != nil), "step \(step)")
            } else {
                #expect(slots.insert(value) == reference.insert(value).inserted, "step \(step)")
            }
            #expect(slots.count == reference.count, "step \(step)")
            if step % 97 == 0 {
                for probe in reference { #expect(slots.contains(probe), "step \(step): \(probe) lost") }
                #expect(!slots.contains(value) || reference.contains(value), "step \(step)")
            }
        }
        for probe in reference { #expect(slots.contains(probe), "\(probe) lost at the end") }
    }
}
