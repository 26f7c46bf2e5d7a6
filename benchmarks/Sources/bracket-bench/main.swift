#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProcessMemory

// bracket-bench: the performance figures in docs/performance.md, one JSON object per line.
//   bracket-bench              full run (about two minutes on the reference machine)
//   bracket-bench --quick      small sizes and few runs, for CI (well under 30 s)
//   bracket-bench --only SHAPE only the rows of one shape (binary, random or chain)
//   bracket-bench --emit N FILE [binary|random|chain]   write an input file and exit
//   bracket-bench --stage STAGE N [SHAPE] [REPEATS]     repeat one stage, for a profiler
//   bracket-bench --stage structure N [SHAPE] [REPEATS] structural edits' diagram and layout,
//                                                       incremental against full, in one run
//   bracket-bench --stage paste|paste-one-line N [SHAPE] [REPEATS]  1,000 lines pasted and
//                                                       undone, an ID made a duplicate and back
//   bracket-bench --stage duplicates N DUPS [REPEATS]   keystrokes among DUPS/8 and DUPS
//                                                       duplicates (and empty labels), one run
//   bracket-bench --stage flat N [REPEATS]              keystrokes in a block of N/100 and of N
//                                                       direct children, one run

let arguments = Array(CommandLine.arguments.dropFirst())
// Measured under the allocator settings `bracket lsp` runs with (docs/performance.md).
ProcessMemory.keepFreedMemoryForReuse()

if let emit = arguments.firstIndex(of: "--emit") {
    guard emit + 2 < arguments.count, let count = Int(arguments[emit + 1]), count > 0 else {
        writeError("usage: bracket-bench --emit NODES FILE [binary|random|chain]")
        exit(2)
    }
    let shape = emit + 3 < arguments.count ? TreeShape(rawValue: arguments[emit + 3]) : .binary
    guard let shape else {
        writeError("unknown shape '\(arguments[emit + 3])'")
        exit(2)
    }
    let bytes = treeText(shape, count: count)
    guard let file = fopen(arguments[emit + 2], "wb") else {
        writeError("cannot write \(arguments[emit + 2])")
        exit(1)
    }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    exit(written == bytes.count ? 0 : 1)
}

if let stage = arguments.firstIndex(of: "--stage"), stage + 2 < arguments.count, arguments[stage + 1] == "structure" {
    // Not one stage but the preview's diagram and layout after structural edits, both ways.
    let count = Int(arguments[stage + 2]) ?? 131_071
    let shape = stage + 3 < arguments.count ? TreeShape(rawValue: arguments[stage + 3]) ?? .binary : .binary
    let repeats = stage + 4 < arguments.count ? Int(arguments[stage + 4]) ?? 20 : 20
    benchStructuralEdits(shape: shape, nodes: count, repeats: repeats)
    exit(0)
}

if let stage = arguments.firstIndex(of: "--stage"), stage + 2 < arguments.count,
    arguments[stage + 1] == "paste" || arguments[stage + 1] == "paste-one-line"
{
    // Issue 18's paste and duplicate rows without the server (see PasteBench.swift).
    let count = Int(arguments[stage + 2]) ?? 131_071
    let shape = stage + 3 < arguments.count ? TreeShape(rawValue: arguments[stage + 3]) ?? .binary : .binary
    let repeats = stage + 4 < arguments.count ? Int(arguments[stage + 4]) ?? 50 : 50
    benchPasteStages(shape: shape, nodes: count, repeats: repeats, oneLine: arguments[stage + 1] == "paste-one-line")
    exit(0)
}

if let stage = arguments.firstIndex(of: "--stage"), stage + 2 < arguments.count, arguments[stage + 1] == "duplicates" {
    // Keystrokes among many diagnostics, DUPS/8 and DUPS duplicates (see DuplicatesBench.swift).
    let count = Int(arguments[stage + 2]) ?? 131_071
    let duplicates = stage + 3 < arguments.count ? Int(arguments[stage + 3]) ?? 20_000 : 20_000
    let repeats = stage + 4 < arguments.count ? Int(arguments[stage + 4]) ?? 200 : 200
    benchDuplicateStages(nodes: count, duplicates: duplicates, repeats: repeats)
    exit(0)
}

if let stage = arguments.firstIndex(of: "--stage"), stage + 2 < arguments.count, arguments[stage + 1] == "flat" {
    // Keystrokes in a block with many direct children (see FlatBench.swift).
    let count = Int(arguments[stage + 2]) ?? 100_000
    let repeats = stage + 3 < arguments.count ? Int(arguments[stage + 3]) ?? 200 : 200
    benchFlatStages(nodes: count, repeats: repeats)
    exit(0)
}

if let stage = arguments.firstIndex(of: "--stage") {
    guard stage + 2 < arguments.count, let name = ProfiledStage(rawValue: arguments[stage + 1]),
        let count = Int(arguments[stage + 2]), count > 0
    else {
        writeError("usage: bracket-bench --stage lex|parse|diagram|layout|svg|json|edit|structure|paste|paste-one-line|duplicates|flat NODES [binary|random|chain] [REPEATS]")
        exit(2)
    }
    let shape = stage + 3 < arguments.count ? TreeShape(rawValue: arguments[stage + 3]) ?? .binary : .binary
    let repeats = stage + 4 < arguments.count ? Int(arguments[stage + 4]) ?? 50 : 50
    profileStage(name, shape: shape, nodes: count, repeats: repeats)
    exit(0)
}

let quick = arguments.contains("--quick")
let plan: [(TreeShape, Int)] = quick
    ? [(.binary, 127), (.binary, 2_047), (.binary, 16_383), (.random, 10_000), (.chain, 1_000)]
    : [(.binary, 127), (.binary, 2_047), (.binary, 16_383), (.binary, 131_071), (.random, 100_000), (.chain, 10_000)]

// `--only SHAPE` runs just that shape's rows (for profiling one of them).
let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? TreeShape(rawValue: arguments[$0 + 1]) : nil }

for (shape, count) in plan where only == nil || only == shape {
    // 15 runs at every size: the large files' medians were too noisy with 7 on a shared machine.
    let runs = quick ? 3 : 15
    let input = Input(shape: shape, nodes: count, text: treeText(shape, count: count), runs: runs)
    benchPipeline(input)
    if count >= 10_000 || (quick && count >= 1_000) {
        benchEdits(input, edits: quick ? 200 : 400, fullRuns: quick ? 5 : 20)
    }
}
