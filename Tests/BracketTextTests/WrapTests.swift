import Testing
@testable import BracketText

/// Line breaking, truncation and the invariants every wrap keeps.
@Suite struct WrapTests {
    let measurer = TextMeasurer(fontSize: 13)

    func wrap(_ text: String, _ maxWidth: Double, _ maxLines: Int = 10) -> WrappedText {
        let wrapped = measurer.wrap(text, maxWidth: maxWidth, maxLines: maxLines)
        checkInvariants(text, wrapped, maxWidth: maxWidth, maxLines: maxLines)
        return wrapped
    }

    /// Holds for every wrap: widths are the lines' own, lines fit unless a single cluster cannot,
    /// no line of a non-empty label is empty (bar blank lines the label asks for), and nothing is lost.
    func checkInvariants(_ text: String, _ wrapped: WrappedText, maxWidth: Double, maxLines: Int) {
        #expect(wrapped.lines.count == wrapped.lineWidths.count)
        #expect(wrapped.lines.count <= max(1, maxLines))
        for (line, width) in zip(wrapped.lines, wrapped.lineWidths) {
            #expect(abs(measurer.width(of: Substring(line)) - width) < 1e-9, "\(line)")
            if width > maxWidth {
                let content = wrapped.isTruncated && line.hasSuffix("…") ? String(line.dropLast()) : line
                #expect(content.count <= 1, "only a lone cluster may overflow: \(line) in \(maxWidth)")
            }
            if !line.isEmpty {
                #expect(line.last != " " || line.allSatisfy { $0 == " " }, "no trailing space at a break: '\(line)'")
            }
        }
        if !text.isEmpty && !text.contains(where: \.isNewline) {
            #expect(wrapped.lines.allSatisfy { !$0.isEmpty }, "\(wrapped.lines)")
        }
        if !wrapped.isTruncated {
            let drawn = wrapped.lines.joined().filter { !$0.isWhitespace }
            let source = text.filter { !$0.isWhitespace }
            #expect(drawn == source, "every non-space cluster is drawn exactly once")
        } else {
            #expect(wrapped.lines.last?.hasSuffix("…") == true)
        }
    }

    @Test func shortLabelIsOneLine() {
        let wrapped = wrap("Node 123", 200)
        #expect(wrapped.lines == ["Node 123"])
        #expect(wrapped.isTruncated == false)
        #expect(wrapped.width == measurer.width(of: "Node 123"))
    }

    @Test func emptyLabelHasNoLines() {
        let wrapped = wrap("", 100)
        #expect(wrapped.lines.isEmpty)
        #expect(wrapped.width == 0)
    }

    @Test func breaksAtSpacesAndDropsThem() {
        let text = "Vice President, Platform Engineering"
        let width = measurer.width(of: "Vice President,") + 1
        let wrapped = wrap(text, width)
        #expect(wrapped.lines == ["Vice President,", "Platform", "Engineering"])
    }

    @Test func greedyFillPutsAsManyWordsAsFit() {
        let width = measurer.width(of: "aa bb") + 0.01
        #expect(wrap("aa bb cc dd ee", width).lines == ["aa bb", "cc dd", "ee"])
        #expect(wrap("aa    bb cc", width).lines == ["aa", "bb cc"], "a run of spaces is one break")
    }

    @Test func breaksAfterHyphensAndDashes() {
        for dash in ["-", "\u{2010}", "\u{2013}", "\u{2014}"] {
            let text = "Semi\(dash)final"
            let wrapped = wrap(text, measurer.width(of: Substring("Semi\(dash)")) + 1)
            #expect(wrapped.lines == ["Semi\(dash)", "final"], "\(dash)")
        }
        // Not inside a number or before a leading minus.
        #expect(wrap("2020-2021", measurer.width(of: "2020-202")).lines == ["2020-202", "1"])
        #expect(wrap("x -5", measurer.width(of: "x -")).lines == ["x", "-5"])
    }

    @Test func explicitLineBreaksAlwaysBreak() {
        #expect(wrap("Final\n2026", 500).lines == ["Final", "2026"])
        #expect(wrap("a\r\nb", 500).lines == ["a", "b"])
        #expect(wrap("a\n\nb", 500).lines == ["a", "", "b"], "a blank line stays")
        #expect(wrap("a\n", 500).lines == ["a"], "a final line break adds no empty line")
        #expect(wrap("Ayşe\nÉmile", 500).lines == ["Ayşe", "Émile"])
        #expect(wrap("\n", 500).lines == [""])
    }

