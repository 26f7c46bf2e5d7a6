// The `bracket` command line: picks a subcommand and turns its outcome into an exit status.
// All file and terminal I/O of the tool lives in this target; the core modules stay pure.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let version = "bracket 0.1.0"

/// Runs one invocation and returns the process exit status (0 ok, 1 problems in input, 2 usage).
func run(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else {
        Output.standardError(Help.main)
        return ExitStatus.usage
    }
    let rest = Array(arguments.dropFirst())
    do throws(UsageError) {
        switch first {
        case "--help", "-h", "help":
            Output.standardOutput(Help.main)
            return ExitStatus.success
        case "--version", "-V":
            Output.standardOutput(version + "\n")
            return ExitStatus.success
        case "check":
            return try CheckCommand.run(rest)
        case "render":
            return try DrawCommand.run(rest, kind: .svg)
        case "geometry":
            return try DrawCommand.run(rest, kind: .geometry)
        case "export":
            return try DrawCommand.run(rest, kind: .dot)
        case "lsp":
            return try LSPCommand.run(rest)
        default:
            throw UsageError("unknown subcommand '\(first)'")
        }
    } catch {
        Output.standardError("bracket: \(error.message) (see 'bracket --help')\n")
        return ExitStatus.usage
    }
}

exit(run(Array(CommandLine.arguments.dropFirst())))
