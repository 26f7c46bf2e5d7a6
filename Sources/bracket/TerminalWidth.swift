#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many columns a text diagram may fill: what `--width` says, else the terminal's width
/// when standard output is one (the kernel's window size, or COLUMNS when that is unknown),
/// else 80.
enum TerminalWidth {
    static let fallback = 80

    static func parse(_ text: String) throws(CommandError) -> Int {
        guard let number = Int(text), (20...10_000).contains(number) else {
            throw CommandError("--width needs a whole number of columns from 20 to 10000, not '\(text)'")
        }
        return number
    }

    static func ofStandardOutput(environment: [String: String]) -> Int {
        guard isatty(1) == 1 else { return fallback }
        var size = winsize()
        #if canImport(Glibc)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        if ioctl(1, request, &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return fallback
    }
}
