import BracketModel
import BracketSyntax

/// Why a tree description was rejected; tests only ever feed well-formed text, so this exists
/// to make a typo in a test fail loudly instead of building a surprising tree.
public struct TreeTextError: Error, Equatable {
    public var message: String
    public var offset: Int
}

/// Builds a `Diagram` from the tree part of the `.bracket` shape, `1 "Label" { 2 { 4 5 } 3 }`,
/// so layout, SVG and export tests do not depend on the parser: a parser bug fails the parser's
/// tests, not theirs.
/// Supports IDs, quoted labels with `\"` and `\\`, and braces; no settings or comments.
/// Uses an explicit stack, so 100,000-deep chains are fine.
public func diagram(_ text: String, settings: LayoutSettings = .tutorial) throws -> Diagram {
    let bytes = Array(text.utf8)
    var nodes: [DiagramNode] = []
    var open: [Int] = []        // indices of nodes whose `{` is not closed yet
    var lastNode = -1           // the node a following label or `{` belongs to
    var index = 0
    func isWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
    while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") {
            index += 1
        } else if isWord(byte) {
            let start = index
            while index < bytes.count, isWord(bytes[index]) { index += 1 }
            let id = String(decoding: bytes[start..<index], as: UTF8.self)
            let parent = open.last ?? -1
            if parent >= 0 { nodes[parent].childCount += 1 }
            nodes.append(DiagramNode(
                id: id, label: "Node \(id)", hasExplicitLabel: false, parent: parent,
                depth: open.count, childCount: 0, subtreeEnd: nodes.count + 1,
                idRange: ByteRange(start, index), range: ByteRange(start, index)))
            lastNode = nodes.count - 1
        } else if byte == UInt8(ascii: "\"") {
            guard lastNode >= 0 else { throw TreeTextError(message: "label without node", offset: index) }
            var label: [UInt8] = []
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                label.append(bytes[index])
                index += 1
            }
            guard index < bytes.count else { throw TreeTextError(message: "unterminated label", offset: index) }
            index += 1
            nodes[lastNode].label = String(decoding: label, as: UTF8.self)
            nodes[lastNode].hasExplicitLabel = true
            nodes[lastNode].range.end = index
        } else if byte == UInt8(ascii: "{") {
            guard lastNode >= 0 else { throw TreeTextError(message: "block without node", offset: index) }
            open.append(lastNode)
            lastNode = -1
            index += 1
        } else if byte == UInt8(ascii: "}") {
            guard let closed = open.popLast() else { throw TreeTextError(message: "unmatched }", offset: index) }
            index += 1
            nodes[closed].subtreeEnd = nodes.count
            nodes[closed].range.end = index
            lastNode = -1
        } else {
            throw TreeTextError(message: "unexpected byte", offset: index)
        }
    }
    guard open.isEmpty else { throw TreeTextError(message: "unclosed {", offset: bytes.count) }
    return Diagram(nodes: nodes, settings: settings)
}

/// A chain `0 { 1 { 2 … } }` of `length` nodes, for depth tests.
public func chainText(length: Int) -> String {
    var text = ""
    for level in 0..<length { text += level + 1 < length ? "\(level) { " : "\(level)" }
    text += String(repeating: " }", count: max(0, length - 1))
    return text
}

/// A complete binary tree with `levels` levels (2^levels - 1 nodes), IDs 1… in heap order as in
/// the tutorial tree (`completeBinaryTreeText(levels: 3)` is `1 { 2 { 4 5 } 3 { 6 7 } }`).
public func completeBinaryTreeText(levels: Int) -> String {
    var text = ""
    // Explicit stack of (heap number, already opened) instead of recursion.
    var stack: [(number: Int, level: Int, closing: Bool)] = [(1, 1, false)]
    while let top = stack.popLast() {
        if top.closing { text += "} "; continue }
        text += "\(top.number) "
        guard top.level < levels else { continue }
        text += "{ "
        stack.append((top.number, top.level, true))
        stack.append((top.number * 2 + 1, top.level + 1, false))
        stack.append((top.number * 2, top.level + 1, false))
    }
    return text
}
