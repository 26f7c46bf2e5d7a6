/// Generators for the benchmark's input files. Every shape is written one node per line with
/// two spaces of indentation per level, the way a person (or `bracket format`) would write it,
/// and without recursion: the chain is 10,000 levels deep.
enum TreeShape: String {
    case binary, random, chain
}

/// A small, seeded generator (SplitMix64) so that the "random" tree is the same on every run and
/// on every machine; the standard library's generator is neither seedable nor stable.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Children lists for `count` nodes (node 0 is the root), by shape.
func childLists(_ shape: TreeShape, count: Int, seed: UInt64 = 2026) -> [[Int]] {
    var children = Array(repeating: [Int](), count: count)
    switch shape {
    case .binary:
        // Heap order: the children of i are 2i+1 and 2i+2.
        for index in 1..<max(count, 1) { children[(index - 1) / 2].append(index) }
    case .chain:
        for index in 1..<max(count, 1) { children[index - 1].append(index) }
    case .random:
        // A random recursive tree: each node hangs under a uniformly chosen earlier node, which
        // gives the mix of wide and deep parts (depth grows like log n) a real file would have.
        var generator = SplitMix64(seed: seed)
        for index in 1..<max(count, 1) {
            children[Int.random(in: 0..<index, using: &generator)].append(index)
        }
    }
    return children
}

/// The file text: `n<i>` IDs, `{` on the parent's line, `}` on its own line.
/// The chain's indentation is capped, or its 10,000 levels would make a 100 MB file.
func treeText(_ shape: TreeShape, count: Int) -> [UInt8] {
    let children = childLists(shape, count: count)
    let indentCap = shape == .chain ? 32 : Int.max
    var out: [UInt8] = []
    out.reserveCapacity(count * 24)
    func indent(_ depth: Int) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * min(depth, indentCap)))
    }
    // (node, next child to visit); a node's line is written when it is pushed.
    var stack: [(node: Int, next: Int)] = []
    func open(_ node: Int) {
        indent(stack.count)
        out.append(UInt8(ascii: "n"))
        out.append(contentsOf: String(node).utf8)
        if children[node].isEmpty {
            out.append(0x0A)
        } else {
            out.append(contentsOf: " {\n".utf8)
            stack.append((node, 0))
        }
    }
    guard count > 0 else { return out }
    open(0)
    while let top = stack.last {
        if top.next < children[top.node].count {
            stack[stack.count - 1].next += 1
            open(children[top.node][top.next])
        } else {
            stack.removeLast()
            indent(stack.count)
            out.append(contentsOf: "}\n".utf8)
        }
    }
    return out
}
