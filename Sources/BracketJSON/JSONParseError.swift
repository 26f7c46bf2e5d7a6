/// Why a JSON text was rejected, and where: `offset` is the byte offset of the offending byte
/// (or the input's length for an unexpected end).
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "JSON error at byte \(offset): \(message)" }
}
