import BracketIDE
import BracketModel
import BracketSyntax
import LanguageServerProtocol

// documentSymbol, hover, definition, references, documentHighlight.

extension LanguageServer {
    /// The flat pre-order outline nested into DocumentSymbols bottom-up (last node first), so
    /// every child is finished before its parent needs it and no recursion is involved.
    func documentSymbols(_ context: DocumentContext) -> [DocumentSymbol] {
        let symbols = outline(of: context.document)
        var children: [[DocumentSymbol]] = Array(repeating: [], count: symbols.count)
        var roots: [DocumentSymbol] = []
        for index in symbols.indices.reversed() {
            let symbol = symbols[index]
            let nested = DocumentSymbol(
                name: symbol.id, detail: symbol.label, kind: symbol.hasChildren ? .class : .field,
                range: context.range(symbol.range), selectionRange: context.range(symbol.selectionRange),
                children: children[index].reversed())
            children[index] = []
            if symbol.parent >= 0 { children[symbol.parent].append(nested) } else { roots.append(nested) }
        }
        return roots.reversed()
    }

    func hover(_ context: DocumentContext, at position: Position) -> Hover? {
        guard let info = BracketIDE.hover(at: context.offset(position), in: context.document,
                                          defaults: context.defaults) else { return nil }
        return Hover(markdown: info.markdown, range: context.range(info.range))
    }

    func definition(_ context: DocumentContext, at position: Position) -> [Location] {
        BracketIDE.definition(at: context.offset(position), in: context.document).map { [context.location($0)] } ?? []
    }

    /// Every occurrence; with includeDeclaration false the first (defining) one is left out.
    func references(_ context: DocumentContext, at position: Position, includeDeclaration: Bool) -> [Location] {
        let all = BracketIDE.references(at: context.offset(position), in: context.document)
        return (includeDeclaration ? all : Array(all.dropFirst())).map(context.location)
    }

    func highlights(_ context: DocumentContext, at position: Position) -> [DocumentHighlight] {
        BracketIDE.references(at: context.offset(position), in: context.document).map {
            DocumentHighlight(range: context.range($0), kind: .text)
        }
    }
}
