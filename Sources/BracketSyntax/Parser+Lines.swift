/// The parser's fast path: whole lines of the shapes that make up almost every file, recognised
/// from their bytes and placed on the builder in one step each.
///
/// Why: the token-at-a-time loop pays, for every token, a dispatch on its first byte, a return
/// through `Lexer.Token`, the `peek`/`bump` bookkeeping and a call per non-trivia token, about a
/// hundred instructions a token, and a typical line is three to five tokens of which only one
/// or two carry meaning. Here a line is matched by reading its bytes (the blank run, the ID,
/// what follows it) before anything is placed, and then one builder call per line
/// (GreenBuilder+Lines.swift) leaves the builder exactly as the item loop's calls for those
/// tokens would, so the tree is the same.
///
/// The shapes (each ends with its line break, LF, CRLF or a lone CR; `{` is followed directly
/// by the line break):
///
///     INDENT? ID                     a leaf
///     INDENT? ID " " "LABEL"         a leaf with a label
///     INDENT? ID " " {               a parent
///     INDENT? ID " " "LABEL" " " {   a parent with a label
///     INDENT? }                      the end of a block (only inside one)
///     INDENT?                        a blank line
///
/// A leaf's line counts only when the next line starts with an ID or `}`: the grammar lets a
/// node's label or block follow on a later line, so a leaf is known to be one only once the next
/// token is.
///
/// Anything else (a comment, a setting, two items on a line, a stray byte, the last line when
/// it has no line break) leaves this loop at the start of that line with nothing of it placed,
/// and the item loop carries on from there; it comes back here after its next token.
extension Parser {
    /// Places the lines from the lexer's position on, while they have one of the shapes above.
    /// Called only when no token has been peeked, so all trivia lexed so far is on the
    /// builder's stack, as pending trivia after the placed tokens, and the lexer's position is
    /// where the next token starts.
    @inline(__always)
    mutating func parseLines(openBlocks: inout Int) {
        guard let b = lexer.bytes.baseAddress else { return }  // no bytes at all
        let end = lexer.end
        var p = lexer.cursor
        // A token longer than the builder's limit is cut into pieces by the general path; a line
        // no longer than the limit cannot hold one.
        let maxLine = builder.maxTokenLength
        // Where the current line's first token starts (after its indentation).
        var q = Lexer.skipBlanks(b, p, end)
        while true {
            guard q < end else { break }
            let c = b[q]
            if c == 0x7D {
                // `}`: only with a block to close, and directly followed by the line break.
                let breakLength = Parser.lineBreakLength(b, q &+ 1, end)
                guard openBlocks > 0, breakLength > 0, q &+ 1 &+ breakLength &- p <= maxLine else { break }
                builder.placeClosingLine(indent: q &- p, brace: q, lineBreak: breakLength)
                openBlocks &-= 1
                placed &+= 1
                p = q &+ 1 &+ breakLength
                q = Lexer.skipBlanks(b, p, end)
                continue
            }
            if c == 0x0A || c == 0x0D {
                // A blank line: trivia only.
                let breakLength = Parser.lineBreakLength(b, q, end)
                guard q &+ breakLength &- p <= maxLine else { break }
                builder.placeBlankLine(indent: q &- p, lineBreak: breakLength)
                p = q &+ breakLength
                q = Lexer.skipBlanks(b, p, end)
                continue
            }
            guard Lexer.isWordStart(c) else { break }
            // An ID, then: the line break (a leaf), or one space and then a label and/or `{`.
            let idEnd = Lexer.skipWord(b, q &+ 1, end)
            var cursor = idEnd
            var labelEnd = -1
            var opensBlock = false
            var breakLength = Parser.lineBreakLength(b, cursor, end)
            if breakLength == 0 {
                guard end &- cursor >= 2, b[cursor] == 0x20 else { break }
                cursor &+= 1
                if b[cursor] == 0x22 {
                    // The label; an unterminated one ends at the line break, as in the lexer.
                    labelEnd = Lexer.skipString(b, cursor &+ 1, end)
                    cursor = labelEnd
                    breakLength = Parser.lineBreakLength(b, cursor, end)
                    if breakLength == 0 {
                        guard end &- cursor >= 2, b[cursor] == 0x20 else { break }
                        cursor &+= 1
                    }
                }
                if breakLength == 0 {
                    guard b[cursor] == 0x7B else { break }
                    opensBlock = true
                    cursor &+= 1
                    breakLength = Parser.lineBreakLength(b, cursor, end)
                    guard breakLength > 0 else { break }
                }
            }
            guard cursor &+ breakLength &- p <= maxLine else { break }
            let nextLine = cursor &+ breakLength
            let nextFirst = Lexer.skipBlanks(b, nextLine, end)
            if !opensBlock {
                // A leaf (labelled or not) only if no label or block follows on the next line.
                guard nextFirst < end else { break }
                let next = b[nextFirst]
                guard next == 0x7D || Lexer.isWordStart(next) else { break }
            }

            // The builder ends up as after the item loop's `.word` case for these tokens.
            let idLength = idEnd &- q
            if opensBlock {
                let labelLength = labelEnd < 0 ? 0 : labelEnd &- (idEnd &+ 1)
                builder.placeParentLine(indent: q &- p, id: q, idLength: idLength, labelLength: labelLength, lineBreak: breakLength)
                openBlocks &+= 1
                placed &+= labelEnd < 0 ? 2 : 3
            } else if labelEnd < 0 {
                builder.placeLeafLine(indent: q &- p, id: q, idLength: idLength, lineBreak: breakLength)
                placed &+= 1
            } else {
                builder.placeLabelledLeafLine(
                    indent: q &- p, id: q, idLength: idLength, labelLength: labelEnd &- (idEnd &+ 1), lineBreak: breakLength)
                placed &+= 2
            }
            p = nextLine
            q = nextFirst
        }
        lexer.cursor = p
    }

    /// The length of the line break at `p`: 1 for LF or a lone CR, 2 for CRLF, 0 for none (or at
    /// `end`), as the lexer reads them.
    @inline(__always)
    static func lineBreakLength(_ b: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        guard p < end else { return 0 }
        switch b[p] {
        case 0x0A: return 1
        case 0x0D: return p &+ 1 < end && b[p &+ 1] == 0x0A ? 2 : 1
        default: return 0
        }
    }
}
