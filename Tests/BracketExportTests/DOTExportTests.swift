import BracketModel
import BracketLayout
import BracketTestSupport
import Foundation
@testable import BracketExport
import Testing

@Suite struct DOTExportTests {
    @Test func tutorialTree() throws {
        let dot = exportDOT(try diagram("1 { 2 { 4 5 } 3 { 6 7 } }"))
        #expect(dot.hasPrefix("digraph bracket {\n"))
        #expect(dot.contains("rankdir=RL"))
        // 132 × 44 points, gaps 28 and 64, margin 24, in inches.
        #expect(dot.contains("fixedsize=true, width=1.8333, height=0.6111"))
        #expect(dot.contains("nodesep=0.3889, ranksep=0.8889, pad=0.3333"))
        let edges = dot.split(separator: "\n").filter { $0.contains("->") }
        #expect(edges == [#"  "1" -> "2";"#, #"  "2" -> "4";"#, #"  "2" -> "5";"#,
                          #"  "1" -> "3";"#, #"  "3" -> "6";"#, #"  "3" -> "7";"#])
        #expect(dot.contains(#"  "4" [label="Node 4"];"#))
        #expect(!dot.contains("rank=max"))
        #expect(dot == exportDOT(try diagram("1 { 2 { 4 5 } 3 { 6 7 } }")))
    }

    /// Cards keep the layout's sizes and line breaks: a grown card gets its own width and height,
    /// its label the same lines as the SVG (DOT's centred `\n`), and the measured font.
    @Test func sizesAndLinesComeFromTheLayout() throws {
        var d = try diagram("1 { 2 3 }")
        d.nodes[1].label = "The quarter-final winner of the northern group"
        d.nodes[2].label = "One\ntwo"
        let geometry = layout(d)
        let dot = exportDOT(d, geometry)
        #expect(dot == exportDOT(d))
        let lines = geometry.cards[1].lines
        #expect(lines.count == 2)
        let size = geometry.sizes[1]
        #expect(dot.contains(#"  "2" [label="\#(lines.joined(separator: "\\n"))", width=\#(inches(size.width)), height=\#(inches(size.height))"#))
        #expect(dot.contains(#"  "3" [label="One\ntwo""#))
        #expect(dot.contains(#"fontname="DejaVu Sans", fontsize=13"#))
        #expect(dot.contains(#"  "1" [label="Node 1"];"#))
    }

    @Test(arguments: [(RootSide.right, "RL"), (.left, "LR"), (.top, "TB"), (.bottom, "BT")])
    func rootSides(side: RootSide, direction: String) throws {
        var settings = LayoutSettings.tutorial
        settings.root = side
        #expect(exportDOT(try diagram("1 { 2 }", settings: settings)).contains("rankdir=\(direction),"))
    }

    @Test func alignedLeavesShareTheLastRank() throws {
        var settings = LayoutSettings.tutorial
        settings.align = .leaves
        let dot = exportDOT(try diagram("1 { 2 { 4 5 } 3 }", settings: settings))
        #expect(dot.contains(#"{ rank=max; "4"; "5"; "3"; }"#))
    }

    @Test func escaping() {
        #expect(dotQuoted(#"say "hi" \N"#) == #""say \"hi\" \\N""#)
        #expect(dotQuoted("two\nlines\u{1}\tx") == "\"two\\nlines\u{FFFD} x\"")
        #expect(dotQuoted("a\(fdd0)\u{FFFE}\u{10FFFF}\u{85}b") == "\"a\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}b\"")
        #expect(dotQuoted("Final 🏆") == "\"Final 🏆\"")
    }

    @Test func duplicateIDsStayDistinctNodes() throws {
        var d = try diagram("1 { 2 3 }")
        d.nodes[2].id = "2"
        #expect(dotNodeNames(d) == [#""1""#, #""2""#, #""2#2""#])
    }

    @Test(arguments: [(132.0, "1.8333"), (72, "1"), (36, "0.5"), (0, "0"), (-9, "-0.125"), (.nan, "0")])
    func inchValues(points: Double, expected: String) {
        #expect(inches(points) == expected)
    }

    @Test func titleBecomesGraphLabel() throws {
        var settings = LayoutSettings.tutorial
        settings.title = #"Open "26""#
        #expect(exportDOT(try diagram("1", settings: settings)).contains(#"label="Open \"26\"", labelloc=t"#))
        settings.titleVisible = false
        #expect(!exportDOT(try diagram("1", settings: settings)).contains("labelloc"))
    }

    /// Graphviz itself must accept the output and put the root on the requested side; skipped
    /// where Graphviz is not installed.
    @Test(.enabled(if: graphvizDot != nil))
    func graphvizAcceptsAndPlacesRootOnTheRight() throws {
        var d = try diagram(#"1 "Fin\"al\\" { 2 { 4 5 } 3 { 6 7 } }"#)
        d.nodes[3].label = "line\nbreak </svg> & ' \u{7}"
        let plain = try runDot(exportDOT(d), format: "plain")
        // `plain` lines: node NAME X Y WIDTH HEIGHT …
        var x: [String: Double] = [:]
        for line in plain.split(separator: "\n") where line.hasPrefix("node ") {
            let fields = line.split(separator: " ")
            x[String(fields[1])] = Double(fields[2])
        }
        #expect(x.count == 7)
        let root = try #require(x["1"]), middle = try #require(x["2"]), leaf = try #require(x["4"])
        #expect(root > middle && middle > leaf)
        let svg = try runDot(exportDOT(d), format: "svg")
        #expect(svg.contains("<svg"))
    }
}

let graphvizDot: String? = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

struct DotFailed: Error { var status: Int32; var stderr: String }

func runDot(_ input: String, format: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: graphvizDot ?? "dot")
    process.arguments = ["-T\(format)"]
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // Warnings such as "size too small for label" are expected with fixed-size cards; anything
    // Graphviz calls an error (syntax, bad attribute values) fails the test.
    let messages = String(decoding: errors, as: UTF8.self)
    guard process.terminationStatus == 0, !messages.lowercased().contains("error") else {
        throw DotFailed(status: process.terminationStatus, stderr: messages)
    }
    return String(decoding: output, as: UTF8.self)
}

// Swift's literals refuse U+FDD0–U+FDEF, so these two are spelled by number.
private let fdd0 = String(Unicode.Scalar(0xFDD0)!)
