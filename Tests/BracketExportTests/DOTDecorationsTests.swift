import BracketLayout
import BracketModel
import BracketTestSupport
@testable import BracketExport
import Testing

/// Edge labels, the `@rounds` header row and two-sided draws in DOT.
@Suite struct DOTDecorationsTests {
    @Test func edgeLabelsBecomeXLabels() throws {
        let dot = exportDOT(Document(#"q { y [edge=yes] n [edge="no \"way\""] m }"#).diagram())
        #expect(dot.contains(#"  "q" -> "y" [xlabel="yes", fontname="DejaVu Sans", fontsize=11];"#))
        #expect(dot.contains(#"  "q" -> "n" [xlabel="no \"way\"", fontname="DejaVu Sans", fontsize=11];"#))
        #expect(dot.contains(#"  "q" -> "m";"#))
    }

    /// One plain-text header per level, in its level's rank, chained in drawing order.
    @Test func headersAreALabelRow() throws {
        let dot = exportDOT(Document("@rounds auto\nw { f1 { a b } f2 { c d } }").diagram())
        #expect(dot.contains(##"  "#round-0" [label="Semi-finals"];"##))
        #expect(dot.contains(##"  { rank=same; "#round-0"; "a"; "b"; "c"; "d"; }"##))
        #expect(dot.contains(##"  { rank=same; "#round-2"; "w"; }"##))
        // Root on the right: the row runs from the root's rank (Winner, slot 2) outwards.
        #expect(dot.contains(##"  "#round-2" -> "#round-1" -> "#round-0" [style=invis];"##))
        #expect(!exportDOT(Document("w { a b }").diagram()).contains("#round"))
    }

    /// The left half's edges run child → parent under `rankdir=LR`, so that half grows left.
    @Test func twoSidedDrawsPointTheLeftHalfInwards() throws {
        let dot = exportDOT(Document("@root center\n@rounds auto\nw { a { a1 a2 } b { b1 b2 } c { c1 } }").diagram())
        #expect(dot.contains("rankdir=LR"))
        let edges = dot.split(separator: "\n").filter { $0.contains("->") && !$0.contains("invis") }
        #expect(edges == [#"  "a" -> "w";"#, #"  "a1" -> "a";"#, #"  "a2" -> "a";"#, #"  "b" -> "w";"#,
                          #"  "b1" -> "b";"#, #"  "b2" -> "b";"#, #"  "w" -> "c";"#, #"  "c" -> "c1";"#])
        #expect(dot.contains(##"  { rank=same; "#round-4"; "c1"; }"##))
        #expect(dot.contains(##"  { rank=same; "#round-0"; "a1"; "a2"; "b1"; "b2"; }"##))
    }

    /// Graphviz accepts the decorations and keeps the two-sided shape: the left half's leaves
    /// left of the root, the right half's right of it.
    @Test(.enabled(if: graphvizDot != nil))
    func graphvizDrawsTwoSides() throws {
        let d = Document("@root center\n@rounds auto\nw { a [edge=yes] { a1 a2 } b { b1 b2 } }").diagram()
        let plain = try runDot(exportDOT(d), format: "plain")
        var x: [String: Double] = [:]
        for line in plain.split(separator: "\n") where line.hasPrefix("node ") {
            let fields = line.split(separator: " ")
            x[String(fields[1]).replacingOccurrences(of: "\"", with: "")] = Double(fields[2])
        }
        let root = try #require(x["w"]), left = try #require(x["a1"]), right = try #require(x["b1"])
        #expect(left < root && root < right)
    }
}
