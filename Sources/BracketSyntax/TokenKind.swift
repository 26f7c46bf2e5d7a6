/// The kinds of token the lexer produces. Every byte of a document belongs to exactly one token,
/// trivia included, which is what makes the tree lossless.
public enum TokenKind: UInt8, Sendable, Hashable, CaseIterable {
    /// Spaces and tabs.
    case whitespace
    /// `\n`, `\r\n` or a lone `\r`.
    case newline
    /// `#` up to (not including) the end of the line.
    case comment
    /// A UTF-8 byte order mark at the very start of the file.
    case byteOrderMark
    /// An identifier or a setting value: `[A-Za-z0-9_][A-Za-z0-9_.-]*`.
    case word
    /// A double-quoted label, possibly unterminated (then it stops before the line break).
    case string
    case leftBrace
    case rightBrace
    /// `@` and the setting name after it, e.g. `@card-width`.
    case settingKey
    /// A run of characters that start no token: reported as stray.
    case unknown
    /// `[`, opening a node's attribute list.
    case leftBracket
    /// `]`, closing it.
    case rightBracket
    /// `=`, between an attribute's key and its value.
    case equals
    /// `,`, an optional separator between attributes.
    case comma

    /// Trivia carries no meaning for the parser; it is kept only so the tree prints back exactly.
    public var isTrivia: Bool {
        switch self {
        case .whitespace, .newline, .comment, .byteOrderMark: true
        default: false
        }
    }
}

/// The kinds of inner node in the lossless tree.
public enum NodeKind: UInt8, Sendable, Hashable, CaseIterable, BitwiseCopyable {
    /// The whole document: settings, nodes and anything unexpected at the top level.
    case file
    /// `ID [LABEL] [ATTRIBUTES] [BLOCK]`. Its first non-trivia token is the ID word, except for
    /// the error case of a block written without an ID.
    case node
    /// `{ NODE* }`; the closing brace may be missing (an error).
    case block
    /// `@key [VALUE]`.
    case setting
    /// Tokens the parser could not place (stray characters, a label with no node, an unmatched
    /// `}`, an attribute list with no node), wrapped so that no text is ever dropped.
    case unexpected
    /// `[ ATTRIBUTE* ]`; the closing bracket may be missing (an error). Separating commas are
    /// its direct children, as are tokens that cannot start an attribute (wrapped as
    /// `.unexpected`).
    case attributes
    /// `KEY [= VALUE]`: a word, then optionally `=` and a word or string.
    case attribute
}
