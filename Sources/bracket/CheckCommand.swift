import BracketJSON
import BracketModel
import BracketSyntax

/// `bracket check FILE…`: reports every diagnostic, as compiler-style lines or as JSON.
enum CheckCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
        var scanner = ArgumentScanner(arguments)
        var json = false
        var paths: [String] = []
        while let item = scanner.next() {
            switch item {
            case .operand(let path): paths.append(path)
            case .flag("--help"), .flag("-h"):
                Output.standardOutput(Help.check)
                return ExitStatus.success
            case .flag("--format"):
                switch try scanner.value(for: "--format") {
                case "text": json = false
                case "json": json = true
                case let other: throw UsageError("--format must be text or json, not '\(other)'")
                }
            case .flag(let flag): throw UsageError("unknown option '\(flag)' for check")
            }
        }
        guard !paths.isEmpty else { throw UsageError("check needs at least one FILE (or - for stdin)") }
        // Read everything first so an unreadable file fails the run before any report is written.
        var files: [InputFile] = []
        for path in paths { files.append(try InputFile.read(path)) }

        var errors = 0, warnings = 0, filesWithProblems = 0
        var text: [UInt8] = []
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.beginObject()
        writer.key("version"); writer.int(1)
        writer.key("diagnostics"); writer.beginArray()
        for file in files {
            let document = Document(text: file.bytes)
            let diagnostics = document.diagnostics
            if !diagnostics.isEmpty { filesWithProblems += 1 }
            for diagnostic in diagnostics {
                if diagnostic.severity == .error { errors += 1 } else if diagnostic.severity == .warning { warnings += 1 }
                if json {
                    writeJSON(diagnostic, of: document, file: file.displayName, to: &writer)
                } else {
                    text.append(contentsOf: document.formatted(diagnostic, file: file.displayName).utf8)
                    text.append(UInt8(ascii: "\n"))
                }
            }
        }
        writer.endArray()
        writer.endObject()
        if json {
            var bytes = writer.bytes
            bytes.append(UInt8(ascii: "\n"))
            Output.write(bytes, to: 1)
        } else {
            Output.write(text, to: 1)
        }
        if errors + warnings > 0 {
            Output.standardError(summary(errors: errors, warnings: warnings, files: filesWithProblems))
        }
        return errors > 0 ? ExitStatus.problems : ExitStatus.success
    }

    static func summary(errors: Int, warnings: Int, files: Int) -> String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "\(counted(errors, "error")), \(counted(warnings, "warning")) in \(counted(files, "file"))\n"
    }

    /// One entry of the fixed `check --format json` shape (see the team brief).
    private static func writeJSON(_ diagnostic: Diagnostic, of document: Document, file: String, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("file"); writer.string(file)
        writer.key("severity"); writer.string(diagnostic.severity.name)
        writer.key("code"); writer.string(diagnostic.code.rawValue)
        writer.key("message"); writer.string(diagnostic.message)
        writer.key("range"); writeRange(diagnostic.range, of: document, to: &writer)
        writer.key("related"); writer.beginArray()
        for related in diagnostic.related {
            writer.beginObject()
            writer.key("range"); writeRange(related.range, of: document, to: &writer)
            writer.key("message"); writer.string(related.message)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    static func writeRange(_ range: ByteRange, of document: Document, to writer: inout JSONWriter) {
        func point(_ name: String, _ offset: Int) {
            let position = document.lineIndex.position(of: offset, in: document.text, encoding: .utf16)
            writer.key(name)
            writer.beginObject()
            writer.key("line"); writer.int(position.line)
            writer.key("character"); writer.int(position.character)
            writer.endObject()
        }
        writer.beginObject()
        point("start", range.start)
        point("end", range.end)
        writer.endObject()
    }
}
