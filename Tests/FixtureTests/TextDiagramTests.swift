import BracketModel
import BracketTerminal
import BracketTestSupport
import BracketTextDiagram
import Testing

/// `render --format text`: the ok fixtures that have a NAME.txt (and NAME.ascii.txt) beside them
/// must draw exactly that at 80 columns, and over random trees on every side every connector
/// character must join its neighbours.
@Suite struct TextDiagramTests {
    /// The fixtures with a text expectation: add one by creating an empty NAME.txt (or
    /// NAME.ascii.txt) and recording with BRACKET_RECORD=1.
    static let unicodeNames = Fixtures.names(in: "ok").filter { Fixtures.expected("ok", $0, ".txt") != nil }
    static let asciiNames = Fixtures.names(in: "ok").filter { Fixtures.expected("ok", $0, ".ascii.txt") != nil }

    @Test func enoughFixtures() {
        #expect(unicodeSidesCovered() == Set(RootSide.allCases.map(\.rawValue)))
        #expect(Self.asciiNames.count >= 3)
    }

    private func unicodeSidesCovered() -> Set<String> {
        Set(Self.unicodeNames.compactMap { name in
            (try? Fixtures.source("ok", name)).map { Document(text: $0).diagram().settings.root.rawValue }
        })
    }

    @Test(arguments: unicodeNames)
    func unicodeFixture(_ name: String) throws {
        try compare(name, ".txt", charset: .unicode)
    }

    @Test(arguments: asciiNames)
    func asciiFixture(_ name: String) throws {
        try compare(name, ".ascii.txt", charset: .ascii)
    }

