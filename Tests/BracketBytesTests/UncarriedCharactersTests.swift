import BracketBytes
import Testing

@Suite struct UncarriedCharactersTests {
    /// The byte-level test every writer's fast path uses agrees with the scalar rule for every
    /// Unicode scalar, and `mayStart` lets none of the uncarried ones through.
    @Test func byteRuleMatchesScalarRuleForEveryScalar() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let utf8 = Array(String(Character(scalar)).utf8)
            let length = utf8.withUnsafeBufferPointer { UncarriedCharacters.uncarriedLength(in: $0, at: 0) }
            let uncarried = UncarriedCharacters.isUncarried(scalar)
            if (length == utf8.count) != uncarried || (length != 0 && length != utf8.count)
                || (uncarried && !UncarriedCharacters.mayStart(utf8[0])) {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func namesTheNoncharactersAndControls() {
        var uncarried: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            if let scalar = Unicode.Scalar(value), UncarriedCharacters.isUncarried(scalar) { uncarried.append(value) }
        }
        let noncharacters = Array(0xFDD0...0xFDEF) + (0...16).flatMap { [$0 << 16 | 0xFFFE, $0 << 16 | 0xFFFF] }
        let controls = Array(0...0x1F).filter { $0 != 9 && $0 != 10 } + Array(0x7F...0x9F)
        #expect(uncarried == (controls + noncharacters).map(UInt32.init).sorted())
    }

    @Test func replacesEachWithOneReplacementCharacter() {
        #expect(UncarriedCharacters.replaced("a\u{0}b\u{FFFF}c\u{10FFFE}\td\ne\(fdef)\u{85}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}\td\ne\u{FFFD}\u{FFFD}")
        #expect(UncarriedCharacters.replaced("Final 🏆 ¢ \u{FDCF} \u{FDF0} \u{FFFD}") == "Final 🏆 ¢ \u{FDCF} \u{FDF0} \u{FFFD}")
        #expect(UncarriedCharacters.carriesAll("tab\tand\nline") && !UncarriedCharacters.carriesAll("\u{7F}"))
    }
}

// Swift's literals refuse U+FDD0–U+FDEF, so these two are spelled by number.
private let fdef = String(Unicode.Scalar(0xFDEF)!)
