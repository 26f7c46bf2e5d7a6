import BracketExport
import BracketLayout
import BracketModel
import BracketSVG
import BracketSyntax
import ProcessMemory
#if canImport(Glibc)
import Glibc
#endif

/// One input file and how hard to measure it.
struct Input {
    let shape: TreeShape
    let nodes: Int
    let text: [UInt8]
    let runs: Int
}

/// Whole-file stages, each timed `runs` times: parse, document (parse + all diagnostics), the
/// diagram, layout, SVG and preview JSON; then the memchr comparison and resident memory.
func benchPipeline(_ input: Input) {
    let text = input.text
    func sample(_ body: () -> Double) -> (samples: Samples, faultsPerRun: Int) {
        // Warm up first: the first tens of milliseconds of a stage run slower (predictors,
        // caches and the clock speed of a shared virtual CPU settle), and for the small files
        // 400 timed runs fit inside that stretch, which made their minimum a third too high.
        var warm = 0.0
        var warmRuns = 0
        while warm < 50 || warmRuns < 3 {
            warm += body()
            warmRuns += 1
        }
        let faultsBefore = minorPageFaults()
        // At least `runs` samples, and more for fast stages until they add up to 0.3 s: with
        // 15 runs a 4 ms stage is measured over 60 ms, and one busy stretch of the shared
        // machine can cover all of it, doubling even the minimum. (Up to 5,000 samples: 400 of
        // a 2.5 µs parse still fit in one such stretch.)
        var times: [Double] = []
        var total = 0.0
        while times.count < input.runs || (total < 300 && times.count < 5_000) {
            let time = body()
            times.append(time)
            total += time
        }
        return (Samples(times), (minorPageFaults() - faultsBefore) / times.count)
    }
    func record(_ bench: String, _ body: () -> Double) -> Samples {
        let (samples, faults) = sample(body)
        var line = Record(bench, shape: input.shape, nodes: input.nodes, bytes: text.count)
        line.add(samples)
        // Fresh memory the kernel had to map in, per run: large outputs that glibc serves from
        // new mappings each time cost page faults that small ones (reused heap) do not.
        line.add("page_faults_per_run", faults)
        line.emit()
        return samples
    }
    // Memory first, while the heap holds the least garbage from earlier stages.
    benchMemory(input)

    let parse = record("parse") { timeMS { SyntaxTree.parse(text) } }
    _ = record("document") { timeMS { Document(text: text).diagnostics.count } }
    let document = Document(text: text)
    _ = record("diagram") { timeMS { document.diagram() } }
    let diagram = document.diagram()
    _ = record("layout") { timeMS { layout(diagram) } }
    let geometry = layout(diagram)
    let svg = record("svg") { timeMS { renderSVG(diagram, geometry) } }
    let json = record("preview-json") {
        timeMS {
            writeGeometryJSON(diagram, geometry) { offset in
                let position = document.lineIndex.position(of: offset, in: document.text, encoding: .utf16)
                return (position.line, position.character)
            }
        }
    }
    var ratio = Record("json-vs-svg", shape: input.shape, nodes: input.nodes, bytes: text.count)
    ratio.add("ratio", json.median / svg.median)
    ratio.emit()

    // The scan is measured the way the parse is (warm-up, then the same number of samples).
    let scan = sample { timeMS { memchrLineCount(text) } }.samples
    var throughput = Record("parse-vs-memchr", shape: input.shape, nodes: input.nodes, bytes: text.count)
    throughput.add("parse_mb_s", Double(text.count) / 1e3 / parse.min)
    throughput.add("memchr_mb_s", Double(text.count) / 1e3 / scan.min)
    throughput.add("ratio", scan.min / parse.min)
    throughput.emit()
}

/// Resident bytes per node for an open, parsed, diagnosed document, its source included (a
/// fresh copy is made inside the measured region, as a server holds its own copy of the text).
func benchMemory(_ input: Input) {
    #if os(Linux)
    releaseFreedMemory()
    let before = residentBytes()
    var document = Document(text: Array(input.text))
    let diagnostics = document.diagnostics.count
    let after = residentBytes()
    // Building leaves freed scratch (token lists, scan results) in malloc's caches; trimming
    // them shows what the document itself keeps. Both figures are reported.
    releaseFreedMemory()
    let kept = residentBytes()
    var line = Record("memory", shape: input.shape, nodes: input.nodes, bytes: input.text.count)
    line.add("rss_delta_bytes", after - before)
    line.add("bytes_per_node", Double(after - before) / Double(input.nodes))
    line.add("kept_bytes_per_node", Double(kept - before) / Double(input.nodes))
    line.add("diagnostics", diagnostics)
    line.emit()
    // Keep the document alive until after the second reading.
    document.apply(TextEdit(range: ByteRange(0, 0), replacement: []))
    blackHole(document)
    #endif
}

/// Freed heap pages go back to the system, so that the RSS delta counts what the new document
/// keeps rather than pages earlier stages left behind.
func releaseFreedMemory() {
    ProcessMemory.returnFreedMemory()
}
