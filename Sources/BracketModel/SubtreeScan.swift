import BracketSyntax

/// One pass over a subtree that finds its local problems and the IDs it defines.
///
/// "Local" means the problem can be seen from the subtree and two facts about where it sits (its
/// depth and whether it is inside a block); problems that need the whole file (duplicate IDs,
/// root count, repeated settings) are found by `FileAnalysis`. Every diagnostic lies inside the
/// scanned subtree's range: incremental reparsing relies on that to replace exactly the
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

    private mutating func scanNode(_ node: GreenNode, at start: Int, depth: Int, source: [UInt8]) {
        var cursor = start
        for index in 0..<node.count {
            let element = node[index]
            defer { cursor += element.length }
            guard case .token(let token) = element else {
                if index == 0, case .node(let block) = element, block.kind == .block {
                    diagnostics.append(Diagnostic(
                        range: ByteRange(start: cursor, length: 1), severity: .error, code: .expectedNode,
                        message: "This block has no node: write an identifier before '{'."))
                }
                continue
            }
            let range = ByteRange(start: cursor, length: token.length)
            switch token.kind {
            case .word where index == 0:
                scanIdentifier(range, depth: depth, source: source)
            case .string:
                scanLabel(range, source: source)
            default:
                break
            }
        }
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

    private mutating func scanBlock(_ block: GreenNode, at start: Int) {
        guard block.count > 0, block[block.count - 1].tokenKind == .rightBrace else {
            diagnostics.append(Diagnostic(
                range: ByteRange(start: start, length: 1), severity: .error, code: .unbalancedOpenBrace,
                message: "This '{' is never closed: add '}' after the last child."))
            return
        }
    }

    // MARK: - Settings and leftovers

    private mutating func scanSetting(_ setting: GreenNode, at start: Int, inBlock: Bool, source: [UInt8]) {
        let parts = SettingParts(setting, at: start)
        let keyText = source[(parts.key.start + 1)..<parts.key.end]
        let name = String(decoding: keyText, as: UTF8.self)
        if inBlock {
            diagnostics.append(Diagnostic(
                range: ByteRange(start, start + setting.length), severity: .error, code: .settingInBlock,
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
        var scratch = SettingOverrides()
        if !spec.apply(kind: value.kind, text: source[value.range.start..<value.range.end], to: &scratch) {
            let text = String(decoding: source[value.range.start..<value.range.end], as: UTF8.self)
            diagnostics.append(Diagnostic(
                range: value.range, severity: .error, code: .invalidSettingValue,
                message: "'\(text)' is not a valid value for '@\(name)': expected \(spec.expectation)."))
        }
        if value.kind == .string { scanLabel(value.range, source: source) }
    }

    private mutating func scanUnexpected(_ node: GreenNode, at start: Int, source: [UInt8]) {
        var cursor = start
        for index in 0..<node.count {
            let element = node[index]
            defer { cursor += element.length }
            guard case .token(let token) = element else { continue }
            let range = ByteRange(start: cursor, length: token.length)
            switch token.kind {
            case .rightBrace:
                diagnostics.append(Diagnostic(
                    range: range, severity: .error, code: .unbalancedCloseBrace,
                    message: "This '}' has no matching '{'."))
            case .string:
                diagnostics.append(Diagnostic(
                    range: range, severity: .error, code: .labelWithoutNode,
                    message: "A label must follow a node's identifier, as in: 7 \"Label\"."))
                let label = LabelText(token: source[range.start..<range.end])
                if !label.isTerminated {
                    diagnostics.append(Diagnostic(
                        range: range, severity: .error, code: .unterminatedString,
                        message: "This label has no closing quote; a label must end on the line it starts."))
                }
            case .unknown:
                let text = String(decoding: source[range.start..<range.end], as: UTF8.self)
                let shown = text.count > 20 ? String(text.prefix(20)) + "…" : text
                diagnostics.append(Diagnostic(
                    range: range, severity: .error, code: .strayCharacter,
                    message: "Unexpected '\(shown)': identifiers use letters, digits, '_', '-' and '.'."))
            default:
                break
            }
        }
    }
}

/// The key and optional value of a setting node.
struct SettingParts {
    var key: ByteRange
    var value: (kind: TokenKind, range: ByteRange)?

    init(_ setting: GreenNode, at start: Int) {
        var cursor = start
        var key = ByteRange(start, start)
        var value: (kind: TokenKind, range: ByteRange)?
        for index in 0..<setting.count {
            let element = setting[index]
            if case .token(let token) = element {
                let range = ByteRange(start: cursor, length: token.length)
                if token.kind == .settingKey {
                    key = range
                } else if !token.kind.isTrivia {
                    value = (token.kind, range)
                }
            }
            cursor += element.length
        }
        self.key = key
        self.value = value
    }
}
