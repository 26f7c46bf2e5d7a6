import BracketLayout
import BracketModel
import BracketTestSupport
import Testing

/// Match notes (`note=…`) take room of their own: on seeded random trees with notes of random
/// lengths (some cut), for every root side and both alignments, with and without results, edge
/// labels, level headers and a title, no note overlaps a card, a connector, a header, an edge
/// label, the title or another note, and every note lies inside the picture.
@Suite struct MatchNoteLayoutTests {
    static let words = ["Lusail", "Stadium,", "18", "December", "2022", "best", "of", "5", "a.e.t.", "Wembley",
                        "決勝戦", "Estadio", "Azteca,", "Mexico", "City", "🏆", "kick-off", "20:00"]

    /// A random tree as text: pre-order, one node a line, random labels, notes, edge labels and
    /// (with `results`) scores.
    static func randomText(count: Int, results: Bool, random: inout SeededRandom) -> String {
        func phrase(_ words: Int) -> String {
            (0..<words).map { _ in Self.words[Int.random(in: 0..<Self.words.count, using: &random)] }
                .joined(separator: " ")
        }
        var lines: [String] = []
        var open = 0
        for index in 0..<count {
            while open > 1 && Int.random(in: 0..<3, using: &random) == 0 {
                open -= 1
                lines.append(String(repeating: "  ", count: open) + "}")
            }
            var attributes: [String] = []
            if Int.random(in: 0..<2, using: &random) == 0 {
                attributes.append("note=\"\(phrase(Int.random(in: 1...14, using: &random)))\"")
            }
            if index > 0 && Int.random(in: 0..<4, using: &random) == 0 { attributes.append("edge=\"\(phrase(2))\"") }
            if index > 0 && results { attributes.append("score=\(Int.random(in: 0...5, using: &random))") }
            let label = phrase(Int.random(in: 1...6, using: &random))
            let list = attributes.isEmpty ? "" : " [" + attributes.joined(separator: ", ") + "]"
            let opens = index == 0 || Int.random(in: 0..<3, using: &random) != 0
            lines.append(String(repeating: "  ", count: open) + "n\(index) \"\(label)\"\(list)" + (opens ? " {" : ""))
            if opens { open += 1 }
        }
        while open > 0 {
            open -= 1
            lines.append(String(repeating: "  ", count: open) + "}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    typealias Box = SizedLayoutPropertyTests.Box

    @Test(arguments: RootSide.allCases)
    func notesTakeRoomOfTheirOwn(root: RootSide) {
        var random = SeededRandom(seed: 29 &* UInt64(RootSide.allCases.firstIndex(of: root)! + 1))
        for round in 0..<TestScale.count(40) {
            var settings = "@root \(root.rawValue)\n@align \(round % 2 == 0 ? "depth" : "leaves")\n"
            settings += ["", "@rounds auto\n", "@title \"A title that is long enough to wrap over a narrow tree\"\n"][round % 3]
            settings += ["", "@max-card-width 160\n", "@leaf-gap 0\n", "@card-height 24\n"][round % 4]
            if round % 5 == 4 { settings += "@champion hidden\n" }
            let text = settings + Self.randomText(count: Int.random(in: 1...40, using: &random), results: round % 3 == 1,
                                                  random: &random)
            let diagram = Document(text).diagram()
            check(diagram, layout(diagram), text)
        }
    }

    func check(_ diagram: Diagram, _ g: Geometry, _ text: String) {
        let expected = (0..<diagram.nodes.count).filter { diagram.nodes.matchNote($0) != nil }
        #expect(g.notes.map(\.node) == expected, "\(text)")
        let cards = (0..<g.centres.count).map { Box(center: g.centres[$0], width: g.sizes[$0].width, height: g.sizes[$0].height) }
        let notes = g.notes.map { Box(center: $0.center, width: $0.width, height: $0.height) }
        var others = g.headers.filter { !$0.lines.isEmpty }.map { Box(center: $0.center, width: $0.width, height: $0.height) }
        others += g.edgeLabels.map { Box(center: $0.center, width: $0.width, height: $0.height) }
        if let title = g.title { others.append(Box(center: title.center, width: title.width, height: title.height)) }
        for (position, note) in notes.enumerated() {
            #expect(note.minX >= 0 && note.minY >= 0 && note.maxX <= g.width && note.maxY <= g.height,
                    "note \(position) \(note) outside \(g.width)×\(g.height)\n\(text)")
            if let card = cards.firstIndex(where: note.overlaps) { Issue.record("note \(position) \(note) overlaps card \(card) \(cards[card])\n\(text)") }
            if let other = others.firstIndex(where: note.overlaps) { Issue.record("note \(position) \(note) overlaps \(others[other])\n\(text)") }
            for (otherPosition, other) in notes.enumerated() where otherPosition != position && note.overlaps(other) {
                Issue.record("notes \(position) and \(otherPosition) overlap\n\(text)")
            }
            for edge in g.edges {
                let points = edge.pointList
                for segment in 0..<3 where note.meets(from: points[segment], to: points[segment + 1]) {
                    Issue.record("note \(position) \(note) meets connector \(edge.child)→\(edge.parent) \(points)\n\(text)")
                }
            }
        }
    }

    /// A note stays with its match: the winner's card in the next round shows no note of the
    /// match it won, and a leaf's note is drawn nowhere.
    @Test func aNoteStaysWithItsMatch() {
        let diagram = Document("""
            f [note="Final"] {
              s [note="Semi", score=2] { a [score=1, note="a leaf"] b [score=0] }
              c [score=1]
            }
            """).diagram()
        let g = layout(diagram)
        #expect(g.notes.map(\.node) == [0, 1] && g.notes.map(\.line) == ["Final", "Semi"])
        #expect(diagram.nodes.matchNote(2) == nil)
    }

    /// `@champion hidden`: the root takes no column (no extent along the depth axis, no lines),
    /// the final's connectors end at their join, and `@rounds auto` ends in "Final"; the rest
    /// of the picture is where it was, and the final's note sits in the freed half gap.
    @Test(arguments: [RootSide.right, .left, .top, .bottom])
    func aHiddenChampionEndsTheBracketAtTheFinal(root: RootSide) throws {
        let text = "@root \(root.rawValue)\n@rounds auto\nf [note=\"Final\"] { s1 { a [score=1] b [score=0] } s2 { c [score=2] d [score=0] } }\n"
        let shown = Document(text).diagram(), hidden = Document("@champion hidden\n" + text).diagram()
        let g = layout(hidden), plain = layout(shown)
        #expect(g.hidesRoot && !plain.hidesRoot)
        #expect(g.lines.lines(of: 0).isEmpty && (root.levelsAreColumns ? g.sizes[0].width : g.sizes[0].height) == 0)
        #expect(Set(g.headers.filter { !$0.lines.isEmpty }.map(\.text)) == ["Semi-finals", "Final"])
        for edge in g.edges where edge.parent == 0 { #expect(edge.points.2 == edge.points.3) }
        let note = try #require(g.notes.first)
        #expect(note.node == 0 && note.center.x >= 0 && note.center.x <= g.width && note.center.y <= g.height)
        #expect(g.cards.count == plain.cards.count)
    }

    /// A note longer than the widest card is cut to one line ending in "…", and says so.
    @Test func aLongNoteIsCut() throws {
        let diagram = Document("@max-card-width 120\nf [note=\"Estadio Azteca, Mexico City, 29 June 1986\"] { a b }").diagram()
        let note = try #require(layout(diagram).notes.first)
        #expect(note.isTruncated && note.line.hasSuffix("…") && note.lineWidth <= 132)
    }
}

extension SizedLayoutPropertyTests.Box {
    /// True when the axis-parallel segment from `a` to `b` touches the box (its edges included).
    func meets(from a: Point, to b: Point) -> Bool {
        min(a.x, b.x) <= maxX && max(a.x, b.x) >= minX && min(a.y, b.y) <= maxY && max(a.y, b.y) >= minY
    }
}
