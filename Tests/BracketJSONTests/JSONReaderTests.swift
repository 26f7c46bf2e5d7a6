import Testing
@testable import BracketJSON

@Suite struct JSONReaderTests {
    let reader = JSONReader()

    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        (" false ", .bool(false)),
        ("0", .int(0)),
        ("-12", .int(-12)),
        ("9223372036854775807", .int(Int64.max)),
        ("-9223372036854775808", .int(Int64.min)),
        ("9223372036854775808", .double(9223372036854775808.0)),
        ("1.5", .double(1.5)),
        ("1e3", .double(1000)),
        ("-2.5E-3", .double(-0.0025)),
        ("\"\"", .string("")),
        ("\"a\\\"b\\\\c\\/d\"", .string("a\"b\\c/d")),
        ("\"\\b\\f\\n\\r\\t\"", .string("\u{8}\u{C}\n\r\t")),
        ("\"\\u00e9\\u00E9\"", .string("éé")),
        ("\"\\ud83c\\udfc6\"", .string("🏆")),
        ("\"raw 🏆 é\"", .string("raw 🏆 é")),
        ("\"\\u0000\"", .string("\u{0}")),
        ("[]", .array([])),
        ("{}", .object(JSONObject())),
        ("[1, [2, [3]], {\"a\": []}]", [1, [2, [3]], ["a": []]]),
        ("{\"b\": 1, \"a\": {\"c\": null}}", ["b": 1, "a": ["c": .null]]),
    ] as [(String, JSONValue)])
    func parsesValidDocuments(text: String, expected: JSONValue) throws {
        #expect(try reader.parse(text) == expected)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try reader.parse("-0")
        guard case .double(let number) = value else {
            Issue.record("expected a double, got \(value)")
            return
        }
        #expect(number == 0 && number.sign == .minus)
    }

    @Test(arguments: [
        ("\"\\ud800\"", "\u{FFFD}"),                  // lone high surrogate at the end
        ("\"\\ud800x\"", "\u{FFFD}x"),                // high surrogate followed by text
        ("\"\\udc00\"", "\u{FFFD}"),                  // lone low surrogate
        ("\"\\ud800\\u0041\"", "\u{FFFD}A"),          // high surrogate followed by a non-surrogate escape
        ("\"\\ud800\\ud800\\udc00\"", "\u{FFFD}𐀀"),   // second high surrogate pairs normally
    ] as [(String, String)])
    func loneSurrogatesBecomeReplacementCharacters(text: String, expected: String) throws {
        #expect(try reader.parse(text) == .string(expected))
    }

    @Test(arguments: [
        ("", 0, "end of input"),
        ("   ", 3, "end of input"),
        ("[1,]", 3, "expected a value"),
        ("[1 2]", 3, "expected ',' or ']'"),
        ("{\"a\" 1}", 5, "expected ':'"),
        ("{\"a\":1,}", 7, "string key"),
        ("{1:2}", 1, "string key"),
        ("[1]x", 3, "end of input after"),
        ("01", 0, "leading zeros"),
        ("-", 1, "end of input"),
        ("-a", 1, "digit after '-'"),
        ("1.", 2, "digit after '.'"),
        ("1.e5", 2, "digit after '.'"),
        ("1e", 2, "exponent"),
        ("+1", 0, "expected a value"),
        ("tru", 3, "end of input"),
        ("trUe", 2, "'true'"),
        ("nul", 3, "end of input"),
        ("\"abc", 4, "unterminated string"),
        ("\"a\tb\"", 2, "control character"),
        ("\"\\x\"", 1, "invalid escape"),
        ("\"\\u12zz\"", 5, "hex digit"),
        ("\"\\u12", 1, "incomplete"),
        ("[\"a\" , \"b\"", 10, "expected ',' or ']'"),
        ("{\"a\":[}", 6, "expected a value"),
        ("NaN", 0, "expected a value"),
    ] as [(String, Int, String)])
    func rejectsInvalidDocumentsWithOffsets(text: String, offset: Int, messageFragment: String) {
        #expect {
            try reader.parse(text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.offset == offset && error.message.contains(messageFragment)
        }
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22],                         // byte never valid in UTF-8
        [0x22, 0xC0, 0xAF, 0x22],                   // overlong '/'
        [0x22, 0xE0, 0x80, 0xAF, 0x22],             // overlong 3-byte form
        [0x22, 0xED, 0xA0, 0x80, 0x22],             // encoded surrogate U+D800
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],       // above U+10FFFF
        [0x22, 0x61, 0xC3, 0x22],                   // truncated 2-byte sequence
        [0x22, 0x80, 0x22],                         // stray continuation byte
    ] as [[UInt8]])
    func rejectsInvalidUTF8InStrings(bytes: [UInt8]) {
        #expect(throws: JSONParseError.self) { try reader.parse(bytes) }
    }

    @Test func invalidUTF8ErrorPointsAtTheBadByte() {
        let bytes: [UInt8] = Array("[\"ok\", \"a".utf8) + [0xFF] + Array("\"]".utf8)
        #expect(throws: JSONParseError(offset: 9, message: "invalid UTF-8 in string")) {
            try reader.parse(bytes)
        }
    }

    @Test func acceptsEveryValidUTF8Length() throws {
        let text = "\"a é € 𝄞 \u{10FFFF}\""
        #expect(try reader.parse(Array(text.utf8)) == .string("a é € 𝄞 \u{10FFFF}"))
    }

    @Test func depthLimitIsConfigurable() throws {
        let shallow = JSONReader(maxDepth: 3)
        #expect(try shallow.parse("[[[1]]]") == [[[1]]])
        #expect(try shallow.parse("[{\"a\":[]}]") == [["a": []]])
        #expect(throws: JSONParseError(offset: 3, message: "nesting deeper than the limit of 3")) {
            try shallow.parse("[[[[1]]]]")
        }
        #expect(throws: JSONParseError.self) { try shallow.parse("{\"a\":{\"b\":{\"c\":{}}}}") }
    }

    @Test func defaultDepthLimitAcceptsTenThousandLevels() throws {
        let depth = 10_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try reader.parse(text)
        var levels = 0
        while case .array(let elements) = value {
            levels += 1
            guard let first = elements.first else { break }
            value = first
        }
        #expect(levels == depth)
        // Equality and writing must not recurse either.
        let again = try reader.parse(text)
        #expect(again == (try reader.parse(text)))
        #expect(again.jsonBytes == Array(text.utf8))
    }

    @Test func hundredThousandOpenBracketsIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError(offset: 10_000, message: "nesting deeper than the limit of 10000")) {
            try reader.parse(text)
        }
        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect(throws: JSONParseError.self) { try reader.parse(objects) }
    }

    @Test func parsesFromARawBuffer() throws {
        let bytes = Array("{\"id\": 7}".utf8)
        let value = try bytes.withUnsafeBytes { buffer in try reader.parse(buffer) }
        #expect(value["id"]?.intValue == 7)
    }

    @Test func largeStringWithManyEscapesParsesExactly() throws {
        // About 2 MB of JSON text in which every fourth character is escaped.
        var text = "{\"text\":\""
        var expected = ""
        for index in 0..<200_000 {
            text += "ab\\n\\\"é\\u00e9"
            expected += "ab\n\"éé"
            if index % 1000 == 0 {
                text += "\\ud83c\\udfc6"
                expected += "🏆"
            }
        }
        text += "\"}"
        #expect(text.utf8.count > 2_000_000)
        let value = try reader.parse(Array(text.utf8))
        #expect(value["text"]?.stringValue == expected)
    }

    @Test func duplicateKeysLastOneWins() throws {
        let value = try reader.parse("{\"a\":1,\"a\":2}")
        #expect(value["a"] == 2)
        #expect(value.objectValue?.count == 2)
    }

    @Test func numbersBeyondDoubleRangeAreRefused() {
        #expect(throws: JSONParseError.self) { try JSONReader().parse("[-3e22222222222222222222222]") }
        #expect(throws: JSONParseError.self) { try JSONReader().parse("1e999") }
        #expect((try? JSONReader().parse("1e308")) == .double(1e308))
    }
}
