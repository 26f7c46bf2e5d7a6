import Testing
@testable import BracketText

/// The code-point fast path (`ContextualClusters`) must cut text into exactly the grapheme
/// clusters Swift's `Character` does, and measure them the same.
@Suite struct ClusterFastPathTests {
    /// Every code point the table says stands alone really is a cluster of its own beside
    /// letters, beside marks' bases, and beside itself (Hangul and regional indicators pair up).
    @Test func everyStandAloneCodePointIsItsOwnCluster() {
        var checked = 0
        var failures: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), FontTable.standsAlone(value),
                  DecodedTable.absent != FontTable.decoded.entry(of: value) else { continue }
            checked += 1
            let alone = String(Character(scalar))
            for neighbour in ["a", "\u{0915}", "\u{0628}", "\u{4E00}", alone] {
                if (alone + neighbour).count != 2 || (neighbour + alone).count != 2 {
                    failures.append("U+" + String(value, radix: 16, uppercase: true))
                    break
                }
            }
        }
        #expect(checked > 100_000)
        #expect(failures.isEmpty, "\(failures.prefix(20))")
    }

    @Test func fastAndCharacterPathsAgree() {
        let samples = [
            "Ayşe Yılmaz", "Дмитрий Шостакович", "東京都渋谷区", "مرحبا بالعالم", "שלום עולם",
            "Αθήνα", "Final 🏆", "Émile Zoë Çağlar", "a\r\nb", "x\u{2028}y", "日本語。です",
        ]
        for text in samples {
            var fast: [(Int, Int, BreakClass)] = []
            ContextualClusters.forEach(in: text[...]) { fast.append(($0.utf8Count, $0.units, $0.kind)) }
            var characters: [(Int, Int, BreakClass)] = []
            var joiner = Joiner()
            for character in text {
                let raw = RawCluster(
                    first: character.unicodeScalars.first!, units: ClusterWidth.units(of: character),
                    utf8Count: character.utf8.count, kind: BreakClass.of(character), breaksJoin: false)
                joiner.push(raw) { characters.append(($0.utf8Count, $0.units, $0.kind)) }
            }
            joiner.finish { characters.append(($0.utf8Count, $0.units, $0.kind)) }
            #expect(fast.map(\.0) == characters.map(\.0), "\(text)")
            #expect(fast.map(\.1) == characters.map(\.1), "\(text)")
            #expect(fast.map(\.2) == characters.map(\.2), "\(text)")
        }
    }
}
