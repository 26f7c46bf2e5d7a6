// The `bracket` command line: picks a subcommand and turns its outcome into an exit status.
// All file and terminal I/O of the tool lives in this target; the core modules stay pure.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

let version = "bracket 0.1.0"

/// Runs one invocation and returns the process exit status (0 ok, 1 problems in input, 2 usage
/// or a failed read or write).
func run(_ arguments: [String], environment: [String: String]) -> Int32 {
    guard let first = arguments.first else {
        Output.standardError(Help.main)
        return ExitStatus.usage
    }
    let rest = Array(arguments.dropFirst())
    do throws(CommandError) {
        switch first {
        case "--help", "-h", "help":
            try Output.standardOutput(Help.main)
            return ExitStatus.success
        case "--version", "-V":
            try Output.standardOutput(version + "\n")
            return ExitStatus.success
        case "check":
            return try CheckCommand.run(rest, environment: environment)
        case "render":
            return try DrawCommand.run(rest, kind: .render, environment: environment)
        case "geometry":
            return try DrawCommand.run(rest, kind: .geometry, environment: environment)
        case "export":
            return try DrawCommand.run(rest, kind: .export, environment: environment)
        case "preview":
            return try PreviewCommand.run(rest, environment: environment)
        case "lsp":
            return try LSPCommand.run(rest)
        case "mcp":
            return try MCPCommand.run(rest)
        default:
            throw CommandError("unknown subcommand '\(first)'")
        }
    } catch {
        Output.standardError(error.line)
        return ExitStatus.usage
    }
}

StandardStreams.secure()
let status = run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
// A run whose messages could not be written did not tell the user what happened.
exit(status == ExitStatus.success && StandardStreams.errorFailed ? ExitStatus.usage : status)
