import BracketJSON
import Foundation

/// One of the JSON Schemas in schema/, read from the checkout (found from this file's path, so
/// the tests read the very files that ship), with just enough `$ref` resolution for our schemas:
/// `#/$defs/NAME`, `OTHER.schema.json` and `OTHER.schema.json#/$defs/NAME`.
struct SchemaFile {
    let name: String
    let root: JSONValue

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("schema")

    init(_ name: String) throws {
        self.name = name
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("\(name).schema.json"))
        root = try JSONReader().parse([UInt8](data))
    }

    /// The schema a node stands for once its `$ref` chain is followed, and the file it is in.
    func resolved(_ node: JSONValue) throws -> (schema: JSONValue, file: SchemaFile) {
        var node = node, file = self
        var hops = 0
        while let ref = node["$ref"]?.stringValue {
            hops += 1
            guard hops < 20 else { throw SchemaError.badReference(ref) }
            let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            if !parts[0].isEmpty {
                guard parts[0].hasSuffix(".schema.json") else { throw SchemaError.badReference(ref) }
                file = try SchemaFile(String(parts[0].dropLast(".schema.json".count)))
            }
            node = file.root
            if parts.count == 2 {
                for component in parts[1].split(separator: "/") {
                    guard let next = node[String(component)] else { throw SchemaError.badReference(ref) }
                    node = next
                }
            }
        }
        return (node, file)
    }

    /// The resolved sub-schema at a path of plain member names from the root.
    func at(_ path: String...) throws -> (schema: JSONValue, file: SchemaFile) {
        var (node, file) = try resolved(root)
        for component in path {
            guard let next = node[component] else { throw SchemaError.missing(path.joined(separator: "/")) }
            (node, file) = try file.resolved(next)
        }
        return (node, file)
    }

    /// The property names an object schema lists.
    func propertyNames(_ path: String...) throws -> Set<String> {
        var (node, file) = try resolved(root)
        for component in path {
            guard let next = node[component] else { throw SchemaError.missing(path.joined(separator: "/")) }
            (node, file) = try file.resolved(next)
        }
        return Set(node["properties"]?.objectValue?.keys ?? [])
    }
}

enum SchemaError: Error {
    case badReference(String)
    case missing(String)
}

extension JSONValue {
    /// Member names of an object, or empty for anything else.
    var keySet: Set<String> { Set(objectValue?.keys ?? []) }

    var stringSet: Set<String> { Set((arrayValue ?? []).compactMap(\.stringValue)) }
}
