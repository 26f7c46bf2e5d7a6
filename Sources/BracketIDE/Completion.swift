import BracketModel
import BracketSyntax

public struct CompletionEntry: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case settingKey, settingValue, newID, attributeKey, attributeValue }
    public var label: String
    /// Plain text to insert over `replacing` (no snippet syntax).
    public var insertText: String
    /// The bytes the insertion replaces (what was typed of the word so far).
    public var replacing: ByteRange
    public var kind: Kind
    public var detail: String
}

/// The setting keys a file may use, in the order the language reference lists them.
public let settingKeys = LayoutSettings.fileSettingNames

/// Completion at `offset`:
/// - inside a comment or a quoted string (a label, a `@title`): nothing — that is free text;
/// - inside or right after `@…` at the top level: every setting key, inserted with a trailing space;
/// - at a setting's value: the valid values for `@root` / `@align`, nothing for the others;
/// - inside a node's `[ … ]`, where a key belongs: every attribute the node does not have yet,
///   `key=` for those taking a value and the bare flag for the others; right after `key=` of an
///   attribute whose values are known words (`status=`, `color=`): those words; after `class=`,
///   the classes the file defines and uses;
/// - inside a `@class` line's `[ … ]`: the colour keys it has not given (`fill=`, `border=`,
///   `text=`), and after one of them the CSS colour names;
/// - anywhere else: the next free ID, the one name a new node can take without a clash.
public func completions(at offset: Int, in document: Document) -> [CompletionEntry] {
    let text = document.text
    let offset = min(max(offset, 0), text.count)
    if isInFreeText(offset, in: document) { return [] }
    // What has been typed of the current word (ID characters, '-', '.', '@').
    var wordStart = offset
    while wordStart > 0, isWordByte(text[wordStart - 1]) { wordStart -= 1 }
    let typed = ByteRange(wordStart, offset)
    if let list = attributeList(whereKeyBelongsAt: wordStart, in: document), isClassLook(list, in: document) {
        let present = Set(list.attributes.filter { $0.key.start != wordStart }.map { document.string(in: $0.key) })
        return ClassLook.keys.filter { !present.contains($0) }.map {
            CompletionEntry(label: $0, insertText: $0 + "=", replacing: typed, kind: .attributeKey,
                            detail: "the class's \($0) colour")
        }
    }
    if let key = classLookValuePosition(wordStart, in: document) {
        return Colour.cssNames.map {
            CompletionEntry(label: $0.name, insertText: $0.name, replacing: typed, kind: .attributeValue, detail: key)
        }
    }
    if let spec = attributeValuePosition(wordStart, in: document), spec == .class {
        // The classes the file defines, then those its nodes use, each once.
        var names = document.fileSettings.classLooks.map(\.name)
        for name in ResolvedClasses(document.diagram()).classes.map(\.name) where !names.contains(name) { names.append(name) }
        return names.map {
            CompletionEntry(label: $0, insertText: $0, replacing: typed, kind: .attributeValue, detail: "class")
        }
    }
    if let list = attributeList(whereKeyBelongsAt: wordStart, in: document) {
        // A node takes each attribute once: offer only those it does not have yet (the word
        // being typed is not one it has).
        let present = Set(list.attributes.filter { $0.key.start != wordStart }.map { document.string(in: $0.key) })
        return AttributeSpec.all.filter { !present.contains($0.name) }.map { spec in
            CompletionEntry(
                label: spec.name, insertText: spec.takesValue ? spec.name + "=" : spec.name,
                replacing: typed, kind: .attributeKey, detail: spec.summary)
        }
    }
    if let spec = attributeValuePosition(wordStart, in: document), !spec.grammar.words.isEmpty {
        return spec.grammar.words.map {
            CompletionEntry(label: $0, insertText: $0, replacing: typed, kind: .attributeValue, detail: spec.name)
        }
    }
    if wordStart < offset, text[wordStart] == UInt8(ascii: "@") {
        return SettingSpec.all.map { spec in
            CompletionEntry(label: "@" + spec.name, insertText: "@" + spec.name + " ", replacing: typed,
                            kind: .settingKey, detail: spec.summary)
        }
    }
    // Value position: the previous token on this line is a setting key.
    var cursor = wordStart
    while cursor > 0, text[cursor - 1] == UInt8(ascii: " ") || text[cursor - 1] == UInt8(ascii: "\t") { cursor -= 1 }
    if cursor < wordStart {
        var keyStart = cursor
        while keyStart > 0, isWordByte(text[keyStart - 1]) { keyStart -= 1 }
        let key = String(decoding: text[keyStart..<cursor], as: UTF8.self)
        if key.hasPrefix("@") {
            let values = SettingSpec.named(String(key.dropFirst()))?.valueChoices ?? []
            return values.map {
                CompletionEntry(label: $0, insertText: $0, replacing: typed, kind: .settingValue, detail: key)
            }
        }
    }
    let id = nextFreeID(in: document.diagram())
    return [CompletionEntry(label: id, insertText: id, replacing: ByteRange(offset, offset), kind: .newID,
                            detail: "next free ID")]
}

