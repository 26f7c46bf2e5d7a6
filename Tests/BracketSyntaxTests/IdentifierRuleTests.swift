import BracketSyntax
import Testing

/// `Lexer.isIdentifier` (what rename and the messages ask) and the lexer (what the parser reads)
/// must agree on every name: a name is an identifier exactly when the lexer reads it as one word.
@Suite struct IdentifierRuleTests {
    static func lexesAsOneWord(_ bytes: [UInt8]) -> Bool {
        let tokens = Lexer.tokenize(bytes)
        return tokens.count == 1 && tokens[0].kind == .word && tokens[0].length == bytes.count
    }

    @Test func everyOneAndTwoByteNameAgreesWithTheLexer() {
        for first in 0...255 {
            let one = [UInt8(first)]
            #expect(Lexer.isIdentifier(one) == Self.lexesAsOneWord(one), "\(one)")
            for second in 0...255 {
                let two = [UInt8(first), UInt8(second)]
                #expect(Lexer.isIdentifier(two) == Self.lexesAsOneWord(two), "\(two)")
            }
        }
    }

    @Test(arguments: ["a", "7", "_x", "r1-m2", "v1.2", "semi_a", "A-._9"])
    func namesTheLexerReadsAsOneWord(name: String) {
        #expect(Lexer.isIdentifier(name.utf8))
        #expect(Self.lexesAsOneWord(Array(name.utf8)))
    }

    @Test(arguments: ["", "-x", ".5", "a b", "é", "a/b", "a{", "\"a\"", "@a", "a#"])
    func namesThatAreNotIdentifiers(name: String) {
        #expect(!Lexer.isIdentifier(name.utf8))
        #expect(!Self.lexesAsOneWord(Array(name.utf8)))
    }

    /// `-` and `.` continue an identifier but cannot start one; nothing else is in between.
    @Test func onlyDashAndDotContinueWithoutStarting() {
        let between = (0...255).map(UInt8.init).filter(Lexer.onlyContinuesIdentifier)
        #expect(between == [UInt8(ascii: "-"), UInt8(ascii: ".")])
        for byte in 0...255 {
            #expect(Lexer.continuesIdentifier(UInt8(byte)) == Lexer.isIdentifier([UInt8(ascii: "a"), UInt8(byte)]))
        }
    }
}
