#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BracketServer

/// `bracket lsp [--stdio]`: hands the process over to the language server.
enum LSPCommand {
    static func run(_ arguments: [String]) throws(CommandError) -> Int32 {
        for argument in arguments {
            switch argument {
            case "--stdio": continue
            case "--help", "-h":
                try Output.standardOutput(Help.lsp)
                return ExitStatus.success
            default:
                // Checked here so a typo fails with status 2 before any protocol traffic starts.
                throw CommandError("unknown option '\(argument)' for lsp")
            }
        }
        // The protocol needs both directions; without them there is no editor to serve.
        if StandardStreams.inputWasClosed { throw CommandError.system("cannot read standard input", EBADF) }
        if StandardStreams.outputWasClosed { throw CommandError.system("cannot write standard output", EBADF) }
        return runLanguageServer(arguments: arguments)
    }
}
