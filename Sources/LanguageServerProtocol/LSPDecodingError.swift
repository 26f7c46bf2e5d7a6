import BracketJSON
import JSONRPC

/// Params that do not have the shape a method expects. `path` names the bad field the way a
/// client author reads it (`params.textDocument.uri`).
public struct LSPDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }

    /// The answer a server gives: -32602 invalid params, naming the field.
    public var responseError: ResponseError { .invalidParams("invalid params: \(description)") }
}
