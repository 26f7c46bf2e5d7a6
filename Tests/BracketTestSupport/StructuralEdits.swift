// Random structural edits of one-node-per-line trees, for the differential tests of the
// diagram splice and the structural layout (and anything built on them).
import BracketModel
import BracketSyntax

public enum StructuralEdits {
    /// A random tree, one node per line with two spaces per level, labels of varied length
    /// (some wrap, some set their level's extent), after `settings`.
    public static func tree(_ random: inout SeededRandom, settings: String = "", nodes: Int? = nil) -> String {
        let words = ["A", "Bb", "Wide label here", "x", "Quite a long label that wraps", "Mid size"]
        var text = settings + "root \"Root\" {\n"
        var open = 1
        for index in 0..<(nodes ?? (10 + Int(random.next() % 40))) {
            let pad = String(repeating: "  ", count: open)
            let label = random.next() % 4 == 0 ? "" : " \"\(words[Int(random.next() % UInt64(words.count))])\""
            if open > 1, random.next() % 4 == 0 {
                text += pad.dropLast(2) + "}\n"
                open -= 1
            }
            if random.next() % 3 == 0 {
                text += "\(pad)n\(index)\(label) {\n"
                open += 1
            } else {
                text += "\(pad)n\(index)\(label)\n"
            }
        }
        while open > 0 {
            open -= 1
            text += String(repeating: "  ", count: open) + "}\n"
        }
        return text
    }

    /// The text's lines, with their start offsets.
    public static func lines(_ text: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in text.enumerated() where byte == 0x0A && index + 1 < text.count { starts.append(index + 1) }
        return starts
    }

    /// One structural edit somewhere in `text` (or, now and then, a stray character).
    public static func edit(_ text: [UInt8], _ random: inout SeededRandom, serial: inout Int) -> [TextEdit] {
        let starts = lines(text)
        func lineEnd(_ line: Int) -> Int { line + 1 < starts.count ? starts[line + 1] : text.count }
        let line = Int(random.next() % UInt64(starts.count))
        serial += 1
        switch random.next() % 8 {
        case 0, 1:  // a leaf inserted
            let label = random.next() % 2 == 0 ? "" : " \"New \(serial)\""
            return [TextEdit(range: ByteRange(starts[line], starts[line]), replacement: "  x\(serial)\(label)\n")]
        case 2:  // a small subtree inserted
            return [TextEdit(range: ByteRange(starts[line], starts[line]),
                             replacement: "  s\(serial) {\n    t\(serial)\n    u\(serial) \"U\"\n  }\n")]
        case 3:  // whole lines deleted
            let last = min(starts.count - 1, line + Int(random.next() % 3))
            return [TextEdit(range: ByteRange(starts[line], lineEnd(last)), replacement: "")]
        case 4:  // lines wrapped in a new block: `{` line first, its `}` after, as an editor sends them
            let last = min(starts.count - 1, line + Int(random.next() % 4))
            return [TextEdit(range: ByteRange(lineEnd(last), lineEnd(last)), replacement: "}\n"),
                    TextEdit(range: ByteRange(starts[line], starts[line]), replacement: "w\(serial) {\n")]
        case 5:  // a block unwrapped: a line ending in `{` and the next line that is only `}`
            for candidate in (line..<starts.count) where text[..<lineEnd(candidate)].last == 0x0A {
                let body = text[starts[candidate]..<(lineEnd(candidate) - 1)]
                guard body.last == UInt8(ascii: "{") else { continue }
                var depth = 0
                for later in (candidate + 1)..<starts.count {
                    let content = String(decoding: text[starts[later]..<lineEnd(later)], as: UTF8.self)
                    depth += content.filter { $0 == "{" }.count - content.filter { $0 == "}" }.count
                    if depth < 0 {
                        guard content.filter({ $0 != " " && $0 != "\n" }) == "}" else { break }
                        return [TextEdit(range: ByteRange(starts[later], lineEnd(later)), replacement: ""),
                                TextEdit(range: ByteRange(starts[candidate], lineEnd(candidate)), replacement: "")]
                    }
                }
                break
            }
            return []
        case 6:  // a node renamed or relabelled by retyping its line
            return [TextEdit(range: ByteRange(starts[line], max(starts[line], lineEnd(line) - 1)),
                             replacement: "  r\(serial) \"R\(serial)\"")]
        default:  // a stray character anywhere
            let at = Int(random.next() % UInt64(text.count + 1))
            let inserts = ["{", "}", "\"", "x", "\n", " ", "[", "]"]
            if random.next() % 2 == 0, at < text.count {
                return [TextEdit(range: ByteRange(at, at + 1), replacement: "")]
            }
            return [TextEdit(range: ByteRange(at, at), replacement: inserts[Int(random.next() % UInt64(inserts.count))])]
        }
    }

}