    @Test func hugeWordBreaksBetweenClusters() {
        let word = String(repeating: "Supercalifragilistic", count: 5)
        let maxWidth = 80.0
        let wrapped = wrap(word, maxWidth, 100)
        #expect(wrapped.lines.count > 1)
        #expect(wrapped.lines.joined() == word)
        for line in wrapped.lines.dropLast() {
            // Each line is as full as it can be: one more character would not fit.
            #expect(measurer.width(of: Substring(line)) <= maxWidth)
            let next = word[word.index(word.startIndex, offsetBy: wrapped.lines.first!.count)]
            #expect(measurer.width(of: Substring(line + String(next))) > maxWidth || line != wrapped.lines.first)
        }
    }

    @Test func wordAfterASpaceThatIsTooWideStillBreaks() {
        let wrapped = wrap("ab " + String(repeating: "m", count: 40), measurer.width(of: "mmmmmmmmmm"))
        #expect(wrapped.lines[0] == "ab")
        #expect(wrapped.lines.dropFirst().allSatisfy { $0.allSatisfy { $0 == "m" } })
    }

    @Test func truncationEndsTheLastLineInAnEllipsisThatFits() {
        let text = "Vice President, Platform Engineering and Developer Experience"
        let maxWidth = 120.0
        let wrapped = wrap(text, maxWidth, 2)
        #expect(wrapped.isTruncated)
        #expect(wrapped.lines.count == 2)
        #expect(wrapped.lines[0] == "Vice President,")
        #expect(wrapped.lines[1].hasSuffix("…"))
        #expect(wrapped.lineWidths[1] <= maxWidth)
        #expect(!wrapped.lines[1].dropLast().hasSuffix(" "))
    }

    @Test func maxLinesOneKeepsOneLine() {
        let wrapped = wrap("Quarter-final 1 of 4", 60, 1)
        #expect(wrapped.lines.count == 1)
        #expect(wrapped.isTruncated)
        #expect(wrapped.lineWidths[0] <= 60)
        #expect(wrap("Quarter-final 1 of 4", 60, 0).lines.count == 1, "maxLines below 1 means 1")
        #expect(wrap("a\nb", 500, 1).lines == ["a…"])
    }

    @Test func exactlyMaxLinesIsNotTruncated() {
        let wrapped = wrap("one\ntwo\nthree", 500, 3)
        #expect(wrapped.lines == ["one", "two", "three"])
        #expect(!wrapped.isTruncated)
    }

    @Test func maxWidthBelowOneGlyphStillMakesProgress() {
        for text in ["Node 123", "Дмитрий", "日本語", "👨‍👩‍👧 🏆", "a b", "x"] {
            let wrapped = wrap(text, 1, 1000)
            #expect(wrapped.lines.count == text.filter { $0 != " " }.count, "one cluster per line: \(wrapped.lines)")
            let zero = wrap(text, 0, 1000)
            #expect(zero.lines == wrapped.lines)
            let negative = wrap(text, -5, 1000)
            #expect(negative.lines == wrapped.lines)
        }
        // Even truncated, the single line is not empty.
        #expect(wrap("Node", 1, 1).lines == ["…"])
    }

    @Test func clustersAreNeverSplit() {
        let text = "e\u{301}e\u{301}e\u{301}e\u{301} 👨‍👩‍👧👍🏽🇫🇷 क्षत्रिय"
        for maxWidth in stride(from: 1.0, through: 120, by: 7) {
            let wrapped = wrap(text, maxWidth, 100)
            let clusters = Set(text.map { String($0) })
            for line in wrapped.lines {
                for character in line { #expect(clusters.contains(String(character)), "\(line) splits a cluster") }
            }
        }
    }

    @Test func cjkBreaksBetweenIdeographsButNotBeforeClosingMarks() {
        let maxWidth = 13.0 * 3 + 0.5  // three ideographs
        #expect(wrap("東京都渋谷区", maxWidth).lines == ["東京都", "渋谷区"])
        // "。" may not start a line: the line breaks one ideograph earlier.
        #expect(wrap("日本語。です", maxWidth).lines == ["日本", "語。で", "す"])
        #expect(wrap("カタカナー", 13.0 * 4 + 0.5).lines == ["カタカ", "ナー"], "ー stays with its kana")
        #expect(wrap("漢字と仮名", maxWidth).lines.count == 2)
    }

    @Test func rightToLeftTextStaysInLogicalOrder() {
        let hebrew = "שלום עולם ירושלים"
        let wrapped = wrap(hebrew, measurer.width(of: "שלום עולם") + 1)
        #expect(wrapped.lines == ["שלום עולם", "ירושלים"])
        let arabic = "مرحبا بالعالم"
        #expect(wrap(arabic, measurer.width(of: "بالعالم") + 1).lines == ["مرحبا", "بالعالم"])
    }
}
