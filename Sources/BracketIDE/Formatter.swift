import BracketModel
import BracketSyntax

/// Canonical layout of a document.
///
/// Rules (each output is a fixed point: formatting twice gives the same text):
/// - Settings come first, one per line, in file order, then one blank line, then the tree.
/// - One node per line, two spaces per depth: `ID "label" {`, children, `}`.
/// - A node whose block holds only leaves with no label, and no comment at all, is written on
///   one line: `ID { a b c }` (an empty block is `ID { }`). This rule is always applied.
/// - An own-line comment stays on its own line at the indent where it appears; a comment that
///   followed code on the same line stays after that code. Top-level comments travel with the
///   setting or node that follows them; comments at the end of the file stay at the end.
/// - Blank lines are dropped, apart from the one separating the settings from the tree.
/// - A file with syntax errors is not formatted at all (nil), so broken text is never mangled.
///   Semantic problems (duplicate IDs, unknown settings, bad values, several roots) are fine:
///   they do not make the tree's shape uncertain.
public func formattedText(_ document: Document) -> String? {
    if document.diagnostics.contains(where: { makesShapeUncertain($0.code) }) { return nil }
    var writer = FormatWriter(source: document.text)
    writer.run(document.tree)
    // Indentation grows with depth, so a very deep file could format to a huge text.
    guard !writer.tooLarge else { return nil }
    return writer.finish()
}

/// The formatting edits: one edit replacing the whole text, or none when the text is already
/// canonical or cannot safely be formatted.
public func formattingEdits(_ document: Document) -> [TextEdit] {
    guard let text = formattedText(document), Array(text.utf8) != document.text else { return [] }
    return [TextEdit(range: ByteRange(0, document.text.count), replacement: text)]
}

/// The largest formatted text produced; past it the document is left as it is.
let formattedSizeLimit = Limits.documentBytes

/// Codes after which formatting could move text around: the parser had to guess (a syntactic
/// code), or a limit was passed (the tree may be too deep or too big to write back out).
func makesShapeUncertain(_ code: DiagnosticCode) -> Bool {
    code.group != .semantic
}

/// Builds the output line by line during one explicit-stack walk of the green tree.
private struct FormatWriter {
    let source: [UInt8]
    var settings: [String] = []
    var tree: [String] = []
    /// Own-line top-level comments waiting to learn which section the next item belongs to.
    var pendingTop: [String] = []
    var prefix = ""
    var indent = 0
    /// True while the current item goes to the settings section.
    var inSetting = false
    /// The line being built (nil when none), whether it already ends with a comment, and which
    /// section it belongs to.
    var current: String?
    var currentEndsWithComment = false
    var currentIsSetting = false
    /// A newline was seen since the last code token: a comment now is an own-line comment.
    var newlineSinceCode = true
    var lastClosedIsSetting = false
    /// Bytes of indentation and code written so far, and whether that passed the limit.
    var size = 0
    var tooLarge = false

    init(source: [UInt8]) {
        self.source = source
    }

    func text(_ range: ByteRange) -> String {
        String(decoding: source[range.start..<min(range.end, source.count)], as: UTF8.self)
    }

    mutating func closeLine() {
        guard let line = current else { return }
        if currentIsSetting { settings.append(line) } else { tree.append(line) }
        lastClosedIsSetting = currentIsSetting
        current = nil
        currentEndsWithComment = false
    }

    /// Appends code to the current line, or starts a line at the current indent.
    mutating func appendCode(_ code: String, separator: String = " ") {
        if let line = current, !currentEndsWithComment {
            current = line + separator + code
        } else {
            closeLine()
            startLine(code)
        }
        newlineSinceCode = false
    }

    mutating func startLine(_ code: String) {
        closeLine()
        if indent == 0 {
            // Top-level comments collected so far belong with the item starting here.
            if inSetting { settings.append(contentsOf: pendingTop) } else { tree.append(contentsOf: pendingTop) }
            pendingTop = []
        }
        size += 2 * indent + code.utf8.count + 1
        if size > formattedSizeLimit {
            tooLarge = true
            current = nil
            return
        }
        current = String(repeating: "  ", count: indent) + code
        currentIsSetting = inSetting
        newlineSinceCode = false
    }

