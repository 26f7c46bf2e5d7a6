/// Walks a subcommand's arguments: flags (`--name value`, `--name=value`, `-o value`) and
/// positional operands. `-` on its own is an operand (stdin); `--` ends the flags.
struct ArgumentScanner {
    private var arguments: [String]
    private var position = 0
    private var flagsEnded = false
    /// The value given inline with `--name=value`, consumed by the next `value(for:)`.
    private var inlineValue: String?

    init(_ arguments: [String]) { self.arguments = arguments }

    enum Item: Equatable {
        case flag(String)
        case operand(String)
    }

    mutating func next() -> Item? {
        while position < arguments.count {
            let argument = arguments[position]
            position += 1
            if flagsEnded || argument == "-" || !argument.hasPrefix("-") { return .operand(argument) }
            if argument == "--" {
                flagsEnded = true
                continue
            }
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                return .flag(String(argument[..<equals]))
            }
            inlineValue = nil
            return .flag(argument)
        }
        return nil
    }

    /// The value that follows `flag`.
    mutating func value(for flag: String) throws(CommandError) -> String {
        if let inline = inlineValue {
            inlineValue = nil
            return inline
        }
        guard position < arguments.count else { throw CommandError("\(flag) needs a value") }
        position += 1
        return arguments[position - 1]
    }

    /// Rejects `--flag=value` for flags that take no value.
    func checkNoValue(_ flag: String) throws(CommandError) {
        if inlineValue != nil { throw CommandError("\(flag) takes no value") }
    }
}
