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
    /// Where each counted `score` or `winner` attribute starts: a document with none is a plain
    /// tree, and the diagram's results pass (and its diagnostics) is skipped.
    var resultAttributes: [Int] = []
    /// Where each counted `note` attribute starts, for `note-on-leaf` (Document+Notes.swift).
    var noteAttributes: [Int] = []

    /// An empty scan, for rescanning a single token.
    init(labelFit: CardTextFit) {
        self.labelFit = labelFit
    }

    /// Scans `node` (starting at `offset`), which has `depth` `.node` ancestors and is inside a
    /// block when `inBlock` is true.
    init(_ node: GreenNode, at offset: Int, depth: Int, inBlock: Bool, source: TextBuffer, labelFit: CardTextFit) {
        self.labelFit = labelFit
        var nodeDepth = depth
        var blockDepth = inBlock ? 1 : 0
        // Nodes are read without node values (`BorrowedNode`): a node value, a syntax view and
        // an exit event per node retained and released the arena three or four times a node,
        // over a third of scanning a 1,000-line paste. Only the rare kinds below make a value.
        SyntaxTree.walkNodes(
            node, at: offset,
            enter: { node, start in
                switch node.kind {
                case .node:
                    scanNode(node, at: start, depth: nodeDepth, source: source)
                    nodeDepth += 1
                case .block:
                    if !node.isClosedBlock { reportUnclosedBlock(at: start) }
                    blockDepth += 1
                case .setting:
                    scanSetting(node.node, at: start, inBlock: blockDepth > 0, source: source)
                    return false
                case .unexpected:
                    scanUnexpected(node.node, at: start, source: source)
                    return false
                case .attributes:
                    scanAttributes(node.node, at: start, source: source)
                    return false
                case .file, .attribute:
                    break
                }
                return true
            },
            exit: { node in
                switch node.kind {
                case .node: nodeDepth -= 1
                case .block: blockDepth -= 1
                default: break
                }
            })
    }

    // MARK: - Nodes

    private mutating func scanNode(_ node: BorrowedNode, at start: Int, depth: Int, source: TextBuffer) {
        let parts = node.nodeParts(at: start)
        if let id = parts.id {
            scanIdentifier(id, depth: depth, source: source)
        } else if parts.hasBlock, let block = NodeSyntax(node: node.node, at: start).block {
            diagnostics.append(Diagnostic(
                range: block.openBrace, severity: .error, code: .expectedNode,
                message: "This block has no node: write an identifier before '{'."))
        }
        if let label = parts.label { scanLabel(label, source: source) }
    }

    /// A node's ID token, at `depth` (the number of `.node` ancestors).
    mutating func scanIdentifier(_ range: ByteRange, depth: Int, source: TextBuffer) {
        let id = DefinitionIndex.identifier(range.start..<range.end, in: source)
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

    mutating func scanLabel(_ range: ByteRange, source: TextBuffer) {
        let label = scanQuoted(range, what: "label", source: source)
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

    /// A quoted token's own errors (no closing quote, bad escapes); `what` names it in messages.
    @discardableResult
    private mutating func scanQuoted(_ range: ByteRange, what: String, source: TextBuffer) -> LabelText {
        let label = LabelText(token: source[range.start..<range.end])
        if !label.isTerminated {
            diagnostics.append(Diagnostic(
                range: range, severity: .error, code: .unterminatedString,
                message: "This \(what) has no closing quote; a \(what) must end on the line it starts."))
        }
        for escape in label.invalidEscapes {
            let text = String(decoding: source[(range.start + escape.start)..<(range.start + escape.end)], as: UTF8.self)
            diagnostics.append(Diagnostic(
                range: escape.shifted(by: range.start), severity: .error, code: .invalidEscape,
                message: "'\(text)' is not a valid escape; use \\\", \\\\, \\n, \\t or \\u{…}."))
        }
        return label
    }

    // MARK: - Attributes

    /// An attribute list: its bracket, each attribute's key and value, repeats, and stray tokens.
    /// Every diagnostic lies inside the list (invariant 5); what results mean across siblings
    /// comes from the diagram (`DiagramResults`), not from here.
    private mutating func scanAttributes(_ green: GreenNode, at start: Int, source: TextBuffer) {
        guard let list = AttributesSyntax(green, at: start) else { return }
        if !list.isClosed {
            diagnostics.append(Diagnostic(
                range: list.openBracket, severity: .error, code: .unclosedBracket,
                message: "This '[' is never closed: add ']' after the last attribute."))
        }
        for stray in list.strays {
            if stray.kind == .unknown {
                diagnostics.append(strayCharacters(stray.range, source: source))
                continue
            }
            if stray.kind == .string { scanQuoted(stray.range, what: "value", source: source) }
            let shown = stray.kind == .string ? "a quoted text" : "'='"
            diagnostics.append(Diagnostic(
                range: stray.range, severity: .error, code: .expectedAttribute,
                message: "Expected an attribute name here, not \(shown): write key=value, as in score=3."))
        }
        var seen: [String: ByteRange] = [:]
        for attribute in list.attributes {
            let key = String(decoding: source[attribute.key.start..<attribute.key.end], as: UTF8.self)
            var quoted: LabelText?
            if let value = attribute.value, value.kind == .string {
                quoted = scanQuoted(value.range, what: "value", source: source)
            }
            guard let spec = AttributeSpec(name: key) else {
                let known = AttributeSpec.names
                let hint = NearestName.nearest(to: key, in: known).map { " Did you mean '\($0)'?" }
                    ?? " Known attributes are \(known.joined(separator: ", "))."
                diagnostics.append(Diagnostic(
                    range: attribute.key, severity: .error, code: .unknownAttribute,
                    message: "Unknown attribute '\(key)'.\(hint)"))
                continue
            }
            if let first = seen[key] {
                diagnostics.append(Diagnostic(
                    range: attribute.range, severity: .warning, code: .duplicateAttribute,
                    message: "'\(key)' is already given for this node; this one is ignored.",
                    related: [RelatedLocation(range: first, message: "the '\(key)' that counts")],
                    tags: [.unnecessary]))
                continue
            }
            seen[key] = attribute.range
            if spec.isResult { resultAttributes.append(attribute.range.start) }
            if spec == .note, attribute.value != nil { noteAttributes.append(attribute.range.start) }
            if spec.takesValue, let value = attribute.value {
                // A quoted value's own errors (no closing quote, a bad escape) are enough there.
                guard quoted.map({ $0.isTerminated && $0.invalidEscapes.isEmpty }) ?? true else { continue }
                let text = quoted?.value ?? String(decoding: source[value.range.start..<value.range.end], as: UTF8.self)
                if spec.grammar.stored(text) == nil {
                    diagnostics.append(Diagnostic(
                        range: value.range, severity: .error,
                        code: spec.grammar == .colour ? .invalidColour : .unexpectedAttributeValue,
                        message: "'\(key)' takes \(spec.grammar.expectation), as in \(spec.usage).\(spec.grammar.suggestion(for: text))"))
                } else if spec == .note, labelFit.noteLine(text).isTruncated {
                    diagnostics.append(Diagnostic(
                        range: value.range, severity: .warning, code: .longNote, message: labelFit.longNoteMessage))
                }
            } else if spec.takesValue {
                diagnostics.append(Diagnostic(
                    range: attribute.range, severity: .error, code: .missingAttributeValue,
                    message: "'\(key)' needs a value: \(spec.usage)."))
            } else if attribute.equals != nil {
                diagnostics.append(Diagnostic(
                    range: attribute.range, severity: .error, code: .unexpectedAttributeValue,
                    message: "'\(key)' is a flag and takes no value: write just '\(key)'."))
            }
        }
    }

    /// A `.block` starting at `start` with no `}`.
    private mutating func reportUnclosedBlock(at start: Int) {
        diagnostics.append(Diagnostic(
            range: ByteRange(start: start, length: 1), severity: .error, code: .unbalancedOpenBrace,
            message: "This '{' is never closed: add '}' after the last child."))
    }

    // MARK: - Settings and leftovers

    private mutating func scanSetting(_ setting: GreenNode, at start: Int, inBlock: Bool, source: TextBuffer) {
        guard let parts = SettingSyntax(setting, at: start) else { return }
        let name = String(decoding: source[parts.name.start..<parts.name.end], as: UTF8.self)
        if inBlock {
            diagnostics.append(Diagnostic(
                range: parts.range, severity: .error, code: .settingInBlock,
                message: "Settings belong at the top of the file, not inside a node's braces."))
            return
        }
        guard let spec = SettingSpec.named(name) else {
            let known = SettingSpec.all.map(\.name).joined(separator: ", ")
            diagnostics.append(Diagnostic(
                range: parts.key, severity: .error, code: .unknownSetting,
                message: "Unknown setting '@\(name)'; known settings are \(known)."))
            return
        }
        guard parts.value != nil else {
            diagnostics.append(Diagnostic(
                range: parts.key, severity: .error, code: .missingSettingValue,
                message: "'@\(name)' needs a value on the same line: \(spec.expectation)."))
            return
        }
        if spec.grammar == .classLook {
            let quoted = parts.values.filter { $0.kind == .string } + (parts.attributes?.attributes ?? [])
                .compactMap(\.value).filter { $0.kind == .string }
            for value in quoted { _ = scanQuoted(value.range, what: "text", source: source) }
            diagnostics += ClassLook.read(parts, source: source).problems
            return
        }
        if let list = parts.attributes {
            diagnostics.append(Diagnostic(
                range: list.range, severity: .error, code: .invalidSettingValue,
                message: "'@\(name)' takes no attribute list; only '@class' does."))
        }
        // A quoted value's own errors (no closing quote, a bad escape) already say what is wrong
        // with it, at the same place: one error there is enough.
        let before = diagnostics.count
        for value in parts.values where value.kind == .string { scanLabel(value.range, source: source) }
        let valueHasError = diagnostics[before...].contains { $0.severity == .error }
        var scratch = SettingOverrides()
        if !valueHasError, let refused = spec.apply(values: parts.values, source: source, to: &scratch) {
            let bad = parts.values[refused]
            let text = String(decoding: source[bad.range.start..<bad.range.end], as: UTF8.self)
            if refused > 0 && !spec.takesList {
                let last = parts.values[parts.values.count - 1].range
                diagnostics.append(Diagnostic(
                    range: ByteRange(bad.range.start, last.end), severity: .error, code: .invalidSettingValue,
                    message: refused == parts.values.count - 1
                        ? "'@\(name)' takes one value; '\(text)' is extra."
                        : "'@\(name)' takes one value; '\(text)' and the values after it are extra."))
            } else {
                diagnostics.append(Diagnostic(
                    range: bad.range, severity: .error, code: .invalidSettingValue,
                    message: "'\(text)' is not a valid value for '@\(name)': expected \(spec.expectation)."))
            }
        }
    }

    private mutating func scanUnexpected(_ node: GreenNode, at start: Int, source: TextBuffer) {
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
            case .rightBracket, .equals, .comma:
                let text = String(decoding: source[range.start..<range.end], as: UTF8.self)
                diagnostics.append(Diagnostic(
                    range: range, severity: .error, code: .strayCharacter,
                    message: "Unexpected '\(text)': it belongs in a node's attribute list, as in: 7 \"Label\" [score=3]."))
            default:
                break
            }
        }
        for child in node.children(from: start) {
            guard case .node(let inner) = child.element, inner.kind == .attributes else { continue }
            diagnostics.append(Diagnostic(
                range: ByteRange(start: child.range.start, length: 1), severity: .error, code: .attributesWithoutNode,
                message: "Attributes must follow a node's identifier or label, as in: 7 \"Label\" [score=3]."))
            scanAttributes(inner, at: child.range.start, source: source)
        }
    }

    /// A run of bytes that starts no token. `-` and `.` are fine inside an identifier but
    /// cannot start one, so a run of only those (as in `-x`) gets that rule; anything else is
    /// a character no token uses.
    private func strayCharacters(_ range: ByteRange, source: TextBuffer) -> Diagnostic {
        let run = source[range.start..<range.end]
        let text = String(decoding: run, as: UTF8.self)
        let shown = text.count > 20 ? String(text.prefix(20)) + "…" : text
        let message = run.allSatisfy(Lexer.onlyContinuesIdentifier)
            ? "An identifier cannot start with '-' or '.': begin it with a letter, a digit or '_' ('\(shown)' here)."
            : "Unexpected '\(shown)': no token uses it; identifiers are letters, digits and '_', with '-' and '.' after the first character."
        return Diagnostic(range: range, severity: .error, code: .strayCharacter, message: message)
    }
}
