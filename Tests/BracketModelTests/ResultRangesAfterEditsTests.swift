import BracketSyntax
import BracketTestSupport
import Testing

@testable import BracketModel

/// Editing a node's header before its result attributes moves them within the node; the
/// diagnostics the results pass gives at them (a bad part, a status's contradiction) must then
/// be where a fresh document puts them, for every attribute that records a result.
@Suite struct ResultRangesAfterEditsTests {
    @Test(arguments: [
        "[legs=\"1 x\"]", "[sets=\"6 x\"]", "[pens=x]", "[status=retired, winner]", "[score=1, winner]",
    ])
    func labelEditBeforeAResultAttributeEqualsAFreshDocument(attributes: String) {
        let start = "m {\n  a \"Ann\" \(attributes)\n  b \"Bea\" [score=2, legs=\"2 0\"]\n}\n"
        var document = Document(start)
        var current = start
        for (old, new) in [("\"Ann\"", "\"Ann Lee-Smith\""), ("Lee-", ""), ("\"Ann Smith\"", "A")] {
            guard document.replaceFirst(old, with: new, in: &current) else {
                Issue.record("\(old) not in \(current)")
                continue
            }
            let fresh = Document(current)
            #expect(document.diagnostics == fresh.diagnostics, "\(attributes): \(old) → \(new)")
        }
    }
}
