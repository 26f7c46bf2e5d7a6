import BracketJSON
import Testing

/// The run table in preview.schema.json (DeltaDescription) against what the server writes: a
/// number the geometry writer puts in a card or connector that the table does not list would be
/// one no model moves or keeps on purpose.
@Suite struct DeltaDescriptionTests {
    /// A tree with results (score slots) and an edge label: every kind of number a card or
    /// connector carries.
    static let text = """
        f "Final" {
          a "Ayşe" [score=6, edge="won"]
          b "Émile" [score=3]
        }
        """

    @Test func everyWrittenNumberHasARow() throws {
        let described = try DeltaDescription.loaded.get()
        let state = try fullState(snapshot(Self.text))
        #expect(state.cards.contains { $0.json["slot"] != nil })
        #expect(state.edges.contains { $0.json["label"]?.objectValue != nil })
        for card in state.cards {
            let missing = numberPaths(card.json).subtracting(described.nodeNumbers)
            #expect(missing.isEmpty, "card \(card.key): \(missing.sorted()) not in run/x-moves")
        }
        for edge in state.edges {
            let missing = numberPaths(edge.json).subtracting(described.edgeNumbers)
            #expect(missing.isEmpty, "connector \(edge.key): \(missing.sorted()) not in run/x-moves")
        }
    }

    @Test func runsMoveOnlyByRunMembers() throws {
        let described = try DeltaDescription.loaded.get()
        let offsets = Set((described.nodeMoves + described.edgeMoves).map(\.offset))
        #expect(offsets == described.runOffsets, "run members the table never uses, or rows naming no run member")
    }
}

/// The paths to the numbers in `json`, as the run table spells them (`*` for array items); a
/// stack, not recursion.
private func numberPaths(_ json: JSONValue) -> Set<String> {
    var paths = Set<String>(), stack: [(JSONValue, String)] = [(json, "")]
    while let (value, path) = stack.popLast() {
        switch value {
        case .int, .double: paths.insert(path)
        case .array(let items): stack += items.map { ($0, path + "/*") }
        case .object(let members): stack += members.map { ($0.value, path.isEmpty ? $0.key : path + "/" + $0.key) }
        default: break
        }
    }
    return paths
}
