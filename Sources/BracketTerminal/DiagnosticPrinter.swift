import BracketModel
import BracketSyntax

/// `bracket check`'s text form, as rustc and clang print: a `FILE:LINE:COL: severity: message
/// [code]` line (column in bytes, so editors' jump-to-error lands right), the source line under
/// it with a `^~~~` run beneath the range, and each related location as a `note:` with its own
/// excerpt. Everything taken from the input is escaped, so a stray ESC cannot drive the
/// terminal; columns of the caret count display width (tabs, multi-byte and wide characters).
public struct DiagnosticPrinter {
    public let document: Document
    public let file: String
    public let color: Bool

    public init(document: Document, file: String, color: Bool) {
        self.document = document
        self.file = file
        self.color = color
    }

    /// Widest part of a line shown on either side of a range: a diagnostic on a
    /// megabyte-long line prints a bounded excerpt, so output stays proportional to the input.
    public static let context = 60
    /// Longest stretch of a range that is underlined (the rest is cut with `…`).
    public static let maxUnderline = 120
    public static let tabWidth = 4

    /// The diagnostic's lines, each ending in a line feed.
    public func text(of diagnostic: Diagnostic) -> String {
        var out = message(diagnostic.range.start, diagnostic.severity.name, severityStyle(diagnostic.severity),
                          diagnostic.message + " [\(diagnostic.code.rawValue)]")
        out += excerpt(diagnostic.range)
        for related in diagnostic.related {
            out += message(related.range.start, "note", Style.note, related.message)
            out += excerpt(related.range)
        }
        return out
    }

    private func message(_ offset: Int, _ severity: String, _ style: String, _ text: String) -> String {
        let position = document.lineIndex.position(of: offset, in: document.text, encoding: .utf8)
        let location = "\(TerminalText.escaped(file)):\(position.line + 1):\(position.character + 1):"
        return paint(location, Style.bold) + " " + paint(severity + ":", style) + " "
            + paint(TerminalText.escaped(text), Style.bold) + "\n"
    }

    /// `  12 | the line` and `     |   ^~~~` under it.
    private func excerpt(_ range: ByteRange) -> String {
        let text = document.text
        let index = document.lineIndex
        let line = index.line(containing: max(0, min(range.start, text.count)))
        let lineStart = index.lineStart(line)
        let lineEnd = index.contentEnd(ofLine: line, in: text)
        // A range starting on the line break itself is shown at the line's end.
        let start = max(lineStart, min(range.start, lineEnd))
        // A range reaching past its first line is underlined to that line's end, as clang does.
        let end = max(start, min(range.end, lineEnd))
        let underlinedEnd = characterBoundary(min(end, start + Self.maxUnderline), from: start)
        let shownStart = characterBoundary(max(lineStart, start - Self.context), from: lineStart)
        let shownEnd = characterBoundary(min(lineEnd, underlinedEnd + Self.context), from: underlinedEnd)

        let cutBefore = shownStart > lineStart, cutAfter = shownEnd < lineEnd || underlinedEnd < end
        let before = (cutBefore ? "…" : "") + shown(text[shownStart..<start])
        let inside = shown(text[start..<underlinedEnd])
        let after = shown(text[underlinedEnd..<shownEnd]) + (cutAfter ? "…" : "")

        let number = String(line + 1)
        let gutter = String(repeating: " ", count: number.count)
        let insideWidth = TerminalText.width(Substring(inside))
        var indentWidth = TerminalText.width(Substring(before))
        // A range that is only a combining mark sits on the character before it.
        if insideWidth == 0, !inside.isEmpty, indentWidth > 0 { indentWidth -= 1 }
        let indent = String(repeating: " ", count: indentWidth)
        let runWidth = max(1, insideWidth)
        let marker = "^" + String(repeating: "~", count: runWidth - 1)
        return paint(" \(number) |", Style.gutter) + " " + before + inside + after + "\n"
            + paint(" \(gutter) |", Style.gutter) + " " + indent + paint(marker, Style.caret) + "\n"
    }

    /// `offset` moved back to the start of the character it falls in (never before `floor`).
    private func characterBoundary(_ offset: Int, from floor: Int) -> Int {
        var offset = offset
        while offset > floor, offset < document.text.count, document.text[offset] & 0xC0 == 0x80 { offset -= 1 }
        return offset
    }

    /// Source bytes as shown: invalid UTF-8 as U+FFFD, controls escaped, tabs as spaces.
    private func shown(_ bytes: ArraySlice<UInt8>) -> String {
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Printable ASCII, the usual case, needs none of the steps below.
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return decoded }
        let escaped = TerminalText.escaped(decoded, keepTabs: true)
        guard escaped.utf8.contains(UInt8(ascii: "\t")) else { return escaped }
        return escaped.replacingTabs(with: String(repeating: " ", count: Self.tabWidth))
    }

    private func severityStyle(_ severity: Severity) -> String {
        switch severity {
        case .error: Style.error
        case .warning: Style.warning
        case .information, .hint: Style.note
        }
    }

    private func paint(_ text: String, _ style: String) -> String {
        color ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text
    }

    /// SGR parameters, as clang uses them.
    private enum Style {
        static let bold = "1"
        static let error = "1;31"
        static let warning = "1;35"
        static let note = "1;36"
        static let caret = "1;32"
        static let gutter = "1;34"
    }
}

private extension String {
    func replacingTabs(with spaces: String) -> String {
        var result = ""
        for character in self { if character == "\t" { result += spaces } else { result.append(character) } }
        return result
    }
}
