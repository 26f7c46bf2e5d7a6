import BracketModel
import BracketSyntax

/// Token types, in legend order (the LSP layer sends the legend as these raw values).
///
/// Choices: a setting key is a `property`, its value a `enumMember` when a word (`right`,
/// `depth`, numbers) or `string` when quoted; labels are `string`; an ID is a `class` when its
/// node has children and a `variable` when it is a leaf, so the tree's shape shows in colour.
public enum SemanticTokenType: String, CaseIterable, Sendable {
    case comment, property, string, enumMember, variable, `class`
}

/// Modifiers, as bit positions in legend order. `declaration` marks every ID (each ID token
/// declares its node).
public enum SemanticTokenModifier: String, CaseIterable, Sendable {
    case declaration

    public var bit: Int { 1 << (Self.allCases.firstIndex(of: self) ?? 0) }
}

public struct SemanticToken: Hashable, Sendable {
    public var range: ByteRange
    public var type: SemanticTokenType
    /// Bit set of `SemanticTokenModifier.bit`.
    public var modifiers: Int
}

/// Classified tokens in document order, limited to those overlapping `range` when given.
public func semanticTokens(in document: Document, range limit: ByteRange? = nil) -> [SemanticToken] {
    var result: [SemanticToken] = []
    var inSetting = false
    var nodeHasBlock: [Bool] = []  // for each open `.node`: whether it has children
    // Inside an `.attribute`: whether its `=` has been passed (the key is a property, a word
    // value an enum member, as for settings); nil outside one.
    var attributePastEquals: Bool?
    document.tree.walk { event in
        switch event {
        case .enter(let green, let offset):
            if let limit, offset > limit.end || offset + green.length < limit.start { return false }
            if green.kind == .setting { inSetting = true }
            if green.kind == .attribute { attributePastEquals = false }
            if green.kind == .node {
                var hasChildren = false
                for element in green.children {
                    if case .node(let block) = element, block.kind == .block {
                        hasChildren = block.nodeCount > 0
                    }
                }
                nodeHasBlock.append(hasChildren)
            }
        case .exit(let green, _):
            if green.kind == .setting { inSetting = false }
            if green.kind == .attribute { attributePastEquals = nil }
            if green.kind == .node { _ = nodeHasBlock.popLast() }
        case .token(let kind, let range):
            if let limit, range.end < limit.start || range.start > limit.end { return true }
            let type: SemanticTokenType?
            var modifiers = 0
            switch kind {
            case .comment: type = .comment
            case .settingKey: type = .property
            case .string: type = .string
            case .word where inSetting: type = .enumMember
            case .word where attributePastEquals == false: type = .property
            case .word where attributePastEquals == true: type = .enumMember
            case .equals:
                attributePastEquals = true
                type = nil
            case .word:
                type = (nodeHasBlock.last ?? false) ? .class : .variable
                modifiers = SemanticTokenModifier.declaration.bit
            default: type = nil
            }
            if let type, !range.isEmpty {
                result.append(SemanticToken(range: range, type: type, modifiers: modifiers))
            }
        }
        return true
    }
    return result
}
