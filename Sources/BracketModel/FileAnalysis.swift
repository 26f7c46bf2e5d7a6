import BracketSyntax

/// What only the file as a whole can tell: its settings, its roots, and its size limits. It
/// looks at the file node's own children, and inside a root only when the braces went wrong
/// (then along one path of blocks), so it stays cheap to redo after every edit.
struct FileAnalysis: Sendable {
    var overrides = SettingOverrides()
    var diagnostics: [Diagnostic] = []
    /// Where each name of an accepted `@rounds` list is written (for `extra-rounds`).
    var roundNames: [ByteRange] = []

    init(tree: SyntaxTree, source: TextBuffer, lineIndex: LineIndex) {
        let file = tree.root
        var roots: [ByteRange] = []
        var strayCloseBrace = false
        var seenSettings: [String: ByteRange] = [:]
        var seenClasses: [String: ByteRange] = [:]
        for child in file.children(from: 0) {
            guard case .node(let green) = child.element else { continue }
            if let node = NodeSyntax(green, at: child.range.start) {
                roots.append(node.nameRange)
            } else if let setting = SettingSyntax(green, at: child.range.start) {
                let name = String(decoding: source[setting.name.start..<setting.name.end], as: UTF8.self)
                guard let spec = SettingSpec.named(name), setting.value != nil else { continue }
                if spec.grammar == .classLook {
                    defineClass(setting, source: source, seen: &seenClasses)
                    continue
                }
                if let first = seenSettings[name] {
                    diagnostics.append(Diagnostic(
                        range: setting.range, severity: .warning, code: .duplicateSetting,
                        message: "'@\(name)' is already set above; this repeat is ignored.",
                        related: [RelatedLocation(range: first, message: "'@\(name)' is set here")],
                        tags: [.unnecessary]))
                    continue
                }
                seenSettings[name] = setting.key
                // A list is taken whole or not at all; a single value counts even when an
                // extra one follows it (that one gets its own error).
                var scratch = overrides
                let refused = spec.apply(values: setting.values, source: source, to: &scratch)
                if refused == nil || (!spec.takesList && refused != 0) {
                    overrides = scratch
                    if spec.takesList { roundNames = setting.values.map(\.range) }
                }
            } else if green.kind == .unexpected, green.children.contains(where: { $0.tokenKind == .rightBrace }) {
                strayCloseBrace = true
            }
        }
        diagnostics += ResolvedClasses.contrastProblems(of: overrides.classLooks, at: seenClasses)
        if roots.count > 1 || strayCloseBrace {
            let braces = BraceIndentation(source: source, lineIndex: lineIndex)
            if let early = braces.earlyCloseBrace(in: file) { diagnostics.append(early) }
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

    /// A `@class` line: its look joins the overrides unless the class is already defined
    /// (`duplicate-setting`: the first definition counts). Its own problems are local
    /// (`SubtreeScan`); `seen` maps each class to where its definition's line is.
    private mutating func defineClass(_ setting: SettingSyntax, source: TextBuffer, seen: inout [String: ByteRange]) {
        guard let look = ClassLook.read(setting, source: source).look else { return }
        if let first = seen[look.name] {
            diagnostics.append(Diagnostic(
                range: setting.range, severity: .warning, code: .duplicateSetting,
                message: "Class '\(look.name)' is already defined above; this definition is ignored.",
                related: [RelatedLocation(range: first, message: "'\(look.name)' is defined here")],
                tags: [.unnecessary]))
            return
        }
        seen[look.name] = setting.range
        overrides.classLooks.append(look)
    }
}
