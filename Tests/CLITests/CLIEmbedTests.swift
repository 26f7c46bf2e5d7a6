import BracketModel
import Foundation
import Testing

/// The render flags a page that embeds pictures relies on (the Markdown routes in editors/):
/// unique SVG ids, a title from outside the file, and a node limit that refuses before drawing.
@Suite struct CLIEmbedTests {
    @Test func idPrefixRenamesTheSVGsOwnIds() throws {
        let result = try BracketProcess.run(["render", "--id-prefix", "fence-2", "-"], stdin: Data("1 { 2 3 }".utf8))
        #expect(result.status == 0)
        #expect(result.out.contains("aria-labelledby=\"fence-2-title fence-2-desc\""))
        #expect(result.out.contains("<title id=\"fence-2-title\">") && result.out.contains("<desc id=\"fence-2-desc\">"))
        #expect(!result.out.contains("bracket-title") && !result.out.contains("bracket-desc"))
        let empty = try BracketProcess.run(["render", "--id-prefix", "e", "-"], stdin: Data("# nothing\n".utf8))
        #expect(empty.out.contains("aria-labelledby=\"e-title e-desc\"") && empty.out.contains("<desc id=\"e-desc\">"))
    }

    @Test(arguments: ["", "1x", "a b", "a\"b", "é", String(repeating: "a", count: 65)])
    func idPrefixRefusesWhatIsNotAName(_ prefix: String) throws {
        let result = try BracketProcess.run(["render", "--id-prefix", prefix, "-"], stdin: Data("1".utf8))
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(result.err.contains("--id-prefix needs a name"))
    }

    @Test func idPrefixIsForSVGOnly() throws {
        let result = try BracketProcess.run(["render", "--format", "text", "--id-prefix", "a", "-"], stdin: Data("1".utf8))
        #expect(result.status == 2 && result.err.contains("--id-prefix applies to svg output only"))
    }

    @Test func titleFlagIsADefaultTheFileOverrides() throws {
        let flagged = try BracketProcess.run(["render", "--title", "Cup & <Final>", "-"], stdin: Data("1 { 2 3 }".utf8))
        #expect(flagged.status == 0 && flagged.out.contains("<title id=\"bracket-title\">Cup &amp; &lt;Final&gt;</title>"))
        let own = try BracketProcess.run(["render", "--title", "Flag", "-"], stdin: Data("@title \"File\"\n1 { 2 3 }".utf8))
        #expect(own.out.contains("<title id=\"bracket-title\">File</title>"))
    }

    @Test func maxNodesRefusesBeforeDrawing() throws {
        let tree = Data("1 { 2 3 4 }".utf8)
        let refused = try BracketProcess.run(["render", "--max-nodes", "3", "-"], stdin: tree)
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(refused.err == "bracket: the diagram has 4 nodes, more than the limit of 3 (--max-nodes); it was not drawn\n")
        let drawn = try BracketProcess.run(["render", "--max-nodes", "4", "-"], stdin: tree)
        #expect(drawn.status == 0 && drawn.out.hasPrefix("<svg"))
        let bad = try BracketProcess.run(["render", "--max-nodes", "0", "-"], stdin: tree)
        #expect(bad.status == 2 && bad.err.contains("--max-nodes needs a whole number above 0"))
    }

    /// Every setting with a command-line flag is listed in the help, which is where the Markdown
    /// routes' option names are documented and checked against.
    @Test func helpListsEveryLayoutFlag() throws {
        let help = try BracketProcess.run(["render", "--help"]).out
        for spec in SettingSpec.all {
            guard let flag = spec.cliFlag else { continue }
            #expect(help.contains("\n    " + flag + " "), "\(flag)")
        }
    }
}
