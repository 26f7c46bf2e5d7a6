import BracketLayout
import BracketModel
@testable import BracketPreview
import BracketSyntax
import BracketTestSupport
import Testing

/// Seeded random edit sequences on a tree: after every step, applying the delta (when one is
/// chosen) to the previous picture gives exactly the new full picture.
@Suite struct RandomEditTests {
    /// A tree the generator edits: node i's ID, optional label, and children.
    struct Tree {
        var ids: [String] = ["r"]
        var labels: [String?] = [nil]
        var children: [[Int]] = [[]]
        var alive: [Bool] = [true]
        var settings = ""
        /// The whole tree on one line (`r { a "A" b { c } }`), as generated files often are.
        var oneLine = false
        /// Some edits wrap a subtree in a new parent (off for the tests written before, so
        /// their edit sequences stay as they were).
        var wraps = false

        /// One node per line, two spaces per level (or all on one line); written with an
        /// explicit stack.
        var text: String {
            var out = settings
            let end = oneLine ? " " : "\n"
            var stack: [(node: Int, depth: Int, closing: Bool)] = [(0, 0, false)]
            while let (node, depth, closing) = stack.popLast() {
                let indent = oneLine ? "" : String(repeating: "  ", count: depth)
                if closing { out += indent + "}" + end; continue }
                out += indent + ids[node]
                if let label = labels[node] { out += " \"\(label)\"" }
                if children[node].isEmpty { out += end; continue }
                out += " {" + end
                stack.append((node, depth, true))
                for child in children[node].reversed() { stack.append((child, depth + 1, false)) }
            }
            return out
        }

        var liveNodes: [Int] { alive.indices.filter { alive[$0] } }

        mutating func edit(_ random: inout SeededRandom) {
            let live = liveNodes
            let node = live[Int(random.next() % UInt64(live.count))]
            switch random.next() % 10 {
            case 0...2:  // relabel, often by one character
                labels[node] = (labels[node] ?? "L") + String(UnicodeScalar(UInt8(97 + random.next() % 26)))
            case 3...5:  // add a leaf at a random place among the children
                ids.append("n\(ids.count)")
                labels.append(random.next() % 2 == 0 ? nil : "leaf")
                children.append([])
                alive.append(true)
                let at = Int(random.next() % UInt64(children[node].count + 1))
                children[node].insert(ids.count - 1, at: at)
            case 6...7:  // remove a subtree (never the root)
                guard node != 0, let parent = children.firstIndex(where: { $0.contains(node) }) else { return }
                children[parent].removeAll { $0 == node }
                var stack = [node]
                while let gone = stack.popLast() {
                    alive[gone] = false
                    stack.append(contentsOf: children[gone])
                }
            case 8 where children[node].count >= 2 && random.next() % 2 == 0:  // swap two children: a reorder
                children[node].swapAt(0, children[node].count - 1)
            case 8:  // rename an ID (sometimes to an existing one: a duplicate)
                ids[node] = random.next() % 4 == 0 ? ids[live[Int(random.next() % UInt64(live.count))]] : "m\(random.next() % 1000)"
            case 9 where wraps && node != 0 && random.next() % 3 != 0:  // wrap a subtree in a new parent
                guard let parent = children.firstIndex(where: { $0.contains(node) }),
                      let at = children[parent].firstIndex(of: node) else { return }
                ids.append("w\(ids.count)")
                labels.append(nil)
                children.append([node])
                alive.append(true)
                children[parent][at] = ids.count - 1
            default:  // toggle a setting now and then
                settings = settings.isEmpty ? "@align leaves\n" : ""
            }
        }
    }

    @Test(arguments: TestScale.arguments([1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])) func deltasReproduceTheFullPicture(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var tree = Tree()
        for _ in 0..<12 { tree.edit(&random) }
        var before = snapshot(tree.text)
        var deltas = 0
        for step in 0..<150 {
            tree.edit(&random)
            let after = snapshot(tree.text)
            if case .delta(let delta) = previewUpdateByPairingIDs(from: before, to: after, maxFraction: .infinity) {
                deltas += 1
                let applied = try apply(writtenDelta(delta, to: after), to: fullState(before))
                let expected = try fullState(after)
                #expect(applied == expected, "seed \(seed) step \(step)\n\(tree.text)")
                if applied != expected { return }
            }
            before = after
        }
        // Duplicate IDs and setting toggles force full updates for a while; the rest are deltas,
        // and the test must exercise them.
        #expect(deltas > 40)
    }

