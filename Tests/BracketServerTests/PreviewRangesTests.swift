@testable import BracketServer
import BracketExport
import BracketModel
import BracketPreview
import BracketSyntax
import BracketTestSupport
import Testing

/// The ID ranges a push moves after one edit of any kind equal the ranges converted afresh
/// (`PreviewRender.ranges(…moving:…)`), on random edits: lines inserted and deleted, text typed
/// anywhere, files on one line, CRLF line ends and characters outside the BMP (UTF-16 positions).
@Suite struct PreviewRangesTests {
    static func text(_ random: inout SeededRandom, oneLine: Bool) -> String {
        var out = "", stack = [0], count = 0
        let end = oneLine ? " " : (random.next() % 3 == 0 ? "\r\n" : "\n")
        while let depth = stack.popLast(), count < 60 {
            count += 1
            let label = random.next() % 3 == 0 ? " \"🏆 \(count)\"" : ""
            out += String(repeating: "  ", count: oneLine ? 0 : depth) + "n\(count)" + label
            if depth < 4, random.next() % 2 == 0 {
                out += " {" + end
                stack.append(-depth - 1)  // its closing brace, after its children
                for _ in 0..<(1 + Int(random.next() % 3)) { stack.append(depth + 1) }
            } else {
                out += end
            }
            while let last = stack.last, last < 0 {
                stack.removeLast()
                out += String(repeating: "  ", count: oneLine ? 0 : -last - 1) + "}" + end
            }
        }
        return out
    }

    func context(_ document: Document) -> DocumentContext {
        DocumentContext(document: document, uri: "file:///r", version: 1, encoding: .utf16, defaults: .tutorial)
    }

    func converted(_ diagram: Diagram, _ context: DocumentContext) -> [NodeRange] {
        diagram.nodes.idRanges.map { range in
            let from = context.position(range.start), to = context.position(range.end)
            return NodeRange(startLine: from.line, startCharacter: from.character, endLine: to.line, endCharacter: to.character)
        }
    }

    @Test(arguments: TestScale.arguments([1, 2, 3, 4, 5, 6] as [UInt64])) func movedRangesEqualConvertedOnes(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var moved = 0
        for round in 0..<60 {
            let before = Document(Self.text(&random, oneLine: seed % 3 == 0))
            let bytes = before.text
            // A line inserted or deleted, or text typed or deleted anywhere.
            let lineStarts = before.lineIndex.lineStarts
            let start: Int, end: Int, replacement: String
            switch random.next() % 4 {
            case 0:
                start = lineStarts[Int(random.next() % UInt64(lineStarts.count))]; end = start; replacement = "  x\(round)\n"
            case 1:
                let line = Int(random.next() % UInt64(lineStarts.count))
                start = lineStarts[line]; end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count; replacement = ""
            case 2:
                start = Int(random.next() % UInt64(bytes.count)); end = start; replacement = [" y", "é", "\n  z"][Int(random.next() % 3)]
            default:
                start = Int(random.next() % UInt64(bytes.count)); end = min(bytes.count, start + 1 + Int(random.next() % 6)); replacement = ""
            }
            let oldContext = context(before)
            let oldDiagram = before.diagram(), oldRanges = converted(oldDiagram, oldContext)
            let endPosition = oldContext.position(end)
            var after = before
            after.apply(TextEdit(range: ByteRange(start, end), replacement: replacement))
            let newContext = context(after), diagram = after.diagram()
            let edit = AppliedEdit(edit: TokenEdit(range: ByteRange(start, end), newLength: replacement.utf8.count),
                                   scope: .full, lines: endPosition.line...endPosition.line,
                                   end: LinePosition(line: endPosition.line, character: endPosition.character))
            if let (ranges, motion) = PreviewRender.ranges(diagram, newContext, moving: oldRanges, of: oldDiagram, by: edit) {
                moved += 1
                #expect(ranges == converted(diagram, newContext), "seed \(seed) round \(round)")
                #expect(Self.motion(motion, makes: ranges, from: oldRanges), "seed \(seed) round \(round): \(motion)")
            }
        }
        #expect(moved > 20, "moved \(moved) of 60")
    }

    /// Whether `motion` says how `ranges` came from `old` (the structural diff trusts it): the
    /// cards before it kept, those after it moved by its lines, and by its characters where on
    /// its line.
    static func motion(_ motion: RangeMotion, makes ranges: [NodeRange], from old: [NodeRange]) -> Bool {
        guard motion.kept <= motion.movedFrom, motion.movedFrom <= ranges.count,
              ranges.count + motion.shift == old.count else { return false }
        guard (0..<motion.kept).allSatisfy({ ranges[$0] == old[$0] }) else { return false }
        return (motion.movedFrom..<ranges.count).allSatisfy { index in
            var range = old[index + motion.shift]
            if range.startLine == motion.line { range.startCharacter += motion.characters }
            if range.endLine == motion.line { range.endCharacter += motion.characters }
            range.startLine += motion.lines
            range.endLine += motion.lines
            return range == ranges[index]
        }
    }
}
