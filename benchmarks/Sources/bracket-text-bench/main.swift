#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BracketText

// bracket-text-bench: what measuring and wrapping labels costs, for docs/performance.md.
//   swift run -c release bracket-text-bench [LABELS [SET]]   (SET: 0, 1 or 2, one label set only)
// Each row times one pass over LABELS labels (131,071 by default, the benchmark tree's size),
// best of several runs, next to a pass that only counts the labels' bytes, so the figures can
// be read as ratios on a noisy machine.

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 131_071
let onlySet = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) }
let runs = 7
let measurer = TextMeasurer(fontSize: 13)
let maxWidth = 116.0  // a 132-pixel card less its padding

func labels(_ make: (Int) -> String) -> [String] { (0..<count).map(make) }

let sets: [(name: String, labels: [String])] = [
    ("short ASCII (\"Node 123\")", labels { "Node \($0 + 1)" }),
    ("long ASCII titles (wrap to 2-3 lines)", labels { "Vice President \($0), Platform Engineering and Operations" }),
    ("short mixed scripts", labels {
        ["Ayşe Yılmaz", "Дмитрий \($0)", "अनन्या", "東京都渋谷区", "Final 🏆", "שלום \($0)", "مرحبا \($0)"][$0 % 7]
    }),
]

func best(_ body: () -> Int) -> (nanoseconds: Double, check: Int) {
    var fastest = Double.infinity
    var check = 0
    for _ in 0..<runs {
        let start = ContinuousClock.now
        check = body()
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        fastest = min(fastest, Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
    }
    return (fastest, check)
}

func row(_ set: String, _ what: String, _ time: (nanoseconds: Double, check: Int), _ baseline: Double) {
    let ms = time.nanoseconds / 1e6
    let perLabel = time.nanoseconds / Double(count)
    print("\(set) | \(what) | \(String(format3(ms))) ms | \(String(format3(perLabel))) ns/label | ×\(format3(time.nanoseconds / baseline)) of byte count | check \(time.check)")
}

func format3(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return "\(scaled)"
}

_ = measurer.width(of: "warm up the table")
for (index, set) in sets.enumerated() where onlySet == nil || onlySet == index {
    let baseline = best { set.labels.reduce(0) { $0 &+ $1.utf8.count } }
    row(set.name, "count bytes (baseline)", baseline, baseline.nanoseconds)
    row(set.name, "width(of:)", best {
        set.labels.reduce(0) { $0 &+ Int(measurer.width(of: $1[...])) }
    }, baseline.nanoseconds)
    row(set.name, "singleLine(_:maxWidth:) ?? wrap", best {
        set.labels.reduce(0) { total, label in
            if measurer.singleLine(label, maxWidth: maxWidth) != nil { return total &+ 1 }
            return total &+ measurer.wrap(label, maxWidth: maxWidth, maxLines: 3).lines.count
        }
    }, baseline.nanoseconds)
    row(set.name, "wrap(_:maxWidth:maxLines: 3)", best {
        set.labels.reduce(0) { $0 &+ measurer.wrap($1, maxWidth: maxWidth, maxLines: 3).lines.count }
    }, baseline.nanoseconds)
}
