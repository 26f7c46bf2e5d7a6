import Testing
@testable import BracketText

/// The decoded table against widths the generator read straight from the font files.
@Suite struct FontTableTests {
    @Test func tableHoldsTheGeneratedAdvances() {
        for sample in fontSampleAdvances {
            #expect(FontTable.units(of: sample.codePoint) == sample.table, "U+\(String(sample.codePoint, radix: 16))")
        }
    }

    @Test func tableNeverUndercutsTheFontThatDrawsACharacter() {
        for sample in fontSampleAdvances where sample.font >= 0 {
            let scalar = Unicode.Scalar(sample.codePoint)!
            let isMark = scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .enclosingMark
            if isMark || sample.codePoint < 0x20 || sample.codePoint == 0x200D || (0xFE00...0xFE0F).contains(sample.codePoint) {
                #expect(sample.table == 0, "marks, selectors and controls draw nothing of their own")
            } else {
                #expect(sample.table >= sample.font, "U+\(String(sample.codePoint, radix: 16))")
            }
        }
    }

    @Test func shapedLabelsAreNeverWiderThanMeasured() {
        for sample in fontSampleLabels {
            let measured = Double(TextMeasurer.units(of: Substring(sample.text)))
            let shaped = max(sample.unkerned, sample.kerned)
            #expect(measured >= shaped - 0.5, "\(sample.script): \(measured) < \(shaped)")
            // …and not so wide that cards grow for nothing. Arabic letters are measured in their
            // joining forms, Devanagari consonants before a virama as their half forms.
            let tolerance = sample.script == "devanagari" ? 1.15 : 1.1
            #expect(measured <= shaped * tolerance, "\(sample.script): \(measured) ≫ \(shaped)")
        }
    }

    @Test func unknownCodePointsAreMeasuredWide() {
        // Private use and unassigned code points: no font in the table draws them.
        for codePoint: UInt32 in [0xE000, 0xF8FF, 0x50000, 0x10FFFD] {
            #expect(FontTable.units(of: codePoint) >= FontTable.emojiUnits)
            #expect(FontTable.units(of: codePoint) >= 2048)
        }
    }

    @Test func cjkAndKanaAreOneEm() {
        for codePoint: UInt32 in [0x4E00, 0x65E5, 0x9F8D, 0x3042, 0x30A2, 0x20000, 0xFF21] {
            #expect(FontTable.units(of: codePoint) == 2048, "U+\(String(codePoint, radix: 16))")
        }
    }

    @Test func everyTableEntryIsDecodedAtItsPlace() {
        // The flat plane and the searched runs must agree at run edges: U+FFFF then U+10000.
        #expect(FontTable.units(of: 0x1F600) == FontTable.emojiUnits)
        #expect(FontTable.units(of: 0x1F64F) == FontTable.emojiUnits)
        #expect(FontTable.units(of: 0xE0100) == 0, "variation selectors supplement")
        #expect(FontTable.units(of: 0x10FFFF) == FontTable.unknownUnits)
    }
}
