import BracketIDE
import LanguageServerProtocol

// foldingRange and selectionRange.

extension LanguageServer {
    func foldingRanges(_ context: DocumentContext) -> [FoldingRange] {
        BracketIDE.foldingRanges(in: context.document).map {
            FoldingRange(startLine: $0.startLine, endLine: $0.endLine, kind: $0.kind == .comment ? "comment" : "region")
        }
    }

    func selectionRanges(_ context: DocumentContext, at positions: [Position]) -> [SelectionRange] {
        positions.map { position in
            let ranges = BracketIDE.selectionRanges(at: context.offset(position), in: context.document)
            let table = PositionTable(context, offsets: ranges.flatMap { [$0.start, $0.end] })
            return SelectionRange(ranges: ranges.map(table.range))
        }
    }
}
