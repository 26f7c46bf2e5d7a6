import BracketMCP

/// `bracket mcp`: hands the process over to the Model Context Protocol server.
enum MCPCommand {
    static func run(_ arguments: [String]) throws(CommandError) -> Int32 {
        for argument in arguments {
            switch argument {
            case "--help", "-h":
                try Output.standardOutput(Help.mcp)
                return ExitStatus.success
            default:
                throw CommandError("unknown option '\(argument)' for mcp")
            }
        }
        try StandardStreams.requireProtocolStreams()
        // The version without the program's name: `bracket 0.1.0` → `0.1.0`.
        return runMCPServer(version: String(version.split(separator: " ").last ?? ""))
    }
}
