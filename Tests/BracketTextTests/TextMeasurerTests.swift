import Testing
@testable import BracketText

/// Widths, metrics and baselines of `TextMeasurer`.
@Suite struct TextMeasurerTests {
    let measurer = TextMeasurer(fontSize: 13)
    /// Pixels per font unit at 13 px.
    var unit: Double { 13.0 / 2048 }

    @Test func asciiWidthsAreDejaVuSansAdvances() {
        // DejaVu Sans: "a" 1255, " " 651, "N" 1540, "o" 1253, "d" 1300, "e" 1260 units of 2048.
        #expect(measurer.width(of: "a") == 1255 * unit)
        #expect(measurer.width(of: "a a") == (1255 + 651 + 1255) * unit)
        #expect(measurer.width(of: "") == 0)
    }

    /// The SVG draws a tab in a label as a space, so it must take a space's room, not none.
    @Test func aTabIsMeasuredAsTheSpaceItIsDrawnAs() {
        #expect(measurer.width(of: "a\tb") == measurer.width(of: "a b"))
        #expect(measurer.wrap("a\tb", maxWidth: 1000, maxLines: 3).width == measurer.width(of: "a b"))
    }

    @Test func widthIsTheSumOfItsClusters() {
        // (Not Arabic: its letters change width with their neighbours, see ArabicTests.)
        let texts = ["Node 123", "Ayşe Émile", "Дмитрий", "अनन्या", "日本語のテキスト", "Final 🏆", "שלום"]
        for text in texts {
            let sum = text.reduce(0.0) { $0 + measurer.width(of: Substring(String($1))) }
            #expect(abs(measurer.width(of: Substring(text)) - sum) < 1e-9, "\(text)")
        }
    }

    @Test func emojiClustersAreOneGlyph() {
        let emoji = Double(FontTable.emojiUnits) * unit
        for cluster in ["🏆", "👨‍👩‍👧", "👍🏽", "🇫🇷", "1️⃣", "❤️", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"] {
            #expect(cluster.count == 1)
            #expect(measurer.width(of: Substring(cluster)) == emoji, "\(cluster)")
        }
        #expect(measurer.width(of: "🏆🏆") == 2 * emoji)
    }

    @Test func marksAndSelectorsAddNothing() {
        #expect(measurer.width(of: "e\u{301}") == measurer.width(of: "e"))
        #expect(measurer.width(of: "a\u{308}\u{323}") == measurer.width(of: "a"))
        #expect(measurer.width(of: "a\u{FE00}") == measurer.width(of: "a"))
        #expect(measurer.width(of: "☺\u{FE0E}") == measurer.width(of: "☺"))
        #expect(measurer.width(of: "a\u{200B}b") == measurer.width(of: "ab"))
        // Precomposed and decomposed forms measure the same.
        #expect(measurer.width(of: "é") == measurer.width(of: "e\u{301}"))
    }

    @Test func scriptsHaveTheirOwnWidths() {
        #expect(measurer.width(of: "日本語") == 3 * 13, "CJK is one em each")
        #expect(measurer.width(of: "カナ") == 2 * 13)
        #expect(measurer.width(of: "Дмитрий") > 0)
        #expect(measurer.width(of: "अनन्या") > measurer.width(of: "अ"))
        #expect(measurer.width(of: "\u{E000}") >= 13, "private use is measured wide")
    }

    @Test func lineFeedAndControlsHaveNoWidth() {
        #expect(measurer.width(of: "ab\ncd") == measurer.width(of: "abcd"))
        #expect(measurer.width(of: "ab\r\ncd") == measurer.width(of: "abcd"))
        #expect(measurer.width(of: "é\nü") == measurer.width(of: "éü"))
    }

    @Test func metricsComeFromDejaVuSansHhea() {
        #expect(measurer.ascent == 1901 * unit)
        #expect(measurer.descent == 483 * unit)
        #expect(measurer.lineHeight == 2384 * unit)
    }

    @Test func baselinesCentreTheBlock() {
        #expect(measurer.baselines(lineCount: 0).isEmpty)
        for count in 1...5 {
            let baselines = measurer.baselines(lineCount: count)
            #expect(baselines.count == count)
            let top = baselines[0] - measurer.ascent
            let bottom = baselines[count - 1] + measurer.descent
            #expect(abs(top + bottom) < 1e-9, "block centred on 0 for \(count) lines")
            for index in 1..<count {
                #expect(abs(baselines[index] - baselines[index - 1] - measurer.lineHeight) < 1e-9)
            }
        }
        // One line at 13 px: baseline (ascent - descent) / 2 below the centre.
        #expect(abs(measurer.baselines(lineCount: 1)[0] - (1901 - 483) / 2.0 * unit) < 1e-9)
    }

    @Test func widthsScaleWithFontSize() {
        let small = TextMeasurer(fontSize: 10), large = TextMeasurer(fontSize: 20)
        #expect(abs(large.width(of: "Semi-final A") - 2 * small.width(of: "Semi-final A")) < 1e-9)
    }
}
