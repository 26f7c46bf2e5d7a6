import BracketJSON
import BracketModel
import BracketSyntax
import BracketTerminal

/// `bracket check FILE…`: reports every diagnostic, as compiler-style text or as JSON.
enum CheckCommand {
    static func run(_ arguments: [String], environment: [String: String]) throws(CommandError) -> Int32 {
        var scanner = ArgumentScanner(arguments)
        var json = false
        var color = ColorChoice.auto
        var paths: [String] = []
        while let item = scanner.next() {
            switch item {
            case .operand(let path): paths.append(path)
            case .flag("--help"), .flag("-h"):
                try Output.standardOutput(Help.check)
                return ExitStatus.success
            case .flag("--format"):
                switch try scanner.value(for: "--format") {
                case "text": json = false
                case "json": json = true
                case let other: throw CommandError("--format must be text or json, not '\(other)'")
                }
            case .flag("--color"), .flag("--colour"):
                color = try ColorChoice.parse(scanner.value(for: "--color"))
            case .flag(let flag): throw CommandError("unknown option '\(flag)' for check")
            }
        }
        guard !paths.isEmpty else { throw CommandError("check needs at least one FILE (or - for stdin)") }
        // Read everything first so an unreadable file fails the run before any report is written.
        var files: [InputFile] = []
        for path in paths { files.append(try InputFile.read(path)) }
        let colored = color.enabled(for: 1, environment: environment)

        var errors = 0, warnings = 0, filesWithProblems = 0
        var text = ""
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.beginObject()
        writer.key("version"); writer.int(1)
        writer.key("diagnostics"); writer.beginArray()
        for file in files {
            let document = Document(text: file.bytes)
            let diagnostics = document.diagnostics
            if !diagnostics.isEmpty { filesWithProblems += 1 }
            let problems = problems(in: document)
            errors += problems.errors
            warnings += problems.warnings
            if json {
                writeJSON(diagnostics, of: document, file: file.displayName, to: &writer)
            } else {
                let printer = DiagnosticPrinter(document: document, file: file.displayName, color: colored)
                text += shownText(of: diagnostics, file: file.displayName) { printer.text(of: $0) }
            }
        }
        writer.endArray()
        writer.endObject()
        if json {
            var bytes = writer.bytes
            bytes.append(UInt8(ascii: "\n"))
            try Output.deliver(bytes, to: nil, input: nil)
        } else {
            try Output.deliver(text, to: nil, input: nil)
        }
        if errors + warnings > 0 {
            Output.standardError(summary(errors: errors, warnings: warnings, files: filesWithProblems))
        }
        return errors > 0 ? ExitStatus.problems : ExitStatus.success
    }

    /// How many diagnostics of one code the text form prints for a file; the rest of that code
    /// are counted on one line, as compilers do (one ID on a million nodes is a million
    /// excerpts nobody reads). `--format json` always has every one.
    static let shownPerCode = 100

    /// The text form of a file's diagnostics: each of the first `shownPerCode` of a code as
    /// `print` spells it, then `FILE: and 1,099,990 more duplicate-id errors` for each code
    /// that had more, in the order the codes first appeared.
    static func shownText(of diagnostics: [Diagnostic], file: String, print: (Diagnostic) -> String) -> String {
        var text = ""
        var counts: [DiagnosticCode: Int] = [:]
        var capped: [Diagnostic] = []
        for diagnostic in diagnostics {
            let count = counts[diagnostic.code, default: 0] + 1
            counts[diagnostic.code] = count
            if count <= shownPerCode {
                text += print(diagnostic)
            } else if count == shownPerCode + 1 {
                capped.append(diagnostic)
            }
        }
        for first in capped {
            let more = counts[first.code, default: 0] - shownPerCode
            let noun = first.severity == .error ? "error" : first.severity == .warning ? "warning" : "diagnostic"
            text += "\(TerminalText.escaped(file)): and \(grouped(more)) more \(first.code.rawValue) \(noun)\(more == 1 ? "" : "s")\n"
        }
        return text
    }

    /// `1099990` → `1,099,990`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    /// Errors and warnings among a document's diagnostics (information and hints count as neither).
    static func problems(in document: Document) -> (errors: Int, warnings: Int) {
        var errors = 0, warnings = 0
        for diagnostic in document.diagnostics {
            if diagnostic.severity == .error { errors += 1 } else if diagnostic.severity == .warning { warnings += 1 }
        }
        return (errors, warnings)
    }

    static func summary(errors: Int, warnings: Int, files: Int) -> String {
        "\(summaryWords((errors, warnings))) in \(counted(files, "file"))\n"
    }

    /// `2 errors, 1 warning`, or `no problems`.
    static func summaryWords(_ problems: (errors: Int, warnings: Int)) -> String {
        problems.errors + problems.warnings == 0 ? "no problems"
            : "\(counted(problems.errors, "error")), \(counted(problems.warnings, "warning"))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// The entries of the fixed `check --format json` shape (schema/diagnostics.schema.json).
    /// Positions come from one sorted pass (`LineIndex.positions`), since related locations
    /// point back before their diagnostic and one lookup each would be quadratic on a long line.
    private static func writeJSON(_ diagnostics: [Diagnostic], of document: Document, file: String,
                                  to writer: inout JSONWriter) {
        var offsets: [Int] = []
        for diagnostic in diagnostics {
            offsets += [diagnostic.range.start, diagnostic.range.end]
            for related in diagnostic.related { offsets += [related.range.start, related.range.end] }
        }
        let positions = document.lineIndex.positions(of: offsets, in: document.text, encoding: .utf16)
        func writeRange(_ range: ByteRange) {
            func point(_ name: String, _ offset: Int) {
                let position = positions[offset] ?? document.lineIndex.position(of: offset, in: document.text, encoding: .utf16)
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
        for diagnostic in diagnostics {
            writer.beginObject()
            writer.key("file"); writer.string(file)
            writer.key("severity"); writer.string(diagnostic.severity.name)
            writer.key("code"); writer.string(diagnostic.code.rawValue)
            writer.key("message"); writer.string(diagnostic.message)
            writer.key("range"); writeRange(diagnostic.range)
            writer.key("related"); writer.beginArray()
            for related in diagnostic.related {
                writer.beginObject()
                writer.key("range"); writeRange(related.range)
                writer.key("message"); writer.string(related.message)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
    }
}
