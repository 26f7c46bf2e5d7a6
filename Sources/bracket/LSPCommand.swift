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
        try StandardStreams.requireProtocolStreams()
        return runLanguageServer(arguments: arguments)
    }
}
