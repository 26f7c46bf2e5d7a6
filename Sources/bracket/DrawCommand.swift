import BracketExport
import BracketLayout
import BracketModel
import BracketSVG

/// `bracket render|geometry|export`: lays a file out and writes one picture of it. A file with
/// errors still gets a picture of everything that parsed, with its diagnostics on stderr and
/// status 1, so a half-written diagram can be looked at.
enum DrawCommand {
    enum Kind {
        case svg, geometry, dot

        var name: String {
            switch self {
            case .svg: "render"
            case .geometry: "geometry"
            case .dot: "export"
            }
        }

        var help: String {
            switch self {
            case .svg: Help.render
            case .geometry: Help.geometry
            case .dot: Help.export
            }
        }
    }

    static func run(_ arguments: [String], kind: Kind) throws(UsageError) -> Int32 {
        var scanner = ArgumentScanner(arguments)
        var options = LayoutOptions()
        var outputPath: String?
        var paths: [String] = []
        while let item = scanner.next() {
            switch item {
            case .operand(let path): paths.append(path)
            case .flag("--help"), .flag("-h"):
                Output.standardOutput(kind.help)
                return ExitStatus.success
            case .flag("-o"), .flag("--output"):
                outputPath = try scanner.value(for: "-o")
            case .flag("--format") where kind == .dot:
                let format = try scanner.value(for: "--format")
                guard format == "dot" else { throw UsageError("export supports --format dot only, not '\(format)'") }
            case .flag(let flag):
                guard try options.accept(flag, &scanner) else {
                    throw UsageError("unknown option '\(flag)' for \(kind.name)")
                }
            }
        }
        guard paths.count == 1 else { throw UsageError("\(kind.name) needs exactly one FILE (or - for stdin)") }
        let file = try InputFile.read(paths[0])

        let document = Document(text: file.bytes)
        let diagram = document.diagram(defaults: options.defaults)
        // The output goes out straight from the buffer it was written into: for a large tree
        // an extra copy is tens of megabytes of fresh memory.
        switch kind {
        case .svg:
            try Output.deliver(renderSVG(diagram, layout(diagram)), to: outputPath)
        case .geometry:
            var bytes = writeGeometryJSON(diagram, layout(diagram)) { offset in
                let position = document.lineIndex.position(of: offset, in: document.text, encoding: .utf16)
                return (position.line, position.character)
            }
            bytes.append(UInt8(ascii: "\n"))
            try Output.deliver(bytes, to: outputPath)
        case .dot:
            try Output.deliver(exportDOT(diagram), to: outputPath)
        }

        // Warnings alone do not make a picture wrong; they are shown but keep status 0.
        let diagnostics = document.diagnostics
        if !diagnostics.isEmpty {
            var report = ""
            for diagnostic in diagnostics { report += document.formatted(diagnostic, file: file.displayName) + "\n" }
            Output.standardError(report)
        }
        return document.hasErrors ? ExitStatus.problems : ExitStatus.success
    }
}
