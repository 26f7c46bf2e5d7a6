#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BracketExport
import BracketLayout
import BracketModel
import BracketSVG
import BracketSyntax
import BracketTerminal
import BracketTextDiagram

/// `bracket render|geometry|export`: lays a file out and writes one picture of it. A file with
/// errors still gets a picture of everything that parsed, with its diagnostics on stderr and
/// status 1, so a half-written diagram can be looked at.
enum DrawCommand {
    enum Kind {
        case render, geometry, export

        var name: String {
            switch self {
            case .render: "render"
            case .geometry: "geometry"
            case .export: "export"
            }
        }

        var help: String {
            switch self {
            case .render: Help.render
            case .geometry: Help.geometry
            case .export: Help.export
            }
        }
    }

    /// What a draw command writes.
    enum Format: String {
        case svg, png, pdf, text, geometry, dot

        /// The format an output path's extension names, if any (`-o tree.png`).
        static func inferred(from path: String?) -> Format? {
            guard let path, let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            switch path[path.index(after: dot)...].lowercased() {
            case "svg": return .svg
            case "png": return .png
            case "pdf": return .pdf
            case "txt": return .text
            default: return nil
            }
        }
    }

    static func run(_ arguments: [String], kind: Kind, environment: [String: String]) throws(CommandError) -> Int32 {
        var scanner = ArgumentScanner(arguments)
        var options = LayoutOptions()
        var outputPath: String?
        var requested: Format?
        var scale: Double?
        var color = ColorChoice.auto
        var ascii = false
        var width: Int?
        var idPrefix: String?
        var maxNodes: Int?
        var paths: [String] = []
        while let item = scanner.next() {
            switch item {
            case .operand(let path): paths.append(path)
            case .flag("--help"), .flag("-h"):
                try Output.standardOutput(kind.help)
                return ExitStatus.success
            case .flag("-o"), .flag("--output"):
                outputPath = try scanner.value(for: "-o")
            case .flag("--format") where kind == .render:
                let value = try scanner.value(for: "--format")
                guard let format = value == "txt" ? Format.text : Format(rawValue: value), [.svg, .png, .pdf, .text].contains(format) else {
                    throw CommandError("render supports --format svg, png, pdf or text, not '\(value)'")
                }
                requested = format
            case .flag("--ascii") where kind == .render:
                ascii = true
            case .flag("--width") where kind == .render:
                width = try TerminalWidth.parse(scanner.value(for: "--width"))
            case .flag("--id-prefix") where kind == .render:
                idPrefix = try Self.idPrefix(scanner.value(for: "--id-prefix"))
            case .flag("--max-nodes") where kind == .render:
                let value = try scanner.value(for: "--max-nodes")
                guard let number = Int(value), number > 0 else {
                    throw CommandError("--max-nodes needs a whole number above 0, not '\(value)'")
                }
                maxNodes = number
            case .flag("--format") where kind == .export:
                let value = try scanner.value(for: "--format")
                guard value == "dot" else { throw CommandError("export supports --format dot only, not '\(value)'") }
            case .flag("--scale") where kind == .render:
                let value = try scanner.value(for: "--scale")
                guard let number = Double(value), number.isFinite, (0.05...50).contains(number) else {
                    throw CommandError("--scale needs a number from 0.05 to 50, not '\(value)'")
                }
                scale = number
            case .flag("--color"), .flag("--colour"):
                color = try ColorChoice.parse(scanner.value(for: "--color"))
            case .flag(let flag):
                guard try options.accept(flag, &scanner) else {
                    throw CommandError("unknown option '\(flag)' for \(kind.name)")
                }
            }
        }
        guard paths.count == 1 else { throw CommandError("\(kind.name) needs exactly one FILE (or - for stdin)") }
        let format: Format = switch kind {
        case .render: requested ?? Format.inferred(from: outputPath) ?? .svg
        case .geometry: .geometry
        case .export: .dot
        }
        if scale != nil, format == .svg || format == .text { throw CommandError("--scale applies to png and pdf output only") }
        if format != .text, ascii || width != nil { throw CommandError("--ascii and --width apply to text output only") }
        if format != .svg, idPrefix != nil { throw CommandError("--id-prefix applies to svg output only") }
        if format == .png || format == .pdf, outputPath == nil || outputPath == "-", isatty(1) == 1 {
            throw CommandError("not writing \(format.rawValue.uppercased()) to a terminal: give -o FILE or redirect stdout")
        }
        // Found before any work, so a missing converter costs nothing and says what to install.
        let converter = format == .png || format == .pdf ? try RasterConverter.locate(environment: environment) : nil
        let file = try InputFile.read(paths[0])

        let document = Document(text: file.bytes)
        let diagram = document.diagram(defaults: options.defaults)
        if let maxNodes, diagram.nodes.count > maxNodes {
            throw CommandError.failure("the diagram has \(diagram.nodes.count) nodes, more than the limit of \(maxNodes) "
                + "(--max-nodes); it was not drawn")
        }
        // The output goes out straight from the buffer it was written into: for a large tree
        // an extra copy is tens of megabytes of fresh memory.
        switch format {
        case .svg:
            try Output.deliver(renderSVG(diagram, layout(diagram), idPrefix: idPrefix ?? "bracket"), to: outputPath, input: file)
        case .png, .pdf:
            guard let converter else { throw CommandError.failure(RasterConverter.missing) }
            let svg = renderSVG(diagram, layout(diagram))
            let bytes: [UInt8]
            if ChromiumRasterizer.showsColourEmoji(svg) {
                let chromium = ChromiumRasterizer.locate(environment: environment)
                if let chromium, ChromiumRasterizer.fits(svg, scale: scale ?? 1) {
                    bytes = try chromium.convert(svg, to: format, scale: scale ?? 1)
                } else {
                    Output.standardError(chromium == nil ? ChromiumRasterizer.monochromeWarning
                                         : ChromiumRasterizer.tooLargeWarning)
                    bytes = try converter.convert(svg, to: format, scale: scale ?? 1)
                }
            } else {
                bytes = try converter.convert(svg, to: format, scale: scale ?? 1)
            }
            try Output.deliver(bytes, to: outputPath, input: file)
        case .geometry:
            // The writer asks for each node's ID range in pre-order, which is text order: one
            // forward pass of the cursor, however many nodes share a line.
            var cursor = LineIndex.PositionCursor(document.lineIndex, in: document.text, encoding: .utf16)
            var bytes = writeGeometryJSON(diagram, layout(diagram)) { offset in
                let position = cursor.position(of: offset)
                return (position.line, position.character)
            }
            bytes.append(UInt8(ascii: "\n"))
            try Output.deliver(bytes, to: outputPath, input: file)
        case .dot:
            try Output.deliver(exportDOT(diagram), to: outputPath, input: file)
        case .text:
            let toTerminal = outputPath == nil || outputPath == "-"
            let options = TextDiagramOptions(
                charset: ascii ? .ascii : .unicode,
                width: width ?? (toTerminal ? TerminalWidth.ofStandardOutput(environment: environment) : TerminalWidth.fallback),
                color: toTerminal && color.enabled(for: 1, environment: environment))
            let drawing: String
            do throws(TextDiagramTooLarge) {
                drawing = try renderTextDiagram(diagram, options: options)
            } catch {
                throw CommandError.failure("the text drawing would be \(error.columns) columns by \(error.rows) rows, "
                    + "more than the \(TextDiagramTooLarge.cellLimit) characters text output draws; render it as SVG instead")
            }
            try Output.deliver(drawing, to: outputPath, input: file)
        }

        // Warnings alone do not make a picture wrong; they are shown but keep status 0.
        let diagnostics = document.diagnostics
        if !diagnostics.isEmpty {
            let printer = DiagnosticPrinter(document: document, file: file.displayName,
                                            color: color.enabled(for: 2, environment: environment))
            var report = ""
            for diagnostic in diagnostics { report += printer.text(of: diagnostic) }
            Output.standardError(report)
        }
        return document.hasErrors ? ExitStatus.problems : ExitStatus.success
    }

    /// An `--id-prefix` value: an XML name of ASCII letters, digits, `_`, `-` and `.` that starts
    /// with a letter or `_`, at most 64 bytes, so every id made from it is valid and unescaped.
    private static func idPrefix(_ text: String) throws(CommandError) -> String {
        let bytes = Array(text.utf8)
        func isStart(_ byte: UInt8) -> Bool {
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
        }
        func isName(_ byte: UInt8) -> Bool {
            isStart(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard let first = bytes.first, isStart(first), bytes.count <= 64, bytes.allSatisfy(isName) else {
            throw CommandError("--id-prefix needs a name of letters, digits, _, - and . that starts with a letter or _ "
                + "(at most 64), not '\(text)'")
        }
        return text
    }
}
