import Testing
@testable import BracketText

/// Random labels from every script, at random widths and line counts: wrapping always ends,
/// keeps every cluster, fits whenever it can, and reports the widths of what it returns.
@Suite struct WrapPropertyTests {
    /// Pieces a label is made of: words in each script, spaces, dashes, breaks, emoji, marks.
    static let pieces = [
        "Node", "Vice", "President,", "Engineering", "Ayşe", "Émile", "Αθήνα", "Дмитрий", "שלום",
        "مرحبا", "بالعالم", "अनन्या", "क्षत्रिय", "東京都", "カタカナー", "。", "「", "」", "서울",
        "🏆", "👨‍👩‍👧", "🇫🇷", "e\u{301}", "\u{FE0F}", " ", " ", "   ", "-", "–", "—", "\n", "\r\n",
        "2020-2021", "(x)", "\u{200B}", "\u{00A0}", "\u{E000}", "Supercalifragilisticexpialidocious",
    ]

    /// A small deterministic generator, so a failure names a reproducible case.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    @Test func randomLabelsKeepTheWrappingInvariants() {
        let measurer = TextMeasurer(fontSize: 13)
        var random = SplitMix(state: 14)
        for round in 0..<3000 {
            var label = ""
            for _ in 0..<random.below(14) { label += Self.pieces[random.below(Self.pieces.count)] }
            let maxWidth = [0, 1, 8, 20, 40, 80, 116, 200, 1000][random.below(9)] as Double
            let maxLines = random.below(6)
            let wrapped = measurer.wrap(label, maxWidth: maxWidth, maxLines: maxLines)
            let context = "round \(round): \(label.debugDescription) in \(maxWidth) × \(maxLines)"

            #expect(wrapped.lines.count == wrapped.lineWidths.count, "\(context)")
            #expect(wrapped.lines.count <= max(1, maxLines), "\(context)")
            #expect(label.isEmpty == wrapped.lines.isEmpty, "\(context)")
            for (line, width) in zip(wrapped.lines, wrapped.lineWidths) {
                #expect(width == measurer.width(of: Substring(line)), "\(context): \(line.debugDescription)")
                let content = wrapped.isTruncated && line == wrapped.lines.last ? String(line.dropLast()) : line
                if width > maxWidth {
                    #expect(content.filter { !$0.isWhitespace && $0 != "\u{200B}" }.count <= 1, "only a lone cluster overflows: \(context)")
                }
            }
            if !label.contains(where: \.isNewline) {
                #expect(wrapped.lines.allSatisfy { !$0.isEmpty }, "no empty line without a line break: \(context)")
            }
            if !wrapped.isTruncated {
                // Nothing is lost but the spaces at breaks and the line breaks themselves.
                let kept = wrapped.lines.joined().filter { !$0.isWhitespace && $0 != "\u{200B}" }
                let source = label.filter { !$0.isWhitespace && $0 != "\u{200B}" }
                #expect(kept == source, "\(context): \(wrapped.lines)")
            }
            // A label that fits on one line is returned as it is.
            if !label.isEmpty, let single = measurer.singleLine(label, maxWidth: maxWidth) {
                #expect(wrapped.lines == [label] && wrapped.lineWidths == [single], "\(context)")
            }
        }
    }
}
