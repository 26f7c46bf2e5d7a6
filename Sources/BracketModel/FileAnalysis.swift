import BracketSyntax

/// What only the file as a whole can tell: its settings, its roots, and its size limits. It
/// looks at the file node's own children, never inside the root, so it stays cheap to redo after
/// every edit.
struct FileAnalysis: Sendable {
    var overrides = SettingOverrides()
    var diagnostics: [Diagnostic] = []

    init(tree: SyntaxTree, source: [UInt8]) {
        let file = tree.root
        var roots: [ByteRange] = []
        var seenSettings: [String: ByteRange] = [:]
        var cursor = 0
        for index in 0..<file.count {
            let element = file[index]
            defer { cursor += element.length }
            guard case .node(let child) = element else { continue }
            switch child.kind {
            case .node:
                roots.append(Self.identifierRange(of: child, at: cursor))
            case .setting:
                let parts = SettingParts(child, at: cursor)
                let name = String(decoding: source[(parts.key.start + 1)..<parts.key.end], as: UTF8.self)
                guard let spec = SettingSpec(rawValue: name), let value = parts.value else { continue }
                if let first = seenSettings[name] {
                    diagnostics.append(Diagnostic(
                        range: ByteRange(cursor, cursor + child.length), severity: .warning, code: .duplicateSetting,
                        message: "'@\(name)' is already set above; this repeat is ignored.",
                        related: [RelatedLocation(range: first, message: "'@\(name)' is set here")],
                        tags: [.unnecessary]))
                    continue
                }
                seenSettings[name] = parts.key
                _ = spec.apply(kind: value.kind, text: source[value.range.start..<value.range.end], to: &overrides)
            default:
                break
            }
        }
        if roots.isEmpty {
            diagnostics.append(Diagnostic(
                range: ByteRange(0, 0), severity: .error, code: .missingRoot,
                message: "The file has no node yet: write a root, for example 1 { 2 3 }."))
        }
        for extra in roots.dropFirst() {
            diagnostics.append(Diagnostic(
                range: extra, severity: .error, code: .multipleRoots,
                message: "A diagram has exactly one root; move this node inside the root's braces.",
                related: [RelatedLocation(range: roots[0], message: "the root is here")]))
        }
        if source.count > Limits.documentBytes {
            diagnostics.append(Diagnostic(
                range: ByteRange(0, 0), severity: .error, code: .limitExceeded,
                message: "The document is \(source.count) bytes; the limit is \(Limits.documentBytes)."))
        }
        if file.nodeCount > Limits.nodes {
            diagnostics.append(Diagnostic(
                range: ByteRange(0, 0), severity: .error, code: .limitExceeded,
                message: "The document has \(file.nodeCount) nodes; the limit is \(Limits.nodes)."))
        }
    }

    /// The ID token of a node, or its first token when it has no ID.
    static func identifierRange(of node: GreenNode, at start: Int) -> ByteRange {
        guard node.count > 0 else { return ByteRange(start, start) }
        switch node[0] {
        case .token(let token): return ByteRange(start: start, length: token.length)
        case .node: return ByteRange(start: start, length: 1)
        }
    }
}
