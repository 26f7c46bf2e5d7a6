import BracketJSON
import Foundation

/// What the delta protocol says about applying a delta, read from schema/preview.schema.json
/// (the one description the Python models read too, Tests/schema/run_moves.py): what a run adds
/// to each number of a card's geometry node and its connector's edge (`#/$defs/run/x-moves`),
/// and which members of a delta item name it and carry its geometry (`changedCard`, `changedEdge`).
struct DeltaDescription {
    /// A number's path of member names (`*`: every item of an array) and the run member added
    /// to it; numbers a run leaves alone are not listed here.
    typealias Moves = [(path: [String], offset: String)]

    let nodeMoves: Moves
    let edgeMoves: Moves
    /// Every path the table lists, moved or not, spelled as in the schema ("range/start/line").
    let nodeNumbers: Set<String>
    let edgeNumbers: Set<String>
    /// The run's members that are offsets (all but `first` and `count`).
    let runOffsets: Set<String>
    let card: (key: String, value: String)
    let edge: (key: String, value: String)

    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("schema").appendingPathComponent("preview.schema.json")

    /// Read once for every test.
    static let loaded = Result { try DeltaDescription() }

    init() throws {
        let root = try JSONReader().parse([UInt8](Data(contentsOf: Self.file)))
        guard let definitions = root["$defs"], let table = definitions["run"]?["x-moves"] else {
            throw StateError(description: "preview.schema.json has no run/x-moves")
        }
        func moves(_ kind: String) -> Moves {
            (table[kind]?.objectValue.map { Array($0) } ?? []).compactMap { member in
                member.value.stringValue.map { (member.key.split(separator: "/").map(String.init), $0) }
            }
        }
        func members(_ definition: String) throws -> (key: String, value: String) {
            let item = definitions[definition]
            let value = item?["properties"]?.objectValue.flatMap { properties in
                properties.first { $0.value["$ref"]?.stringValue?.hasPrefix("geometry.schema.json") == true }?.key
            }
            guard let value, let key = item?["required"]?.arrayValue?.compactMap(\.stringValue).first(where: { $0 != value })
            else { throw StateError(description: "preview.schema.json: no key and geometry in \(definition)") }
            return (key, value)
        }
        nodeMoves = moves("node")
        edgeMoves = moves("edge")
        nodeNumbers = Set(table["node"]?.objectValue?.keys ?? [])
        edgeNumbers = Set(table["edge"]?.objectValue?.keys ?? [])
        runOffsets = Set(definitions["run"]?["properties"]?.objectValue?.keys ?? []).subtracting(["first", "count"])
        card = try members("changedCard")
        edge = try members("changedEdge")
    }

    /// `json` moved by `run` as `moves` says (a run member left out is 0; members `json` lacks
    /// or that are null are skipped).
    static func moved(_ json: JSONValue, by run: JSONValue, _ moves: Moves) throws -> JSONValue {
        var json = json
        for (path, offset) in moves {
            let amount = run[offset]?.doubleValue ?? 0
            if amount != 0 { json = try moved(json, along: path[...], by: amount) }
        }
        return json
    }

    /// Recursion over the path's few members (from the schema), never over the input.
    private static func moved(_ value: JSONValue, along path: ArraySlice<String>, by amount: Double) throws -> JSONValue {
        guard let member = path.first else {
            guard let number = value.doubleValue else { throw StateError(description: "not a number: \(value)") }
            return jsonNumber(number + amount)
        }
        let rest = path.dropFirst()
        if member == "*" {
            guard let items = value.arrayValue else { return value }
            return .array(try items.map { try moved($0, along: rest, by: amount) })
        }
        guard let inner = value[member] else { return value }
        if case .null = inner { return value }
        return replacing(value, member, with: try moved(inner, along: rest, by: amount))
    }
}
