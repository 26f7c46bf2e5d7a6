import Testing

import BracketBytes

/// The builder's scratch stack against an array doing the same pushes and pops.
@Suite struct PlainStackTests {
    @Test func keepsEveryValueAcrossGrowth() {
        var stack = PlainStack<UInt64>(capacity: 1)
        var model: [UInt64] = []
        var random = UInt64(0x2026)
        for step in 0..<20_000 {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            if random >> 62 == 0, !model.isEmpty {
                #expect(stack.pop() == model.removeLast())
            } else {
                stack.push(UInt64(step))
                model.append(UInt64(step))
            }
            if step % 997 == 0 { stack.reserve(Int(random >> 54)) }
        }
        #expect(stack.count == model.count)
        for (index, value) in model.enumerated() { #expect(stack[index] == value) }
    }
}
