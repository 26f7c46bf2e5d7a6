import Testing
@testable import BracketText

/// Arabic letters are measured in the joining form shaping gives them, also at line ends.
@Suite struct ArabicTests {
    let measurer = TextMeasurer(fontSize: 13)
    var unit: Double { 13.0 / 2048 }

    // DejaVu Sans forms of beh (U+0628): isolated 1928, final 2011, initial 570, medial 618;
    // alef (U+0627, joins only backwards): isolated 569, final 624.
    @Test func lettersTakeTheirJoiningForm() {
        #expect(measurer.width(of: "ب") == 1928 * unit)
        #expect(measurer.width(of: "بب") == (570 + 2011) * unit)
        #expect(measurer.width(of: "ببب") == (570 + 618 + 2011) * unit)
        #expect(measurer.width(of: "با") == (570 + 624) * unit)
        #expect(measurer.width(of: "اب") == (569 + 1928) * unit, "alef does not join the letter after it")
        #expect(measurer.width(of: "ب ب") == (1928 + 651 + 1928) * unit, "a space breaks the join")
        #expect(measurer.width(of: "ب\u{200C}ب") == (1928 + 1928) * unit, "so does a zero-width non-joiner")
        #expect(measurer.width(of: "بَب") == (570 + 2011) * unit, "a vowel mark is transparent")
    }

    @Test func aWordIsNarrowerThanItsIsolatedLetters() {
        let word = "القاهرة"
        let isolated = word.reduce(0.0) { $0 + measurer.width(of: Substring(String($1))) }
        #expect(measurer.width(of: Substring(word)) < isolated * 0.9)
    }

    @Test func linesCutInsideAWordAreMeasuredWithoutTheirLostNeighbours() {
        let word = String(repeating: "ب", count: 40)
        let wrapped = measurer.wrap(word, maxWidth: 40, maxLines: 100)
        #expect(wrapped.lines.count > 1)
        #expect(wrapped.lines.joined() == word)
        for (line, width) in zip(wrapped.lines, wrapped.lineWidths) {
            #expect(width == measurer.width(of: Substring(line)))
            #expect(width <= 40)
        }
        let truncated = measurer.wrap(word, maxWidth: 40, maxLines: 2)
        #expect(truncated.isTruncated)
        #expect(truncated.lineWidths[1] == measurer.width(of: Substring(truncated.lines[1])))
        #expect(truncated.lineWidths[1] <= 40)
    }
}

/// Devanagari conjuncts: a consonant that a virama joins to the next takes its half form's room.
@Suite struct DevanagariTests {
    let measurer = TextMeasurer(fontSize: 13)

    func units(_ text: String) -> Int { TextMeasurer.units(of: Substring(text)) }

    @Test func firstConsonantOfAConjunctTakesItsHalfForm() {
        let ka = FontTable.units(of: 0x0915), ssa = FontTable.units(of: 0x0937), ta = FontTable.units(of: 0x0924)
        let halfKa = Int(FontTable.devanagariHalfForms.first { $0.0 == 0x0915 }!.1)
        #expect(halfKa < ka)
        #expect(units("क्ष") == halfKa + ssa)
        #expect(units("क्") == ka, "a virama at the end leaves the letter whole")
        #expect(units("क\u{094D}\u{200C}ष") == ka + ssa, "a non-joiner keeps both whole")
        // In a chain only the first consonant saves room.
        let halfSa = Int(FontTable.devanagariHalfForms.first { $0.0 == 0x0938 }!.1)
        #expect(units("स्त्र") == halfSa + ta + FontTable.units(of: 0x0930))
    }
}