    /// The same edits (and subtrees wrapped in a new parent), some files written on one line,
    /// diffed for a client that takes runs and renames: applying each delta to the previous
    /// picture gives exactly the new full picture; it falls back to the full payload for
    /// exactly the reasons the plain diff does, and never carries more items than it.
    @Test(arguments: TestScale.arguments([1, 2, 3, 4, 5, 6, 7, 8] as [UInt64], quick: 2)) func runsReproduceTheFullPicture(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var tree = Tree()
        tree.wraps = true
        tree.oneLine = seed % 2 == 0
        for _ in 0..<12 { tree.edit(&random) }
        var before = snapshot(tree.text)
        var runs = 0, renames = 0, deltas = 0
        for step in 0..<150 {
            tree.edit(&random)
            let after = snapshot(tree.text)
            let plain = previewUpdateByPairingIDs(from: before, to: after, maxFraction: .infinity)
            let update = previewUpdateByPairingIDs(from: before, to: after, maxFraction: .infinity, runs: true)
            switch (plain, update) {
            case (.full(let reason), .full(let other)):
                // A level added at the deep end is no reason with runs; a later one may be.
                #expect(reason == other || reason == .decorationsChanged, "seed \(seed) step \(step)")
            case (.full, .delta(let delta)):
                // Only a level added or removed at the deep end may be a delta with runs.
                #expect(plain == .full(.decorationsChanged), "seed \(seed) step \(step)")
                #expect(try apply(writtenDelta(delta, to: after), to: fullState(before)) == fullState(after))
            case (.delta(let cards), .delta(let delta)):
                deltas += 1
                runs += delta.runs.count
                renames += delta.renamedCards.count
                #expect(delta.itemCount <= cards.itemCount, "seed \(seed) step \(step)")
                let applied = try apply(writtenDelta(delta, to: after), to: fullState(before))
                let expected = try fullState(after)
                #expect(applied == expected, "seed \(seed) step \(step)\n\(tree.text)")
                if applied != expected { return }
            default:
                Issue.record("seed \(seed) step \(step): \(plain) but \(update) with runs")
            }
            before = after
        }
        #expect(deltas > 40)
        #expect(runs > 20, "runs: \(runs)")
        #expect(renames > 3, "renames: \(renames)")
    }

