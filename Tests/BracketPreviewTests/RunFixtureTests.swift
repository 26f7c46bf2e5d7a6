import BracketModel
import BracketPreview
import Foundation
import Testing

/// Structural keystrokes as delta fixtures: each `Tests/Fixtures/deltas/NAME.old.bracket` and
/// `NAME.new.bracket` are a document before and after one edit, and `NAME.delta` is what the
/// server sends for it, with the server's limit (half the picture), to a client without runs
/// and to one that takes them (docs/protocol.md, "Runs and renames"). Every delta is applied
/// to the old picture and must give the new full one. `BRACKET_RECORD=1` rewrites the
/// expectations.
@Suite struct RunFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/deltas")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".old.bracket") }.map { String($0.dropLast(".old.bracket".count)) }.sorted()
    }

    @Test func fixturesExist() { #expect(Self.names.count >= 6) }

    @Test(arguments: names) func fixture(_ name: String) throws {
        let old = try String(contentsOf: Self.folder.appendingPathComponent(name + ".old.bracket"), encoding: .utf8)
        let new = try String(contentsOf: Self.folder.appendingPathComponent(name + ".new.bracket"), encoding: .utf8)
        let before = snapshot(old), after = snapshot(new)
        var output = ""
        for runs in [false, true] {
            let update = previewUpdateByPairingIDs(from: before, to: after, runs: runs)
            output += (runs ? "with runs: " : "without runs: ") + Self.describe(update, before, after)
            if case .delta(let delta) = update {
                #expect(try apply(writtenDelta(delta, to: after), to: fullState(before)) == fullState(after), "\(name), runs \(runs)")
            }
        }
        let expectedURL = Self.folder.appendingPathComponent(name + ".delta")
        if ProcessInfo.processInfo.environment["BRACKET_RECORD"] == "1" {
            try output.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try #require(try? String(contentsOf: expectedURL, encoding: .utf8), "missing \(name).delta; run with BRACKET_RECORD=1")
        #expect(output == expected)
    }

    /// The update as reviewable lines: its kind, then each op with the IDs it names.
    static func describe(_ update: PreviewUpdate, _ old: PreviewSnapshot, _ new: PreviewSnapshot) -> String {
        guard case .delta(let delta) = update else {
            if case .full(let reason) = update { return "full (\(reason))\n" }
            return "?\n"
        }
        let ids = new.diagram.nodes.ids
        func child(_ edge: Int) -> String { ids[Int(new.geometry.edgeChildren[edge])] }
        var out = "delta, \(delta.itemCount) items of \(new.cardCount + new.drawnEdges.count)\n"
        func line(_ title: String, _ items: [String]) {
            if !items.isEmpty { out += "  \(title): " + items.joined(separator: " ") + "\n" }
        }
        line("renamed", delta.renamedCards.map { "\($0.from)->\(ids[$0.index])" })
        for run in delta.runs {
            var text = "\(ids[run.first]) x\(run.count)"
            for (key, value) in [("dx", run.dx), ("dy", run.dy)] where value != 0 { text += " \(key) \(value)" }
            for (key, value) in [("lines", run.lines), ("characters", run.characters), ("depth", run.depth)] where value != 0 {
                text += " \(key) \(value)"
            }
            out += "  run: \(text)\n"
        }
        line("cards removed", delta.removedCards)
        line("cards changed", delta.changedCards.map { ids[$0.index] + ($0.markupChanged ? "" : "(node)") })
        line("cards added", delta.addedCards.map { ids[$0] })
        line("edges removed", delta.removedEdges)
        line("edges changed", delta.changedEdges.map(child))
        line("edges added", delta.addedEdges.map { child($0.index) })
        return out
    }
}
