import BracketIDE
import JSONRPC
import LanguageServerProtocol

// foldingRange and selectionRange.

extension LanguageServer {
    func foldingRanges(_ context: DocumentContext) -> [FoldingRange] {
        BracketIDE.foldingRanges(in: context.document).map {
            FoldingRange(startLine: $0.startLine, endLine: $0.endLine, kind: $0.kind == .comment ? "comment" : "region")
        }
    }

    /// Most ranges in one selection-range chain: the same bound as the outline's nesting
    /// (`symbolNestingLimit`), since each range is one more level of JSON nesting (`parent`) and
    /// clients' JSON readers have depth limits (a 100,000-deep file would otherwise nest 200,000
    /// levels).
    static var selectionRangeDepthLimit: Int { symbolNestingLimit }

    /// Per position, innermost first. A chain longer than the limit keeps its innermost ranges
    /// (what expanding a selection steps through) and ends with the whole file, skipping the
    /// ancestors in between. Cancellable between positions.
    func selectionRanges(_ context: DocumentContext, at positions: [Position]) throws(ResponseError) -> [SelectionRange] {
        var result: [SelectionRange] = []
        result.reserveCapacity(positions.count)
        for (index, position) in positions.enumerated() {
            if index % 256 == 255 { try checkCancelled() }
            var ranges = BracketIDE.selectionRanges(at: context.offset(position), in: context.document)
            if ranges.count > Self.selectionRangeDepthLimit, let outermost = ranges.last {
                ranges.removeSubrange((Self.selectionRangeDepthLimit - 1)...)
                ranges.append(outermost)
            }
            let table = PositionTable(context, offsets: ranges.flatMap { [$0.start, $0.end] })
            result.append(SelectionRange(ranges: ranges.map(table.range)))
        }
        return result
    }
}
