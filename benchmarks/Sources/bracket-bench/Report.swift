#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One measurement, printed as one JSON object on one line (JSON Lines) so that scripts and
/// docs/performance.md can pick figures out with `jq` or a few lines of Python.
struct Record {
    private var fields: [(String, String)] = []

    init(_ bench: String, shape: TreeShape, nodes: Int, bytes: Int) {
        add("bench", bench)
        add("shape", shape.rawValue)
        add("nodes", nodes)
        add("bytes", bytes)
    }

    mutating func add(_ key: String, _ value: String) {
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        fields.append((key, escaped + "\""))
    }

    mutating func add(_ key: String, _ value: Int) { fields.append((key, String(value))) }

    mutating func add(_ key: String, _ value: Double) {
        // Four significant digits are plenty for timings and ratios and keep lines short; fixed
        // decimals would print a 2.5 µs parse as 0.002 ms.
        let magnitude = value == 0 || !value.isFinite ? 0 : Int(log10(abs(value)).rounded(.down))
        let scale = pow(10, Double(3 - magnitude))
        let rounded = (value * scale).rounded() / scale
        fields.append((key, value.isFinite ? String(rounded) : "null"))
    }

    mutating func add(_ samples: Samples) {
        add("min_ms", samples.min)
        add("median_ms", samples.median)
        add("runs", samples.sorted.count)
    }

    func emit() {
        let body = fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
        writeLine("{\(body)}", to: 1)
    }
}

/// Writes straight to a file descriptor: unbuffered, so a line shows up as soon as it is
/// measured even when stdout is a pipe (and no C `stdout` global is touched).
func writeLine(_ text: String, to descriptor: Int32) {
    let bytes = Array((text + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        offset += written
    }
}

func writeError(_ message: String) { writeLine("bracket-bench: " + message, to: 2) }
