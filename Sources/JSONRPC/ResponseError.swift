import BracketJSON

/// The `error` member of a JSON-RPC response.
public struct ResponseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "\(message) (\(code))" }

    // JSON-RPC 2.0 codes.
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    // LSP codes.
    public static let serverNotInitialized = -32002
    public static let requestCancelled = -32800
    public static let contentModified = -32801
    public static let requestFailed = -32803

    public static func parseError(_ message: String) -> ResponseError { ResponseError(code: parseError, message: message) }
    public static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: invalidRequest, message: message) }
    public static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: methodNotFound, message: "method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: invalidParams, message: message) }
    public static func internalError(_ message: String) -> ResponseError { ResponseError(code: internalError, message: message) }
}
