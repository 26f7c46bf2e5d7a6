// Random structural edits of one-node-per-line trees, for the differential tests of the
// diagram splice and the structural layout (and anything built on them).
import BracketModel
import BracketSyntax

/// A random tree, one node per line, the one generator the differential tests of the
/// diagram, the splice and the layouts draw their inputs from: labels of varied length (some
/// wrap, some set their level's extent), optional comments, with or without indentation.
public struct RandomTree: Sendable {
    /// Text before the tree (settings).
    public var settings = ""
    public var root = "root \"Root\""
    /// How many nodes under the root: `nodes.lowerBound` plus a random part of the range.
    public var nodes = 10..<50
    /// The labels; `#` in one is the node's number (a label of its own).
    public var labels = ["A", "Bb", "Wide label here", "x", "Quite a long label that wraps", "Mid size"]
    /// One node in this many has no label (its card shows "Node ID"); 0: every node has one.
    public var unlabelledOneIn = 4
    /// One line in this many ends in a comment; 0: none.
    public var commentOneIn = 0
    /// Two spaces per level, as an editor indents, or every line at the margin.
    public var indented = true
    /// Edge labels (`[edge="…"]`), one node in `edgeLabelOneIn` taking one of them; 0: none.
    public var edgeLabels = ["yes", "no", "a longer answer that wraps onto lines", "maybe"]
    public var edgeLabelOneIn = 0
    /// Results: one node in `scoreOneIn` takes one of `scores` (0: none), one in `winnerOneIn`
    /// a `winner` flag (0: none), in the same attribute list as its edge label.
    public var scores = ["3", "1", "12", "2.5", "6–4 7–5", "w/o", "10"]
    public var scoreOneIn = 0
    public var winnerOneIn = 0

    public init(settings: String = "") { self.settings = settings }

    public func text(_ random: inout SeededRandom) -> String {
        var text = settings + root + " {\n"
        var open = 1
        let span = UInt64(max(1, nodes.count))
        for index in 0..<(nodes.lowerBound + Int(random.next() % span)) {
            let pad = indented ? String(repeating: "  ", count: open) : ""
            var label = ""
            if unlabelledOneIn == 0 || random.next() % UInt64(unlabelledOneIn) != 0 {
                let word = labels[Int(random.next() % UInt64(labels.count))]
                label = " \"" + word.replacingOccurrences(of: "#", with: "\(index)") + "\""
            }
            var attributes: [String] = []
            if edgeLabelOneIn > 0, random.next() % UInt64(edgeLabelOneIn) == 0 {
                attributes.append("edge=\"" + edgeLabels[Int(random.next() % UInt64(edgeLabels.count))] + "\"")
            }
            if scoreOneIn > 0, random.next() % UInt64(scoreOneIn) == 0 {
                attributes.append("score=\"" + scores[Int(random.next() % UInt64(scores.count))] + "\"")
            }
            if winnerOneIn > 0, random.next() % UInt64(winnerOneIn) == 0 { attributes.append("winner") }
            if !attributes.isEmpty { label += " [" + attributes.joined(separator: ", ") + "]" }
            let comment = commentOneIn > 0 && random.next() % UInt64(commentOneIn) == 0 ? "  # c" : ""
            if open > 1, random.next() % 4 == 0 {
                text += (indented ? String(pad.dropLast(2)) : "") + "}\n"
                open -= 1
            }
            if random.next() % 3 == 0 {
                text += "\(pad)n\(index)\(label) {\(comment)\n"
                open += 1
            } else {
                text += "\(pad)n\(index)\(label)\(comment)\n"
            }
        }
        while open > 0 {
            open -= 1
            text += (indented ? String(repeating: "  ", count: open) : "") + "}\n"
        }
        return text
    }
}

extension String {
    /// `self` with every `target` replaced (Foundation-free).
    fileprivate func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}

public enum StructuralEdits {
    /// A random tree, one node per line with two spaces per level (`RandomTree`'s defaults),
    /// after `settings`.
    public static func tree(_ random: inout SeededRandom, settings: String = "", nodes: Int? = nil) -> String {
        var tree = RandomTree(settings: settings)
        if let nodes { tree.nodes = nodes..<(nodes + 1) }
        return tree.text(&random)
    }

    /// The structural edits people make, by kind, for the tests that count which of them a
    /// path answers.
    public enum Kind: String, CaseIterable, Sendable {
        case leafInserted, subtreeInserted, linesDeleted, wrapped, unwrapped, retyped, stray
        /// A child put under a leaf: the leaf becomes a parent.
        case childUnderLeaf
        /// A block's only child deleted: its parent becomes a leaf.
        case lastChildDeleted
        /// A leaf whose label is wider (taller) than its level's cards.
        case wideLeafInserted
    }

    /// The text's lines, with their start offsets.
    public static func lines(_ text: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in text.enumerated() where byte == 0x0A && index + 1 < text.count { starts.append(index + 1) }
        return starts
    }

