import BracketSyntax
import BracketTestSupport
import Testing

@testable import BracketModel

/// The ID table (its counts, duplicates' handles and index) and the local diagnostics kept
/// incrementally equal a fresh build after every edit of random sequences on documents where
/// most IDs are defined three times or more: renames among a few IDs, characters typed into and
/// deleted from an ID, pastes of many lines repeating those IDs (nested blocks among them),
/// lines cut out, subtrees wrapped in a new block, labels emptied, and undo runs that take back
/// the last edits in reverse order, as an editor's undo does.
@Suite struct IDTableDifferentialTests {
    static let pool = ["a", "b", "c", "d", "e"]

    /// A binary tree of `nodes` whose IDs are drawn from `pool` for every third node, so that
    /// each of the pool's IDs is defined many times from the start.
    static func text(nodes: Int, oneLine: Bool, random: inout SeededRandom) -> String {
        binaryTreeText(nodes: nodes, oneLine: oneLine) { index in
            let id = index % 3 == 1 ? pool.randomElement(using: &random)! : "n\(index)"
            return "\(id) \"\(index % 7 == 0 ? "" : "L\(index)")\""
        }
    }

    /// The ID table and the local diagnostics equal a fresh build's; false (with issues
    /// recorded) when they do not.
    @discardableResult
    static func expectSame(_ document: Document, _ what: @autoclosure () -> String) -> Bool {
        let fresh = Document(text: document.text)
        var same = true
        func check(_ ok: Bool, _ part: String) {
            guard !ok else { return }
            same = false
            Issue.record("\(part) differ: \(what())")
        }
        check(document.ids.duplicateRanges == fresh.ids.duplicateRanges, "duplicates")
        check(document.ids.index.allStarts == fresh.ids.index.allStarts, "index starts")
        check(document.local.all == fresh.local.all, "local diagnostics")
        check(document.diagnostics == fresh.diagnostics, "diagnostics")
        let ids = Set(DuplicateLookupTests.definitions(fresh).map(\.id)).union(pool)
        check(ids.allSatisfy { document.ids.count(of: $0) == fresh.ids.count(of: $0) }, "counts")
        return same
    }

