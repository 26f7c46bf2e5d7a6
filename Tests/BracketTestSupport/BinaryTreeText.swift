/// A complete binary tree of `nodes` as `.bracket` text: node `i`'s children are `2i+1` and
/// `2i+2`, one node per line indented two spaces a level, or all on one line. `line(i)` writes
/// node `i` (its ID and label) and is called once per node in text order, so a caller may count
/// or draw randomly as it goes. Written with an explicit stack: any size is fine.
public func binaryTreeText(nodes: Int, oneLine: Bool, line: (Int) -> String) -> String {
    var lines: [String] = []
    var stack: [(index: Int, depth: Int, closing: Bool)] = [(0, 0, false)]
    while let (index, depth, closing) = stack.popLast() {
        let indent = oneLine ? "" : String(repeating: "  ", count: depth)
        if closing {
            lines.append(indent + "}")
            continue
        }
        let node = line(index)
        let children = [2 * index + 1, 2 * index + 2].filter { $0 < nodes }
        if children.isEmpty {
            lines.append(indent + node)
            continue
        }
        lines.append(indent + node + " {")
        stack.append((index, depth, true))
        for child in children.reversed() { stack.append((child, depth + 1, false)) }
    }
    return lines.joined(separator: oneLine ? " " : "\n") + "\n"
}
