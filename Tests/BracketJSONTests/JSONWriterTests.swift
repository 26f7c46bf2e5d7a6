import Testing
import BracketJSON

@Suite struct JSONWriterTests {
    @Test func placesSeparatorsAutomatically() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a"); writer.int(1)
        writer.key("b"); writer.beginArray(); writer.bool(true); writer.null(); writer.beginObject(); writer.endObject(); writer.endArray()
        writer.key("c"); writer.string("x")
        writer.endObject()
        #expect(writer.string == #"{"a":1,"b":[true,null,{}],"c":"x"}"#)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("q\"b\\", #""q\"b\\""#),
        ("a/b", #""a/b""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1F}\u{7F}", "\"\\u0000\\u001f\u{7F}\""),
        ("é🏆", "\"é🏆\""),
    ] as [(String, String)])
    func escapesStrings(input: String, expected: String) {
        var writer = JSONWriter()
        writer.string(input)
        #expect(writer.string == expected)
    }

    @Test(arguments: [
        (130.0, "130"),
        (-2.0, "-2"),
        (0.0, "0"),
        (0.5, "0.5"),
        (-1.25, "-1.25"),
        (0.1, "0.1"),
        (1e-7, "1e-07"),
        (1e300, "1e+300"),
        (Double.nan, "null"),
        (Double.infinity, "null"),
        (-Double.infinity, "null"),
    ] as [(Double, String)])
    func writesDoubles(value: Double, expected: String) {
        var writer = JSONWriter()
        writer.double(value)
        #expect(writer.string == expected)
    }

    @Test func writesIntegerExtremes() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.int(Int64.min); writer.int(Int64.max); writer.int(0); writer.int(-7)
        writer.endArray()
        #expect(writer.string == "[-9223372036854775808,9223372036854775807,0,-7]")
    }

    @Test func writesRawFragments() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.int(1)
        writer.raw(Array(#"{"pre":"made"}"#.utf8))
        writer.endArray()
        #expect(writer.string == #"[1,{"pre":"made"}]"#)
    }

    @Test(arguments: [
        #"{"a":[1,2.5,-3,true,false,null],"b":{"c":"d\n\"e\""},"e":[],"f":{}}"#,
        #"[[[[]]],{"":""},"\u0001","é/🏆",-0,1e+300,123456789012345678]"#,
        #""just a string""#,
        "42",
    ])
    func roundTripsThroughTheReader(text: String) throws {
        let value = try JSONReader().parse(text)
        let written = value.jsonBytes
        #expect(String(decoding: written, as: UTF8.self) == text)
        #expect(try JSONReader().parse(written) == value)
    }

    @Test func descriptionIsCompactJSON() {
        let value: JSONValue = ["k": [1, "v"]]
        #expect(value.description == #"{"k":[1,"v"]}"#)
    }
}
