import BracketSyntax

/// One pass over a subtree that finds its local problems and the IDs it defines.
///
/// "Local" means the problem can be seen from the subtree and two facts about where it sits (its
/// depth and whether it is inside a block); problems that need the whole file come from tables:
/// duplicate IDs from `IDTable`, the root count and repeated settings from `FileAnalysis`. Every
/// diagnostic lies inside the scanned subtree's range: incremental reparsing relies on that to replace exactly the
/// diagnostics of the part it reparsed.
struct SubtreeScan {
    var diagnostics: [Diagnostic] = []
    var ids: [(id: String, range: ByteRange)] = []
    /// How labels fit their cards under the file's settings, for `long-label`. (The document
    /// rescans every label when an edit changes these settings.)
    let labelFit: CardTextFit

    /// An empty scan, for rescanning a single token.
    init(labelFit: CardTextFit) {
        self.labelFit = labelFit
    }

    /// Scans `node` (starting at `offset`), which has `depth` `.node` ancestors and is inside a
    /// block when `inBlock` is true.
    init(_ node: GreenNode, at offset: Int, depth: Int, inBlock: Bool, source: [UInt8], labelFit: CardTextFit) {
        self.labelFit = labelFit
        var nodeDepth = depth
        var blockDepth = inBlock ? 1 : 0
        SyntaxTree.walk(node, at: offset) { event in
            switch event {
            case .enter(let green, let start):
                switch green.kind {
                case .node:
                    scanNode(green, at: start, depth: nodeDepth, source: source)
                    nodeDepth += 1
                case .block:
                    scanBlock(green, at: start)
                    blockDepth += 1
                case .setting:
                    scanSetting(green, at: start, inBlock: blockDepth > 0, source: source)
                    return false
                case .unexpected:
                    scanUnexpected(green, at: start, source: source)
                    return false
                case .file:
                    break
                }
            case .exit(let green, _):
                if green.kind == .node { nodeDepth -= 1 }
                if green.kind == .block { blockDepth -= 1 }
            case .token:
                break
            }
            return true
        }
    }

    // MARK: - Nodes

    private mutating func scanNode(_ green: GreenNode, at start: Int, depth: Int, source: [UInt8]) {
        let node = NodeSyntax(node: green, at: start)
        if let id = node.id {
            scanIdentifier(id, depth: depth, source: source)
        } else if let block = node.block {
            diagnostics.append(Diagnostic(
                range: block.openBrace, severity: .error, code: .expectedNode,
                message: "This block has no node: write an identifier before '{'."))
        }
        if let label = node.label { scanLabel(label, source: source) }
    }

    /// A node's ID token, at `depth` (the number of `.node` ancestors).
    mutating func scanIdentifier(_ range: ByteRange, depth: Int, source: [UInt8]) {
        let id = String(decoding: source[range.start..<range.end], as: UTF8.self)
        ids.append((id, range))
        if range.length > Limits.idBytes {
            diagnostics.append(Diagnostic(
                range: range, severity: .error, code: .limitExceeded,
                message: "Identifier is \(range.length) bytes long; the limit is \(Limits.idBytes)."))
        }
        if depth == Limits.nestingDepth {
            diagnostics.append(Diagnostic(
                range: range, severity: .error, code: .limitExceeded,
                message: "Nodes are nested more than \(Limits.nestingDepth) levels deep here."))
        }
    }

    mutating func scanLabel(_ range: ByteRange, source: [UInt8]) {
        let label = LabelText(token: source[range.start..<range.end])
        if !label.isTerminated {
            diagnostics.append(Diagnostic(
                range: range, severity: .error, code: .unterminatedString,
                message: "This label has no closing quote; a label must end on the line it starts."))
        }
        for escape in label.invalidEscapes {
            let text = String(decoding: source[(range.start + escape.start)..<(range.start + escape.end)], as: UTF8.self)
            diagnostics.append(Diagnostic(
                range: escape.shifted(by: range.start), severity: .error, code: .invalidEscape,
                message: "'\(text)' is not a valid escape; use \\\", \\\\, \\n, \\t or \\u{…}."))
        }
        if label.isTerminated, label.scalarCount == 0 {
            diagnostics.append(Diagnostic(
                range: range, severity: .warning, code: .emptyLabel,
                message: "This label is empty, so the card shows no text; remove it to show the ID."))
        } else if label.scalarCount > Limits.labelCharacters {
            diagnostics.append(Diagnostic(
                range: range, severity: .error, code: .limitExceeded,
                message: "Label has \(label.scalarCount) characters; the limit is \(Limits.labelCharacters)."))
        } else if label.isTerminated, labelFit.isTruncated(label.value) {
            diagnostics.append(Diagnostic(
                range: range, severity: .warning, code: .longLabel, message: labelFit.longLabelMessage))
        }
    }

