import BracketModel
import BracketSyntax

public struct FoldingRegion: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case region, comment }
    /// 0-based lines: from the line of `{` to the line before `}` (or the last comment line).
    public var startLine: Int
    public var endLine: Int
    public var kind: Kind

    public init(startLine: Int, endLine: Int, kind: Kind) {
        self.startLine = startLine
        self.endLine = endLine
        self.kind = kind
    }
}

/// One fold per block spanning several lines, and one per run of two or more consecutive
/// own-line comment lines.
public func foldingRanges(in document: Document) -> [FoldingRegion] {
    var result: [FoldingRegion] = []
    var openBraces: [Int] = []  // line of each unclosed `{`
    var commentRun: (start: Int, end: Int)?
    var lastCodeLine = -1
    let lines = document.lineIndex
    func flushComments() {
        if let run = commentRun, run.end > run.start {
            result.append(FoldingRegion(startLine: run.start, endLine: run.end, kind: .comment))
        }
        commentRun = nil
    }
    document.tree.walk { event in
        guard case .token(let kind, let range) = event else { return true }
        let line = lines.line(containing: range.start)
        switch kind {
        case .comment:
            guard line != lastCodeLine else { break }
            if let run = commentRun, run.end == line - 1 {
                commentRun = (run.start, line)
            } else {
                flushComments()
                commentRun = (line, line)
            }
        case .whitespace, .newline, .byteOrderMark:
            break
        case .leftBrace:
            flushComments()
            openBraces.append(line)
            lastCodeLine = line
        case .rightBrace:
            flushComments()
            if let start = openBraces.popLast(), line - 1 > start {
                result.append(FoldingRegion(startLine: start, endLine: line - 1, kind: .region))
            }
            lastCodeLine = line
        default:
            flushComments()
            lastCodeLine = line
        }
        return true
    }
    flushComments()
    return result.sorted { ($0.startLine, $0.endLine) < ($1.startLine, $1.endLine) }
}