    mutating func comment(_ comment: String) {
        if !newlineSinceCode {
            // Code precedes this comment on its line: keep it there. A comment runs to the end
            // of its line, so the line it joins cannot already end with one.
            if current == nil, let last = lastClosedIsSetting ? settings.popLast() : tree.popLast() {
                current = last
                currentIsSetting = lastClosedIsSetting
            }
            if let line = current {
                current = line + " " + comment
                currentEndsWithComment = true
                return
            }
        }
        closeLine()
        if indent == 0 {
            pendingTop.append(comment)
        } else {
            tree.append(String(repeating: "  ", count: indent) + comment)
        }
    }

    mutating func run(_ syntax: SyntaxTree) {
        syntax.walk { event in
            if tooLarge { return false }
            switch event {
            case .enter(let green, let offset):
                switch green.kind {
                case .file, .block:
                    return true
                case .setting:
                    inSetting = true
                    return true
                case .unexpected:
                    return true  // never reached: files with leftovers are refused above
                case .node:
                    if let oneLine = oneLineForm(green, at: offset) {
                        closeLine()
                        startLine(oneLine)
                        closeLine()
                        return false
                    }
                    closeLine()
                    return true
                }
            case .exit(let green, _):
                if green.kind == .setting || green.kind == .node {
                    closeLine()
                    if green.kind == .setting { inSetting = false }
                }
            case .token(let kind, let range):
                switch kind {
                case .whitespace:
                    break
                case .newline:
                    newlineSinceCode = true
                case .byteOrderMark:
                    prefix = text(range)
                case .comment:
                    comment(text(range))
                case .word, .string, .settingKey, .unknown:
                    appendCode(text(range))
                case .leftBrace:
                    appendCode("{")
                    closeLine()
                    indent += 1
                case .rightBrace:
                    closeLine()
                    indent = max(0, indent - 1)
                    startLine("}")
                }
            }
            return true
        }
    }

    /// `ID ["label"] { a b c }` when every child is a plain leaf (ID only) and the node holds no
    /// comment; nil otherwise. Looks only one level down, so no recursion is needed.
    func oneLineForm(_ node: GreenNode, at offset: Int) -> String? {
        var parts: [String] = []
        var cursor = offset
        var block: (GreenNode, Int)?
        for element in node.children {
            defer { cursor += element.length }
            switch element {
            case .token(let token) where token.kind == .comment: return nil
            case .token(let token) where !token.kind.isTrivia:
                parts.append(text(ByteRange(start: cursor, length: token.length)))
            case .node(let inner) where inner.kind == .block: block = (inner, cursor)
            case .node: return nil
            default: break
            }
        }
        guard let (blockNode, blockStart) = block else { return nil }
        var leaves: [String] = []
        cursor = blockStart
        for element in blockNode.children {
            defer { cursor += element.length }
            switch element {
            case .token(let token):
                switch token.kind {
                case .leftBrace, .rightBrace, .whitespace, .newline: break
                default: return nil  // a comment, or anything else a one-line form would lose
                }
            case .node(let child):
                guard child.kind == .node else { return nil }
                var childCursor = cursor
                var id: String?
                for inner in child.children {
                    defer { childCursor += inner.length }
                    switch inner {
                    case .token(let token) where token.kind == .word && id == nil:
                        id = text(ByteRange(start: childCursor, length: token.length))
                    case .token(let token) where token.kind == .whitespace || token.kind == .newline: break
                    default: return nil
                    }
                }
                guard let leaf = id else { return nil }
                leaves.append(leaf)
            }
        }
        let inside = leaves.isEmpty ? " " : " " + leaves.joined(separator: " ") + " "
        return parts.joined(separator: " ") + " {" + inside + "}"
    }

    mutating func finish() -> String {
        closeLine()
        tree.append(contentsOf: pendingTop)
        var lines = settings
        if !settings.isEmpty && !tree.isEmpty { lines.append("") }
        lines.append(contentsOf: tree)
        if lines.isEmpty { return prefix }
        return prefix + lines.joined(separator: "\n") + "\n"
    }
}
