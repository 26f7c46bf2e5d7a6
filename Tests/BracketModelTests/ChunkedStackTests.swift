import BracketTestSupport
import Testing

@testable import BracketSyntax

/// The builder's chunked stack against a plain array, with tiny chunks so every operation keeps
/// crossing chunk boundaries.
@Suite struct ChunkedStackTests {
    final class Tracked {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test(arguments: [0, 1, 2])
    func matchesAnArrayAcrossChunkBoundaries(chunkShift: Int) {
        var random = SeededRandom(seed: UInt64(chunkShift) + 99)
        var stack = ChunkedStack<Tracked>(chunkShift: chunkShift)
        var model: [Tracked] = []
        var next = 0
        for _ in 0..<5_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let value = Tracked(next)
                next += 1
                stack.push(value)
                model.append(value)
            case 5..<7 where !model.isEmpty:
                #expect(stack.pop() === model.removeLast())
            case 7 where !model.isEmpty:
                // Move a top run out, as finishing a node does, then shrink to where it began.
                let start = Int.random(in: 0..<model.count, using: &random)
                let count = model.count - start
                let moved = UnsafeMutablePointer<Tracked>.allocate(capacity: count)
                stack.move(start..<model.count, to: moved)
                for index in 0..<count { #expect(moved[index] === model[start + index]) }
                moved.deinitialize(count: count)
                moved.deallocate()
                stack.setCount(start)
                model.removeSubrange(start...)
            default:
                break
            }
            #expect(stack.count == model.count)
            if let last = model.last { #expect(stack.address(stack.count - 1).pointee === last) }
        }
        for (index, value) in model.enumerated() { #expect(stack.address(index).pointee === value) }
    }

    @Test func elementsLeftOnTheStackAreReleasedWithIt() {
        weak var watched: Tracked?
        do {
            var stack = ChunkedStack<Tracked>(chunkShift: 1)
            for value in 0..<9 {
                let tracked = Tracked(value)
                if value == 8 { watched = tracked }
                stack.push(tracked)
            }
            #expect(watched != nil)
            _ = stack.count
        }
        #expect(watched == nil)
    }
}
