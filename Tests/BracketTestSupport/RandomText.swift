import BracketModel
/// Builds random `.bracket` sources and random edits to them, mostly well-formed with a sprinkle
/// of every kind of mistake, so that all parser paths and diagnostics get exercised.
public enum RandomText {
    public static let labels = ["\"Final\"", "\"Çeyrek final\"", "\"Полуфинал\"", "\"सेमीफ़ाइनल\"", "\"🏆 \\u{1F3C6}\"",
                         "\"a \\\"quoted\\\" b\"", "\"\"", "\"bad \\q\"", "\"open"]
    public static let snippets = ["{", "}", "\"", "\n", " ", "  ", "#", "# note\n", "@title \"T\"\n", "@root left\n",
                           "@card-width 150\n", "@bogus 1\n", "x", "7", "07", "_a-b.c", "\r\n", "\r", "é", "🏆",
                           "\"L\"", "\\", "{ 1 2 }", "\t", "@", "~", "}}", "{{", "\"x\\\"", "a { b c }",
                           "\u{FEFF}", "[", "]", "=", ",", " [winner]", " [score=3", "score=\"6–4\"", " [edge=yes, ",
                           "winner]", "[sco", "\n  [score=1]"]
    /// Attribute lists a generated node may carry, closed and not, spread over lines and not,
    /// and every declared attribute's own example (`AttributeSpec.all`), so that an attribute
    /// added to the table meets the random edits too, plus values its grammar refuses.
    /// (Unclosed lists come from `snippets` and edits, rarely: one makes the line reparse step
    /// aside for the rest of its document.)
    public static let attributeLists = ["[winner]", "[score=3]", "[score=2, winner]", "[edge=\"no\"]", "[score=\"w/o\"]",
                                        "[\n    score=1\n    winner\n  ]", "[scor=1]", "[winner=1, winner]", "[score]"]
        + AttributeSpec.all.map { "[" + $0.example + "]" }
        + ["[legs=\"1 x\"]", "[sets=\"6 4\", status=retired]", "[status=retird]", "[pens=4, winner]"]

    public static func document(_ random: inout SeededRandom, nodes: Int) -> String {
        var out = ""
        if Int.random(in: 0..<4, using: &random) == 0 { out += "@title \"Random\"\n" }
        if Int.random(in: 0..<6, using: &random) == 0 { out += "@root top\n" }
        if Int.random(in: 0..<6, using: &random) == 0 { out += "# comment line\n" }
        var remaining = nodes
        var depth = 0
        var idCounter = 1
        out += "r {\n"
        depth = 1
        while remaining > 0 {
            let choice = Int.random(in: 0..<10, using: &random)
            let indent = String(repeating: "  ", count: depth)
            if choice < 5 {
                // A leaf, sometimes with a label, sometimes reusing an ID.
                let id = Int.random(in: 0..<12, using: &random) == 0 ? "\(max(1, idCounter - 3))" : "\(idCounter)"
                idCounter += 1
                out += indent + id
                if Int.random(in: 0..<3, using: &random) == 0 { out += " " + labels.randomElement(using: &random)! }
                if Int.random(in: 0..<3, using: &random) == 0 { out += " " + attributeLists.randomElement(using: &random)! }
                out += Int.random(in: 0..<3, using: &random) == 0 ? " " : "\n"
                remaining -= 1
            } else if choice < 8 {
                out += indent + "n\(idCounter)"
                if Int.random(in: 0..<4, using: &random) == 0 { out += " " + attributeLists.randomElement(using: &random)! }
                out += " {\n"
                idCounter += 1
                depth += 1
                remaining -= 1
            } else if depth > 1 {
                depth -= 1
                out += String(repeating: "  ", count: depth) + "}\n"
            }
            if Int.random(in: 0..<40, using: &random) == 0 { out += snippets.randomElement(using: &random)! }
        }
        while depth > 0 {
            depth -= 1
            out += String(repeating: "  ", count: depth) + "}\n"
        }
        return out
    }

    /// A random edit against `text` (byte offsets): insertion, deletion, replacement or a
    /// multi-line paste, at a random place.
    public static func edit(_ random: inout SeededRandom, in text: [UInt8]) -> (range: Range<Int>, replacement: [UInt8]) {
        let count = text.count
        let start = count == 0 ? 0 : Int.random(in: 0...count, using: &random)
        let kind = Int.random(in: 0..<10, using: &random)
        var length = 0
        if kind >= 5, start < count { length = Int.random(in: 1...min(12, count - start), using: &random) }
        var replacement: [UInt8] = []
        if kind < 8 {
            let pieces = Int.random(in: 1...2, using: &random)
            for _ in 0..<pieces { replacement += Array(snippets.randomElement(using: &random)!.utf8) }
        } else if kind == 9 {
            replacement = Array("\n  p { q \"Pasted\"\n    s }\n".utf8)
        }
        return (start..<(start + length), replacement)
    }
}
