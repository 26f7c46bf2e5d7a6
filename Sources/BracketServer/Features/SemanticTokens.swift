import BracketIDE
import BracketJSON
import BracketSyntax
import LanguageServerProtocol

extension LanguageServer {
    /// The legend advertised in initialize: indices into these lists are what `data` carries.
    static var semanticTokensLegend: SemanticTokensLegend {
        SemanticTokensLegend(tokenTypes: SemanticTokenType.allCases.map(\.rawValue),
                             tokenModifiers: SemanticTokenModifier.allCases.map(\.rawValue))
    }

    /// LSP's relative encoding: per token, line delta, start delta (relative to the previous
    /// token when on the same line), length, type index, modifier bits; positions and lengths in
    /// the negotiated encoding. Tokens never span lines in this language.
    func semanticTokens(_ context: DocumentContext, range: LSPRange? = nil) -> SemanticTokens {
        let limit = range.map(context.byteRange)
        var data: [UInt32] = []
        var previous = Position(line: 0, character: 0)
        let tokens = BracketIDE.semanticTokens(in: context.document, range: limit)
        let table = PositionTable(context, offsets: tokens.flatMap { [$0.range.start, $0.range.end] })
        for token in tokens {
            let start = table.position(token.range.start)
            let end = table.position(token.range.end)
            guard end.line == start.line, end.character > start.character,
                  let type = SemanticTokenType.allCases.firstIndex(of: token.type) else { continue }
            let lineDelta = start.line - previous.line
            let startDelta = lineDelta == 0 ? start.character - previous.character : start.character
            data += [UInt32(lineDelta), UInt32(startDelta), UInt32(end.character - start.character),
                     UInt32(type), UInt32(token.modifiers)]
            previous = start
        }
        return SemanticTokens(resultId: nil, data: data)
    }
}

extension LanguageServer {
    /// `semanticTokens/full`: all tokens under a new result ID, remembered for later deltas.
    func fullSemanticTokens(_ context: DocumentContext) -> SemanticTokens {
        var tokens = semanticTokens(context)
        semanticTokensResults += 1
        tokens.resultId = String(semanticTokensResults)
        documents[context.uri]?.semanticTokens = tokens
        return tokens
    }

    /// `semanticTokens/full/delta`: the edit from the tokens the client holds to the current
    /// ones, or all tokens when `previousResultId` is not the last result sent for this document
    /// (the client then replaces what it has, as LSP allows).
    func semanticTokensDelta(_ context: DocumentContext, since previousResultId: String) -> SemanticTokensDeltaResult {
        let previous = documents[context.uri]?.semanticTokens
        let current = fullSemanticTokens(context)
        guard let previous, previous.resultId == previousResultId else { return .full(current) }
        let edits = SemanticTokensEdit.between(previous.data, current.data).map { [$0] } ?? []
        return .delta(SemanticTokensDelta(resultId: current.resultId, edits: edits))
    }
}

extension SemanticTokensEdit {
    /// The one edit that turns `old` into `new`: everything between their common prefix and
    /// their common suffix is replaced, or nil when they are equal. An edit usually changes one
    /// line's tokens, so this is short; it works on whole tokens (5 integers) so the client
    /// never sees a token split across the edit's border.
    static func between(_ old: [UInt32], _ new: [UInt32]) -> SemanticTokensEdit? {
        if old == new { return nil }
        let tokenWidth = 5
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        prefix -= prefix % tokenWidth
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        suffix -= suffix % tokenWidth
        return SemanticTokensEdit(start: prefix, deleteCount: old.count - prefix - suffix,
                                  data: Array(new[prefix..<(new.count - suffix)]))
    }
}
