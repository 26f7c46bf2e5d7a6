import BracketExport
import BracketJSON
import BracketLayout
import BracketModel
import Foundation
import Testing

/// Results in the geometry JSON (per node score, winner, pending, bye, entrant) and in DOT
/// (scores beside the names, winners bold).
@Suite struct ResultExportTests {
    static let knockout = """
        final {
          sf1 {
            a "Ayşe" [score=6]
            b "Émile & Co" [score=3]
          }
          sf2 {
            e "Bye Player"
          }
          sf3 {
            c "Liam" [score="w/o"]
            d "Mia"
          }
        }
        """

    func nodes(_ text: String) throws -> [String: JSONValue] {
        let diagram = Document(text).diagram()
        let json = try JSONReader().parse(writeGeometryJSON(diagram, layout(diagram)) { _ in (0, 0) })
        var byID: [String: JSONValue] = [:]
        for node in json["nodes"]?.arrayValue ?? [] { byID[node["id"]?.stringValue ?? ""] = node }
        return byID
    }

    @Test(arguments: [
        ("a", JSONValue.string("6"), true, false, false, JSONValue.string("a")),
        ("b", .string("3"), false, false, false, .string("b")),
        ("sf1", .null, false, false, false, .string("a")),
        ("e", .null, true, false, true, .string("e")),
        ("sf2", .null, false, false, false, .string("e")),
        ("c", .string("w/o"), false, false, false, .string("c")),
        ("sf3", .null, false, true, false, .null),
        ("final", .null, false, true, false, .null),
    ] as [(String, JSONValue, Bool, Bool, Bool, JSONValue)])
    func nodeCarriesItsResult(id: String, score: JSONValue, winner: Bool, pending: Bool, bye: Bool, entrant: JSONValue) throws {
        let node = try #require(try nodes(Self.knockout)[id])
        #expect(node["score"] == score)
        #expect(node["winner"] == .bool(winner))
        #expect(node["pending"] == .bool(pending))
        #expect(node["bye"] == .bool(bye))
        #expect(node["entrant"] == entrant)
    }

    @Test func plainTreeHasNoResultMembers() throws {
        for node in try nodes("1 { 2 { 4 5 } 3 }").values {
            for key in ["score", "winner", "pending", "bye", "entrant"] { #expect(node[key] == nil) }
        }
    }

    @Test func dotShowsScoresBesideNamesAndWinnersBold() throws {
        let diagram = Document(Self.knockout).diagram()
        let dot = exportDOT(diagram)
        // The winner: score in bold in the cell at the side facing the parent (right).
        // Cards are 132 wide: 116 points of text room, less the score and the 8-point gap.
        let geometry = layout(diagram)
        let six = Int(116 - 8 - geometry.scores.widths[try #require(geometry.scores.index(of: 2))])
        #expect(dot.contains(#"  "a" [label=<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0" WIDTH="116"><TR><TD WIDTH="\#(six)">Ayşe</TD><TD WIDTH="8"></TD><TD ALIGN="RIGHT"><B>6</B></TD></TR></TABLE>>, style="rounded,bold", penwidth=2"#))
        #expect(dot.contains(#">Émile &amp; Co</TD><TD WIDTH="8"></TD><TD ALIGN="RIGHT">3</TD></TR></TABLE>>, fontcolor="#))
        #expect(dot.contains(#"<TD ALIGN="RIGHT"><I>bye</I></TD></TR></TABLE>>];"#))
        #expect(dot.contains(##"  "sf3" [label="To be decided", style="rounded,dashed", fontcolor="#6b7686"];"##))
        // Root on the left: the score cell comes first.
        let left = exportDOT(Document("@root left\n" + Self.knockout).diagram())
        #expect(left.contains(#"<TR><TD ALIGN="LEFT"><B>6</B></TD><TD WIDTH="8"></TD><TD WIDTH="\#(six)">Ayşe</TD></TR>"#))
        // A plain tree's DOT keeps its quoted labels and no outcome styles.
        let plain = exportDOT(Document("1 { 2 3 }").diagram())
        #expect(!plain.contains("<TABLE") && !plain.contains("penwidth") && !plain.contains("dashed"))
    }

    @Test(.enabled(if: graphvizDot != nil))
    func graphvizAcceptsTheResultLabels() throws {
        for root in ["right", "left", "top"] {
            let svg = try runDot(exportDOT(Document("@root \(root)\n" + Self.knockout).diagram()), format: "svg")
            #expect(svg.contains("<svg") && svg.contains("font-weight=\"bold\""))
        }
    }
}
