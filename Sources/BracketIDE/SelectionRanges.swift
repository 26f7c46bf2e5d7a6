import BracketModel
import BracketSyntax

/// The ranges enclosing `offset`, innermost first: the token, then each enclosing syntax node
/// (node, block, parent node, …), then the whole file. Ranges that repeat the previous one are
/// dropped, since an editor would expand to nothing new.
public func selectionRanges(at offset: Int, in document: Document) -> [ByteRange] {
    let path = document.tree.path(to: offset)
    var ranges: [ByteRange] = []
    for (position, step) in path.enumerated().reversed() {
        if position == path.count - 1, step.childIndex >= 0 {
            var start = step.offset
            for index in 0..<step.childIndex { start += step.node[index].length }
            if case .token(let token) = step.node[step.childIndex] {
                ranges.append(ByteRange(start: start, length: token.length))
            }
        }
        let range = ByteRange(start: step.offset, length: step.node.length)
        if ranges.last != range { ranges.append(range) }
    }
    return ranges
}
