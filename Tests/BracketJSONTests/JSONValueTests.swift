import Testing
import BracketJSON

@Suite struct JSONValueTests {
    @Test func accessorsDoNotConfuseTypes() {
        let value: JSONValue = ["flag": true, "one": 1, "half": 0.5, "two": 2.0, "name": "x", "nothing": .null]
        #expect(value["flag"]?.intValue == nil)          // true is not 1
        #expect(value["flag"]?.boolValue == true)
        #expect(value["one"]?.boolValue == nil)          // 1 is not true
        #expect(value["one"]?.intValue == 1)
        #expect(value["two"]?.intValue == 2)             // an integral double is an integer
        #expect(value["half"]?.intValue == nil)
        #expect(value["half"]?.doubleValue == 0.5)
        #expect(value["name"]?.stringValue == "x")
        #expect(value["name"]?.intValue == nil)
        #expect(value["nothing"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)
        #expect(JSONValue.array([1, 2])[1] == 2)
        #expect(JSONValue.array([1, 2])[2] == nil)
        #expect(JSONValue.double(1e300).intValue == nil)
        #expect(JSONValue.double(.nan).intValue == nil)
    }

    @Test func objectsKeepInsertionOrderAndSupportEditing() {
        var object: JSONObject = ["z": 1, "a": 2]
        object["m"] = 3
        object["z"] = 4
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["z"] == 4)
        object["a"] = nil
        #expect(object.keys == ["z", "m"])
        #expect(object.map(\.key) == ["z", "m"])
    }

    @Test func equalityIsStructuralAndOrderSensitive() {
        #expect(JSONValue.int(1) != .double(1))
        #expect(JSONValue.bool(true) != .int(1))
        #expect((["a": 1, "b": 2] as JSONValue) != ["b": 2, "a": 1])
        #expect((["a": [1, "x"]] as JSONValue) == ["a": [1, "x"]])
        #expect((["a": [1, "x"]] as JSONValue) != ["a": [1, "y"]])
        #expect(([1, 2] as JSONValue) != [1, 2, 3])
    }

    @Test func typeNamesReadWellInMessages() {
        #expect(JSONValue.int(3).typeName == "a number")
        #expect(JSONValue.string("").typeName == "a string")
        #expect(JSONValue.null.typeName == "null")
    }
}