/// True when the cursor stands in a comment or inside a quoted string: right after a
/// comment's last character still counts (the comment runs to the end of the line), and so does
/// the end of a string that never closed; the end of a closed string does not.
private func isInFreeText(_ offset: Int, in document: Document) -> Bool {
    guard offset > 0, let token = document.tree.token(at: offset - 1) else { return false }
    switch token.kind {
    case .comment:
        return true
    case .string:
        return offset < token.range.end || !isClosedString(token.range, in: document.text)
    default:
        return false
    }
}

/// A string token is closed when it is longer than its opening quote and ends with a quote
/// that no backslash escapes (an even run of backslashes before it).
private func isClosedString(_ range: ByteRange, in text: [UInt8]) -> Bool {
    guard range.end - range.start >= 2, text[range.end - 1] == UInt8(ascii: "\"") else { return false }
    var backslashes = 0
    var index = range.end - 2
    while index > range.start, text[index] == UInt8(ascii: "\\") {
        backslashes += 1
        index -= 1
    }
    return backslashes % 2 == 0
}

/// The attribute list `offset` (the start of the word being typed) is in, when a key belongs
/// there: after its `[`, before any `]`, and not right after `=`.
private func attributeList(whereKeyBelongsAt offset: Int, in document: Document) -> AttributesSyntax? {
    let text = document.text
    var before = offset
    while before > 0, text[before - 1] == UInt8(ascii: " ") || text[before - 1] == UInt8(ascii: "\t") { before -= 1 }
    guard before > 0, text[before - 1] != UInt8(ascii: "=") else { return nil }
    // The list holds the byte before the word (its `[`, a comma, a space, an earlier attribute).
    let path = document.tree.path(to: before - 1)
    for step in path.reversed() {
        guard step.node.kind == .attributes else { continue }
        guard let list = AttributesSyntax(step.node, at: step.offset),
              offset > list.openBracket.start, list.closeBracket.map({ offset <= $0.start }) ?? true else { return nil }
        return list
    }
    return nil
}

/// Whether `list` is a `@class` line's colours (not a node's attributes).
private func isClassLook(_ list: AttributesSyntax, in document: Document) -> Bool {
    document.tree.path(to: list.offset).contains { $0.node.kind == .setting }
}

/// The key (`fill`, `border`, `text`) of a `@class` line's colour whose value starts at
/// `offset` (right after its `key=`), or nil.
private func classLookValuePosition(_ offset: Int, in document: Document) -> String? {
    let text = document.text
    guard offset > 0, text[offset - 1] == UInt8(ascii: "=") else { return nil }
    var keyStart = offset - 1
    while keyStart > 0, isWordByte(text[keyStart - 1]) { keyStart -= 1 }
    guard keyStart < offset - 1, let list = attributeList(whereKeyBelongsAt: keyStart, in: document),
        isClassLook(list, in: document)
    else { return nil }
    let key = String(decoding: text[keyStart..<(offset - 1)], as: UTF8.self)
    return ClassLook.keys.contains(key) ? key : nil
}

/// The attribute whose value starts at `offset` (right after its `key=`, inside an attribute
/// list), or nil.
private func attributeValuePosition(_ offset: Int, in document: Document) -> AttributeSpec? {
    let text = document.text
    guard offset > 0, text[offset - 1] == UInt8(ascii: "=") else { return nil }
    var keyStart = offset - 1
    while keyStart > 0, isWordByte(text[keyStart - 1]) { keyStart -= 1 }
    guard keyStart < offset - 1, attributeList(whereKeyBelongsAt: keyStart, in: document) != nil else { return nil }
    return AttributeSpec(name: String(decoding: text[keyStart..<(offset - 1)], as: UTF8.self))
}

private func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == 0x5F || byte == 0x2D || byte == 0x2E || byte == 0x40
}
