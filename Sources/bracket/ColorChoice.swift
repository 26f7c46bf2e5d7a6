#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether to colour output, from `--color auto|always|never`, the environment and the terminal.
enum ColorChoice: String {
    case auto, always, never

    static func parse(_ text: String) throws(CommandError) -> ColorChoice {
        guard let choice = ColorChoice(rawValue: text) else {
            throw CommandError("--color must be auto, always or never, not '\(text)'")
        }
        return choice
    }

    /// `auto` colours a terminal only, and not when NO_COLOR is set (no-color.org) or TERM is
    /// dumb; `always` and `never` are the user's explicit word and win over both.
    func enabled(for descriptor: Int32, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isatty(descriptor) == 1
        }
    }
}