    /// The smallest single edit that turns `current` back into `old` (an editor's undo of a
    /// change sends one such edit, or a few, for the changed span).
    static func undoEdit(from current: [UInt8], to old: [UInt8]) -> TextEdit {
        var prefix = 0
        while prefix < current.count, prefix < old.count, current[prefix] == old[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < current.count - prefix, suffix < old.count - prefix,
            current[current.count - 1 - suffix] == old[old.count - 1 - suffix]
        { suffix += 1 }
        return TextEdit(
            range: ByteRange(prefix, current.count - suffix),
            replacement: Array(old[prefix..<(old.count - suffix)]))
    }

    @Test(arguments: [(false, 1), (false, 2), (false, 3), (true, 1), (true, 2), (true, 3)])
    func randomEditsAndUndosAmongTriplicatesMatchAFreshBuild(oneLine: Bool, seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &* 0x9E37 &+ (oneLine ? 1 : 0))
        var document = Document(Self.text(nodes: 255, oneLine: oneLine, random: &random))
        let separator = oneLine ? " " : "\n"
        var history: [[UInt8]] = []
        var undos = 0
        var maximumRepeat = 0
        for round in 0..<400 {
            let before = document.text
            let all = DuplicateLookupTests.definitions(document)
            guard let target = all.randomElement(using: &random) else { break }
            var edits: [TextEdit] = []
            var undo = false
            switch Int.random(in: 0..<12, using: &random) {
            case 0, 1:
                // Undo the last one to four edits, one at a time.
                undo = !history.isEmpty
            case 2:
                // Many lines repeating the pool's IDs pasted before the target, some in a block.
                var lines: [String] = []
                for line in 0..<Int.random(in: 2...40, using: &random) {
                    let id = Self.pool.randomElement(using: &random)!
                    lines.append(line % 9 == 4 ? "\(id) \"P\" { \(Self.pool.randomElement(using: &random)!) \"\" }" : "\(id) \"\"")
                }
                let paste = lines.joined(separator: separator) + separator
                edits = [TextEdit(range: ByteRange(target.range.start, target.range.start), replacement: paste)]
            case 3:
                // A run of lines cut out (definitions and their diagnostics with them).
                let stop = all.first { $0.range.start >= target.range.start + Int.random(in: 1...400, using: &random) }?.range.start
                    ?? target.range.end
                edits = [TextEdit(range: ByteRange(target.range.start, stop), replacement: "")]
            case 4:
                // The target's subtree wrapped in a new block whose ID repeats one of the pool's.
                let end = KeystrokeKindTests.subtreeEnd(from: target.range.start, in: before)
                let opening = "\(Self.pool.randomElement(using: &random)!) {" + separator
                edits = [
                    TextEdit(range: ByteRange(target.range.start, target.range.start), replacement: opening),
                    TextEdit(
                        range: ByteRange(end + opening.utf8.count, end + opening.utf8.count),
                        replacement: separator + "}" + separator),
                ]
            case 5:
                // A character typed at the end of the ID, or its last character deleted.
                edits = [
                    target.range.length > 1 && Bool.random(using: &random)
                        ? TextEdit(range: ByteRange(target.range.end - 1, target.range.end), replacement: "")
                        : TextEdit(range: ByteRange(target.range.end, target.range.end), replacement: "x"),
                ]
            case 6:
                // The label after the target emptied or filled.
                guard let open = before[target.range.end...].firstIndex(of: UInt8(ascii: "\"")),
                    let close = before[(open + 1)...].firstIndex(of: UInt8(ascii: "\""))
                else { continue }
                edits = [TextEdit(range: ByteRange(open + 1, close), replacement: close == open + 1 ? "F" : "")]
            default:
                edits = [TextEdit(range: target.range, replacement: Self.pool.randomElement(using: &random)!)]
            }
            if undo {
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    guard let old = history.popLast() else { break }
                    let edit = Self.undoEdit(from: document.text, to: old)
                    document.apply(edit)
                    undos += 1
                    guard Self.expectSame(document, "seed \(seed) round \(round): undo of \(edit.range)") else { return }
                }
                continue
            }
            document.apply(edits)
            history.append(before)
            let counts = Self.pool.map { document.ids.count(of: $0) }
            maximumRepeat = max(maximumRepeat, counts.max() ?? 0)
            let described = edits.map { "\($0.range) \(String(decoding: $0.replacement, as: UTF8.self).debugDescription)" }
            guard Self.expectSame(document, "seed \(seed) round \(round): \(described)") else { return }
        }
        #expect(undos > 50, "the sequence undid edits")
        #expect(maximumRepeat >= 10, "IDs were defined many times")
        #expect(document.ids.hasDuplicates)
    }

    /// `IDTable.unpaired` leaves exactly the multiset difference on each side, whichever of its
    /// three ways it takes (a few removed, a few added, many of both).
    @Test func unpairedLeavesTheMultisetDifference() {
        var random = SeededRandom(seed: 0x0A1D)
        for _ in 0..<600 {
            let sizes = [0, 1, 2, 15, 16, 17, 40]
            let added = (0..<sizes.randomElement(using: &random)!).map { _ in Int.random(in: 1...12, using: &random) }
            let removed = (0..<sizes.randomElement(using: &random)!).map { _ in Int.random(in: 1...12, using: &random) }
            let (addedLeft, removedLeft) = IDTable.unpaired(added: added, removed: removed)
            var expectedAdded: [Int] = []
            var pool = removed
            for (position, hash) in added.enumerated() {
                if let match = pool.firstIndex(of: hash) { pool.remove(at: match) } else { expectedAdded.append(position) }
            }
            #expect(addedLeft.map { added[$0] }.sorted() == expectedAdded.map { added[$0] }.sorted(), "\(added) \(removed)")
            #expect(Set(addedLeft).count == addedLeft.count && addedLeft.allSatisfy { added.indices.contains($0) })
            #expect(removedLeft.sorted() == pool.sorted(), "\(added) \(removed)")
        }
    }
}
