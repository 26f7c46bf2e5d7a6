import BracketServer

/// `bracket lsp [--stdio]`: hands the process over to the language server.
enum LSPCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
        for argument in arguments {
            switch argument {
            case "--stdio": continue
            case "--help", "-h":
                Output.standardOutput(Help.lsp)
                return ExitStatus.success
            default:
                // Checked here so a typo fails with status 2 before any protocol traffic starts.
                throw UsageError("unknown option '\(argument)' for lsp")
            }
        }
        return runLanguageServer(arguments: arguments)
    }
}