    /// Characters typed into labels and IDs, as the server renders them: the diagram updated
    /// for the edits (`Document.diagramRereadingHeaders(of:after:)`), the layout reused (`relayout`), and
    /// the diff told which cards can differ. Its answer is the full diff's, and its deltas
    /// rebuild the fresh picture.
    ///
    /// With runs (seeds 11 to 14, on files written on one line for 12 and 14), the same holds
    /// for the diff that takes runs and renames.
    ///
    /// Seeds 21 and 22: trees with edge labels (`RandomTree`), their cards' labels and IDs typed.
    @Test(arguments: TestScale.arguments([1, 2, 3, 4, 11, 12, 13, 14, 21, 22] as [UInt64], quick: 2))
    func knownChangesDiffLikeTheFullDiff(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let runs = seed > 10
        var tree = Tree()
        tree.oneLine = runs && seed % 2 == 0
        for _ in 0..<30 { tree.edit(&random) }
        var labelled = RandomTree()
        labelled.edgeLabelOneIn = 2
        var document = Document(seed > 20 ? labelled.text(&random) : tree.text)
        var diagram = document.diagram()
        var before = snapshot(document, diagram, layout(diagram))
        var known = 0
        for step in 0..<120 {
            // A character typed into or deleted from a label or an ID, where one is.
            let text = document.text
            let at = Int(random.next() % UInt64(text.count))
            let typed = random.next() % 3 == 0 ? "" : ["x", "7", "é", "_"][Int(random.next() % 4)]
            let edit = TextEdit(range: ByteRange(at, typed.isEmpty ? min(text.count, at + 1) : at), replacement: typed)
            guard document.apply(edit) == .token,
                  let patched = document.diagramRereadingHeaders(of: diagram, after: [TokenEdit(range: edit.range, newLength: typed.utf8.count)])
            else {
                diagram = document.diagram()
                before = snapshot(document, diagram, layout(diagram))
                continue
            }
            let fresh = layout(patched.diagram)
            let update = layoutReusingPositions(patched.diagram, from: diagram, previous: before.geometry)
            let after = snapshot(document, patched.diagram, update?.geometry ?? fresh)
            if update != nil {
                known += 1
                let fast = previewUpdateOfChangedCards(from: before, to: after, changed: patched.edited, maxFraction: .infinity, runs: runs)
                #expect(fast == previewUpdateByPairingIDs(from: before, to: after, maxFraction: .infinity, runs: runs), "seed \(seed) step \(step)")
                // Told which ranges can differ (here those that do, and every third card), the same.
                let moved = after.ranges.indices.filter { $0 % 3 == 0 || before.ranges[$0] != after.ranges[$0] }
                #expect(previewUpdateOfChangedCards(from: before, to: after, changed: patched.edited, ranges: moved, maxFraction: .infinity,
                                      runs: runs) == fast, "seed \(seed) step \(step): ranges known")
                // A fresh parse of the same bytes (deleting one byte of "é" leaves bad UTF-8,
                // which a String would repair into other bytes).
                let parsed = Document(text: document.text)
                let reference = snapshot(parsed, parsed.diagram(), layout(parsed.diagram()))
                #expect(after.diagram == reference.diagram, "seed \(seed) step \(step): diagram")
                #expect(after.geometry == reference.geometry, "seed \(seed) step \(step): geometry")
                #expect(after.ranges == reference.ranges, "seed \(seed) step \(step): ranges")
                if case .delta(let delta) = fast {
                    #expect(try apply(writtenDelta(delta, to: after), to: fullState(before)) == fullState(reference))
                }
            }
            diagram = patched.diagram
            before = after
        }
        #expect(known > 10, "known-change diffs: \(known)")
    }

    /// Edge labels retyped (one connector's answer changed, the tree otherwise the same), the
    /// layout reused (`layoutReusingPositions` measures the label against its gap) and the diff told which
    /// cards changed: for a client that takes runs it is the full diff's answer, a changed
    /// connector carrying the new label, and the delta rebuilds the new picture; a client
    /// without runs gets the whole picture, as it always has when an edge label changed.
    @Test(arguments: [31, 32, 33, 34] as [UInt64]) func edgeLabelsRetypedDiffLikeTheFullDiff(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var tree = RandomTree(settings: seed % 2 == 0 ? "@root top\n" : "")
        tree.edgeLabelOneIn = 2
        tree.edgeLabels = ["yes", "no", "maybe", "a longer answer that wraps onto lines"]
        var text = tree.text(&random)
        var document = Document(text)
        var diagram = document.diagram()
        var before = snapshot(document, diagram, layout(diagram, keepingSpliceState: true))
        var known = 0, changedConnectors = 0
        for step in 0..<60 {
            // One `edge="…"` value replaced by another.
            let values = tree.edgeLabels.map { "[edge=\"" + $0 + "\"]" }
            let bytes = Array(text.utf8)
            var places: [(at: Int, length: Int)] = []
            for value in values {
                let pattern = Array(value.utf8)
                var at = 0
                while at + pattern.count <= bytes.count {
                    if bytes[at] == pattern[0], Array(bytes[at..<(at + pattern.count)]) == pattern { places.append((at, pattern.count)) }
                    at += 1
                }
            }
            guard !places.isEmpty else { break }
            let place = places[Int(random.next() % UInt64(places.count))]
            let value = values[Int(random.next() % UInt64(values.count))]
            text = String(decoding: bytes[..<place.at] + Array(value.utf8) + bytes[(place.at + place.length)...], as: UTF8.self)
            document = Document(text)
            let fresh = document.diagram()
            guard let update = layoutReusingPositions(fresh, from: diagram, previous: before.geometry), update.structure == nil else {
                diagram = fresh
                before = snapshot(document, diagram, layout(diagram, keepingSpliceState: true))
                continue
            }
            #expect(update.geometry == layout(fresh, keepingSpliceState: true), "seed \(seed) step \(step)")
            let after = snapshot(document, fresh, update.geometry)
            known += 1
            for runs in [true, false] {
                let fast = previewUpdateOfChangedCards(from: before, to: after, changed: update.changedCards, maxFraction: .infinity, runs: runs)
                #expect(fast == previewUpdateByPairingIDs(from: before, to: after, maxFraction: .infinity, runs: runs), "seed \(seed) step \(step)")
                if case .delta(let delta) = fast {
                    changedConnectors += delta.changedEdges.count
                    #expect(try apply(writtenDelta(delta, to: after), to: fullState(before)) == fullState(after))
                }
            }
            diagram = fresh
            before = after
        }
        #expect(known > 10, "known-change diffs: \(known)")
        #expect(changedConnectors > 5, "changed connectors: \(changedConnectors)")
    }

    /// Structural edits as the server renders them for a client that takes runs: the diagram's
    /// rows spliced (`Document.diagramSplicingRows(of:at:)`), the layout moved from the last one
    /// (`layoutSplice(_:from:splice:previous:)`), and the diff told what that layout changed
    /// (`previewUpdateOfStructuralChange(from:to:structure:)`). Each delta it gives, applied to the previous
    /// picture, is the fresh picture of the new text, and is the runs diff's delta; it is full
    /// for exactly the reasons the runs diff is, except where the runs diff finds children
    /// reordered (a splice removes and adds them); without runs it is the plain diff's answer. The edits are the random tree's
    /// (seeds 1 to 4, even ones written on one line) and `StructuralEdits`' (seeds 5 to 8), each
    /// sent as the one edit between the old text and the new.
    ///
    /// Seeds 9 to 12: `StructuralEdits`' trees and edits with edge labels (`RandomTree`), which
    /// move with their connectors. Seeds 13 to 16: tournaments (scores on most cards, some
    /// `winner` flags, parents that show their winner's label), with a digit typed into a score
    /// now and then: the splice's ancestors and their children change outcome and label.
    @Test(arguments: TestScale.arguments([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] as [UInt64], quick: 2))
    func structuralChangesGiveTheFullPicture(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var tree = Tree()
        tree.wraps = true
        tree.oneLine = seed % 2 == 0
        let generated = seed > 4
        var text: [UInt8]
        let scored = seed > 12
        if scored {
            var tournament = RandomTree()
            tournament.nodes = 60..<61
            tournament.scoreOneIn = seed % 2 == 0 ? 1 : 2
            tournament.winnerOneIn = 4
            tournament.edgeLabelOneIn = seed == 16 ? 3 : 0
            text = Array(tournament.text(&random).utf8)
        } else if seed > 8 {
            var labelled = RandomTree()
            labelled.nodes = 60..<61
            labelled.edgeLabelOneIn = 2
            text = Array(labelled.text(&random).utf8)
        } else if generated {
            text = Array(StructuralEdits.tree(&random, nodes: 60).utf8)
        } else {
            for _ in 0..<20 { tree.edit(&random) }
            text = Array(tree.text.utf8)
        }
        var document = Document(text: text)
        var diagram = document.diagram()
        var before = snapshot(document, diagram, layout(diagram, keepingSpliceState: true))
        var structural = 0, runs = 0, renames = 0, serial = 0, moved = 0
        for step in 0..<150 {
            var next = text
            let scores = scored ? text.indices.filter { text[$0...].starts(with: Array("score=\"".utf8)) } : []
            if !scores.isEmpty, random.next() % 3 == 0 {
                // A digit typed at the end of a score.
                var at = scores[Int(random.next() % UInt64(scores.count))] + 7
                while text[at] != UInt8(ascii: "\"") { at += 1 }
                next.insert(UInt8(ascii: "0") + UInt8(random.next() % 10), at: at)
            } else if generated {
                for edit in StructuralEdits.edit(text, &random, serial: &serial) {
                    next.replaceSubrange(edit.range.start..<edit.range.end, with: edit.replacement)
                }
            } else {
                tree.edit(&random)
                next = Array(tree.text.utf8)
            }
            // The one edit from the old text to the new: what differs between their common ends.
            var prefix = 0
            while prefix < text.count, prefix < next.count, text[prefix] == next[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < text.count - prefix, suffix < next.count - prefix,
                  text[text.count - 1 - suffix] == next[next.count - 1 - suffix] { suffix += 1 }
            let edit = TextEdit(range: ByteRange(prefix, text.count - suffix),
                                replacement: Array(next[prefix..<(next.count - suffix)]))
            text = next
            let oldDocument = document
            document.apply(edit)
            guard let spliced = document.diagramSplicingRows(of: diagram, at: TokenEdit(range: edit.range, newLength: edit.replacement.count)),
                  let update = layoutSplice(spliced.diagram, from: diagram, splice: spliced.splice, previous: before.geometry),
                  let structure = update.structure
            else {
                diagram = document.diagram()
                before = snapshot(document, diagram, layout(diagram, keepingSpliceState: true))
                continue
            }
            let after = snapshot(document, spliced.diagram, update.geometry)
            let fast = previewUpdateOfStructuralChange(from: before, to: after, structure: structure, maxFraction: .infinity, runs: true)
            let slow = previewUpdateByPairingIDs(from: before, to: after, maxFraction: .infinity, runs: true)
            // Told how the ID ranges moved (as the server moves them), the diff gives the same
            // answer without comparing the range columns where the motion describes them.
            let motion = rangeMotion(of: edit, from: oldDocument, before, to: document, after)
            if let motion {
                moved += 1
                #expect(previewUpdateOfStructuralChange(from: before, to: after, structure: structure, maxFraction: .infinity, runs: true,
                                      rangeMotion: motion) == fast, "seed \(seed) step \(step): \(motion)")
            }
            #expect(previewUpdateOfStructuralChange(from: before, to: after, structure: structure, maxFraction: .infinity)
                == previewUpdateByPairingIDs(from: before, to: after, maxFraction: .infinity), "seed \(seed) step \(step): without runs")
            // The structure is taken, not set aside for the runs diff.
            if structuralUpdate(from: before, to: after, structure: structure, maxFraction: .infinity) != nil {
                structural += 1
            }
            switch (fast, slow) {
            case (.delta(let delta), _):
                runs += delta.runs.count
                renames += delta.renamedCards.count
                let parsed = Document(text: text)
                let reference = snapshot(parsed, parsed.diagram(), layout(parsed.diagram()))
                let applied = try apply(writtenDelta(delta, to: after), to: fullState(before))
                #expect(applied == (try fullState(reference)), "seed \(seed) step \(step)\n\(String(decoding: text, as: UTF8.self))")
                if case .full(let reason) = slow { #expect(reason == .reordered, "seed \(seed) step \(step): \(reason)") }
                // Pairing the splice's untouched ends by ID, it says what the runs diff says.
                if case .delta(let other) = slow { #expect(delta == other, "seed \(seed) step \(step): \(structure)") }
                if applied != (try fullState(reference)) { return }
            case (.full(let reason), .full(let other)):
                #expect(reason == other, "seed \(seed) step \(step)")
            case (.full(let reason), .delta):
                Issue.record("seed \(seed) step \(step): full (\(reason)) where the runs diff gives a delta")
            }
            diagram = spliced.diagram
            before = after
        }
        #expect(structural > 30, "structural diffs: \(structural)")
        #expect(runs > 20, "runs: \(runs)")
        // An ID edited is a splice of one row: a rename, as the runs diff gives it.
        #expect(renames > 0, "renames: \(renames)")
        #expect(moved > 30, "range motions: \(moved)")
    }

    /// How the server moves the ID ranges for `edit` (`PreviewRender.ranges(…moving:…)`): the IDs
    /// before it kept, those after it moved by its lines (and characters on its last line); nil
    /// when that is not what the two snapshots' ranges say.
    func rangeMotion(of edit: TextEdit, from oldDocument: Document, _ old: PreviewSnapshot, to document: Document,
                     _ new: PreviewSnapshot) -> RangeMotion? {
        let oldIDs = old.diagram.nodes.idRanges, ids = new.diagram.nodes.idRanges
        let newEnd = edit.range.start + edit.replacement.count
        let kept = ids.firstIndex { $0.end > edit.range.start } ?? ids.count
        let movedFrom = ids.firstIndex { $0.start >= newEnd } ?? ids.count
        let oldMovedFrom = oldIDs.firstIndex { $0.start >= edit.range.end } ?? oldIDs.count
        let end = oldDocument.lineIndex.position(of: edit.range.end, in: oldDocument.text, encoding: .utf16)
        let now = document.lineIndex.position(of: newEnd, in: document.text, encoding: .utf16)
        let motion = RangeMotion(kept: kept, movedFrom: movedFrom, shift: oldMovedFrom - movedFrom, line: end.line,
                                 lines: now.line - end.line, characters: now.character - end.character)
        guard kept <= movedFrom, ids.count - movedFrom == oldIDs.count - oldMovedFrom,
              (0..<kept).allSatisfy({ new.ranges[$0] == old.ranges[$0] }) else { return nil }
        for index in movedFrom..<ids.count {
            var range = old.ranges[index + motion.shift]
            if range.startLine == motion.line { range.startCharacter += motion.characters }
            if range.endLine == motion.line { range.endCharacter += motion.characters }
            range.startLine += motion.lines
            range.endLine += motion.lines
            guard range == new.ranges[index] else { return nil }
        }
        return motion
    }
}
