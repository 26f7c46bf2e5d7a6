import Foundation
import Testing
import BracketJSON

/// Our reader and Foundation's JSONSerialization must agree on the structure of valid JSON.
/// Foundation on Linux cannot tell `true` from `1` (both are NSNumber), so the comparison treats a
/// boolean as matching an NSNumber of the same truth value and compares numbers numerically.
@Suite struct FoundationEquivalenceTests {
    static let samples: [String] = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file:///tmp/x"}}"#,
        #"[1, -1, 0.5, 1e10, -2.5e-3, 123456789, 9007199254740993]"#,
        #"{"escapes":"\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20ac \ud83c\udfc6"}"#,
        #"{"unicode":"raw é € 🏆 𝄞"}"#,
        #"{"nested":[[[{"a":[{"b":null}]}]]],"empty":{},"list":[]}"#,
        #"[true,false,null,"true","1",1,0]"#,
        "  \n\t{ \"spaced\" :\r\n [ 1 , 2 ] }  ",
        #"{"a":1,"b":{"a":2},"c":"a"}"#,
        #""top-level string""#,
        #"-0.0"#,
    ]

    @Test(arguments: samples)
    func agreesWithJSONSerialization(text: String) throws {
        let ours = try JSONReader().parse(text)
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        #expect(Self.matches(ours, theirs), "\(ours) vs \(theirs)")
        // What we write, Foundation reads back to the same structure.
        let rewritten = try JSONSerialization.jsonObject(with: Data(ours.jsonBytes), options: [.fragmentsAllowed])
        #expect(Self.matches(ours, rewritten))
    }

    // Not listed: trailing commas, which Foundation on Linux accepts (we reject them).
    @Test(arguments: ["01", "[\"\\x\"]", "\"\u{1}\"", "tru", "[1 2]"])
    func bothRejectInvalidJSON(text: String) {
        #expect(throws: JSONParseError.self) { try JSONReader().parse(text) }
        #expect(throws: (any Error).self) {
            try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        }
    }

    @Test func comparisonHelperDetectsDifferences() {
        #expect(Self.matches(["a": [1, "x"]], ["a": [1, "x"]] as [String: Any]))
        #expect(!Self.matches(["a": [1, "x"]], ["a": [1, "y"]] as [String: Any]))
        #expect(!Self.matches(["a": 1], ["b": 1] as [String: Any]))
        #expect(!Self.matches(["a": 1], ["a": 1, "b": 2] as [String: Any]))
        #expect(!Self.matches([1, 2], [1] as [Any]))
        #expect(!Self.matches(.string("1"), NSNumber(value: 1)))
        #expect(!Self.matches(.int(2), NSNumber(value: 3)))
        #expect(!Self.matches(.null, NSNumber(value: 0)))
    }

    /// Structural comparison; objects compare as key sets (Foundation does not keep order).
    static func matches(_ ours: JSONValue, _ theirs: Any) -> Bool {
        var pending: [(JSONValue, Any)] = [(ours, theirs)]
        while let (left, right) = pending.popLast() {
            switch left {
            case .null:
                guard right is NSNull else { return false }
            case .bool(let flag):
                guard let number = right as? NSNumber, number.boolValue == flag else { return false }
            case .int, .double:
                guard let number = right as? NSNumber, let ourNumber = left.doubleValue,
                      number.doubleValue == ourNumber else { return false }
            case .string(let text):
                guard let other = right as? String, other == text else { return false }
            case .array(let elements):
                guard let other = right as? [Any], other.count == elements.count else { return false }
                pending.append(contentsOf: zip(elements, other).map { ($0, $1) })
            case .object(let object):
                guard let other = right as? [String: Any], other.count == Set(object.keys).count else { return false }
                for (key, value) in object {
                    guard let otherValue = other[key] else { return false }
                    pending.append((value, otherValue))
                }
            }
        }
        return true
    }
}
