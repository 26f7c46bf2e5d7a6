import BracketExport
import BracketLayout
import BracketModel
import BracketSVG
import BracketSyntax

/// The stages `--stage` can repeat on their own, so that `perf record` or callgrind see one
/// stage's profile rather than the whole pipeline's.
enum ProfiledStage: String {
    case lex, parse, diagram, layout, svg, json
    /// A character typed into the ID nearest the middle of the file and deleted again, each
    /// timed until the diagnostics are ready (as the edit benchmark does).
    case edit
}

/// Builds the inputs once, then runs `stage` `repeats` times and prints one timing record.
func profileStage(_ stage: ProfiledStage, shape: TreeShape, nodes: Int, repeats: Int) {
    let text = treeText(shape, count: nodes)
    let document = Document(text: text)
    let diagram = document.diagram()
    let geometry = layout(diagram)
    var edited = document
    let middle = identifierStart(in: text, near: text.count / 2, backwards: false) ?? 0
    let samples = Samples((0..<repeats).map { step -> Double in
        switch stage {
        case .lex: return timeMS { lexAll(text) }
        // The tree is freed after the clock stops, as in the pipeline benchmark's parse.
        case .parse: return timeMS { SyntaxTree.parse(text) }
        case .diagram: return timeMS { document.diagram().nodes.count }
        case .layout: return timeMS { layout(diagram).cards.count }
        case .svg: return timeMS { renderSVG(diagram, geometry).utf8.count }
        case .edit:
            let edit = step % 2 == 0
                ? TextEdit(range: ByteRange(middle + 1, middle + 1), replacement: [UInt8(ascii: "x")])
                : TextEdit(range: ByteRange(middle + 1, middle + 2), replacement: [])
            return timeMS {
                edited.apply(edit)
                return edited.diagnostics.count
            }
        case .json:
            return timeMS {
                writeGeometryJSON(diagram, geometry) { offset in
                    let position = document.lineIndex.position(of: offset, in: document.text, encoding: .utf16)
                    return (position.line, position.character)
                }.count
            }
        }
    })
    var line = Record("stage-" + stage.rawValue, shape: shape, nodes: nodes, bytes: text.count)
    line.add(samples)
    line.emit()
}

/// Lexes the whole text and counts the tokens: the floor the parser's own work sits on.
private func lexAll(_ text: [UInt8]) -> Int {
    text.withUnsafeBufferPointer { buffer in
        var lexer = Lexer(buffer, in: 0..<buffer.count, atFileStart: true)
        var tokens = 0
        while lexer.next() != nil { tokens += 1 }
        return tokens
    }
}
