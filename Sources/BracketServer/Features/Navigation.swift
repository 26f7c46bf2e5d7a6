import BracketIDE
import BracketModel
import BracketSyntax
import LanguageServerProtocol

// documentSymbol, hover, definition, references, documentHighlight.

extension LanguageServer {
    /// Deepest nesting of symbols sent. Editors' JSON readers and outline views have depth
    /// limits of their own, so nodes below this level are listed, in document order, as
    /// children of their ancestor at the last nested level instead of nesting further.
    static let symbolNestingLimit = 128

    /// The flat pre-order outline nested into DocumentSymbols bottom-up (last node first), so
    /// every child is finished before its parent needs it and no recursion is involved.
    /// Nested symbols, or for a client without `hierarchicalDocumentSymbolSupport` the same
    /// symbols flat, in document order, each naming its parent in `containerName`.
    func documentSymbols(_ context: DocumentContext) -> DocumentSymbolResult {
        context.client.hierarchicalDocumentSymbols ? .nested(nestedSymbols(context)) : .flat(flatSymbols(context))
    }

    /// The outline is already flat and in pre-order: one SymbolInformation per entry, so no
    /// nesting limit is needed.
    func flatSymbols(_ context: DocumentContext) -> [SymbolInformation] {
        let symbols = outline(of: context.document)
        let table = PositionTable(context, offsets: symbols.flatMap { [$0.range.start, $0.range.end] })
        return symbols.map { symbol in
            SymbolInformation(name: symbol.id, kind: symbol.hasChildren ? .class : .field,
                              location: table.location(symbol.range),
                              containerName: symbol.parent >= 0 ? symbols[symbol.parent].id : nil)
        }
    }

    func nestedSymbols(_ context: DocumentContext) -> [DocumentSymbol] {
        let symbols = outline(of: context.document)
        // Where each symbol is attached: its parent, or for a too-deep one the ancestor at the
        // limit (pre-order: a parent's attachment is known before its children's).
        var depth = [Int](repeating: 0, count: symbols.count)
        var attach = [Int](repeating: -1, count: symbols.count)
        for index in symbols.indices where symbols[index].parent >= 0 {
            let parent = symbols[index].parent
            depth[index] = min(depth[parent] + 1, Self.symbolNestingLimit)
            attach[index] = depth[parent] + 1 > Self.symbolNestingLimit ? attach[parent] : parent
        }
        let table = PositionTable(context, offsets: symbols.flatMap {
            [$0.range.start, $0.range.end, $0.selectionRange.start, $0.selectionRange.end]
        })
        var children: [[DocumentSymbol]] = Array(repeating: [], count: symbols.count)
        var roots: [DocumentSymbol] = []
        for index in symbols.indices.reversed() {
            let symbol = symbols[index]
            let nested = DocumentSymbol(
                name: symbol.id, detail: symbol.label, kind: symbol.hasChildren ? .class : .field,
                range: table.range(symbol.range), selectionRange: table.range(symbol.selectionRange),
                children: children[index].reversed())
            children[index] = []
            if attach[index] >= 0 { children[attach[index]].append(nested) } else { roots.append(nested) }
        }
        return roots.reversed()
    }

    func hover(_ context: DocumentContext, at position: Position) -> Hover? {
        guard let info = BracketIDE.hover(at: context.offset(position), in: context.document,
                                          defaults: context.defaults) else { return nil }
        switch context.client.hoverFormat {
        case .markdown: return Hover(kind: .markdown, value: info.markdown, range: context.range(info.range))
        case .plaintext: return Hover(kind: .plaintext, value: info.plaintext, range: context.range(info.range))
        }
    }

    func definition(_ context: DocumentContext, at position: Position) -> [Location] {
        BracketIDE.definition(at: context.offset(position), in: context.document).map { [context.location($0)] } ?? []
    }

    /// Every occurrence; with includeDeclaration false the first (defining) one is left out.
    func references(_ context: DocumentContext, at position: Position, includeDeclaration: Bool) -> [Location] {
        let all = BracketIDE.references(at: context.offset(position), in: context.document)
        let table = PositionTable(context, offsets: all.flatMap { [$0.start, $0.end] })
        return (includeDeclaration ? all : Array(all.dropFirst())).map { Location(uri: context.uri, range: table.range($0)) }
    }

    func highlights(_ context: DocumentContext, at position: Position) -> [DocumentHighlight] {
        let all = BracketIDE.references(at: context.offset(position), in: context.document)
        let table = PositionTable(context, offsets: all.flatMap { [$0.start, $0.end] })
        return all.map { DocumentHighlight(range: table.range($0), kind: .text) }
    }
}