    private func compare(_ name: String, _ suffix: String, charset: TextCharset) throws {
        let diagram = Document(text: try Fixtures.source("ok", name)).diagram()
        let actual = try renderTextDiagram(diagram, options: TextDiagramOptions(charset: charset, width: 80))
        if Fixtures.isRecording { return try Fixtures.record(Array(actual.utf8), "ok", name, suffix) }
        let expected = String(decoding: try #require(Fixtures.expected("ok", name, suffix)), as: UTF8.self)
        #expect(actual == expected, "ok/\(name)\(suffix)")
        if suffix == ".txt" { #expect(ConnectorCheck.problems(in: actual).isEmpty, "ok/\(name)\(suffix)") }
    }

    @Test(arguments: RootSide.allCases)
    func connectorsJoinOnRandomTrees(_ side: RootSide) throws {
        var random = SeededRandom(seed: 0x7E47 &+ UInt64(RootSide.allCases.firstIndex(of: side)!))
        for round in 0..<TestScale.count(120) {
            let align = round % 2 == 0 ? "depth" : "leaves"
            let rounds = round % 3 == 0 ? "@rounds auto\n" : ""
            let source = "@root \(side.rawValue)\n@align \(align)\n" + rounds
                + RandomBracket.tree(&random, nodes: Int.random(in: 1...40, using: &random))
            let diagram = Document(text: Array(source.utf8)).diagram()
            let width = Int.random(in: 20...140, using: &random)
            let text = try renderTextDiagram(diagram, options: TextDiagramOptions(width: width))
            let problems = ConnectorCheck.problems(in: text)
            #expect(problems.isEmpty, "\(problems.prefix(3)) at width \(width)\n\(source)\n\(text)")
            if !problems.isEmpty { return }
            // The ASCII drawing is the same picture, character for character (headers aside:
            // an ASCII ellipsis is wider).
            guard rounds.isEmpty else { continue }
            let ascii = try renderTextDiagram(diagram, options: TextDiagramOptions(charset: .ascii, width: width))
            #expect(ascii == ConnectorCheck.transliterated(text), "\(source)")
        }
    }

    /// The checker itself: a corner turned the wrong way, a line cut short and a line that
    /// runs into nothing are each reported.
    @Test func checkerCatchesBrokenConnectors() {
        let good = "a ─┐\n   ├─ r\nb ─┘\n"
        #expect(ConnectorCheck.problems(in: good).isEmpty)
        for broken in ["a ─┘\n   ├─ r\nb ─┘\n", "a ─┐\n    ├─ r\nb ─┘\n", "a ─┐\n   ├─ r\nb ──\n", "a ─┐\n   ├──\nb ─┘\n"] {
            #expect(!ConnectorCheck.problems(in: broken).isEmpty, "\(broken)")
        }
    }

    /// Wide and zero-width characters are counted with widths written out here, independently
    /// of the writer's table: the connectors after a CJK, an emoji and a combining-mark label
    /// must all stand in the same terminal column as after an ASCII one.
    @Test(arguments: [RootSide.right, .left])
    func wideCharactersKeepColumnsStraight(_ side: RootSide) throws {
        let source = """
        @root \(side.rawValue)
        final "Final" {
          a "Tokyo" [score=1]
          b "東京都" [score=3]
          c "🏆 Cup" [score=2]
          d "Cafe\u{301}" [score=0]
        }
        """
        let text = try renderTextDiagram(Document(text: Array(source.utf8)).diagram())
        func columns(_ line: Substring) -> Int {
            line.reduce(0) { total, character in
                if "東京都🏆".contains(character) { return total + 2 }
                return total + 1  // é (e and a combining acute) is one cluster, one column
            }
        }
        var barColumns: Set<Int> = []
        for line in text.split(separator: "\n") {
            guard let bar = line.firstIndex(where: { "┐┘┤├┌└".contains($0) }) else { continue }
            barColumns.insert(columns(line[..<bar]))
        }
        #expect(barColumns.count == 1, "\(text)")
        for label in ["Tokyo", "東京都", "🏆 Cup", "Cafe\u{301}"] { #expect(text.contains(label)) }
    }

    @Test func labelsWrapWithinTheWidth() throws {
        let long = "A label long enough that it has to wrap over several lines of the terminal"
        let source = "@root left\nr \"\(long)\" {\n a \"\(long)\"\n b \"short\"\n}\n"
        let text = try renderTextDiagram(Document(text: Array(source.utf8)).diagram(), options: TextDiagramOptions(width: 40))
        for line in text.split(separator: "\n") { #expect(TerminalText.width(line) <= 40, "\(line)") }
        #expect(text.split(separator: "\n").count > 4)
    }

    /// A comb (each level one leaf and one deeper match) is as wide as it is deep: 3,000 levels
    /// would take over a hundred million cells, refused before any is allocated.
    @Test func aDrawingTooLargeIsRefused() {
        let depth = 3_000
        var source = ""
        for level in 0..<depth { source += "c\(level) { l\(level)\n" }
        source += "x\n" + String(repeating: "}", count: depth) + "\n"
        let diagram = Document(text: Array(source.utf8)).diagram()
        #expect(throws: TextDiagramTooLarge.self) { try renderTextDiagram(diagram) }
    }

    @Test func colourOnlyWhenAsked() throws {
        let source = "r { a [score=2]\n b [score=1] }\n"
        let diagram = Document(text: Array(source.utf8)).diagram()
        #expect(!(try renderTextDiagram(diagram).contains("\u{1B}")))
        let coloured = try renderTextDiagram(diagram, options: TextDiagramOptions(color: true))
        #expect(coloured.contains("\u{1B}[1m▶ Node a"))
        #expect(ConnectorCheck.transliterated(coloured.replacingOccurrences("\u{1B}[1m", "").replacingOccurrences("\u{1B}[0m", ""))
            == ConnectorCheck.transliterated(try renderTextDiagram(diagram)))
    }
}

private extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// Random trees as source text: random shapes (a pre-order list of depths), labels mixing
/// scripts and widths, and scores on some matches.
enum RandomBracket {
    static let words = ["Ana", "Liam Murphy", "東京", "Дмитрий", "🏆", "e\u{301}te", "a-very-long-unbroken-name", "O'Neil", "x"]

    static func tree(_ random: inout SeededRandom, nodes: Int) -> String {
        var depths = [0]
        for _ in 1..<max(1, nodes) { depths.append(Int.random(in: 1...(depths.last! + 1), using: &random)) }
        var text = ""
        for (index, depth) in depths.enumerated() {
            let next = index + 1 < depths.count ? depths[index + 1] : 0
            var line = String(repeating: " ", count: depth) + "n\(index)"
            if Int.random(in: 0..<3, using: &random) > 0 {
                let count = Int.random(in: 1...3, using: &random)
                line += " \"" + (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ") + "\""
            }
            if depth > 0, Int.random(in: 0..<2, using: &random) == 0 { line += " [score=\(Int.random(in: 0...9, using: &random))]" }
            if next > depth { line += " {" }
            text += line + "\n"
            for closing in stride(from: depth - 1, through: next, by: -1) where next < depth {
                text += String(repeating: " ", count: closing) + "}\n"
            }
        }
        return text
    }
}

/// Reads a text diagram back cell by cell and reports every connector arm that meets nothing:
/// an arm must meet a connector with the opposite arm, or end at a card: one space before it
/// across (its text, or the blank marker column before the text), or on its text from above
/// or below.
enum ConnectorCheck {
    static let arms: [Character: UInt8] = [
        "│": 3, "─": 12, "┘": 5, "┐": 6, "┤": 7, "└": 9, "┌": 10, "├": 11, "┴": 13, "┬": 14, "┼": 15,
    ]
    static let up: UInt8 = 1, down: UInt8 = 2, left: UInt8 = 4, right: UInt8 = 8

    static func problems(in text: String) -> [String] {
        let grid = text.split(separator: "\n", omittingEmptySubsequences: false).map(cells)
        func at(_ row: Int, _ column: Int) -> Character? {
            guard row >= 0, row < grid.count, column >= 0, column < grid[row].count else { return nil }
            return grid[row][column]
        }
        func isText(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character != " " && arms[character] == nil
        }
        var problems: [String] = []
        for (row, line) in grid.enumerated() {
            for (column, character) in line.enumerated() {
                guard let character, let own = arms[character] else { continue }
                for (arm, opposite, dr, dc) in [(up, down, -1, 0), (down, up, 1, 0), (left, right, 0, -1), (right, left, 0, 1)] {
                    let neighbour = at(row + dr, column + dc)
                    let meets = neighbour.flatMap { arms[$0] }.map { $0 & opposite != 0 } ?? false
                    if own & arm != 0 {
                        // A line ends one space before a card across (its text, or the blank
                        // winner-marker column before it), or on its text (or a single space
                        // between its words) from above or below.
                        let atCard = dc != 0
                            ? neighbour == " " && isText((2...4).lazy.map { at(row, column + $0 * dc) }.first { $0 != " " } ?? nil)
                            : isText(neighbour) || (neighbour == " " && isText(at(row + dr, column - 1)) && isText(at(row + dr, column + 1)))
                        if !meets && !atCard { problems.append("\(character) at \(row + 1):\(column + 1) points at nothing") }
                    } else if meets {
                        problems.append("\(character) at \(row + 1):\(column + 1) is met by an arm it lacks")
                    }
                }
            }
        }
        return problems
    }

    /// A line as terminal cells: a wide character fills two.
    private static func cells(_ line: Substring) -> [Character?] {
        var result: [Character?] = []
        for character in line {
            let width = TerminalText.width(character)
            if width == 0 { continue }
            result.append(character)
            if width == 2 { result.append(character) }
        }
        return result
    }

    /// The Unicode drawing with every connector written in ASCII.
    static func transliterated(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "│": result += "|"
            case "─": result += "-"
            case "▶": result += "*"
            default: result += arms[character] != nil ? "+" : String(character)
            }
        }
        return result
    }
}
