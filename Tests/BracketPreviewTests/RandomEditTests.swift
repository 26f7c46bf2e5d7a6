import BracketLayout
import BracketModel
import BracketPreview
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

        /// One node per line, two spaces per level; written with an explicit stack.
        var text: String {
            var out = settings
            var stack: [(node: Int, depth: Int, closing: Bool)] = [(0, 0, false)]
            while let (node, depth, closing) = stack.popLast() {
                let indent = String(repeating: "  ", count: depth)
                if closing { out += indent + "}\n"; continue }
                out += indent + ids[node]
                if let label = labels[node] { out += " \"\(label)\"" }
                if children[node].isEmpty { out += "\n"; continue }
                out += " {\n"
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
            default:  // toggle a setting now and then
                settings = settings.isEmpty ? "@align leaves\n" : ""
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64]) func deltasReproduceTheFullPicture(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var tree = Tree()
        for _ in 0..<12 { tree.edit(&random) }
        var before = snapshot(tree.text)
        var deltas = 0
        for step in 0..<150 {
            tree.edit(&random)
            let after = snapshot(tree.text)
            if case .delta(let delta) = previewUpdate(from: before, to: after, maxFraction: .infinity) {
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

    /// Characters typed into labels and IDs, as the server renders them: the diagram updated
    /// for the edits (`Document.diagram(updating:after:)`), the layout reused (`relayout`), and
    /// the diff told which cards can differ. Its answer is the full diff's, and its deltas
    /// rebuild the fresh picture.
    @Test(arguments: [1, 2, 3, 4] as [UInt64]) func knownChangesDiffLikeTheFullDiff(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var tree = Tree()
        for _ in 0..<30 { tree.edit(&random) }
        var document = Document(tree.text)
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
                  let patched = document.diagram(updating: diagram, after: [TokenEdit(range: edit.range, newLength: typed.utf8.count)])
            else {
                diagram = document.diagram()
                before = snapshot(document, diagram, layout(diagram))
                continue
            }
            let fresh = layout(patched.diagram)
            let update = relayout(patched.diagram, from: diagram, previous: before.geometry)
            let after = snapshot(document, patched.diagram, update?.geometry ?? fresh)
            if update != nil {
                known += 1
                let fast = previewUpdate(from: before, to: after, changed: patched.edited, maxFraction: .infinity)
                #expect(fast == previewUpdate(from: before, to: after, maxFraction: .infinity), "seed \(seed) step \(step)")
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
}
