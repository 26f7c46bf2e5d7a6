import BracketModel
import BracketSyntax

public struct CompletionEntry: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case settingKey, settingValue, newID }
    public var label: String
    /// Plain text to insert over `replacing` (no snippet syntax).
    public var insertText: String
    /// The bytes the insertion replaces (what was typed of the word so far).
    public var replacing: ByteRange
    public var kind: Kind
    public var detail: String
}

/// The setting keys a file may use, in the order the language reference lists them.
public let settingKeys = ["title", "card-width", "card-height", "level-gap", "leaf-gap", "margin", "root", "align"]

/// Completion at `offset`:
/// - inside or right after `@…` at the top level: every setting key, inserted with a trailing space;
/// - after `@root ` / `@align ` (value position): the valid values;
/// - anywhere else: the next free ID, the one name a new node can take without a clash.
public func completions(at offset: Int, in document: Document) -> [CompletionEntry] {
    let text = document.text
    let offset = min(max(offset, 0), text.count)
    // What has been typed of the current word (ID characters, '-', '.', '@').
    var wordStart = offset
    while wordStart > 0, isWordByte(text[wordStart - 1]) { wordStart -= 1 }
    let typed = ByteRange(wordStart, offset)
    if wordStart < offset, text[wordStart] == UInt8(ascii: "@") {
        return settingKeys.map {
            CompletionEntry(label: "@" + $0, insertText: "@" + $0 + " ", replacing: typed, kind: .settingKey,
                            detail: "setting")
        }
    }
    // Value position: the previous token on this line is a setting key.
    var cursor = wordStart
    while cursor > 0, text[cursor - 1] == UInt8(ascii: " ") || text[cursor - 1] == UInt8(ascii: "\t") { cursor -= 1 }
    if cursor < wordStart {
        var keyStart = cursor
        while keyStart > 0, isWordByte(text[keyStart - 1]) { keyStart -= 1 }
        let key = String(decoding: text[keyStart..<cursor], as: UTF8.self)
        let values: [String]
        switch key {
        case "@root": values = RootSide.allCases.map(\.rawValue)
        case "@align": values = LeafAlignment.allCases.map(\.rawValue)
        case "@fit": values = CardFit.allCases.map(\.rawValue)
        case "@title-visible": values = ["true", "false"]
        default: values = []
        }
        if key.hasPrefix("@") {
            return values.map {
                CompletionEntry(label: $0, insertText: $0, replacing: typed, kind: .settingValue, detail: key)
            }
        }
    }
    let id = nextFreeID(in: document.diagram())
    return [CompletionEntry(label: id, insertText: id, replacing: ByteRange(offset, offset), kind: .newID,
                            detail: "next free ID")]
}

private func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == 0x5F || byte == 0x2D || byte == 0x2E || byte == 0x40
}
