import Testing

@testable import BracketJSON

@Suite struct SameNumbersTests {
    @Test func integerAndDoubleOfTheSameValueMatch() throws {
        let written = try JSONReader().parse("{\"a\":[-3e2,1.5,{\"b\":0}]}")
        let reread = try JSONReader().parse("{\"a\":[-300,1.5,{\"b\":0.0}]}")
        #expect(written != reread)  // structurally, .double(-300) is not .int(-300)
        #expect(written.hasSameNumbers(as: reread))
    }

    @Test func differencesStillShow() throws {
        let base = try JSONReader().parse("{\"a\":[1,2]}")
        #expect(!base.hasSameNumbers(as: try JSONReader().parse("{\"a\":[1,2.5]}")))
        #expect(!base.hasSameNumbers(as: try JSONReader().parse("{\"a\":[1]}")))
        #expect(!base.hasSameNumbers(as: try JSONReader().parse("{\"b\":[1,2]}")))
        #expect(!base.hasSameNumbers(as: try JSONReader().parse("{\"a\":[1,\"2\"]}")))
    }
}