    /// One structural edit somewhere in `text` (or, now and then, a stray character).
    public static func edit(_ text: [UInt8], _ random: inout SeededRandom, serial: inout Int) -> [TextEdit] {
        let kinds: [Kind] = [.leafInserted, .leafInserted, .subtreeInserted, .linesDeleted, .wrapped, .unwrapped,
                             .retyped, .stray, .childUnderLeaf, .lastChildDeleted, .wideLeafInserted]
        return edit(text, &random, serial: &serial, kind: kinds[Int(random.next() % UInt64(kinds.count))])
    }

    /// One edit of `kind` somewhere in `text`; empty when the text has no place for it.
    public static func edit(_ text: [UInt8], _ random: inout SeededRandom, serial: inout Int, kind: Kind) -> [TextEdit] {
        let starts = lines(text)
        func lineEnd(_ line: Int) -> Int { line + 1 < starts.count ? starts[line + 1] : text.count }
        func content(_ line: Int) -> String {
            String(decoding: text[starts[line]..<lineEnd(line)], as: UTF8.self).filter { $0 != "\n" }
        }
        /// A line that is a node without a block: a leaf, as this generator writes one.
        func isLeaf(_ line: Int) -> Bool {
            let body = content(line).drop { $0 == " " }
            return !body.isEmpty && !body.hasSuffix("{") && !body.contains("}") && !body.hasPrefix("@")
                && body.first.map { $0.isLetter || $0.isNumber } == true
        }
        let line = Int(random.next() % UInt64(starts.count))
        serial += 1
        switch kind {
        case .leafInserted:
            let label = random.next() % 2 == 0 ? "" : " \"New \(serial)\""
            return [TextEdit(range: ByteRange(starts[line], starts[line]), replacement: "  x\(serial)\(label)\n")]
        case .wideLeafInserted:
            let labels = ["A label far wider than the rest", "Wider still: a label that wraps onto a second line",
                          "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM", "Wide label here, and more"]
            let label = labels[Int(random.next() % UInt64(labels.count))]
            return [TextEdit(range: ByteRange(starts[line], starts[line]), replacement: "  v\(serial) \"\(label)\"\n")]
        case .childUnderLeaf:
            for candidate in Array(line..<starts.count) + Array(0..<line) where isLeaf(candidate) {
                let pad = String(content(candidate).prefix { $0 == " " })
                let end = lineEnd(candidate) - (text[lineEnd(candidate) - 1] == 0x0A ? 1 : 0)
                return [TextEdit(range: ByteRange(end, end), replacement: " {\n\(pad)  c\(serial)\n\(pad)}")]
            }
            return []
        case .lastChildDeleted:
            // A block whose only child is one line: that line deleted leaves `{ }` empty.
            for candidate in Array(line..<starts.count) + Array(0..<line) where candidate + 2 < starts.count {
                guard content(candidate).hasSuffix("{"), isLeaf(candidate + 1),
                      content(candidate + 2).filter({ $0 != " " }) == "}" else { continue }
                return [TextEdit(range: ByteRange(starts[candidate + 1], lineEnd(candidate + 1)), replacement: "")]
            }
            return []
        case .subtreeInserted:
            return [TextEdit(range: ByteRange(starts[line], starts[line]),
                             replacement: "  s\(serial) {\n    t\(serial)\n    u\(serial) \"U\"\n  }\n")]
        case .linesDeleted:
            let last = min(starts.count - 1, line + Int(random.next() % 3))
            return [TextEdit(range: ByteRange(starts[line], lineEnd(last)), replacement: "")]
        case .wrapped:  // `{` line first, its `}` after, as an editor sends them
            let last = min(starts.count - 1, line + Int(random.next() % 4))
            return [TextEdit(range: ByteRange(lineEnd(last), lineEnd(last)), replacement: "}\n"),
                    TextEdit(range: ByteRange(starts[line], starts[line]), replacement: "w\(serial) {\n")]
        case .unwrapped:  // a line ending in `{` and the next line that is only `}`
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
        case .retyped:  // a node renamed or relabelled by retyping its line
            return [TextEdit(range: ByteRange(starts[line], max(starts[line], lineEnd(line) - 1)),
                             replacement: random.next() % 3 == 0 ? "  r\(serial) \"Retyped \(serial) as a longer label\""
                                 : "  r\(serial) \"R\(serial)\"")]
        case .stray:  // a character anywhere
            let at = Int(random.next() % UInt64(text.count + 1))
            let inserts = ["{", "}", "\"", "x", "\n", " ", "[", "]"]
            if random.next() % 2 == 0, at < text.count {
                return [TextEdit(range: ByteRange(at, at + 1), replacement: "")]
            }
            return [TextEdit(range: ByteRange(at, at), replacement: inserts[Int(random.next() % UInt64(inserts.count))])]
        }
    }

}