    private mutating func scanBlock(_ green: GreenNode, at start: Int) {
        guard let block = BlockSyntax(green, at: start), !block.isClosed else { return }
        diagnostics.append(Diagnostic(
            range: block.openBrace, severity: .error, code: .unbalancedOpenBrace,
            message: "This '{' is never closed: add '}' after the last child."))
    }

    // MARK: - Settings and leftovers

    private mutating func scanSetting(_ setting: GreenNode, at start: Int, inBlock: Bool, source: [UInt8]) {
        guard let parts = SettingSyntax(setting, at: start) else { return }
        let name = String(decoding: source[parts.name.start..<parts.name.end], as: UTF8.self)
        if inBlock {
            diagnostics.append(Diagnostic(
                range: parts.range, severity: .error, code: .settingInBlock,
                message: "Settings belong at the top of the file, not inside a node's braces."))
            return
        }
        guard let spec = SettingSpec(rawValue: name) else {
            let known = SettingSpec.allCases.map(\.rawValue).joined(separator: ", ")
            diagnostics.append(Diagnostic(
                range: parts.key, severity: .error, code: .unknownSetting,
                message: "Unknown setting '@\(name)'; known settings are \(known)."))
            return
        }
        guard let value = parts.value else {
            diagnostics.append(Diagnostic(
                range: parts.key, severity: .error, code: .missingSettingValue,
                message: "'@\(name)' needs a value on the same line: \(spec.expectation)."))
            return
        }
        // A quoted value's own errors (no closing quote, a bad escape) already say what is wrong
        // with it, at the same place: one error there is enough.
        let before = diagnostics.count
        if value.kind == .string { scanLabel(value.range, source: source) }
        let valueHasError = diagnostics[before...].contains { $0.severity == .error }
        var scratch = SettingOverrides()
        if !valueHasError, !spec.apply(kind: value.kind, text: source[value.range.start..<value.range.end], to: &scratch) {
            let text = String(decoding: source[value.range.start..<value.range.end], as: UTF8.self)
            diagnostics.append(Diagnostic(
                range: value.range, severity: .error, code: .invalidSettingValue,
                message: "'\(text)' is not a valid value for '@\(name)': expected \(spec.expectation)."))
        }
    }

    private mutating func scanUnexpected(_ node: GreenNode, at start: Int, source: [UInt8]) {
        for child in node.children(from: start) {
            guard case .token(let token) = child.element else { continue }
            let range = child.range
            switch token.kind {
            case .rightBrace:
                diagnostics.append(Diagnostic(
                    range: range, severity: .error, code: .unbalancedCloseBrace,
                    message: "This '}' has no matching '{'."))
            case .string:
                // One error for the place: a missing closing quote is said in the same sentence.
                let label = LabelText(token: source[range.start..<range.end])
                let quote = label.isTerminated ? "" : " This one also has no closing quote."
                diagnostics.append(Diagnostic(
                    range: range, severity: .error, code: .labelWithoutNode,
                    message: "A label must follow a node's identifier, as in: 7 \"Label\".\(quote)"))
            case .unknown:
                diagnostics.append(strayCharacters(range, source: source))
            default:
                break
            }
        }
    }

    /// A run of bytes that starts no token. `-` and `.` are fine inside an identifier but
    /// cannot start one, so a run of only those (as in `-x`) gets that rule; anything else is
    /// a character no token uses.
    private func strayCharacters(_ range: ByteRange, source: [UInt8]) -> Diagnostic {
        let run = source[range.start..<range.end]
        let text = String(decoding: run, as: UTF8.self)
        let shown = text.count > 20 ? String(text.prefix(20)) + "…" : text
        let message = run.allSatisfy(Lexer.onlyContinuesIdentifier)
            ? "An identifier cannot start with '-' or '.': begin it with a letter, a digit or '_' ('\(shown)' here)."
            : "Unexpected '\(shown)': no token uses it; identifiers are letters, digits and '_', with '-' and '.' after the first character."
        return Diagnostic(range: range, severity: .error, code: .strayCharacter, message: message)
    }
}
