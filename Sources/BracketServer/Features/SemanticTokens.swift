import BracketIDE
import BracketJSON
import BracketSyntax
import LanguageServerProtocol

/// `textDocument/semanticTokens/range` (the LSP module has no type for it yet; it is small).
struct SemanticTokensRangeRequest: LSPRequest {
    typealias Response = SemanticTokens?
    static let method = "textDocument/semanticTokens/range"
    var textDocument: TextDocumentIdentifier
    var range: LSPRange

    init(params: JSONValue?) throws(LSPDecodingError) {
        guard let params else { throw LSPDecodingError(path: "params", problem: "missing required params") }
        guard let document = params["textDocument"], let range = params["range"] else {
            throw LSPDecodingError(path: "params", problem: "needs textDocument and range")
        }
        textDocument = try TextDocumentIdentifier(json: document, path: "params.textDocument")
        self.range = try LSPRange(json: range, path: "params.range")
    }
}

extension LanguageServer {
    /// The legend advertised in initialize: indices into these lists are what `data` carries.
    static var semanticTokensLegend: JSONValue {
        [
            "tokenTypes": .array(SemanticTokenType.allCases.map { .string($0.rawValue) }),
            "tokenModifiers": .array(SemanticTokenModifier.allCases.map { .string($0.rawValue) }),
        ]
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
